import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { safeRedirect } from "~/auth/redirect";
import { textResponse } from "~/lib/http";
import type { PageHandle } from "~/lib/page-handle";
import { changeWish, wishFormSchema } from "~/marketplace/wishlist.server";
import { readForm } from "~/lib/read-form.server";

/** Round trips: who is asking, then the change and its result in one batch. */
export const handle: PageHandle = { actionRoundTrips: 3 };

const deckPath = (deckId: string) => `/marketplace/${encodeURIComponent(deckId)}`;

/**
 * Save a deck in the marketplace to the member's wishlist, or remove it (decision 0113). A visitor
 * is sent to sign in and a guest to make an account, then back; the form goes back to its page.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const deckId = params.deckId ?? "";
  const parsed = await readForm(request, wishFormSchema);
  if (!parsed.ok) return textResponse(400, parsed.message);
  const back = safeRedirect(parsed.data.redirectTo, deckPath(deckId));
  if (user.isGuest) throw redirect(`/signup?redirectTo=${encodeURIComponent(back)}`, { status: 303 });
  const outcome = await changeWish(context.db, user.id, deckId, parsed.data.intent);
  if (!outcome.ok) return textResponse(outcome.status, outcome.error);
  throw redirect(back, { status: 303 });
}

export function loader({ params }: LoaderFunctionArgs) {
  throw redirect(deckPath(params.deckId ?? ""));
}
