import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { InvitePage, inviteMeta } from "~/invites/invite-page";
import { loadInvite } from "~/invites/invite.server";
export { acceptInviteAction as action } from "~/invites/invite.server";

export const loader = (args: LoaderFunctionArgs) => loadInvite(args);
export const meta = inviteMeta;
export default InvitePage;
