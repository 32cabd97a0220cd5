import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/staff.server";
import { LocalTime } from "~/components/local-time";
import { PageHeader } from "~/components/page-header";
import { ReasonForm, StaffList, StaffRow, StaffSection } from "~/staff/staff-forms";
import { StaffNav } from "~/staff/staff-nav";
import { Badge } from "~/components/ui/badge";
import { formatMoney } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { moneyOverview, refundPayment, retryFailedPayout } from "~/staff/money.server";
import { staffMeta } from "~/staff/meta";
import { staffAction } from "~/staff/staff-action.server";

// A refund: who asks, the receipt, the claim, the provider's refund and its event delivered through
// the webhook handler (up to 11), the amount read back, the record, then the page again (2).
export const handle: PageHandle = { actionRoundTrips: 19 };

export const meta: MetaFunction = staffMeta("Payments");

export async function loader({ context }: LoaderFunctionArgs) {
  await requireStaff(context);
  return moneyOverview(context.db);
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffAction(request, context, {
    refund: async ({ context, staff, form, request }) => ({
      outcome: await refundPayment(context, staff.id, form, new URL(request.url).origin),
      target: `receipt:${String(form.get("receiptId") ?? "")}`,
    }),
    "retry-payout": async ({ context, staff, form }) => ({
      outcome: await retryFailedPayout(context, staff.id, form),
      target: `payout:${String(form.get("payoutId") ?? "")}`,
    }),
  });

const checkoutTone = { complete: "success", open: "neutral", expired: "gold" } as const;

const eventOutcomes = {
  applied: { label: "applied", tone: "success" },
  ignored: { label: "nothing of ours to change", tone: "neutral" },
  held: { label: "refund held for its payment", tone: "gold" },
} as const;

const deliveryFailures = {
  signature: "Signature refused",
  ahead: "Dated in the future",
  "unknown-kind": "Purchase of an unknown kind",
  "refund-pending": "Refund owed, not made yet",
  error: "Error while applying",
} as const;

export default function StaffPayments() {
  const { checkouts, events, receipts, failedPayouts, failedDeliveries } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <PageHeader eyebrow="Staff" title="Payments">
        <p>Checkouts and how they ended, payment events received and what each did, deliveries that failed, receipts and refunds, and payouts that failed.</p>
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
                        <ReasonForm
                          intent="refund"
                          target={`receipt:${receipt.id}`}
                          hidden={{ receiptId: receipt.id }}
                          label="Why refund"
                          button={`Refund ${formatMoney(left, receipt.currency)}`}
                          variant="danger"
                          result={result}
                        />
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
                <ReasonForm
                  intent="retry-payout"
                  target={`payout:${payout.id}`}
                  hidden={{ payoutId: payout.id }}
                  label="Why send it again"
                  button="Send again"
                  result={result}
                />
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
        <p className="mb-3 text-sm text-muted">
          Each event is applied once, with everything it changes; a repeated delivery finds its row and changes nothing.
        </p>
        <StaffList empty="No event yet.">
          {events.map((event) => (
            <StaffRow key={event.id} testId="staff-event">
              <span className="font-semibold">{event.type}</span> · <span className="break-all">{event.id}</span> ·{" "}
              <Badge tone={eventOutcomes[event.outcome].tone}>{eventOutcomes[event.outcome].label}</Badge>{" "}
              <LocalTime at={event.receivedAt} style="mediumWithSeconds" />
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
      <StaffSection title="Deliveries that failed" id="failed-deliveries">
        <p className="mb-3 text-sm text-muted">
          The provider delivers a failed event again, with growing waits, for up to three days; once applied it shows above. A refused signature has no event to
          name.
        </p>
        <StaffList empty="No delivery has failed.">
          {failedDeliveries.map((failure) => (
            <StaffRow key={failure.id} testId="staff-failed-delivery">
              <span className="font-semibold">{deliveryFailures[failure.failure]}</span>
              {failure.type ? <> · {failure.type}</> : null}
              {failure.eventId ? (
                <>
                  {" "}
                  · <span className="break-all">{failure.eventId}</span>
                </>
              ) : null}{" "}
              · <LocalTime at={failure.failedAt} style="mediumWithSeconds" />
              <span className="mt-1 block text-sm text-muted">{failure.message}</span>
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
    </div>
  );
}
