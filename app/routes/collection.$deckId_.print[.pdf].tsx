import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { textResponse } from "~/lib/http";
import type { PageHandle } from "~/lib/page-handle";
import { printChoice } from "~/print/layout";
import { isRefusal, printAccess } from "~/print/print-access.server";
import { deckSlug, storedPrint } from "~/print/print.server";

/** Round trips: the person, the deck with their copy, the stored print's row and its bytes. */
export const handle: PageHandle = { roundTrips: 4 };

/** The finished print-ready PDF, for the deck's owner and its buyers; made first on the print page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const access = await printAccess(context.db, params.deckId ?? "", user);
  if (isRefusal(access)) return textResponse(access.status, access.message);
  const choice = printChoice.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!choice.success) return textResponse(400, choice.error.issues[0]?.message ?? "Choose a paper and an arrangement.");
  const file = await storedPrint(context.db, context.cloudflare.env.MEDIA, access, choice.data);
  if (!file) return textResponse(404, "This print is not made yet: ask for it on the deck's print page.");
  const name = `${deckSlug(access.deck.title)}-${choice.data.paper}-${choice.data.arrangement}.pdf`;
  return new Response(file.body, {
    headers: {
      "content-type": "application/pdf",
      "content-length": String(file.size),
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
