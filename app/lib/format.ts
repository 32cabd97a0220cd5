/** An amount in a currency's smallest unit, as people read it: 1299, "usd" → "$12.99". */
export function formatMoney(cents: number, currency = "usd"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

/** A date as a sentence says it, in UTC so server and browser agree: "December 23, 2026". */
export function longDate(ms: number): string {
  return new Date(ms).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
}
