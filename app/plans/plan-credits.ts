/**
 * What a plan's credits make: the one rule the pricing page, the subscription page, the grant of
 * a period (allocation and the monthly refresh), the create form and the credits page all read
 * (decision 0055).
 *
 * A plan sells a number of decks (the catalogue's `deckCount`) at its finest quality; it grants the
 * credits those decks cost at that quality (`deckCharge`), so they can really be made. The same
 * credits make more decks at a coarser quality, and every page says how many, counted with the
 * charge itself (`decksCreditsMake`), never with a separate table.
 */
import { formatCount } from "../lib/format";
import { FREE_REFRESH_DAYS, type Plan } from "./catalogue";
import type { CardImageQuality, DeckKind } from "../../db/columns";
import { deckCharge, describeCredits, hasEnoughCredits, upgradeCharge, type CreditAmounts } from "./cost";

const MONTHS_PER_YEAR = 12;
/** No credits make more decks than this: a guard for the counting loop, far above any plan. */
const MOST_DECKS_COUNTED = 10_000;

export const QUALITY_WORD: Record<CardImageQuality, string> = { medium: "medium", high: "high" };

/** Cards in a deck of each kind (app/tarot/cards.ts holds them; the pages here need only the counts). */
export const DECK_SIZE: Record<DeckKind, number> = { major_arcana: 22, complete: 78 };

/** The kind of deck a plan's decks are: the free plan's is a Major Arcana deck, every paid plan's a full deck. */
export function planDeckKind(plan: Plan): DeckKind {
  return plan.tier === "free" ? "major_arcana" : "complete";
}

/** The quality a plan's decks are counted at: the finest it allows (the catalogue lists coarsest first). */
export function planDeckQuality(plan: Plan): CardImageQuality {
  return plan.cardImageQuality[plan.cardImageQuality.length - 1]!;
}

/** The plan's qualities, finest first: the order the pages name them in. */
export function qualitiesFinestFirst(plan: Plan): CardImageQuality[] {
  return [...plan.cardImageQuality].reverse();
}

/** Decks one grant of the plan is sold for: a month's for a subscription (a yearly one is granted monthly), once for Explorer Plus. */
export function decksPerGrant(plan: Plan): number {
  return plan.interval === "year" ? Math.floor(plan.deckCount / MONTHS_PER_YEAR) : plan.deckCount;
}

/** Credits one grant of the plan holds: what its decks cost at its finest quality. */
export function planCredits(plan: Plan): CreditAmounts {
  const decks = decksPerGrant(plan);
  const unit = plan.mode === "payment" ? upgradeCharge() : deckCharge(planDeckKind(plan), planDeckQuality(plan));
  return { majorArcana: unit.majorArcana * decks, completeDeck: unit.completeDeck * decks };
}

/** How many decks of `kind` at `quality` the credits `left` pay for, one charge after another, as the server takes them. */
export function decksCreditsMake(left: CreditAmounts, kind: DeckKind, quality: CardImageQuality): number {
  let rest = { ...left };
  let decks = 0;
  while (decks < MOST_DECKS_COUNTED) {
    const charge = deckCharge(kind, quality, rest);
    if (!hasEnoughCredits(charge, rest)) break;
    rest = { majorArcana: rest.majorArcana - charge.majorArcana, completeDeck: rest.completeDeck - charge.completeDeck };
    decks++;
  }
  return decks;
}

/** Decks one grant of the plan makes at `quality`. */
export function planDecksAt(plan: Plan, quality: CardImageQuality): number {
  if (plan.mode === "payment") return decksPerGrant(plan);
  return decksCreditsMake(planCredits(plan), planDeckKind(plan), quality);
}

/** "1 full deck", "12 full decks", "1 Major Arcana deck". */
export function decksPhrase(count: number, kind: DeckKind): string {
  return `${count} ${kind === "complete" ? "full" : "Major Arcana"} deck${count === 1 ? "" : "s"}`;
}

/** When a plan's grant comes: "a month", "every 30 days", or nothing for a one-off. */
function grantPeriod(plan: Plan): string {
  if (plan.mode === "payment") return "";
  return plan.mode === "free" ? `every ${FREE_REFRESH_DAYS} days` : "a month";
}

/**
 * The pricing page's headline: the catalogue's decks and cards per billing period, naming the
 * quality the decks are counted at ("8 high-quality decks · 624 cards a month").
 */
export function planHeadline(plan: Plan): string {
  if (plan.mode === "payment") return `${plan.cardCount} extra cards`;
  const deck = plan.mode === "free" ? "Major Arcana deck" : `${QUALITY_WORD[planDeckQuality(plan)]}-quality deck`;
  const period = plan.mode === "free" ? `every ${FREE_REFRESH_DAYS} days` : plan.interval === "year" ? "a year" : "a month";
  return `${plan.deckCount} ${deck}${plan.deckCount === 1 ? "" : "s"} · ${formatCount(plan.cardCount)} cards ${period}`;
}

/** The credits one grant holds, leading into what they make: "12 complete-deck credits a month, enough for". */
export function planCreditsLine(plan: Plan): string {
  const period = grantPeriod(plan);
  return `${describeCredits(planCredits(plan))}${period ? ` ${period}` : ""}, enough for`;
}

/** One line per quality the plan offers, finest first, of what one grant's credits make: "High quality: 4 full decks". */
export function planQualityLines(plan: Plan): { quality: CardImageQuality; text: string }[] {
  return qualitiesFinestFirst(plan).map((quality) => {
    const label = `${QUALITY_WORD[quality].charAt(0).toUpperCase()}${QUALITY_WORD[quality].slice(1)} quality`;
    if (plan.mode === "payment") return { quality, text: `${label}: completes ${decksPhrase(planDecksAt(plan, quality), "major_arcana")}` };
    return { quality, text: `${label}: ${decksPhrase(planDecksAt(plan, quality), planDeckKind(plan))}` };
  });
}

/** "4 full decks at high quality or 12 at medium": counts per quality, finest first, for a sentence. */
function countsSentence(counts: { quality: CardImageQuality; decks: number }[], kind: DeckKind): string {
  const [first, ...rest] = counts;
  if (!first) return "";
  const head = `${decksPhrase(first.decks, kind)} at ${QUALITY_WORD[first.quality]} quality`;
  return [head, ...rest.map((c) => `${c.decks} at ${QUALITY_WORD[c.quality]}`)].join(" or ");
}

/** What a subscription gives, for the page where it is chosen: "Every month it gives the credits for 4 full decks at high quality or 12 at medium." */
export function planGrantSentence(plan: Plan): string {
  const counts = qualitiesFinestFirst(plan).map((quality) => ({ quality, decks: planDecksAt(plan, quality) }));
  return `Every month it gives the credits for ${countsSentence(counts, planDeckKind(plan))}.`;
}

/**
 * What the credits left make, at each quality the person's plan allows, finest first: "Your credits
 * make 4 full decks at high quality or 12 at medium." Null when they make none.
 */
export function creditsMakeSentence(left: CreditAmounts, kind: DeckKind, qualities: readonly CardImageQuality[]): string | null {
  const counts = [...qualities].reverse().map((quality) => ({ quality, decks: decksCreditsMake(left, kind, quality) }));
  if (counts.every((c) => c.decks === 0)) return null;
  return `Your credits make ${countsSentence(counts, kind)}.`;
}
