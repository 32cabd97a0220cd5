import type { TarotCard } from "../tarot/cards";
import type { QuestionCategory, ReadingCard } from "./prompts";
import type { PaintedImage } from "./images";
import type { CallDeps, CallPolicy } from "./model-call.server";
import { QUESTION_CATEGORIES } from "./prompts";

export type { CardImageQuality as CardQuality } from "../../db/columns";
import type { CardImageQuality as CardQuality } from "../../db/columns";
/**
 * `variant` counts the card's repaints: each one asks for a new picture of the same card.
 * `paintingSecret` is the deck's own: the local painter's picture of a deck's card comes from it.
 * `prompt` is what the owner asked of this one card.
 */
export type CardRequest = {
  card: TarotCard;
  theme: string;
  style: string;
  quality?: CardQuality;
  variant?: number;
  paintingSecret?: string;
  /** The owner's few words for this card alone ("with a lighthouse"), painted within the theme and style. */
  prompt?: string | null;
};

/** Diffusion steps of the Workers AI image model per quality: more steps, a finer finish, a longer wait. */
export const WORKERS_AI_IMAGE_STEPS: Record<CardQuality, number> = { medium: 20, high: 40 };
/** A reading to interpret; `theme` is the theme of the deck on the table, when it has one; `seed` varies our own wording between readings. */
export type ReadingRequest = { question: string; cards: ReadingCard[]; spread: string; theme?: string | null; seed?: string };
/** Question ideas: a category, how many, and what the person has typed so far (ideas build on it). */
export type QuestionRequest = { category?: QuestionCategory; count?: number; typed?: string };

/**
 * Everything the app asks of generative AI, one method per task. The real services build a
 * prompt and call a model; the local one answers on the machine, so the app works offline.
 * Apart from `suggestUsername`, no method throws: a failed or empty answer becomes fallback text
 * or, for pictures, the "artwork unavailable" placeholder.
 */
export interface AiService {
  readonly kind: "gemini" | "workers-ai" | "local";
  /** A username idea for a new member; the caller validates it. Null when the model had nothing usable. */
  suggestUsername(input: { email: string; fullName?: string | null }): Promise<string | null>;
  /** This deck's version of a card, in under 150 words. */
  describeCard(input: CardRequest): Promise<string>;
  /** Deck theme ideas, at most `count` (default 10). */
  /** Theme ideas; with `typed`, variations on what the person typed. */
  suggestThemes(count?: number, typed?: string): Promise<string[]>;
  /** A 2–3 sentence description of a deck built on the theme. */
  elaborateTheme(theme: string): Promise<string>;
  /** The card's picture; `placeholder` is true when painting failed. */
  paintCard(input: CardRequest): Promise<PaintedImage>;
  /** Questions for the reading room, at most `count` (default 4) of the category (default love), built on what was typed. */
  suggestQuestions(input: QuestionRequest): Promise<string[]>;
  /** A reading of the drawn cards, under 600 words, in three sections. */
  interpretReading(input: ReadingRequest): Promise<string>;
  /**
   * The interpretation as it is written, piece by piece (under 600 words in all); our own reading
   * when the model gives nothing.
   */
  streamReading(input: ReadingRequest): AsyncIterable<string>;
}

export const DEFAULT_THEME_COUNT = 10;
export const DEFAULT_QUESTION_COUNT = 4;

/** One text job for a model: what it is (for the log), an optional system line, the prompt and an output budget. */
export type TextTask = { name: string; prompt: string; system?: string; maxTokens: number };

/** Tests (and only tests) change the deadlines, the waits and where failures are logged. */
export type ModelOptions = { deps?: Partial<CallDeps>; text?: Partial<CallPolicy>; image?: Partial<CallPolicy>; streamIdleMs?: number };

export const normalCount = (count: number | undefined, fallback: number) => (Number.isFinite(count) ? Math.max(0, Math.floor(count!)) : fallback);

export const normalCategory = (category: string | undefined): QuestionCategory =>
  (QUESTION_CATEGORIES as readonly string[]).includes(category ?? "") ? (category as QuestionCategory) : "love";
