/**
 * The house formats are written by hand (app/lib/format.ts) so a page need not load the browser's
 * locale data while it hydrates; here each one is held to Intl's own en-US output, value by value.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DATE_STYLES, formatCount, formatDate, formatDollars, formatLocalDate, formatMoney, longDate, type DateStyle } from "../../app/lib/format";

const RUNS = { numRuns: 2_000, seed: 20261123 };

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const wholeDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-US");

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = DATE_STYLES;

/** Amounts around every digit-group boundary, plus anything a safe integer can be. */
const integers = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.constantFrom(0, -0, 1, -1, 99, 100, 101, 999, 1000, 99_999, 100_000, 999_999_999, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
  fc.maxSafeInteger(),
);

describe("money and counts", () => {
  it("writes cents in dollars exactly as Intl does, whatever the amount", () => {
    fc.assert(
      fc.property(integers, (cents) => {
        expect(formatMoney(cents)).toBe(usd.format(cents / 100));
        expect(formatMoney(cents, "usd")).toBe(usd.format(cents / 100));
      }),
      RUNS,
    );
    expect(formatMoney(1299)).toBe("$12.99");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(-150)).toBe("-$1.50");
    expect(formatMoney(123_456_789)).toBe("$1,234,567.89");
  });

  it("leaves other currencies, fractions of a cent and odd numbers to Intl", () => {
    expect(formatMoney(1299, "eur")).toBe(new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR" }).format(12.99));
    expect(formatMoney(12.5)).toBe(usd.format(0.125));
    expect(formatMoney(Number.NaN)).toBe(usd.format(Number.NaN));
    expect(formatMoney(Infinity)).toBe(usd.format(Infinity));
  });

  it("writes dollars whole when they are whole, with cents when there are some, as Intl does", () => {
    fc.assert(
      fc.property(integers, (dollars) => {
        expect(formatDollars(dollars)).toBe(wholeDollars.format(dollars));
      }),
      RUNS,
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -1e7, max: 1e7, noNaN: true }),
          fc.integer({ min: -1e7, max: 1e7 }).map((cents) => cents / 100),
        ),
        (amount) => {
          const expected = amount % 1 === 0 ? wholeDollars.format(amount) : usd.format(amount);
          expect(formatDollars(amount)).toBe(expected);
        },
      ),
      RUNS,
    );
    expect(formatDollars(9)).toBe("$9");
    expect(formatDollars(9.99)).toBe("$9.99");
    expect(formatDollars(9.5)).toBe("$9.50");
    expect(formatDollars(1.005)).toBe(usd.format(1.005));
  });

  it("groups counts in thousands as Intl does", () => {
    fc.assert(
      fc.property(fc.oneof(integers, fc.double({ noNaN: false })), (n) => {
        expect(formatCount(n)).toBe(count.format(n));
      }),
      RUNS,
    );
    expect(formatCount(5000)).toBe("5,000");
  });
});

describe("dates", () => {
  /** Moments from 1000 to 9999, the turn of each year and month, and beyond, where Intl takes over. */
  const moments = fc.oneof(
    fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }),
    fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
    fc.constantFrom(
      0,
      Date.UTC(2026, 11, 31, 23, 59, 59),
      Date.UTC(2027, 0, 1),
      Date.UTC(2026, 1, 28, 12),
      Date.UTC(2026, 5, 1, 0, 0, 0),
      Date.UTC(999, 11, 31),
      Date.UTC(10_000, 0, 1),
      -8.64e15,
      8.64e15,
    ),
  );

  it("writes each house style in UTC exactly as Intl does", () => {
    for (const [style, options] of Object.entries(STYLES) as [DateStyle, Intl.DateTimeFormatOptions][]) {
      const intl = new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
      fc.assert(
        fc.property(moments, (ms) => {
          expect(formatDate(ms, style)).toBe(intl.format(ms));
        }),
        RUNS,
      );
    }
    expect(longDate(Date.UTC(2026, 11, 23))).toBe("December 23, 2026");
    expect(formatDate(Date.UTC(2026, 11, 23, 16, 5, 9), "mediumWithSeconds")).toBe("Dec 23, 2026, 4:05:09 PM");
    expect(formatDate(Date.UTC(2026, 8, 1, 0, 5), "longWithTime")).toBe("September 1, 2026 at 12:05 AM");
  });

  it("writes each house style in the local time zone as Intl does", () => {
    for (const [style, options] of Object.entries(STYLES) as [DateStyle, Intl.DateTimeFormatOptions][]) {
      const intl = new Intl.DateTimeFormat("en-US", options);
      fc.assert(
        fc.property(moments, (ms) => {
          expect(formatLocalDate(ms, style)).toBe(intl.format(ms));
        }),
        RUNS,
      );
    }
  });

  it("refuses a moment that is not one, as Intl does", () => {
    expect(() => formatDate(Number.NaN)).toThrow(RangeError);
    expect(() => formatLocalDate(Number.NaN, "medium")).toThrow(RangeError);
  });
});
