/**
 * A card's own words for its painter: a few words added to one card when it is repainted ("with a
 * lighthouse"), painted within the deck's theme and style. The same schema checks the repaint form
 * on the server and bounds the field in the browser.
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";

export const CARD_PROMPT_MAX = 80;

/** Letters of any language, digits, spaces and the punctuation of a short phrase; nothing that reads as markup or an instruction's syntax. */
const PHRASE = /^[\p{L}\p{M}\p{N} ,.'’&-]*$/u;

export const repaintForm = lazySchema(() =>
  z.object({
    card: z.string().trim().min(1, "Choose a card to repaint").max(40, "Unknown card"),
    prompt: z
      .string()
      .trim()
      .max(CARD_PROMPT_MAX, `Keep the card's own words to ${CARD_PROMPT_MAX} characters or fewer, a thing or a place or two`)
      .regex(PHRASE, "Use words only: letters, numbers, spaces, commas, full stops, apostrophes and hyphens")
      .default("")
      .transform((text) => text.replace(/\s+/g, " ") || null),
  }),
);
export type RepaintForm = z.infer<typeof repaintForm>;

/** The theme a card is painted in: the deck's, with the card's own words added when it has them. */
export const themeWithPrompt = (theme: string, prompt: string | null | undefined) => (prompt ? `${theme}, ${prompt}` : theme);
