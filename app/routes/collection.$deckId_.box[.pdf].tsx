import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { textResponse } from "~/lib/http";
import type { PageHandle } from "~/lib/page-handle";
import { tuckBoxResponse } from "~/print/extras.server";
import { isRefusal, printAccess } from "~/print/print-access.server";

/** Round trips: the person, the deck with their copy, the listing of its stored renders; the two pictures are read as the file streams. */
export const handle: PageHandle = { roundTrips: 3 };

/**
 * The die-line template of a tuck box for the deck, with its cover card on the front and its back
 * on the back, for its owner and its buyers. It copies the stored renders: until they are drawn,
 * the print page prepares them (decision 0071).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const access = await printAccess(context.db, params.deckId ?? "", user, { words: true });
  if (isRefusal(access)) return textResponse(access.status, access.message);
  const response = access.words ? await tuckBoxResponse(context.cloudflare.env.MEDIA, { ...access, words: access.words }) : null;
  return response ?? textResponse(409, "The card pictures are not ready yet: prepare them on the deck's print page.");
}
