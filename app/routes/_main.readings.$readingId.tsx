import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { isStaff } from "~/auth/staff.server";
import { PageHeader } from "~/components/page-header";
import { LocalTime } from "~/components/local-time";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import { endReasonText, interruptionNote } from "~/paid-readings/clock";
import { getPaidReading, replyForm, replyToReview, reportForm, reportReading, reviewForm, reviewReading } from "~/paid-readings/readings.server";
import { READING_FEE_PERCENT, READING_MODE_LABELS, REPLY_MAX, REPORT_REASON_MAX, REVIEW_MAX } from "~/paid-readings/rules";
import { TipForm } from "~/paid-readings/tip-form";
import { GuaranteeSection } from "~/paid-readings/guarantee-section";
import { WriteAboutReading } from "~/messages/write-link";
import { claimGuarantee, guaranteeForm, sendGuaranteeNotice } from "~/paid-readings/guarantee.server";
import { afterLiveTip, tipForm, tipReading } from "~/paid-readings/tips.server";
import { sendReadingReceipt } from "~/paid-readings/receipts.server";
import { noticeTargetOf } from "~/mail/notices.server";
import { newId } from "~/lib/crypto";
import { reviewReaderLevel } from "~/readers/levels.server";
import type { PageHandle } from "~/lib/page-handle";
import { log } from "~/observe/log.server";
import { Textarea } from "~/components/ui/field";
import { lazySchema } from "~/lib/lazy-schema";
import { intentBranch, readForm } from "~/lib/read-form.server";
import { z } from "zod";

export const handle: PageHandle = { actionRoundTrips: 5 };

