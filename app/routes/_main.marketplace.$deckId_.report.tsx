import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { loginPath } from "~/auth/redirect";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { REPORT_DETAILS_MAX, REPORT_REASONS, reportForm, type ReportReason } from "~/marketplace/reports";
import { fileReport, REPORT_ALREADY, reportPage } from "~/marketplace/reports.server";
import { Textarea } from "~/components/ui/field";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm, withDefaults } from "~/lib/read-form.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Report “${data.page.title}” — Arcanum` : "Report a deck — Arcanum" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const deckId = params.deckId ?? "";
  const page = await reportPage(context.db, deckId, user);
  if (!page) throw new Response("Deck not found", { status: 404 });
  const back = `/marketplace/${deckId}/report`;
  return {
    page,
    reasons: Object.entries(REPORT_REASONS).map(([value, label]) => ({ value: value as ReportReason, label })),
    isGuest: user.isGuest,
    alreadyReported: REPORT_ALREADY,
    signupPath: `/signup?redirectTo=${encodeURIComponent(back)}`,
    loginPath: loginPath(back),
  };
}

type ActionData = { ok: boolean; message: string; field?: "reason" | "details" };

/** The report: a reason from the list and the details (a field not sent reads as empty). */
const deckReportForm = lazySchema(() => withDefaults({ reason: "", details: "" }, reportForm));

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const deckId = params.deckId ?? "";
  const read = await readForm(request, deckReportForm);
  if (!read.ok) return data<ActionData>({ ok: false, field: read.field === "details" ? "details" : "reason", message: read.message }, { status: 400 });
  const outcome = await fileReport(context.db, user, deckId, { reason: read.data.reason, details: read.data.details });
  if (!outcome.ok && outcome.status === 404) throw new Response(outcome.message, { status: 404 });
  return data<ActionData>({ ok: outcome.ok, message: outcome.message }, { status: outcome.ok ? 200 : outcome.status });
}

export default function ReportDeck() {
  const { page, reasons, isGuest, alreadyReported, signupPath, loginPath } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const done = result?.ok || page.state === "reported";
  const error = (name: "reason" | "details") => (result && !result.ok && result.field === name ? result.message : undefined);
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Report a deck" title={page.title}>
        {page.creator ? <p>by @{page.creator}</p> : null}
      </PageHeader>
      <Panel>
        {page.state === "own" ? (
          <p role="status" className="text-lg">
            This is your deck: you cannot report it.
          </p>
        ) : done ? (
          <p role="status" className="text-lg">
            {result?.ok ? result.message : alreadyReported}
          </p>
        ) : isGuest ? (
          <p className="text-lg">
            Reporting a deck needs an account, so the staff can trust each report.{" "}
            <Link to={signupPath} className="font-semibold text-brand underline">
              Create one
            </Link>{" "}
            or{" "}
            <Link to={loginPath} className="font-semibold text-brand underline">
              log in
            </Link>
            , and you will come back here.
          </p>
        ) : (
          <Form method="post" className="grid gap-5">
            <p className="text-muted">
              Tell the Arcanum staff what is wrong with this deck. The creator is not told who reported it. You can report a deck once.
            </p>
            {result && !result.ok && !result.field ? (
              <p role="alert" className="text-sm text-danger">
                {result.message}
              </p>
            ) : null}
            <fieldset aria-describedby="reason-help" aria-invalid={error("reason") ? true : undefined}>
              <legend className="text-sm font-semibold">What is wrong?</legend>
              <div className="mt-2 grid gap-2">
                {reasons.map((reason) => (
                  <label key={reason.value} className="flex items-center gap-3 rounded-xl border border-line px-4 py-3 has-[:checked]:border-brand">
                    <input type="radio" name="reason" value={reason.value} required />
                    {reason.label}
                  </label>
                ))}
              </div>
              {error("reason") ? (
                <p id="reason-help" role="alert" className="mt-1 text-sm text-danger">
                  {error("reason")}
                </p>
              ) : null}
            </fieldset>
            <label className="text-sm font-semibold">
              Details (needed for “Other”)
              <Textarea
                name="details"
                rows={5}
                maxLength={REPORT_DETAILS_MAX}
                aria-invalid={error("details") ? true : undefined}
                aria-describedby="details-help"
              />
              <span
                id="details-help"
                role={error("details") ? "alert" : undefined}
                className={cn("mt-1 block font-normal", error("details") ? "text-danger" : "text-muted")}
              >
                {error("details") ?? `Where the art comes from, what is misleading… Up to ${REPORT_DETAILS_MAX.toLocaleString("en-US")} characters.`}
              </span>
            </label>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={buttonClasses("primary", "lg")} disabled={navigation.state !== "idle"}>
                Send the report
              </button>
              <Link to={`/marketplace/${page.deckId}`} className={buttonClasses("secondary", "lg")}>
                Back to the deck
              </Link>
            </div>
          </Form>
        )}
        {page.state === "own" || done ? (
          <Link to={`/marketplace/${page.deckId}`} className={cn(buttonClasses("secondary"), "mt-6")}>
            Back to the deck
          </Link>
        ) : null}
      </Panel>
    </div>
  );
}
