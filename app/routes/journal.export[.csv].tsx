import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { deckTitlesOf, exportCsv, exportEntries } from "~/journal/export.server";
import type { PageHandle } from "~/lib/page-handle";

/** Round trips: the person, their journal, then the titles of its decks. */
export const handle: PageHandle = { roundTrips: 3 };

/** `GET /journal/export.csv`: the person's whole journal, a reading a row, for a spreadsheet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const entries = await exportEntries(context.db, user.id);
  const body = exportCsv(entries, await deckTitlesOf(context.db, entries));
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="arcanum-journal-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
