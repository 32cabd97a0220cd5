import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/staff.server";
import { LocalTime } from "~/components/local-time";
import { PageHeader } from "~/components/page-header";
import { ReasonForm, StaffList, StaffRow, StaffSection } from "~/staff/staff-forms";
import { StaffNav } from "~/staff/staff-nav";
import { describeCredits } from "~/plans/cost";
import { newId } from "~/lib/crypto";
import { formatMoney } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { staffMeta } from "~/staff/meta";
import { staffAction } from "~/staff/staff-action.server";
import { grantCredits, memberExists, personOverview, restorePerson, suspendPerson, type StaffOutcome } from "~/staff/people.server";
import { Input, Select } from "~/components/ui/field";

// The action: who asks, whether the person exists, the change with its record, then the page again (2).
export const handle: PageHandle = { actionRoundTrips: 5 };

export const meta: MetaFunction = staffMeta("A person");

export async function loader({ params, context }: LoaderFunctionArgs) {
  await requireStaff(context);
  const overview = await personOverview(context.db, params.userId ?? "");
  if (!overview) throw new Response("Not found", { status: 404 });
  // Each drawing of the form gets its own key: sending the same form twice grants once.
  return { ...overview, grantKey: newId() };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const userId = params.userId ?? "";
  // A person who is not there is not found, whatever is asked of them.
  const existing = async (change: () => Promise<StaffOutcome>) => {
    if (!(await memberExists(context.db, userId))) throw new Response("Not found", { status: 404 });
    return { outcome: await change() };
  };
  return staffAction(
    request,
    context,
    {
      grant: ({ context, staff, form }) => existing(() => grantCredits(context.db, staff.id, userId, form)),
      suspend: ({ context, staff, form }) => existing(() => suspendPerson(context.db, staff, userId, form)),
      restore: ({ context, staff, form }) => existing(() => restorePerson(context.db, staff.id, userId, form)),
    },
    `user:${userId}`,
  );
}

