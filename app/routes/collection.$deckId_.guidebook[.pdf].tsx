import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { textResponse } from "~/lib/http";
import type { PageHandle } from "~/lib/page-handle";
import { guidebookResponse } from "~/print/extras.server";
import { guideChoice } from "~/print/guidebook";
import { isRefusal, printAccess } from "~/print/print-access.server";

/** Round trips: the person, the deck with their copy and its cards' words; the cover card's render is read as the file streams. */
export const handle: PageHandle = { roundTrips: 2 };

/** The deck's guidebook, plain (`format=plain`) or as an A5 booklet to fold (`format=booklet`), for its owner and its buyers. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const access = await printAccess(context.db, params.deckId ?? "", user, { words: true });
  if (isRefusal(access)) return textResponse(access.status, access.message);
  const choice = guideChoice.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!choice.success) return textResponse(400, choice.error.issues[0]?.message ?? "Choose the plain guidebook or the booklet.");
  if (!access.words) return textResponse(404, "Deck not found");
  return guidebookResponse(context.cloudflare.env.MEDIA, { ...access, words: access.words }, choice.data.format);
}
