import { sql } from "drizzle-orm";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { requireUser, returnPathOf } from "~/auth/guard.server";
import { safeRedirect } from "~/auth/redirect";
import { LocalTime } from "~/components/local-time";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import { readShape, type Slots } from "~/lib/page-reads.server";
import { chosenZoneRead, timesIn, zoneFrom } from "~/paid-readings/booked-times.server";
import { readingHistory } from "~/paid-readings/readings.server";
import { TOP_UP_AMOUNTS_CENTS } from "~/paid-readings/rules";
import { startReadingTopUp, startTopUp } from "~/paid-readings/top-up.server";
import { topUpArrivedFrom, topUpRead, walletFrom, walletReads } from "~/paid-readings/wallet.server";
import { PaymentsError } from "~/payments/provider.server";
import type { PageHandle } from "~/lib/page-handle";
import { readForm } from "~/lib/read-form.server";

export const handle: PageHandle = { roundTrips: 1, actionRoundTrips: 5, renderMemo: true };

export const meta: MetaFunction = () => [{ title: "Reading balance — Arcanum" }];

/** Where to go back after a top-up: a page of ours, never another site. */
const returnTarget = (url: URL) => {
  const target = safeRedirect(url.searchParams.get("returnTo"), "/balance");
  return target.startsWith("/balance") ? "/balance" : target;
};

/**
 * The balance, its holds and history, the person's readings and zone. The balance and the zone are
 * a row each and travel as one statement: a statement costs D1 more than a row (decision 0123).
 */
const BALANCE = readShape((db, me) => {
  const [balance, holds, entries] = walletReads(db, me);
  const balanceAndZone = db.select({ balance: sql<number | null>`${balance}`, zone: sql<string | null>`${chosenZoneRead(db, me)}` }).from(sql`(SELECT 1)`);
  return [balanceAndZone, holds, entries, readingHistory(db, me, "client", 20)] as const;
});

/** The top-up just paid, read only on the way back from a checkout (in the same round trip). */
const TOP_UP = readShape((db, me, { checkout }: Slots<{ checkout: string }>) => [topUpRead(db, me, checkout)]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const topped = url.searchParams.get("topped");
  // The person and everything the page shows of them in one round trip.
  const [user, [[row], holdRows, entryRows, readings], checkout] = await Promise.all([
    requireUser(request, context),
    context.read(BALANCE, {}),
    topped ? context.read(TOP_UP, { checkout: topped.slice(0, 64) }) : null,
  ]);
  // A balance belongs to an account: a guest creates one first and comes back here.
  if (user.isGuest) throw redirect(`/signup?redirectTo=${encodeURIComponent(returnPathOf(request))}`);
  const wallet = walletFrom([row?.balance == null ? [] : [{ balance: row.balance }], holdRows, entryRows]);
  const arrived = checkout ? topUpArrivedFrom(checkout[0]) : null;
  const times = timesIn(zoneFrom(row?.zone == null ? [] : [{ zone: row.zone }], context.timeZone));
  const reading = readingParam.safeParse(url.searchParams.get("reading") ?? undefined);
  // A hold's time reads as on the person's bookings: in their chosen zone, written on the server.
  const holds = wallet.holds.map((hold) => ({ ...hold, when: hold.startAt ? times.moment(hold.startAt) : null }));
  return {
    wallet: { ...wallet, holds },
    readings,
    topped: topped ? { arrived } : null,
    returnTo: returnTarget(url),
    reading: reading.success ? (reading.data ?? null) : null,
  };
}

