// Money and dates as people read them. Building an Intl formatter costs far more than using one
// (it was a tenth of a marketplace page's render), so each kind is made once per isolate and kept.
// Dates are in UTC so the server and the browser agree.

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

/** An amount in a currency's smallest unit, as people read it: 1299, "usd" → "$12.99". */
export function formatMoney(cents: number, currency = "usd"): string {
  const code = currency.toUpperCase();
  return cached(`money:${code}`, () => new Intl.NumberFormat("en-US", { style: "currency", currency: code })).format(cents / 100);
}

/** Whole dollars without cents, cents only when there are some: 9 → "$9", 9.99 → "$9.99". */
export function formatDollars(amount: number): string {
  const whole = amount % 1 === 0;
  return cached(`dollars:${whole}`, () =>
    new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: whole ? 0 : 2 }),
  ).format(amount);
}

/** A number of cards as people say it: 1 → "1 card", 22 → "22 cards". */
export function cardCount(count: number): string {
  return `${count} ${count === 1 ? "card" : "cards"}`;
}

/** A count with thousands separators: 5000 → "5,000". */
export function formatCount(count: number): string {
  return cached("count", () => new Intl.NumberFormat("en-US")).format(count);
}

const DATE_STYLES = {
  /** "December 23, 2026" */
  long: { dateStyle: "long" },
  /** "Dec 23, 2026" */
  medium: { dateStyle: "medium" },
  /** "Dec 23" */
  dayMonth: { month: "short", day: "numeric" },
  /** "December 23, 2026 at 4:05 PM" */
  longWithTime: { dateStyle: "long", timeStyle: "short" },
  /** "Dec 23, 2026, 4:05 PM" */
  mediumWithTime: { dateStyle: "medium", timeStyle: "short" },
  /** "Dec 23, 2026, 4:05:09 PM" */
  mediumWithSeconds: { dateStyle: "medium", timeStyle: "medium" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A moment in one of the house styles, in UTC. */
export function formatDate(ms: number, style: DateStyle = "long"): string {
  return cached(`date:${style}`, () => new Intl.DateTimeFormat("en-US", { ...DATE_STYLES[style], timeZone: "UTC" })).format(ms);
}

export type DateStyle = keyof typeof DATE_STYLES;

/** Whether a house style shows the time of day, which then needs its time zone named. */
export function styleHasTime(style: DateStyle): boolean {
  return "timeStyle" in DATE_STYLES[style];
}

/** A moment in one of the house styles, in the time zone of whoever runs this (the browser's, on a page). */
export function formatLocalDate(ms: number, style: DateStyle = "long"): string {
  return cached(`local:${style}`, () => new Intl.DateTimeFormat("en-US", DATE_STYLES[style])).format(ms);
}

/** A date as a sentence says it: "December 23, 2026". */
export function longDate(ms: number): string {
  return formatDate(ms, "long");
}