export const meta: MetaFunction = () => [{ title: "Your reading — Arcanum" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const reading = await getPaidReading(context.db, user.id, params.readingId ?? "", { staff: isStaff(user, context.config) });
  if (!reading) throw new Response("Reading not found", { status: 404 });
  // One key per rendering of the tip form: submitting it twice gives one tip.
  return { reading, interruption: interruptionNote(reading.interruptedMs, context.config.paidReadings.graceMs), tipKey: reading.mayTip ? newId() : null };
}

type ActionData = { ok: boolean; message: string; form: string };

/** The page's forms: a review and the reader's reply to it, a tip, the satisfaction guarantee, and a report. */
const readingForm = lazySchema(() =>
  z.discriminatedUnion("intent", [
    reviewForm.extend({ intent: z.literal("review") }),
    replyForm.extend({ intent: z.literal("reply") }),
    intentBranch("tip", tipForm),
    guaranteeForm.extend({ intent: z.literal("guarantee") }),
    reportForm.extend({ intent: z.literal("report") }),
  ]),
);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const id = params.readingId ?? "";
  const fail = (message: string, status: number, name: string) => data<ActionData>({ ok: false, message, form: name }, { status });
  const read = await readForm(request, readingForm);
  if (!read.ok) return read.unknownIntent ? fail("Unknown action.", 400, "") : fail(read.message, 400, read.intent ?? "");
  const form = read.data;
  switch (form.intent) {
    case "review": {
      const done = await reviewReading(context.db, user.id, id, form);
      if (!done.ok) return fail(done.message, done.status, "review");
      // A new rating may lift the reader to the next level.
      if (done.readerId) await reviewReaderLevel(context.db, done.readerId, Date.now(), context.cloudflare.env);
      return data<ActionData>({ ok: true, message: done.message, form: "review" });
    }
    case "reply": {
      const done = await replyToReview(context.db, user.id, id, form.reply);
      return done.ok ? data<ActionData>({ ok: true, message: done.message, form: "reply" }) : fail(done.message, done.status, "reply");
    }
    case "tip": {
      const done = await tipReading(context.db, user.id, id, form);
      if (!done.ok) return fail(done.message, done.status, "tip");
      const target = noticeTargetOf(context);
      // A tip in the room: the room shows the balance left. After the reading: its receipt again, with the tip on it.
      if (done.live) target.waitUntil(afterLiveTip(context, id).catch((error) => log.error("room not told of a tip", { error })));
      else target.waitUntil(sendReadingReceipt(target, id).catch((error) => log.error("reading receipt not sent", { error })));
      return data<ActionData>({ ok: true, message: done.message, form: "tip" });
    }
    case "guarantee": {
      const done = await claimGuarantee(context.db, user.id, id, form);
      if (!done.ok) return fail(done.message, done.status, "guarantee");
      // The reader is told after the answer, as a receipt is sent.
      sendGuaranteeNotice(noticeTargetOf(context), done.notice, `${new URL(request.url).origin}/readings/${id}`);
      return data<ActionData>({ ok: true, message: done.message, form: "guarantee" });
    }
    case "report": {
      const done = await reportReading(context.db, user.id, id, form.reason);
      return done.ok ? data<ActionData>({ ok: true, message: done.message, form: "report" }) : fail(done.message, done.status, "report");
    }
  }
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-gold" aria-label={`${rating} out of 5 stars`}>
      {"★".repeat(rating)}
      <span className="text-line">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

export default function PaidReadingReceipt() {
  const { reading, interruption, tipKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const said = (form: string) =>
    result?.form === form ? (
      <p role={result.ok ? "status" : "alert"} className={`mt-2 font-semibold ${result.ok ? "text-brand" : "text-danger"}`} data-testid={`${form}-result`}>
        {result.message}
      </p>
    ) : null;
  const other = reading.role === "client" ? reading.readerName : reading.clientName;
  const rows: [string, string][] = [
    ["Minutes", String(reading.minutes)],
    ["Free minutes", String(reading.freeMinutesUsed)],
    ["Paid minutes", `${reading.paidMinutes} × ${formatMoney(reading.pricePerMinuteCents)}`],
    ["Total", formatMoney(reading.chargedCents)],
  ];
  if (reading.refundedCents > 0) rows.push(["Refunded", formatMoney(reading.refundedCents)]);
  if (reading.feeCents !== null && reading.netCents !== null) {
    rows.push([`Platform fee (${READING_FEE_PERCENT} %)`, formatMoney(reading.feeCents)], ["Your earning", formatMoney(reading.netCents)]);
  }
  if (reading.tipCents > 0) {
    rows.push(["Tip", formatMoney(reading.tipCents)]);
    if (reading.tipNetCents !== null) rows.push([`Your tip after the fee (${READING_FEE_PERCENT} %)`, formatMoney(reading.tipNetCents)]);
  }
  for (const cents of reading.topUps) rows.push([`Top-up during the reading`, formatMoney(cents)]);
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16">
      <PageHeader eyebrow="Paid reading" title={reading.role === "client" ? `Your reading with ${other}` : `Reading with ${other}`}>
        {reading.status === "ended" ? (
          <p>
            {reading.endReason ? endReasonText(reading.endReason, reading) : "The reading has ended."}
            {reading.endedAt ? (
              <>
                {" "}
                <LocalTime at={reading.endedAt} style="mediumWithTime" />
              </>
            ) : null}
          </p>
        ) : (
          <p>
            This reading is still open.{" "}
            <Link to={`/reading-room?session=${reading.id}`} className="underline">
              Go back to the room
            </Link>
          </p>
        )}
      </PageHeader>

      <section className="rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="receipt-title">
        <h2 id="receipt-title" className="text-2xl font-bold">
          Receipt
        </h2>
        <p className="text-sm text-muted">{READING_MODE_LABELS[reading.mode]} · billed by the started minute</p>
        <dl className="mt-4 divide-y divide-line" data-testid="receipt">
          {rows.map(([label, value], index) => (
            <div key={`${label}-${index}`} className="flex justify-between gap-4 py-2">
              <dt className="text-muted">{label}</dt>
              <dd
                className="font-semibold tabular-nums"
                data-testid={`receipt-${label
                  .toLowerCase()
                  .replace(/[^a-z]+/g, "-")
                  .replace(/-+$/, "")}`}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {interruption ? (
          <p className="mt-3 text-sm text-muted" data-testid="receipt-interruption">
            {interruption}
          </p>
        ) : null}
      </section>

      {reading.status === "ended" && reading.startedAt !== null && reading.endedAt !== null && reading.role !== "staff" ? (
        <WriteAboutReading readingId={reading.id} openedAt={reading.endedAt} otherName={other} />
      ) : null}

      {reading.mayTip && tipKey ? (
        <TipForm readerName={reading.readerName} balanceCents={reading.balanceCents ?? 0} tipKey={tipKey} feeOf="the reading’s minutes" result={said("tip")} />
      ) : null}

      {reading.guarantee ? <GuaranteeSection status={reading.guarantee} readerName={reading.readerName} result={said("guarantee")} /> : null}
      {reading.claim ? (
        <p className="mt-6 rounded-3xl border border-line bg-surface/90 p-6" data-testid="guarantee-claimed">
          The client claimed the satisfaction guarantee on this reading: {formatMoney(reading.claim.creditCents)} credited to them, of which{" "}
          {formatMoney(reading.claim.readerShareCents)} came from the reader&rsquo;s earning and the rest from the platform&rsquo;s fee.{" "}
          <Link to="/guarantee" className="underline">
            The guarantee&rsquo;s terms
          </Link>
        </p>
      ) : null}

      <section className="mt-6 rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="review-title">
        <h2 id="review-title" className="text-2xl font-bold">
          Review
        </h2>
        {reading.review ? (
          <div className="mt-3" data-testid="reading-review">
            <Stars rating={reading.review.rating} />
            {reading.review.body ? <p className="mt-2">{reading.review.body}</p> : null}
            {reading.review.reply ? (
              <blockquote className="mt-3 border-l-4 border-gold/60 pl-3 text-sm">
                <p className="font-semibold">{reading.readerName} answered</p>
                <p>{reading.review.reply}</p>
              </blockquote>
            ) : reading.role === "reader" ? (
              <Form method="post" className="mt-4">
                <input type="hidden" name="intent" value="reply" />
                <label className="block text-sm font-semibold" htmlFor="reply">
                  Answer once, in public
                </label>
                <Textarea id="reply" name="reply" required maxLength={REPLY_MAX} rows={3} />
                <button type="submit" className={`${buttonClasses("primary", "sm")} mt-2`}>
                  Publish the answer
                </button>
              </Form>
            ) : null}
          </div>
        ) : reading.role === "client" && !reading.reviewRefusal ? (
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="review" />
            <fieldset>
              <legend className="text-sm font-semibold">How was your reading with {reading.readerName}?</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {[5, 4, 3, 2, 1].map((n) => (
                  <label
                    key={n}
                    className="flex cursor-pointer items-center gap-2 rounded-xl border border-line px-3 py-2 has-[:checked]:border-gold has-[:checked]:bg-gold/10"
                  >
                    <input type="radio" name="rating" value={n} required aria-label={`${n} out of 5 stars`} />
                    <Stars rating={n} />
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="block">
              <span className="text-sm font-semibold">Your review (optional)</span>
              <Textarea name="body" maxLength={REVIEW_MAX} rows={3} />
            </label>
            <button type="submit" className={buttonClasses("primary")}>
              Publish the review
            </button>
          </Form>
        ) : (
          <p className="mt-2 text-muted">{reading.role === "client" ? reading.reviewRefusal : "No review yet."}</p>
        )}
        {said("review")}
        {said("reply")}
      </section>

      {reading.role === "client" ? (
        <details className="mt-6 rounded-3xl border border-line bg-surface/90 p-6">
          <summary className="cursor-pointer font-semibold">Something went wrong? Report this reading</summary>
          {reading.reported ? (
            <p className="mt-3 text-muted">You reported this reading. Staff will look at it and may refund it to your balance.</p>
          ) : (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="report" />
              <label className="block text-sm" htmlFor="reason">
                What happened? Staff read every report and may refund the reading to your balance.
              </label>
              <Textarea id="reason" name="reason" required minLength={10} maxLength={REPORT_REASON_MAX} rows={3} />
              <button type="submit" className={`${buttonClasses("secondary", "sm")} mt-2`}>
                Send the report
              </button>
            </Form>
          )}
          {said("report")}
        </details>
      ) : null}

      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/journal" className={buttonClasses("secondary")}>
          Open your journal
        </Link>
        {reading.role === "client" ? (
          <Link to="/balance" className={buttonClasses("secondary")}>
            Your balance
          </Link>
        ) : (
          <Link to="/reader-dashboard" className={buttonClasses("secondary")}>
            Reader dashboard
          </Link>
        )}
      </div>
    </div>
  );
}