export default function StaffPerson() {
  const { person, plan, credits, balanceCents, receipts, purchases, readings, reports, actions, grantKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const target = `user:${person.id}`;
  const grantError = result?.intent === "grant" && !result.ok && result.field && result.field !== "reason" ? result.message : undefined;
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <PageHeader eyebrow="Staff · People" title={person.fullName || person.username || person.email || "A member"}>
        <p className="break-words">
          {person.email}
          {person.username ? ` · @${person.username}` : ""} · joined <LocalTime at={person.createdAt} />
        </p>
      </PageHeader>
      <StaffNav />
      {person.suspendedAt ? (
        <p role="status" className="mb-6 rounded-2xl border border-danger/60 p-4">
          Suspended since <LocalTime at={person.suspendedAt} style="mediumWithTime" />: {person.suspendedReason}
        </p>
      ) : null}
      <StaffSection title="Plan, credits and balance" id="standing">
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Plan</dt>
            <dd data-testid="person-plan">
              {plan.planType}
              {plan.subscription ? ` · subscription ${plan.subscription.status}${plan.subscription.cancelAtPeriodEnd ? ", ends" : ", renews"} ` : ""}
              {plan.subscription ? <LocalTime at={plan.subscription.periodEnd} /> : null}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Credits left</dt>
            <dd data-testid="person-credits">{describeCredits(credits) || "none"}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Reading balance</dt>
            <dd>{formatMoney(balanceCents)}</dd>
          </div>
        </dl>
        <h3 className="mb-2 mt-6 font-semibold">Grant credits</h3>
        <ReasonForm
          intent="grant"
          target={target}
          hidden={{ key: grantKey }}
          label="Reason (the person sees it in their credit history)"
          button="Grant credits"
          variant="primary"
          result={result}
        >
          <div className="flex flex-wrap gap-3">
            <label className="grow basis-32 text-sm font-semibold">
              Credits
              <Input name="amount" type="number" min={1} max={50} defaultValue={1} required aria-invalid={grantError ? true : undefined} />
            </label>
            <label className="grow basis-40 text-sm font-semibold">
              Kind
              <Select name="kind" defaultValue="completeDeck">
                <option value="completeDeck">Complete deck</option>
                <option value="majorArcana">Major Arcana</option>
              </Select>
            </label>
          </div>
          {grantError ? (
            <p role="alert" className="text-sm text-danger">
              {grantError}
            </p>
          ) : null}
        </ReasonForm>
      </StaffSection>
      <StaffSection title="Account" id="account">
        {person.suspendedAt ? (
          <ReasonForm intent="restore" target={target} label="Why restore the account" button="Restore the account" result={result} />
        ) : (
          <ReasonForm intent="suspend" target={target} label="Why suspend the account" button="Suspend the account" variant="danger" result={result}>
            <p className="text-sm text-muted">
              A suspended person is signed out everywhere and cannot sign in, cannot be booked as a reader, and their listings leave the marketplace.
            </p>
          </ReasonForm>
        )}
      </StaffSection>
      <StaffSection title="Payments" id="payments">
        <StaffList empty="No payment.">
          {receipts.map((receipt) => (
            <StaffRow key={receipt.id}>
              {receipt.description} · {formatMoney(receipt.amountCents, receipt.currency)}
              {receipt.refundedCents > 0 ? ` · refunded ${formatMoney(receipt.refundedCents, receipt.currency)}` : ""} · <LocalTime at={receipt.paidAt} /> ·{" "}
              <Link to={`/staff/payments#receipt-${receipt.id}`} className="text-brand underline">
                in payments
              </Link>
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
      <StaffSection title="Decks bought" id="purchases">
        <StaffList empty="No deck bought.">
          {purchases.map((purchase) => (
            <StaffRow key={purchase.id}>
              <Link to={`/marketplace/${purchase.deckId}`} className="underline">
                {purchase.title}
              </Link>{" "}
              · {formatMoney(purchase.grossCents)} · {purchase.status} · <LocalTime at={purchase.createdAt} />
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
      <StaffSection title="Paid readings" id="readings">
        <StaffList empty="No paid reading.">
          {readings.map((reading) => (
            <StaffRow key={reading.id}>
              As {reading.role} · {reading.status} · {reading.minutes} min · charged {formatMoney(reading.chargedCents)}
              {reading.refundedCents > 0 ? ` · refunded ${formatMoney(reading.refundedCents)}` : ""} · <LocalTime at={reading.createdAt} />
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
      <StaffSection title="Reports" id="reports">
        <h3 className="mb-2 font-semibold">Made by this person</h3>
        <StaffList empty="None.">
          {[
            ...reports.deckReportsBy.map((report) => (
              <StaffRow key={report.id}>
                Deck “{report.title}” · {report.status} · {report.reason}
              </StaffRow>
            )),
            ...reports.readingReportsBy.map((report) => (
              <StaffRow key={report.id}>
                A paid reading · {report.resolvedAt ? "resolved" : "open"} · {report.reason}
              </StaffRow>
            )),
          ]}
        </StaffList>
        <h3 className="mb-2 mt-4 font-semibold">About this person's decks</h3>
        <StaffList empty="None.">
          {reports.reportsOfTheirDecks.map((report) => (
            <StaffRow key={report.id}>
              Deck “{report.title}” · {report.status} · {report.reason}
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
      <StaffSection title="Staff record for this person" id="record">
        <StaffList empty="No staff action yet.">
          {actions.map((action) => (
            <StaffRow key={action.id} testId="staff-action">
              <span className="font-semibold">{action.action}</span> · {action.staffEmail ?? "staff"} ·{" "}
              <LocalTime at={action.createdAt} style="mediumWithTime" /> · {action.reason}
              {action.outcome ? ` · ${action.outcome}` : ""}
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
      <p>
        <Link to="/staff/people" className="text-brand underline">
          Find someone else
        </Link>
      </p>
    </div>
  );
}
