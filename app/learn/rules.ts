/**
 * Learning the cards with one's own deck (decision 0107): what a person chooses (a deck, a scope),
 * the grades they give, and the limits of a day's learning. Shared by the pages and the server.
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { FULL_DECK } from "../tarot/cards";

/** The classic deck's name in a learning page's address (`/learn/classic`). */
export const CLASSIC = "classic";

export const SCOPES = ["major", "all"] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_LABELS: Record<Scope, { title: string; detail: string }> = {
  major: { title: "The Major Arcana", detail: "22 cards, the place to start" },
  all: { title: "All 78 cards", detail: "Major and Minor Arcana" },
};

export const GRADES = ["again", "hard", "good", "easy"] as const;
export type Grade = (typeof GRADES)[number];

export const GRADE_LABELS: Record<Grade, { label: string; hint: string }> = {
  again: { label: "Again", hint: "I didn't know it" },
  hard: { label: "Hard", hint: "I knew it, with effort" },
  good: { label: "Good", hint: "I knew it" },
  easy: { label: "Easy", hint: "I knew it at once" },
};

/** New cards a person meets a day, per deck: enough to make progress, few enough that reviews stay short. */
export const NEW_PER_DAY = 10;

/** Whether a card is in the scope being learnt. */
export const inScope = (cardKey: string, scope: Scope) => scope === "all" || cardKey.startsWith("major-");

const CARD_KEYS = FULL_DECK.map((card) => card.key) as [string, ...string[]];

/** The deck named in a learning page's address: `classic` or a deck's id. */
export const deckParam = lazySchema(() => z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "No such deck."));

/** The scope in a page's query; anything else is the Major Arcana, where learning starts. */
export const scopeParam = lazySchema(() => z.enum(SCOPES).catch("major"));

/** A grade as the review's form posts it. */
export const gradeForm = lazySchema(() =>
  z.object({
    card: z.enum(CARD_KEYS, "This card is not one of the 78."),
    revision: z.coerce.number().int().min(0).max(100_000),
    grade: z.enum(GRADES, "Choose Again, Hard, Good or Easy."),
  }),
);

/** The address of a deck's review, for the classic deck (`null`) or one of the person's. */
export function reviewPath(deckId: string | null, scope: Scope): string {
  return `/learn/${deckId ?? CLASSIC}?scope=${scope}`;
}

/** "1 min", "3 h", "8 days", "4 mo": a grade button's word for when the card would come back. */
export function dueShort(due: number, now: number): string {
  const minutes = Math.max(1, Math.round((due - now) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.round(hours / 24);
  if (days < 60) return days === 1 ? "1 day" : `${days} days`;
  const months = Math.round(days / 30);
  return months < 24 ? `${months} mo` : `${Math.round(days / 365)} yr`;
}

/** "in 10 minutes", "in 3 hours", "tomorrow", "in 12 days": when the next card is due, from now. */
export function dueIn(due: number, now: number): string {
  const minutes = Math.max(1, Math.round((due - now) / 60_000));
  if (minutes < 60) return minutes === 1 ? "in a minute" : `in ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? "in an hour" : `in ${hours} hours`;
  const days = Math.round(hours / 24);
  if (days === 1) return "tomorrow";
  if (days < 60) return `in ${days} days`;
  const months = Math.round(days / 30);
  return months < 24 ? `in ${months} months` : `in ${Math.round(days / 365)} years`;
}
