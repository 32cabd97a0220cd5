import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader } from "~/components/page-header";
import { LocalTime } from "~/components/local-time";
import { buttonClasses } from "~/components/ui/button";
import { newId } from "~/lib/crypto";
import { formatMoney } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { noticeTargetOf } from "~/mail/notices.server";
import { recordFaces } from "~/reading-room/deck-art.server";
import { ReadingRecord } from "~/reading-room/reading-record";
import { TipForm } from "~/paid-readings/tip-form";
import { WriteAboutReading } from "~/messages/write-link";
import { tipForm } from "~/paid-readings/tips.server";
import { availableBalanceOf } from "~/paid-readings/wallet.server";
import { answerForm, WRITTEN_ANSWER_MAX, WRITTEN_ANSWER_MIN, WRITTEN_MESSAGES, writtenStatusLabel } from "~/paid-readings/written";
import { answerWritten, openWrittenTable, tellAnswered, tipWritten, writtenRequestFor } from "~/paid-readings/written.server";
import { Textarea } from "~/components/ui/field";
import { lazySchema } from "~/lib/lazy-schema";
import { intentBranch, readForm } from "~/lib/read-form.server";
import { z } from "zod";

/**
 * Round trips: the person, then the request, then its cards' pictures beside the balance.
 * Answering reads the request and the private table, then writes in one batch and mails the client.
 */
export const handle: PageHandle = { roundTrips: 3, actionRoundTrips: 7 };

export const meta: MetaFunction = () => [{ title: "Written reading — Arcanum" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const found = await writtenRequestFor(context.db, user.id, params.requestId ?? "");
  if (!found) throw new Response(WRITTEN_MESSAGES.notFound, { status: 404 });
  const cards = found.cards ?? [];
  const [faces, balanceCents] = await Promise.all([
    cards.length > 0
      ? recordFaces(
          context.db,
          found.deckId,
          cards.map((card) => card.key),
          user.id,
        )
      : Promise.resolve({}),
    found.role === "client" && found.status === "answered" ? availableBalanceOf(context.db, user.id) : Promise.resolve(null),
  ]);
  const { clientId: _client, readerId: _reader, ...shown } = found;
  return {
    request: { ...shown, cards },
    faces,
    balanceCents,
    overdue: found.status === "asked" && found.deadlineAt <= Date.now(),
    // One key per drawing of the tip form: sending it twice gives one tip.
    tipKey: found.role === "client" && found.status === "answered" ? newId() : null,
  };
}

type ActionData = { ok: boolean; message: string; form: string };

/** The page's forms: the reader opens a table to lay the cards, sends the answer; the client tips. */
const writtenRequestForm = lazySchema(() =>
  z.discriminatedUnion("intent", [z.object({ intent: z.literal("table") }), answerForm.extend({ intent: z.literal("answer") }), intentBranch("tip", tipForm)]),
);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const id = params.requestId ?? "";
  const fail = (message: string, status: number, name: string) => data<ActionData>({ ok: false, message, form: name }, { status });
  const read = await readForm(request, writtenRequestForm);
  if (!read.ok) return read.unknownIntent ? fail("Unknown action.", 400, "") : fail(read.message, 400, read.intent ?? "");
  const form = read.data;
  switch (form.intent) {
    case "table": {
      const opened = await openWrittenTable(context.db, user, id);
      if (!opened.ok) return fail(opened.message, opened.status, "table");
      throw redirect(`/reading-room?session=${opened.value}`);
    }
    case "answer": {
      const done = await answerWritten(context.db, context.cloudflare.env, user, id, form.answer);
      if (!done.ok) return fail(done.message, done.status, "answer");
      await tellAnswered(noticeTargetOf(context), done.value.id, new URL(request.url).origin);
      return data<ActionData>({ ok: true, message: "Your answer was sent. The client has it, with the cards.", form: "answer" });
    }
    case "tip": {
      const done = await tipWritten(context.db, user.id, id, form);
      if (done === null) throw new Response(WRITTEN_MESSAGES.notFound, { status: 404 });
      return done.ok ? data<ActionData>({ ok: true, message: done.message, form: "tip" }) : fail(done.message, done.status, "tip");
    }
  }
}

