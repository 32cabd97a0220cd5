import { Form } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { formatMoney } from "~/lib/format";
import { codeOff } from "~/marketplace/offers";

export type CodeResult = {
  code: string;
  applied: { code: string; kind: "percent" | "amount"; amount: number; priceCents: number } | null;
  error: string | null;
};

/**
 * The checkout's offer code: a plain GET form that reloads the checkout with `?code=`, so it works
 * without JavaScript, and what the code does to the price (or why it may not be used).
 */
export function OfferCodeField({ result, error }: { result: CodeResult | null; error?: string | null }) {
  const message = error ?? result?.error ?? null;
  return (
    <Form method="get" className="mt-4 w-full max-w-sm text-left" data-testid="offer-code">
      <label htmlFor="offer-code" className="block text-sm font-semibold">
        Offer code
      </label>
      <div className="mt-1 flex gap-2">
        <Input
          id="offer-code"
          name="code"
          look="inline"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          defaultValue={result?.code ?? ""}
          placeholder="SPRING-25"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "offer-code-error" : result?.applied ? "offer-code-applied" : undefined}
        />
        <button type="submit" className={buttonClasses("secondary")}>
          Apply
        </button>
      </div>
      {message ? (
        <p id="offer-code-error" role="alert" className="mt-1 text-sm text-danger">
          {message}
        </p>
      ) : result?.applied ? (
        <p id="offer-code-applied" role="status" className="mt-1 text-sm text-success">
          {result.applied.code}: {codeOff(result.applied)}
        </p>
      ) : null}
    </Form>
  );
}

/** The price to pay, with the price before the code struck through when one applies. */
export function PriceWithCode({ priceCents, result, currency }: { priceCents: number; result: CodeResult | null; currency?: string }) {
  const applied = result?.applied;
  return (
    <p className="mt-2 flex flex-wrap items-baseline justify-center gap-x-3 sm:justify-start" data-testid="checkout-price">
      {applied ? (
        <span className="text-xl text-muted line-through" aria-label={`was ${formatMoney(priceCents, currency)}`}>
          {formatMoney(priceCents, currency)}
        </span>
      ) : null}
      <span className="font-display text-4xl font-bold text-gold">{formatMoney(applied?.priceCents ?? priceCents, currency)}</span>
    </p>
  );
}
