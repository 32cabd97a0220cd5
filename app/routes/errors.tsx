import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { acceptBrowserReport, browserReportSchema } from "~/observe/browser-reports.server";
import type { PageHandle } from "~/lib/page-handle";
import { readForm } from "~/lib/read-form.server";

export const handle: PageHandle = { actionRoundTrips: 1 };

/** Where a page without a DSN sends the errors it throws (app/observe/browser-errors.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = await readForm(request, browserReportSchema);
  if (!parsed.ok) return Response.json({ error: "An error report needs its type, message and page path." }, { status: 400 });
  const accepted = await acceptBrowserReport(
    context.db,
    request,
    parsed.data,
    context.currentUser().then((user) => user?.id),
  );
  if (!accepted.ok) {
    return Response.json(
      { error: "Too many error reports from this client; later ones are dropped for a while." },
      { status: 429, headers: { "retry-after": String(Math.ceil(accepted.retryAfterMs / 1000)) } },
    );
  }
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response("Error reports are sent here with POST.", { status: 405, headers: { allow: "POST" } });
}
