import { useEffect, useState, type ReactNode } from "react";
import { Form, useFetcher } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { newId } from "~/lib/crypto";
import { formatMoney } from "~/lib/format";
import { READING_FEE_PERCENT, TIP_AMOUNTS_CENTS, TIP_MAX_CENTS, TIP_MIN_CENTS } from "./rules";

/**
 * What a tip form sends: the usual amounts (each off while the balance is short of it) or another
 * within the bounds, paid from the balance. `tipKey` makes a second press of the same form one tip.
 */
function TipFields({ balanceCents, tipKey, boundsId, small = false }: { balanceCents: number; tipKey: string; boundsId: string; small?: boolean }) {
  const size = small ? "sm" : undefined;
  return (
    <>
      <input type="hidden" name="intent" value="tip" />
      <input type="hidden" name="key" value={tipKey} />
      <div className="flex flex-wrap items-end gap-2">
        {TIP_AMOUNTS_CENTS.map((cents) => (
          <button key={cents} type="submit" name="amount" value={cents} className={buttonClasses("secondary", size)} disabled={balanceCents < cents}>
            {formatMoney(cents)}
          </button>
        ))}
        <label className="flex flex-col text-sm">
          <span className="font-semibold">Another amount ($)</span>
          <Input
            narrow
            className="w-28"
            name="custom"
            inputMode="decimal"
            pattern="\$?[0-9]{1,5}([.,][0-9]{1,2})?"
            placeholder={`${TIP_MIN_CENTS / 100}–${TIP_MAX_CENTS / 100}`}
            aria-describedby={boundsId}
          />
        </label>
        <button type="submit" name="amount" value="custom" className={buttonClasses("primary", size)}>
          Give this tip
        </button>
      </div>
      <p id={boundsId} className="mt-1 text-xs text-muted">
        From {formatMoney(TIP_MIN_CENTS)} to {formatMoney(TIP_MAX_CENTS)}, never more than your balance.
      </p>
    </>
  );
}

/**
 * "Leave a tip" on a reading's page, live or written: `feeOf` names what the reader's fee is taken
 * on, and `result` is the action's answer to this form, if any.
 */
export function TipForm({
  readerName,
  balanceCents,
  tipKey,
  feeOf,
  result,
}: {
  readerName: string;
  balanceCents: number;
  tipKey: string;
  feeOf: string;
  result: ReactNode;
}) {
  return (
    <section className="mt-6 rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="tip-title">
      <h2 id="tip-title" className="text-2xl font-bold">
        Leave a tip
      </h2>
      <p className="mt-1 text-sm text-muted">
        From your balance ({formatMoney(balanceCents)} available). {readerName} receives it less the same {READING_FEE_PERCENT} % fee as {feeOf}.
      </p>
      <Form method="post" className="mt-3" data-testid="tip-form">
        <TipFields balanceCents={balanceCents} tipKey={tipKey} boundsId="tip-bounds" />
      </Form>
      {result}
    </section>
  );
}

type TipAnswer = { ok: boolean; message: string };

/**
 * "Leave a tip" in the room of a paid reading, for its client, from the moment the clock starts
 * (free minutes included): sent to the receipt's action without leaving the room; a new key
 * after each tip given, so the next press is another tip.
 */
export function RoomTip({ readingId, balanceCents }: { readingId: string; balanceCents: number }) {
  const fetcher = useFetcher<TipAnswer>();
  const [tipKey, setTipKey] = useState(newId);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok) setTipKey(newId());
  }, [answer]);
  return (
    <details className="mt-2" data-testid="room-tip">
      <summary className={`${buttonClasses("secondary", "sm")} cursor-pointer list-none`}>Leave a tip</summary>
      <p className="mt-2 text-muted">
        From your balance, now or at any time until after the reading. Your reader receives it less the same {READING_FEE_PERCENT} % fee as the reading’s
        minutes.
      </p>
      <fetcher.Form method="post" action={`/readings/${readingId}`} className="mt-2">
        <TipFields balanceCents={balanceCents} tipKey={tipKey} boundsId="room-tip-bounds" small />
      </fetcher.Form>
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={`mt-2 font-semibold ${answer.ok ? "text-brand" : "text-danger"}`} data-testid="room-tip-result">
          {answer.message}
        </p>
      ) : null}
    </details>
  );
}
