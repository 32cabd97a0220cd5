import { formatMoney } from "../lib/format";
export function formatPerMinute(cents: number | null): string {
  if (cents === null) return "Price on request";
  return `${formatMoney(cents)}/min`;
}
