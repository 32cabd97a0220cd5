// Money, counts and dates as people read them, in American English.
//
// The house styles are written out here by hand rather than through Intl: a page's first Intl
// formatter loads the browser's locale data, 26 to 90 ms of chromium's main thread on our machines
// while the page hydrates (docs/decisions/0047-members-pages.md). Anything outside the house cases
// (another currency, a fraction of a cent, a year outside 1000 to 9999) goes to Intl, kept once per
// isolate since building a formatter costs far more than using one. tests/worker/format.test.ts
// holds every function to Intl's own output.

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** Formatters kept at most: the options include time zones a person chose, so the map must not grow without end. */
const KEPT_FORMATTERS = 2000;

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    if (formatters.size < KEPT_FORMATTERS) formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A date format for these options, made once per isolate: making one, a time zone's above all,
 * takes the runtime milliseconds, which a page that made one per request paid on every view.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`format:${locale}:${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** A whole number's digits in groups of three: 1234567 → "1,234,567". */
function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** Integers the hand-written formats are exact for. */
const isPlainInteger = (n: number) => Number.isSafeInteger(n) && !Object.is(n, -0);

/**
 * Cents Intl reads exactly: under 10^15, a hundredth of them is a double whose shortest form has the
 * same digits. Beyond, Intl shows the double's rounding, and so do we, by leaving those to it.
 */
const isPlainCents = (cents: number) => isPlainInteger(cents) && Math.abs(cents) < 1e15;

/** An amount in a currency's smallest unit, as people read it: 1299, "usd" → "$12.99". */
export function formatMoney(cents: number, currency = "usd"): string {
  const code = currency.toUpperCase();
  if (code === "USD" && isPlainCents(cents)) {
    const sign = cents < 0 ? "-" : "";
    const abs = Math.abs(cents);
    return `${sign}$${grouped(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
  }
  return cached(`money:${code}`, () => new Intl.NumberFormat("en-US", { style: "currency", currency: code })).format(cents / 100);
}

/** A deck's price as its listing shows it: "Free" when it has none. */
export function formatPrice(cents: number | null): string {
  if (cents === null) return "Free";
  return formatMoney(cents);
}

/** A reader's price by the minute: "$2.50/min", or "Price on request" when they have none. */
export function formatPerMinute(cents: number | null): string {
  if (cents === null) return "Price on request";
  return `${formatMoney(cents)}/min`;
}

/** Whole dollars without cents, cents only when there are some: 9 → "$9", 9.99 → "$9.99". */
export function formatDollars(amount: number): string {
  if (isPlainInteger(amount)) return `${amount < 0 ? "-" : ""}$${grouped(Math.abs(amount))}`;
  const cents = Math.round(amount * 100);
  // Only amounts that are whole cents exactly; 1.005 and the like are left to Intl's rounding.
  if (isPlainCents(cents) && cents / 100 === amount) return formatMoney(cents);
  const whole = amount % 1 === 0;
  return cached(`dollars:${whole}`, () => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: whole ? 0 : 2 })).format(
    amount,
  );
}

/** A number of cards as people say it: 1 → "1 card", 22 → "22 cards". */
export function cardCount(count: number): string {
  return `${count} ${count === 1 ? "card" : "cards"}`;
}

/** A count with thousands separators: 5000 → "5,000". */
export function formatCount(count: number): string {
  if (isPlainInteger(count)) return `${count < 0 ? "-" : ""}${grouped(Math.abs(count))}`;
  return cached("count", () => new Intl.NumberFormat("en-US")).format(count);
}

/** The house date styles, as Intl options; the hand-written forms below match Intl given these. */
export const DATE_STYLES = {
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
  const written = writeDate(ms, style, "utc");
  return written ?? cached(`date:${style}`, () => new Intl.DateTimeFormat("en-US", { ...DATE_STYLES[style], timeZone: "UTC" })).format(ms);
}

export type DateStyle = keyof typeof DATE_STYLES;

/** Whether a house style shows the time of day, which then needs its time zone named. */
export function styleHasTime(style: DateStyle): boolean {
  return "timeStyle" in DATE_STYLES[style];
}

/** A moment in one of the house styles, in the time zone of whoever runs this (the browser's, on a page). */
export function formatLocalDate(ms: number, style: DateStyle = "long"): string {
  const written = writeDate(ms, style, "local");
  return written ?? cached(`local:${style}`, () => new Intl.DateTimeFormat("en-US", DATE_STYLES[style])).format(ms);
}

/** A date as a sentence says it: "December 23, 2026". */
export function longDate(ms: number): string {
  return formatDate(ms, "long");
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** What stands before AM and PM: a plain space, as in the browser's and the Worker's locale data (not the narrow one of newer ICU). */
const BEFORE_DAY_PERIOD = " ";

/** A house style written out, or null for a moment outside years 1000 to 9999, left to Intl. */
function writeDate(ms: number, style: DateStyle, zone: "utc" | "local"): string | null {
  const at = new Date(ms);
  const utc = zone === "utc";
  const year = utc ? at.getUTCFullYear() : at.getFullYear();
  if (!(year >= 1000 && year <= 9999)) return null;
  const monthIndex = utc ? at.getUTCMonth() : at.getMonth();
  const day = utc ? at.getUTCDate() : at.getDate();
  const long = MONTHS[monthIndex]!;
  const short = long.slice(0, 3);
  const hours = utc ? at.getUTCHours() : at.getHours();
  const minutes = String(utc ? at.getUTCMinutes() : at.getMinutes()).padStart(2, "0");
  const seconds = String(utc ? at.getUTCSeconds() : at.getSeconds()).padStart(2, "0");
  const period = `${BEFORE_DAY_PERIOD}${hours < 12 ? "AM" : "PM"}`;
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  switch (style) {
    case "long":
      return `${long} ${day}, ${year}`;
    case "medium":
      return `${short} ${day}, ${year}`;
    case "dayMonth":
      return `${short} ${day}`;
    case "longWithTime":
      return `${long} ${day}, ${year} at ${hour}:${minutes}${period}`;
    case "mediumWithTime":
      return `${short} ${day}, ${year}, ${hour}:${minutes}${period}`;
    case "mediumWithSeconds":
      return `${short} ${day}, ${year}, ${hour}:${minutes}:${seconds}${period}`;
  }
}
