import { useEffect, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import type { RoomConnection } from "~/reading-room/use-room";
import type { MeterView } from "./clock";

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
  if (view.waitingFor) return `${view.waitingFor === view.role ? "You" : other === "the reader" ? "The reader" : "The client"} lost the connection: the clock pauses if they are not back shortly.`;
  return view.minutesBilled <= view.freeMinutes ? `Free minute ${view.minutesBilled} of ${view.freeMinutes}` : "Billed by the started minute";
}

/**
 * The paid reading's clock, shown to its client and reader: time together, the cost so far, the
 * free minutes, a warning when the balance pays only the running minute, and the way to end.
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
          <span className="font-semibold tabular-nums" data-testid="meter-cost">{formatMoney(view.chargedCents)}</span>
          <span className="text-muted"> · {formatMoney(view.pricePerMinuteCents)}/min</span>
        </p>
        {view.balanceCents !== null ? (
          <p>
            <span className="text-muted">Balance </span>
            <span className="font-semibold tabular-nums" data-testid="meter-balance">{formatMoney(view.balanceCents)}</span>
          </p>
        ) : null}
        <p className="text-muted" data-testid="meter-status" aria-live="polite">{status(view)}</p>
        <div className="ml-auto flex gap-2">
          {view.status === "ended" ? (
            <a href={view.receiptPath} className={buttonClasses("primary", "sm")}>See the receipt</a>
          ) : confirming ? (
            <>
              <button type="button" className={buttonClasses("primary", "sm")} onClick={() => room.endReading()}>Yes, end now</button>
              <button type="button" className={buttonClasses("ghost", "sm")} onClick={() => setConfirming(false)}>Keep reading</button>
            </>
          ) : (
            <button type="button" className={buttonClasses("secondary", "sm")} onClick={() => setConfirming(true)}>End reading</button>
          )}
        </div>
      </div>
      {view.lowBalance ? (
        <p role="alert" data-testid="meter-warning" className="mt-2 rounded-xl bg-gold/15 px-3 py-2 font-semibold">
          {view.role === "client"
            ? "Your balance pays for this minute only: the reading ends when it runs out."
            : "The client’s balance pays for this minute only: the reading ends when it runs out."}
        </p>
      ) : null}
    </div>
  );
}
