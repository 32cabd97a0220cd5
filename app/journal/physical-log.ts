/**
 * A reading done with a deck on a real table, logged by hand: the spread, the card that fell in each
 * position (typed or picked from the 78 by name), whether it lay reversed, the question, notes, tags
 * and mood. Shared by the page (the choices and the form's fields) and the server (validation).
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { SPREADS, type Spread } from "../reading-room/spreads";
import { FULL_DECK, type TarotCard } from "../tarot/cards";
import { moodField, tagsField } from "./practice";

/** The spreads a physical reading can be logged with: every built-in spread with fixed positions. */
export const LOGGABLE_SPREADS: readonly Spread[] = SPREADS.filter((spread) => !spread.freeLayout);
export const DEFAULT_LOG_SPREAD = "three-card";

export function loggableSpread(id: string | null | undefined): Spread {
  return LOGGABLE_SPREADS.find((spread) => spread.id === id) ?? LOGGABLE_SPREADS.find((spread) => spread.id === DEFAULT_LOG_SPREAD)!;
}

export const DEFAULT_PHYSICAL_DECK = "My own deck";
export const MAX_PHYSICAL_DECK_NAME = 80;

/** A card's name as people type it: no accents, case or extra spaces, and "The" optional. */
function loose(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^the /, "");
}

const BY_NAME = new Map<string, TarotCard>(FULL_DECK.flatMap((card) => [[loose(card.name), card] as const, [card.key, card] as const]));

/** The card a typed name (or a card's key) stands for, if any. */
export function cardNamed(text: string): TarotCard | null {
  return BY_NAME.get(text.trim()) ?? BY_NAME.get(loose(text)) ?? null;
}

/** The form field of the card in position `index`, and of its being reversed. */
export const cardField = (index: number) => `card-${index}`;
export const reversedField = (index: number) => `reversed-${index}`;

const dateField = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Give the day as a date, for example 2026-11-27")
    .refine((text) => !Number.isNaN(Date.parse(`${text}T12:00:00Z`)), "Give the day as a date, for example 2026-11-27"),
);

const head = lazySchema(() =>
  z.object({
    spread: z.string().refine((id) => LOGGABLE_SPREADS.some((spread) => spread.id === id), "Choose one of the spreads offered"),
    question: z.string().trim().max(500, "Keep the question under 500 characters"),
    deck: z
      .string()
      .trim()
      .max(MAX_PHYSICAL_DECK_NAME, `Keep the deck's name under ${MAX_PHYSICAL_DECK_NAME + 1} characters`),
    day: z.union([z.literal(""), dateField]),
    notes: z.string().max(5_000, "Keep your notes under 5,000 characters"),
    tags: tagsField,
    mood: moodField,
  }),
);

export type LoggedCard = { key: string; name: string; position: number; positionName: string; reversed: boolean };

export type PhysicalReading = {
  spreadId: string;
  spreadName: string;
  question: string | null;
  physicalDeck: string;
  /** The day it was read, as the person gave it; null for today. */
  day: string | null;
  cards: LoggedCard[];
  notes: string;
  tags: string[];
  mood: string | null;
};

/** Which field a refusal is about, so the page can put the message beside it. */
export type LogProblem = { field: string; message: string };

const text = (form: Record<string, unknown>, name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");

/** The posted form as a reading, or the first thing wrong with it. */
export function readPhysicalReading(form: Record<string, unknown>): { ok: true; reading: PhysicalReading } | { ok: false; problem: LogProblem } {
  const parsed = head.safeParse({
    spread: text(form, "spread"),
    question: text(form, "question"),
    deck: text(form, "deck"),
    day: text(form, "day"),
    notes: text(form, "notes"),
    tags: text(form, "tags"),
    mood: text(form, "mood"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, problem: { field: String(issue.path[0] ?? "spread"), message: issue.message } };
  }
  const spread = loggableSpread(parsed.data.spread);
  const cards: LoggedCard[] = [];
  const seen = new Map<string, string>();
  for (const position of spread.positions) {
    const field = cardField(position.index);
    const typed = text(form, field).trim();
    const where = `${position.index + 1} · ${position.name}`;
    if (!typed) return { ok: false, problem: { field, message: `Name the card in position ${where}.` } };
    const card = cardNamed(typed);
    if (!card) return { ok: false, problem: { field, message: `“${typed.slice(0, 60)}” in position ${where} is not a tarot card: choose one from the list.` } };
    const earlier = seen.get(card.key);
    if (earlier) return { ok: false, problem: { field, message: `${card.name} is in position ${earlier} already: a deck holds each card once.` } };
    seen.set(card.key, where);
    cards.push({
      key: card.key,
      name: card.name,
      position: position.index,
      positionName: position.name,
      reversed: Boolean(form[reversedField(position.index)]),
    });
  }
  const { question, deck, day, notes, tags, mood } = parsed.data;
  return {
    ok: true,
    reading: {
      spreadId: spread.id,
      spreadName: spread.name,
      question: question || null,
      physicalDeck: deck || DEFAULT_PHYSICAL_DECK,
      day: day || null,
      cards,
      notes,
      tags,
      mood,
    },
  };
}
