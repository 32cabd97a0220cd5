/**
 * Offer codes and bundles as rules anyone may read (decision 0114): what a code looks like, what the
 * forms accept, the price a code leaves, whether a code may be used on a deck or a bundle, and how a
 * bundle's price is shared over its decks. The server module (`offers.server.ts`) reads and writes
 * them; the forms use the same schemas.
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { formatMoney } from "../lib/format";

/** The least a priced deck may cost in the marketplace (the listing form's floor): no code takes a price below it. */
export const MINIMUM_PRICE_CENTS = 50;
export const MAX_PERCENT_OFF = 90;
export const MAX_AMOUNT_OFF_CENTS = 100_000;
export const MAX_USES = 10_000;
export const BUNDLE_DECKS_MIN = 2;
export const BUNDLE_DECKS_MAX = 12;

/** A code as buyers type it: letters, digits and dashes, kept in capitals. */
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,19}$/;

export const normaliseCode = (value: string) => value.trim().toUpperCase();

const dollars = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, `Enter ${field} in dollars, such as 4.99`)
    .transform((value) => Math.round(Number(value) * 100));

export const codeForm = lazySchema(() =>
  z
    .object({
      code: z.string().transform(normaliseCode).pipe(z.string().regex(CODE_PATTERN, "Use 3 to 20 letters, digits or dashes, such as SPRING-25")),
      kind: z.enum(["percent", "amount"], { error: "Choose a percentage or an amount off" }),
      amount: z.string().trim().min(1, "Say how much the code takes off"),
      deckId: z.string().trim().max(64).default(""),
      expires: z
        .string()
        .trim()
        .default("")
        .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), "Enter the last day as YYYY-MM-DD, or leave it empty"),
      maxUses: z
        .string()
        .trim()
        .default("")
        .refine(
          (value) => value === "" || (/^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_USES),
          `Enter a number from 1 to ${MAX_USES}, or leave it empty`,
        ),
    })
    .transform((form, ctx) => {
      let amount = 0;
      if (form.kind === "percent") {
        amount = /^\d{1,2}$/.test(form.amount) ? Number(form.amount) : NaN;
        if (!(amount >= 1 && amount <= MAX_PERCENT_OFF)) ctx.addIssue({ code: "custom", path: ["amount"], message: `Take off from 1% to ${MAX_PERCENT_OFF}%` });
      } else {
        const cents = dollars("the amount").safeParse(form.amount);
        amount = cents.success ? cents.data : NaN;
        if (!cents.success || amount < 1 || amount > MAX_AMOUNT_OFF_CENTS)
          ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter the amount off in dollars, such as 2.50" });
      }
      // The last day counts whole: the code works until that day ends (UTC).
      const expiresAt = form.expires ? Date.parse(`${form.expires}T23:59:59.999Z`) : null;
      if (form.expires && Number.isNaN(expiresAt)) ctx.addIssue({ code: "custom", path: ["expires"], message: "Enter a real date" });
      return {
        code: form.code,
        kind: form.kind,
        amount,
        deckId: form.deckId || null,
        expiresAt,
        maxUses: form.maxUses ? Number(form.maxUses) : null,
      };
    }),
);

export type CodeInput = z.output<typeof codeForm>;

/** What a buyer types in the checkout's code field: empty, or something shaped like a code. */
export const enteredCode = lazySchema(() =>
  z
    .string()
    .max(40)
    .default("")
    .transform(normaliseCode)
    .refine((value) => value === "" || CODE_PATTERN.test(value), "Offer codes are 3 to 20 letters, digits or dashes"),
);

export const bundleForm = lazySchema(() =>
  z.object({
    title: z.string().trim().min(3, "Give the bundle a title of at least 3 characters").max(80, "Keep the title under 80 characters"),
    price: dollars("a price").refine((cents) => cents >= MINIMUM_PRICE_CENTS, `A bundle costs at least ${formatMoney(MINIMUM_PRICE_CENTS)}`),
    decks: z
      .array(z.string().min(1).max(64))
      .transform((ids) => [...new Set(ids)])
      .refine((ids) => ids.length >= BUNDLE_DECKS_MIN, "Choose at least two of your decks")
      .refine((ids) => ids.length <= BUNDLE_DECKS_MAX, `Choose at most ${BUNDLE_DECKS_MAX} decks`),
  }),
);

