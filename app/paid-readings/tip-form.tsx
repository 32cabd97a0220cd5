import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { formatMoney } from "~/lib/format";
import { READING_FEE_PERCENT, TIP_AMOUNTS_CENTS, TIP_MAX_CENTS, TIP_MIN_CENTS } from "./rules";

/**
 * "Leave a tip" after a reading, live or written: the usual amounts (each off while the balance
 * is short of it) or another within the bounds, paid from the balance. `tipKey` makes a second
 * press of the same form one tip; `feeOf` names what the reader's fee is taken on, and `result`
 * is the action's answer to this form, if any.
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
        <input type="hidden" name="intent" value="tip" />
        <input type="hidden" name="key" value={tipKey} />
        <div className="flex flex-wrap items-end gap-2">
          {TIP_AMOUNTS_CENTS.map((cents) => (
            <button key={cents} type="submit" name="amount" value={cents} className={buttonClasses("secondary")} disabled={balanceCents < cents}>
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
              aria-describedby="tip-bounds"
            />
          </label>
          <button type="submit" name="amount" value="custom" className={buttonClasses("primary")}>
            Give this tip
          </button>
        </div>
        <p id="tip-bounds" className="mt-1 text-xs text-muted">
          From {formatMoney(TIP_MIN_CENTS)} to {formatMoney(TIP_MAX_CENTS)}, never more than your balance.
        </p>
      </Form>
      {result}
    </section>
  );
}
