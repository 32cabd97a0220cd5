import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { safeRedirect } from "~/auth/redirect";
import { textResponse } from "~/lib/http";
import type { PageHandle } from "~/lib/page-handle";
import { changeFollow, followFormSchema } from "~/marketplace/follows.server";
import { shopPath } from "~/marketplace/shop";
import { readForm } from "~/lib/read-form.server";

/** Round trips: who is asking, then the change and its result in one batch. */
export const handle: PageHandle = { actionRoundTrips: 3 };

/**
 * Follow or unfollow the creator behind a shop, for the member asking (decision 0113). A visitor is
 * sent to sign in and a guest to make an account, then back; the form goes back to its page.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const shop = shopPath(params.username ?? "");
  const parsed = await readForm(request, followFormSchema);
  if (!parsed.ok) return textResponse(400, parsed.message);
  const back = safeRedirect(parsed.data.redirectTo, shop);
  if (user.isGuest) throw redirect(`/signup?redirectTo=${encodeURIComponent(back)}`, { status: 303 });
  const outcome = await changeFollow(context.db, user.id, params.username ?? "", parsed.data.intent);
  if (!outcome.ok) return textResponse(outcome.status, outcome.error);
  throw redirect(back, { status: 303 });
}

export function loader({ params }: LoaderFunctionArgs) {
  throw redirect(shopPath(params.username ?? ""));
}