export type BundleInput = z.output<typeof bundleForm>;

export type CodeTerms = { kind: "percent" | "amount"; amount: number };

/** The price after a code: never below the marketplace's minimum (a code never makes a deck free). */
export function priceAfter(priceCents: number, code: CodeTerms): number {
  const off = code.kind === "percent" ? Math.round((priceCents * code.amount) / 100) : code.amount;
  return Math.max(MINIMUM_PRICE_CENTS, priceCents - off);
}

/** How the code reads on a page: "20% off", "$2.50 off". */
export const codeOff = (code: CodeTerms) => (code.kind === "percent" ? `${code.amount}% off` : `${formatMoney(code.amount)} off`);

export type CodeRow = CodeTerms & { code: string; deckId: string | null; expiresAt: number | null; maxUses: number | null; endedAt: number | null };

/** What the checkout is buying: one deck, or a bundle. */
export type CodeTarget = { kind: "deck"; deckId: string } | { kind: "bundle" };

export const CODE_MESSAGES = {
  unknown: (code: string) => `There is no offer code “${code}” in this creator’s shop.`,
  ended: (code: string) => `The offer code “${code}” has been ended by its creator.`,
  expired: (code: string) => `The offer code “${code}” has expired.`,
  usedUp: (code: string) => `The offer code “${code}” has been used as many times as it allows.`,
  otherDeck: (code: string) => `The offer code “${code}” is for another of this creator’s decks.`,
  notBundles: (code: string) => `The offer code “${code}” is for one deck, not for bundles.`,
  free: "This deck is free: there is nothing to take off.",
} as const;

/**
 * Why a code may not be used on this purchase now, or null when it may. `uses` is how many
 * payments have claimed it; the last use is claimed again at payment (`offers.server.ts`).
 */
export function codeRefusal(code: CodeRow, target: CodeTarget, uses: number, now: number): string | null {
  if (code.endedAt !== null) return CODE_MESSAGES.ended(code.code);
  if (code.expiresAt !== null && code.expiresAt < now) return CODE_MESSAGES.expired(code.code);
  if (code.maxUses !== null && uses >= code.maxUses) return CODE_MESSAGES.usedUp(code.code);
  if (code.deckId !== null) {
    if (target.kind === "bundle") return CODE_MESSAGES.notBundles(code.code);
    if (code.deckId !== target.deckId) return CODE_MESSAGES.otherDeck(code.code);
  }
  return null;
}

/** A code's standing as its creator sees it. */
export function codeStanding(code: CodeRow, uses: number, now: number): "live" | "ended" | "expired" | "used up" {
  if (code.endedAt !== null) return "ended";
  if (code.expiresAt !== null && code.expiresAt < now) return "expired";
  if (code.maxUses !== null && uses >= code.maxUses) return "used up";
  return "live";
}

/**
 * A bundle's price shared over its decks in proportion to their list prices, in whole cents that
 * add up to the price exactly (the remainders go to the decks with the largest fractions, the dearer
 * deck first on a tie, so the order of the decks changes nothing). Each share is a sale of that deck,
 * at the fee of the seller's plan.
 */
export function shareOf(priceCents: number, listPrices: readonly number[]): number[] {
  const total = listPrices.reduce((sum, price) => sum + price, 0);
  if (total <= 0) return listPrices.map((_, i) => (i === 0 ? priceCents : 0));
  const exact = listPrices.map((price) => (priceCents * price) / total);
  const shares = exact.map(Math.floor);
  let left = priceCents - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, i) => ({ i, fraction: value - Math.floor(value), price: listPrices[i]! }))
    .sort((a, b) => b.fraction - a.fraction || b.price - a.price || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}
