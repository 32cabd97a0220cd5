import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";

/** How an invitee joins: as a participant, a co-reader with control, or a spectator; with or without video. */
export const INVITE_TYPES = ["participant", "co-reader", "spectator", "participant-video", "co-reader-video", "spectator-video"] as const;

/** No invitations can be issued yet, so every invite id is unknown; the page says so with a 404. */
export function loadInvite({ params }: LoaderFunctionArgs) {
  const typeKnown = params.type === undefined || (INVITE_TYPES as readonly string[]).includes(params.type);
  const message = typeKnown ? "This invitation does not exist or has expired." : "This invitation link is not valid.";
  return data({ message }, { status: 404 });
}
