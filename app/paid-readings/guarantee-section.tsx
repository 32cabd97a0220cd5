import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { Select, Textarea } from "~/components/ui/field";
import { LocalTime } from "~/components/local-time";
import { formatMoney } from "~/lib/format";
import { GUARANTEE_REASONS, GUARANTEE_WORDS_MAX, GUARANTEE_WORDS_MIN, guaranteeClaimedText, type GuaranteeStatus } from "./guarantee";

/**
 * The satisfaction guarantee on a reading's receipt, for its client: the claim form while the
 * reading is open to one, what was credited once claimed, or one sentence saying why not. A plain
 * form: it works without JavaScript.
 */
export function GuaranteeSection({ status, readerName, result }: { status: GuaranteeStatus; readerName: string; result: ReactNode }) {
  return (
    <section className="mt-6 rounded-3xl border border-line bg-surface/90 p-6" aria-labelledby="guarantee-title" data-testid="guarantee">
      <h2 id="guarantee-title" className="text-2xl font-bold">
        Satisfaction guarantee
      </h2>
      {status.kind === "claimed" ? (
        <p className="mt-2 font-semibold text-brand" data-testid="guarantee-claimed">
          {guaranteeClaimedText(status.creditCents)}
        </p>
      ) : status.kind === "closed" ? (
        <p className="mt-2 text-muted" data-testid="guarantee-closed">
          {status.why}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            Not what you hoped for? Claim {formatMoney(status.creditCents)} back to your balance until <LocalTime at={status.until} style="mediumWithTime" />.
          </p>
          <Form method="post" className="mt-3 space-y-3" data-testid="guarantee-form">
            <input type="hidden" name="intent" value="guarantee" />
            <label className="block">
              <span className="text-sm font-semibold">What went wrong?</span>
              <Select name="reason" required defaultValue="">
                <option value="" disabled>
                  Choose a reason
                </option>
                {Object.entries(GUARANTEE_REASONS).map(([key, label]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </Select>
            </label>
            <label className="block">
              <span className="text-sm font-semibold">In a few words (staff read them; {readerName} is told of the claim)</span>
              <Textarea name="words" required minLength={GUARANTEE_WORDS_MIN} maxLength={GUARANTEE_WORDS_MAX} rows={3} />
            </label>
            <button type="submit" className={buttonClasses("secondary")}>
              Claim the guarantee
            </button>
          </Form>
        </>
      )}
      {status.kind === "claimed" ? null : result}
      <p className="mt-3 text-sm">
        <Link to="/guarantee" className="underline">
          The guarantee&rsquo;s terms
        </Link>
      </p>
    </section>
  );
}