export default function WrittenRequest() {
  const { request, faces, balanceCents, overdue, tipKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const said = (name: string) =>
    result?.form === name ? (
      <p role={result.ok ? "status" : "alert"} className={result.ok ? "mt-2 font-semibold" : "mt-2 font-semibold text-danger"} data-testid={`${name}-said`}>
        {result.message}
      </p>
    ) : null;
  const other = request.role === "client" ? request.readerName : request.clientName;
  const secondOpinion = request.kind === "second-opinion";
  const rows: [string, string][] = [
    ["Reading", secondOpinion ? "A second opinion" : request.title],
    ["Spread", request.spreadName],
    ["Price", formatMoney(request.priceCents)],
    ...(request.tipCents > 0 ? ([["Tip", formatMoney(request.tipCents)]] as [string, string][]) : []),
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16">
      <PageHeader eyebrow="Written reading" title={request.title} />
      <section className="rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="status-title">
        <h2 id="status-title" className="text-xl font-bold" data-testid="written-status">
          {writtenStatusLabel(request.status, request.role, overdue)}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {request.role === "client" ? `With ${other}` : `For ${other}`} · asked <LocalTime at={request.askedAt} style="longWithTime" />
          {request.status === "asked" ? (
            <>
              {" "}
              · answer due <LocalTime at={request.deadlineAt} style="longWithTime" />
            </>
          ) : null}
        </p>
        <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-3 border-b border-line py-1">
              <dt className="text-muted">{label}</dt>
              <dd className="text-right font-semibold" data-testid={`written-row-${label.toLowerCase()}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {request.status !== "answered" || secondOpinion ? (
          <blockquote className="mt-4 whitespace-pre-line border-l-4 border-gold/50 pl-3" data-testid="written-question">
            {request.question}
          </blockquote>
        ) : null}
      </section>

      {secondOpinion && request.status !== "answered" ? (
        <section className="mt-6 rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="drawn-title" data-testid="second-opinion-reading">
          <h2 id="drawn-title" className="mb-3 text-xl font-bold">
            {request.role === "reader" ? "The reading you are asked about" : "The reading you asked about"}
          </h2>
          <ReadingRecord
            question={request.readingQuestion}
            spreadName={request.spreadName}
            cards={request.cards}
            interpretation={request.sharedInterpretation}
            interpretationBy="ai"
            createdAt={request.askedAt}
            faces={faces}
          />
          {request.role === "reader" && !request.readingQuestion && !request.sharedInterpretation ? (
            <p className="mt-3 text-sm text-muted">The client chose to show you the cards and their message, not the question or the AI’s interpretation.</p>
          ) : null}
        </section>
      ) : null}

      {request.status === "answered" ? (
        <section className="mt-6 rounded-3xl border border-line bg-surface/90 p-6" aria-label="The answer" data-testid="written-answer">
          <ReadingRecord
            question={secondOpinion ? request.readingQuestion : request.question}
            spreadName={request.spreadName}
            cards={request.cards}
            interpretation={request.answer}
            interpretationBy="reader"
            askedByViewer={request.role === "client"}
            createdAt={request.answeredAt ?? request.askedAt}
            faces={faces}
          />
          {request.journalEntryId ? (
            <Link to={`/journal/${request.journalEntryId}`} className="mt-4 inline-block text-sm underline" data-testid="written-journal-link">
              {secondOpinion ? "Back to the reading in your journal" : "Open it in your journal"}
            </Link>
          ) : null}
        </section>
      ) : null}

      {request.role === "reader" && request.status === "asked" && !overdue ? (
        <section className="mt-6 rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="answer-title">
          <h2 id="answer-title" className="text-2xl font-bold">
            Answer
          </h2>
          {secondOpinion ? (
            <p className="mt-1 text-sm text-muted">The client drew these cards already: read them as they lie and write your answer here.</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-muted">
                First draw the {request.spreadName} at your private table and turn every card over: the cards there are the ones the client receives. Then write
                your answer here.
              </p>
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="table" />
                <button type="submit" className={buttonClasses("secondary")} data-testid="open-table">
                  {request.roomId ? "Back to the private table" : "Open the private table"}
                </button>
              </Form>
              {said("table")}
            </>
          )}
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="answer" />
            <label className="block">
              <span className="font-semibold">Your answer</span>
              <Textarea name="answer" required minLength={WRITTEN_ANSWER_MIN} maxLength={WRITTEN_ANSWER_MAX} rows={8} />
            </label>
            <button type="submit" className={buttonClasses("primary")} disabled={navigation.state !== "idle"} data-testid="send-answer">
              Send the answer
            </button>
          </Form>
          {said("answer")}
        </section>
      ) : (
        said("answer")
      )}

      {request.status === "answered" && request.answeredAt !== null ? (
        <WriteAboutReading readingId={request.id} openedAt={request.answeredAt} otherName={other} />
      ) : null}

      {tipKey ? <TipForm readerName={request.readerName} balanceCents={balanceCents ?? 0} tipKey={tipKey} feeOf="the reading" result={said("tip")} /> : null}
    </div>
  );
}
