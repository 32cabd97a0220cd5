import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { ensureGuest } from "~/auth/guest.server";
import { readSessionId, revokeSession } from "~/auth/session.server";
import type { PageHandle } from "~/lib/page-handle";
import { forgetSessionSubscriptions } from "~/push/subscriptions.server";

export const handle: PageHandle = { actionRoundTrips: 5 };

/**
 * Ends the session on the server, and the pushes this device took for it. The browser carries on as a guest (a fresh one: a member's
 * browser has no guest left), as it would on any visit without a session.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // This device's pushes were for the account signing out: they end with its sign-in.
  const sessionId = await readSessionId(request);
  await Promise.all([revokeSession(context.db, request), sessionId ? forgetSessionSubscriptions(context.db, sessionId) : null]);
  const guest = await ensureGuest(context.db, request, context.config.guestsPerAddressPerHour);
  const headers = new Headers();
  for (const cookie of guest.setCookies) headers.append("Set-Cookie", cookie);
  throw redirect("/", { headers });
}

/** Signing out changes state, so it only happens on POST. */
export function loader() {
  throw redirect("/");
}
