/** The reader dashboard's paid readings: requests, earnings, sessions and reviews. */
import { Form, Link } from "@remix-run/react";
import { LocalTime } from "~/components/local-time";
import { formatMoney } from "~/lib/format";
import { buttonClasses } from "~/components/ui/button";
import type { BlockedClient } from "~/paid-readings/blocks.server";
import { AnswerRequest, BlockClient } from "~/paid-readings/incoming-requests";
import type { readerEarnings } from "~/paid-readings/readings.server";
import type { PendingRequest } from "~/paid-readings/requests.server";
import { READING_FEE_PERCENT, READING_MODE_LABELS } from "~/paid-readings/rules";
import { GUARANTEE_WHO_PAYS } from "~/paid-readings/guarantee";
import { PushButton } from "~/push/push-button";

export type Earnings = Awaited<ReturnType<typeof readerEarnings>>;

export function PaidReadings({ requests, blocked, earnings }: { requests: PendingRequest[]; blocked: BlockedClient[]; earnings: Earnings }) {
  const reviews = earnings.history.filter((reading) => reading.rating !== null);
  return (
    <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
      <p className="text-sm lg:col-span-2">
        <Link to="/reader-dashboard/written" className="font-semibold underline" data-testid="written-dashboard-link">
          Written readings
        </Link>
        : your offers at a fixed price, and the questions clients asked.
      </p>
      <div className="rounded-2xl border border-line p-5" data-testid="dashboard-requests">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-sans font-semibold">Requests</h3>
          <PushButton
            className="text-right"
            label="Tell me about reading requests"
            done="This device will tell you of reading requests, even with Arcanum closed."
          />
        </div>
        {requests.length === 0 ? (
          <p className="mt-1 text-sm text-muted">People asking you for a reading appear here, and in every tab you have open, while you are online.</p>
        ) : (
          <ul className="mt-2 divide-y divide-line">
            {requests.map((request) => (
              <li key={request.id} className="py-3">
                <p className="font-semibold">
                  {request.clientName} · {READING_MODE_LABELS[request.mode]}
                </p>
                {request.question ? <p className="text-sm">“{request.question}”</p> : null}
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <AnswerRequest requestId={request.id} />
                  <BlockClient requestId={request.id} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="rounded-2xl border border-line p-5" data-testid="dashboard-earnings">
        <h3 className="font-sans font-semibold">Earnings</h3>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-muted">Readings earned</dt>
            <dd className="text-lg font-bold tabular-nums">{formatMoney(earnings.totals.grossCents)}</dd>
          </div>
          <div>
            <dt className="text-muted">Platform fee ({READING_FEE_PERCENT} %)</dt>
            <dd className="text-lg font-bold tabular-nums">{formatMoney(earnings.totals.feeCents)}</dd>
          </div>
          <div>
            <dt className="text-muted">Yours</dt>
            <dd className="text-lg font-bold tabular-nums" data-testid="earnings-net">
              {formatMoney(earnings.totals.netCents)}
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-sm">
          Balance{" "}
          <span className="font-semibold tabular-nums" data-testid="earnings-balance">
            {formatMoney(earnings.balanceCents)}
          </span>
          , shared with any deck sales.{" "}
          <Link to="/sales" className="text-brand underline">
            Payouts
          </Link>
        </p>
        <p className="mt-2 text-sm text-muted" data-testid="earnings-guarantee">
          Clients may claim the{" "}
          <Link to="/guarantee" className="text-brand underline">
            satisfaction guarantee
          </Link>
          . {GUARANTEE_WHO_PAYS}
        </p>
      </div>
      <div className="rounded-2xl border border-line p-5 lg:col-span-2" data-testid="dashboard-sessions">
        <h3 className="font-sans font-semibold">Sessions</h3>
        {earnings.history.length === 0 ? (
          <p className="mt-1 text-sm text-muted">Your paid readings appear here with their length and what they earned.</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-muted">
                <tr>
                  <th className="py-2 font-normal">Client</th>
                  <th className="py-2 font-normal">When</th>
                  <th className="py-2 font-normal">Minutes</th>
                  <th className="py-2 text-right font-normal">Charged</th>
                  <th className="py-2 text-right font-normal">Yours</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {earnings.history.map((reading) => (
                  <tr key={reading.id}>
                    <td className="py-2">
                      <Link to={`/readings/${reading.id}`} className="underline">
                        {reading.otherName}
                      </Link>
                    </td>
                    <td className="py-2">
                      <LocalTime at={reading.createdAt} style="mediumWithTime" />
                    </td>
                    <td className="py-2 tabular-nums">{reading.status === "ended" ? reading.minutes : "live"}</td>
                    <td className="py-2 text-right tabular-nums">{formatMoney(reading.chargedCents)}</td>
                    <td className="py-2 text-right tabular-nums">{reading.refundedCents > 0 ? "refunded" : formatMoney(reading.netCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <div className="rounded-2xl border border-line p-5 lg:col-span-2" data-testid="blocked-clients">
        <h3 className="font-sans font-semibold">Blocked clients</h3>
        <p className="mt-1 text-sm text-muted">
          A client you block from one of their requests can no longer ask you for a reading, live, booked or written, until you unblock them here.
        </p>
        {blocked.length > 0 ? (
          <ul className="mt-2 divide-y divide-line">
            {blocked.map((client) => (
              <li key={client.clientId} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <p className="min-w-0 break-words">
                  <span className="font-semibold">{client.name}</span>
                  <span className="text-sm text-muted">
                    {" "}
                    · since <LocalTime at={client.since} style="medium" />
                  </span>
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="unblock" />
                  <input type="hidden" name="clientId" value={client.clientId} />
                  <button type="submit" className={buttonClasses("secondary", "sm")}>
                    Unblock
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="rounded-2xl border border-line p-5 lg:col-span-2" data-testid="dashboard-reviews">
        <h3 className="font-sans font-semibold">Reviews</h3>
        {reviews.length === 0 ? (
          <p className="mt-1 text-sm text-muted">What clients say after their readings appears here; you can answer each once.</p>
        ) : (
          <ul className="mt-2 divide-y divide-line">
            {reviews.map((reading) => (
              <li key={reading.id} className="py-3">
                <p>
                  <span className="text-gold" aria-label={`${reading.rating} out of 5 stars`}>
                    {"★".repeat(reading.rating ?? 0)}
                  </span>{" "}
                  · {reading.otherName}
                </p>
                {reading.review ? <p className="mt-1">{reading.review}</p> : null}
                {reading.reply ? (
                  <p className="mt-1 text-sm text-muted">You answered: {reading.reply}</p>
                ) : (
                  <Link to={`/readings/${reading.id}`} className="text-sm text-brand underline">
                    Answer
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
