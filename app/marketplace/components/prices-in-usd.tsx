import { cn } from "~/lib/cn";

/** The currency every price in the marketplace is in: said once, here, wherever a buyer sees prices. */
export const PRICES_CURRENCY = "Prices in US dollars (USD)";

export function PricesInUsd({ className }: { className?: string }) {
  return (
    <p className={cn("text-xs text-muted", className)} data-testid="prices-in-usd">
      {PRICES_CURRENCY}
    </p>
  );
}