const readingParam = lazySchema(() =>
  z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
);
const topUpForm = lazySchema(() => z.object({ amount: z.coerce.number().int(), returnTo: z.string().max(300).default("/balance"), reading: readingParam }));

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const parsed = await readForm(request, topUpForm);
  if (!parsed.ok) return data({ error: "Choose one of the amounts offered." }, { status: 400 });
  const origin = new URL(request.url).origin;
  if (parsed.data.reading) {
    // Funds added from a live reading: its clock holds while the checkout is open.
    try {
      const { url } = await startReadingTopUp(context, user, parsed.data.reading, parsed.data.amount, origin);
      throw redirect(url);
    } catch (error) {
      if (!(error instanceof PaymentsError)) throw error;
      return data({ error: error.message }, { status: error.status });
    }
  }
  const back = returnTarget(new URL(`/balance?returnTo=${encodeURIComponent(parsed.data.returnTo)}`, request.url));
  try {
    const { url } = await startTopUp(
      context,
      user,
      parsed.data.amount,
      origin,
      back === "/balance" ? "/balance" : `/balance?returnTo=${encodeURIComponent(back)}`,
    );
    throw redirect(url);
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export default function Balance() {
  const { wallet, readings, topped, returnTo, reading } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-4xl px-4 pb-16">
      {topped && !topped.arrived ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <PageHeader eyebrow="Readers" title="Reading balance">
        <p>Readings with human readers are paid from this balance, by the started minute. It never expires.</p>
      </PageHeader>

      <section className="rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="balance-title">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="balance-title" className="text-sm uppercase tracking-wide text-muted">
              Your balance
            </h2>
            <p className="font-display text-5xl font-bold tabular-nums" data-testid="wallet-balance">
              {formatMoney(wallet.balanceCents)}
            </p>
            {wallet.heldCents > 0 ? (
              <p className="mt-1 text-sm" data-testid="wallet-available">
                {formatMoney(wallet.availableCents)} available · {formatMoney(wallet.heldCents)} on hold
              </p>
            ) : null}
          </div>
          {reading ? (
            <Link to={`/reading-room?session=${reading}`} className={buttonClasses("primary")} data-testid="back-to-reading">
              Back to your reading
            </Link>
          ) : returnTo !== "/balance" ? (
            <Link to={returnTo} className={buttonClasses("secondary")}>
              Back to booking
            </Link>
          ) : null}
        </div>
        {topped ? (
          <p role="status" className="mt-4 rounded-xl bg-brand/10 px-4 py-3 font-semibold" data-testid="top-up-status">
            {topped.arrived
              ? reading
                ? "Your top-up is in your balance and your reading goes on. You can close this tab if your reading is open in another."
                : "Your top-up is in your balance."
              : "Your payment is on its way: the balance updates in a moment."}
          </p>
        ) : null}
        <Form method="post" className="mt-6">
          <input type="hidden" name="returnTo" value={returnTo} />
          {reading ? <input type="hidden" name="reading" value={reading} /> : null}
          <p className="font-semibold">{reading ? "Add funds to your reading" : "Top up"}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {TOP_UP_AMOUNTS_CENTS.map((amount) => (
              <button key={amount} type="submit" name="amount" value={amount} className={buttonClasses("secondary")} disabled={navigation.state !== "idle"}>
                {formatMoney(amount)}
              </button>
            ))}
          </div>
          {result?.error ? (
            <p role="alert" className="mt-2 font-semibold text-danger">
              {result.error}
            </p>
          ) : null}
        </Form>
      </section>

      {wallet.holds.length > 0 ? (
        <section className="mt-6 rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="holds-title">
          <h2 id="holds-title" className="text-2xl font-bold">
            On hold
          </h2>
          <p className="mt-1 text-sm text-muted">Set aside for scheduled readings: still yours, released or spent once the reading is settled.</p>
          <ul className="mt-3 divide-y divide-line" data-testid="wallet-holds">
            {wallet.holds.map((hold) => (
              <li key={hold.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span className="min-w-0">
                  <Link to={`/bookings/${hold.subjectId}`} className="font-semibold underline">
                    Reading with {hold.readerName ?? "a reader"}
                  </Link>
                  {hold.when ? (
                    <span className="text-muted" data-testid="hold-when">
                      {" "}
                      · {hold.when}
                    </span>
                  ) : null}
                </span>
                <span className="tabular-nums">{formatMoney(hold.amountCents)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="mt-6 rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="ledger-title">
        <h2 id="ledger-title" className="text-2xl font-bold">
          History
        </h2>
        {wallet.entries.length === 0 ? (
          <p className="mt-2 text-muted">Nothing yet: top-ups, readings and refunds appear here.</p>
        ) : (
          <table className="mt-3 w-full text-sm" data-testid="wallet-ledger">
            <thead className="text-left text-muted">
              <tr>
                <th className="py-2 font-normal">When</th>
                <th className="py-2 font-normal">What</th>
                <th className="py-2 text-right font-normal">Amount</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {wallet.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="py-2">
                    <LocalTime at={entry.createdAt} style="mediumWithTime" />
                  </td>
                  <td className="py-2">
                    {entry.description}
                    {entry.paidReadingId ? (
                      <>
                        {" "}
                        ·{" "}
                        <Link to={`/readings/${entry.paidReadingId}`} className="underline">
                          receipt
                        </Link>
                      </>
                    ) : null}
                  </td>
                  <td className={`py-2 text-right tabular-nums ${entry.amountCents < 0 ? "" : "text-brand"}`}>
                    {entry.amountCents < 0 ? "−" : "+"}
                    {formatMoney(Math.abs(entry.amountCents))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="mt-6 rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="readings-title">
        <h2 id="readings-title" className="text-2xl font-bold">
          Your readings
        </h2>
        {readings.length === 0 ? (
          <p className="mt-2 text-muted">
            No paid readings yet.{" "}
            <Link to="/readers?online=1" className="underline">
              See who is online
            </Link>
            .
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {readings.map((reading) => (
              <li key={reading.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span>
                  <Link to={`/readings/${reading.id}`} className="font-semibold underline">
                    {reading.otherName}
                  </Link>
                  <span className="text-muted">
                    {" "}
                    · {reading.minutes} min · <LocalTime at={reading.createdAt} style="medium" />
                  </span>
                </span>
                <span className="tabular-nums">
                  {formatMoney(reading.chargedCents)}
                  {reading.refundedCents > 0 ? " (refunded)" : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
