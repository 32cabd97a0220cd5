import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { InvitePage, inviteMeta } from "~/invites/invite-page";
import { loadInvite } from "~/invites/invite.server";
import type { PageHandle } from "~/lib/page-handle";

export const handle: PageHandle = { actionRoundTrips: 6 };
export { acceptInviteAction as action } from "~/invites/invite.server";

export const loader = (args: LoaderFunctionArgs) => loadInvite(args);
export const meta = inviteMeta;
export default InvitePage;
