export function formatPerMinute(cents: number | null): string {
  if (cents === null) return "Price on request";
  return `${new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100)}/min`;
}
