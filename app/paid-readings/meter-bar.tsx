import { useEffect, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import type { RoomConnection } from "~/reading-room/use-room";
import type { MeterView } from "./clock";
import { TOP_UP_AMOUNTS_CENTS } from "./rules";
import { RoomTip } from "./tip-form";

/** Set once the page is on its way to the receipt: the bar may be drawn twice as the room closes. */
let openingReceipt = false;

const clock = (ms: number) => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/** Time on the clock now: the room's figure plus what has passed since, while it runs. */
function useClockTime(meter: RoomConnection["meter"]) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!meter?.view.running) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [meter]);
  if (!meter) return 0;
  return meter.view.activeMs + (meter.view.running ? Math.max(0, now - meter.receivedAt) : 0);
}

function status(view: MeterView): string {
  const other = view.role === "client" ? "the reader" : "the client";
  if (view.status === "waiting") return `Waiting for ${other} to join. The clock starts when you are both here.`;
  if (view.status === "paused") return `Paused: ${other} lost the connection. Nothing is charged until they are back.`;
  if (view.status === "ended") return "The reading has ended. Opening the receipt…";
  if (view.status === "funding") return "The clock holds while funds are added.";
  if (view.waitingFor)
    return `${view.waitingFor === view.role ? "You" : other === "the reader" ? "The reader" : "The client"} lost the connection: the clock pauses if they are not back shortly.`;
  return view.minutesBilled <= view.freeMinutes ? `Free minute ${view.minutesBilled} of ${view.freeMinutes}` : "Billed by the started minute";
}

/**
 * The paid reading's clock, shown to its client and reader: time together, the cost so far, the
 * free minutes, a warning when the balance pays only the running minute, the way to end, and for
 * the client, a tip once the clock has started.
 * Every figure comes from the room; only the seconds between its messages are counted here.
 */
export function PaidReadingBar({ room }: { room: RoomConnection }) {
  const meter = room.meter;
  const time = useClockTime(meter);
  const [confirming, setConfirming] = useState(false);
  const receipt = meter?.view.receiptPath;
  const ended = meter?.view.status === "ended";
  useEffect(() => {
    if (!ended || !receipt || openingReceipt) return;
    openingReceipt = true;
    window.location.assign(receipt);
  }, [ended, receipt]);
  if (!meter) return null;
  const { view } = meter;
  return (
    <div className="mb-3 rounded-2xl border border-gold/40 bg-surface/90 p-3 text-sm shadow-sm" data-testid="paid-meter" data-status={view.status}>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <p className="text-2xl font-semibold tabular-nums lining-nums" aria-label="Time in this reading" data-testid="meter-time">
          {clock(time)}
        </p>
        <p>
          <span className="text-muted">{view.role === "reader" ? "Earned so far" : "Cost so far"} </span>
          <span className="font-semibold tabular-nums" data-testid="meter-cost">
            {formatMoney(view.chargedCents)}
          </span>
          <span className="text-muted"> · {formatMoney(view.pricePerMinuteCents)}/min</span>
        </p>
        {view.balanceCents !== null ? (
          <p>
            <span className="text-muted">Balance </span>
            <span className="font-semibold tabular-nums" data-testid="meter-balance">
              {formatMoney(view.balanceCents)}
            </span>
          </p>
        ) : null}
        <p className="text-muted" data-testid="meter-status" aria-live="polite">
          {status(view)}
        </p>
        <div className="ml-auto flex gap-2">
          {view.status === "ended" ? (
            <a href={view.receiptPath} className={buttonClasses("primary", "sm")}>
              See the receipt
            </a>
          ) : confirming ? (
            <>
              <button type="button" className={buttonClasses("primary", "sm")} onClick={() => room.endReading()}>
                Yes, end now
              </button>
              <button type="button" className={buttonClasses("ghost", "sm")} onClick={() => setConfirming(false)}>
                Keep reading
              </button>
            </>
          ) : (
            <button type="button" className={buttonClasses("secondary", "sm")} onClick={() => setConfirming(true)}>
              End reading
            </button>
          )}
        </div>
      </div>
      {view.status === "funding" ? (
        <div role="status" data-testid="meter-funding" className="mt-2 rounded-xl bg-brand/10 px-3 py-2">
          <p className="font-semibold">Adding funds…</p>
          <p className="text-muted">
            {view.role === "client"
              ? "Finish the payment in the checkout tab. The reading goes on as soon as the top-up arrives; if it has not arrived in 3 minutes, the reading ends, billed for the minutes you had."
              : "The client is adding funds. The reading goes on as soon as they arrive, or ends within 3 minutes."}
          </p>
          {view.role === "client" ? <AddFunds readingId={view.readingId} label="Open the checkout again" /> : null}
        </div>
      ) : view.lowBalance ? (
        <div role="alert" data-testid="meter-warning" className="mt-2 rounded-xl bg-gold/15 px-3 py-2">
          <p className="font-semibold">
            {view.role === "client"
              ? "Your balance pays for this minute only: the reading ends when it runs out."
              : "The client’s balance pays for this minute only: the reading ends when it runs out."}
          </p>
          {view.role === "client" ? <AddFunds readingId={view.readingId} label="Add funds" /> : null}
        </div>
      ) : null}
      {/* The client may tip from the first free minute on; the reader is never offered one. */}
      {view.role === "client" && view.status !== "waiting" && view.status !== "ended" ? (
        <RoomTip readingId={view.readingId} balanceCents={view.balanceCents ?? 0} />
      ) : null}
    </div>
  );
}

/**
 * Adding funds from the room: the checkout opens in a new tab, so this one keeps the reading; the
 * room holds the clock meanwhile. The amounts are a plain form, as on the balance page.
 */
function AddFunds({ readingId, label }: { readingId: string; label: string }) {
  return (
    <details className="mt-2" data-testid="add-funds">
      <summary className={`${buttonClasses("primary", "sm")} cursor-pointer list-none`}>{label}</summary>
      <form method="post" action="/balance" target="_blank" className="mt-2 flex flex-wrap items-center gap-2">
        <input type="hidden" name="reading" value={readingId} />
        <span className="text-muted">Top up with</span>
        {TOP_UP_AMOUNTS_CENTS.map((amount) => (
          <button key={amount} type="submit" name="amount" value={amount} className={buttonClasses("secondary", "sm")}>
            {formatMoney(amount)}
          </button>
        ))}
      </form>
    </details>
  );
}
