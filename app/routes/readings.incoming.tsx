import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { pendingRequestsFor } from "~/paid-readings/requests.server";

/** The requests waiting for the signed-in reader's answer, for the notice every tab of theirs shows. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const now = Date.now();
  const requests = user.isReader ? await pendingRequestsFor(context.db, user.id, now) : [];
  return Response.json({ requests, now }, { headers: { "Cache-Control": "private, no-store" } });
}
