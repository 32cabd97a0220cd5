import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/staff.server";
import { LocalTime } from "~/components/local-time";
import { PageHeader } from "~/components/page-header";
import { ReasonForm, StaffList, StaffRow, StaffSection, type StaffResult } from "~/components/staff/staff-forms";
import { StaffNav } from "~/components/staff/staff-nav";
import { Badge } from "~/components/ui/badge";
import { formatMoney } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { moneyOverview, refundPayment, retryFailedPayout } from "~/staff/money.server";

// A refund: who asks, the receipt, the claim, the provider's refund and its event delivered through
// the webhook handler (up to 11), the amount read back, the record, then the page again (2).
export const handle: PageHandle = { actionRoundTrips: 19 };

export const meta: MetaFunction = () => [{ title: "Payments — Arcanum staff" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: LoaderFunctionArgs) {
  await requireStaff(context);
  return moneyOverview(context.db);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "refund") {
    const outcome = await refundPayment(context, staff.id, form, new URL(request.url).origin);
    return data<StaffResult>({ ...outcome, intent, target: `receipt:${String(form.get("receiptId") ?? "")}` }, { status: outcome.ok ? 200 : outcome.status });
  }
  if (intent === "retry-payout") {
    const outcome = await retryFailedPayout(context, staff.id, form);
    return data<StaffResult>({ ...outcome, intent, target: `payout:${String(form.get("payoutId") ?? "")}` }, { status: outcome.ok ? 200 : outcome.status });
  }
  return data<StaffResult>({ ok: false, message: "Unknown action.", intent }, { status: 400 });
}

const checkoutTone = { complete: "success", open: "neutral", expired: "gold" } as const;

export default function StaffPayments() {
  const { checkouts, events, receipts, failedPayouts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <PageHeader eyebrow="Staff" title="Payments">
        <p>Checkouts and how they ended, payment events received, receipts and refunds, and payouts that failed.</p>
      </PageHeader>
      <StaffNav />
      {result && !result.target ? (
        <p role="alert" className="mb-6 text-danger">
          {result.message}
        </p>
      ) : null}
      <StaffSection title="Receipts and refunds" id="receipts">
        <StaffList empty="No payment yet.">
          {receipts.map((receipt) => {
            const left = receipt.amountCents - receipt.refundedCents;
            return (
              <StaffRow key={receipt.id} testId="staff-receipt">
                <div id={`receipt-${receipt.id}`}>
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{receipt.description}</span>
                    <span>{formatMoney(receipt.amountCents, receipt.currency)}</span>
                    {receipt.refundedCents > 0 ? <Badge tone="gold">Refunded {formatMoney(receipt.refundedCents, receipt.currency)}</Badge> : null}
                  </p>
                  <p className="mt-1 text-muted">
                    {receipt.kind} ·{" "}
                    <Link to={`/staff/people/${receipt.userId}`} className="underline">
                      {receipt.email ?? receipt.userId}
                    </Link>{" "}
                    · paid <LocalTime at={receipt.paidAt} style="mediumWithTime" />
                    {receipt.receiptUrl ? (
                      <>
                        {" "}
                        ·{" "}
                        <a href={receipt.receiptUrl} className="underline">
                          provider's receipt
                        </a>
                      </>
                    ) : null}
                  </p>
                  {left > 0 ? (
                    <details className="mt-2" open={result?.target === `receipt:${receipt.id}`}>
                      <summary className="cursor-pointer font-semibold">Refund {formatMoney(left, receipt.currency)}…</summary>
                      <div className="mt-2">
                        <ReasonForm intent="refund" target={`receipt:${receipt.id}`} hidden={{ receiptId: receipt.id }} label="Why refund" button={`Refund ${formatMoney(left, receipt.currency)}`} variant="danger" result={result} />
                      </div>
                    </details>
                  ) : result?.target === `receipt:${receipt.id}` ? (
                    <p role={result.ok ? "status" : "alert"} className="mt-2">
                      {result.message}
                    </p>
                  ) : null}
                </div>
              </StaffRow>
            );
          })}
        </StaffList>
      </StaffSection>
      <StaffSection title="Failed payouts" id="payouts">
        <StaffList empty="No payout failed.">
          {failedPayouts.map((payout) => (
            <StaffRow key={payout.id} testId="staff-failed-payout">
              <p>
                {formatMoney(payout.amountCents, payout.currency)} to{" "}
                <Link to={`/staff/people/${payout.sellerId}`} className="underline">
                  {payout.email ?? payout.username ?? payout.sellerId}
                </Link>{" "}
                · <LocalTime at={payout.createdAt} style="mediumWithTime" />
              </p>
              <p className="mt-1 text-muted">The amount went back to the creator's balance. Sending again pays out their whole balance as a new payout.</p>
              <div className="mt-2">
                <ReasonForm intent="retry-payout" target={`payout:${payout.id}`} hidden={{ payoutId: payout.id }} label="Why send it again" button="Send again" result={result} />
              </div>
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
      <StaffSection title="Checkouts" id="checkouts">
        <StaffList empty="No checkout yet.">
          {checkouts.map((checkout) => (
            <StaffRow key={checkout.id} testId="staff-checkout">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{checkout.description || checkout.kind}</span>
                <span>{formatMoney(checkout.amountCents, checkout.currency)}</span>
                <Badge tone={checkoutTone[checkout.status]}>{checkout.status}</Badge>
              </p>
              <p className="mt-1 text-muted">
                {checkout.email ?? checkout.userId} · started <LocalTime at={checkout.createdAt} style="mediumWithTime" />
                {checkout.completedAt ? (
                  <>
                    {" "}
                    · paid <LocalTime at={checkout.completedAt} style="mediumWithTime" />
                  </>
                ) : null}
              </p>
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
      <StaffSection title="Payment events received" id="events">
        <p className="mb-3 text-sm text-muted">Each event is applied once, with everything it changes; a repeated delivery finds its row and changes nothing.</p>
        <StaffList empty="No event yet.">
          {events.map((event) => (
            <StaffRow key={event.id} testId="staff-event">
              <span className="font-semibold">{event.type}</span> · <span className="break-all">{event.id}</span> · applied <LocalTime at={event.receivedAt} style="mediumWithSeconds" />
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
    </div>
  );
}
