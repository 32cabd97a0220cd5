import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { exportEntries, exportJson } from "~/journal/export.server";
import type { PageHandle } from "~/lib/page-handle";

/** Round trips: the person, then their journal. */
export const handle: PageHandle = { roundTrips: 2 };

/** `GET /journal/export.json`: the person's whole journal, in the form the journal imports again. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const body = exportJson(await exportEntries(context.db, user.id));
  return new Response(body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="arcanum-journal-${new Date().toISOString().slice(0, 10)}.json"`,
      "cache-control": "private, no-store",
    },
  });
}
