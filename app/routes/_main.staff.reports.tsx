import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/staff.server";
import { DeckActionButton, HideDeckForm, ModerationMessage, type ModerationResult } from "~/marketplace/components/moderation-forms";
import { PageHeader } from "~/components/page-header";
import { StaffNav } from "~/staff/staff-nav";
import { Badge } from "~/components/ui/badge";
import { longDate } from "~/lib/format";
import { moderateFromForm, openReportsByDeck } from "~/marketplace/moderation.server";
import type { PageHandle } from "~/lib/page-handle";
import { staffMeta } from "~/staff/meta";
import { reportedMessages } from "~/messages/messages.server";
import { MESSAGE_REPORT_REASONS, type MessageReportReason } from "~/messages/rules";

/** The moderation itself, then the line in the staff record (decision 0078). */
export const handle: PageHandle = { actionRoundTrips: 5 };

export const meta: MetaFunction = staffMeta("Reports");

export async function loader({ context }: LoaderFunctionArgs) {
  await requireStaff(context);
  const [decks, messages] = await Promise.all([openReportsByDeck(context.db), reportedMessages(context.db)]);
  return { decks, messages };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(context);
  const { status, result } = await moderateFromForm(context.db, staff.id, await request.formData());
  return data<ModerationResult>(result, { status });
}

export default function StaffReports() {
  const { decks, messages } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <PageHeader eyebrow="Staff" title="Reports">
        <p>Open reports of marketplace decks, the most reported first.</p>
      </PageHeader>
      <StaffNav />
      {result && !decks.some((deck) => deck.deckId === result.deckId) ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "mb-6" : "mb-6 text-danger"}>
          {result.message}
        </p>
      ) : null}
      {decks.length === 0 ? (
        <p className="rounded-3xl border border-line bg-surface/80 p-6 text-center text-muted">No open reports. All clear.</p>
      ) : (
        <ul className="grid gap-6">
          {decks.map((deck) => (
            <li key={deck.deckId} className="rounded-3xl border border-line bg-surface/80 p-5 shadow-sm sm:p-6" data-testid="reported-deck">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-2xl font-bold">
                  <Link to={`/marketplace/${deck.deckId}`} className="hover:underline">
                    {deck.title}
                  </Link>
                </h2>
                <span className="flex flex-wrap gap-2">
                  <Badge tone="gold">
                    {deck.reports.length} {deck.reports.length === 1 ? "report" : "reports"}
                  </Badge>
                  {deck.hiddenAt ? <Badge>Hidden</Badge> : null}
                  {deck.featured ? <Badge tone="brand">Featured</Badge> : null}
                </span>
              </div>
              <p className="mt-1 text-sm text-muted">by {deck.creator ? `@${deck.creator}` : "a creator without a username"}</p>
              <ul className="mt-4 grid gap-3">
                {deck.reports.map((report) => (
                  <li key={report.id} className="rounded-2xl border border-line p-3 text-sm">
                    <p className="whitespace-pre-line break-words">{report.reason}</p>
                    <p className="mt-1 text-xs text-muted">
                      {report.reporter ? `@${report.reporter}` : "A member"} · {longDate(report.createdAt)}
                    </p>
                  </li>
                ))}
              </ul>
              <div className="mt-4 grid gap-4">
                <ModerationMessage deckId={deck.deckId} result={result} />
                {deck.hiddenAt ? null : <HideDeckForm deckId={deck.deckId} result={result} />}
                <div className="flex flex-wrap gap-3">
                  <DeckActionButton
                    deckId={deck.deckId}
                    intent="dismiss"
                    label={deck.hiddenAt ? "Close the reports (already hidden)" : "Dismiss the reports"}
                  />
                  {deck.hiddenAt ? <DeckActionButton deckId={deck.deckId} intent="unhide" label="Unhide" /> : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <section className="mt-10" aria-labelledby="reported-messages-title">
        <h2 id="reported-messages-title" className="text-2xl font-bold">
          Reported messages
        </h2>
        <p className="text-sm text-muted">Messages between clients and readers that the one who received them reported, the latest first.</p>
        {messages.length === 0 ? (
          <p className="mt-3 rounded-3xl border border-line bg-surface/80 p-6 text-center text-muted">No reported messages.</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {messages.map((message) => (
              <li key={message.id} className="rounded-2xl border border-line bg-surface/80 p-4 text-sm" data-testid="reported-message">
                <p className="whitespace-pre-line break-words">{message.body}</p>
                <p className="mt-2 text-xs text-muted">
                  <Link to={`/staff/people/${message.senderId}`} className="underline">
                    {message.senderName}
                  </Link>
                  {` (${message.senderIsReader ? "reader" : "client"}) to ${message.recipientName} · ${
                    MESSAGE_REPORT_REASONS[message.reason as MessageReportReason] ?? message.reason
                  } · reported ${longDate(message.reportedAt)} · ${message.senderReports} of this sender's messages reported in all`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
