import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { safeRedirect } from "~/auth/redirect";
import { textResponse } from "~/lib/http";
import type { PageHandle } from "~/lib/page-handle";
import { changeFavourite, favouriteFormSchema } from "~/readers/favourites.server";
import { readForm } from "~/lib/read-form.server";

/** Round trips: who is asking, then the change and its result in one batch. */
export const handle: PageHandle = { actionRoundTrips: 3 };

const noStore = { "Cache-Control": "private, no-store" };

/**
 * Favourite or unfavourite a reader, or turn their "online" notices on or off, for the person
 * asking (guests included). Posted without JavaScript the form says where to go back to; in the
 * background it gets the new state.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const parsed = await readForm(request, favouriteFormSchema);
  if (!parsed.ok) return Response.json({ error: parsed.message }, { status: 400, headers: noStore });
  const outcome = await changeFavourite(context.db, user.id, params.username ?? "", parsed.data.intent);
  if (!outcome.ok) {
    // A page's form (no JavaScript) gets a page that says what went wrong; a background one, data.
    if (parsed.data.redirectTo !== undefined) return textResponse(outcome.status, outcome.error);
    return Response.json({ error: outcome.error }, { status: outcome.status, headers: noStore });
  }
  if (parsed.data.redirectTo !== undefined) throw redirect(safeRedirect(parsed.data.redirectTo), { status: 303 });
  return Response.json(outcome, { headers: noStore });
}

export function loader({ params }: ActionFunctionArgs) {
  throw redirect(`/readers/${encodeURIComponent(params.username ?? "")}`);
}
