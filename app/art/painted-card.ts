import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { FULL_DECK, type TarotCard } from "../tarot/cards";

const CARDS = new Map(FULL_DECK.map((card) => [card.key, card]));

/** The look of the classic deck a reading uses when it names none. */
export const CLASSIC_THEME = "Classic tarot";
export const CLASSIC_STYLE = "art nouveau";
/** The card the create form paints in each style for the theme being typed (The Star). */
export const PREVIEW_CARD = "major-17";

const query = lazySchema(() =>
  z.object({
    key: z.string().refine((key) => CARDS.has(key), "Unknown card"),
    theme: z.string().trim().min(1).max(200),
    style: z.string().trim().max(60).default(""),
  }),
);

/** A card painted in public; `preview` is the create form's preview rather than the classic deck. */
type Painting = { card: TarotCard; theme: string; style: string; preview: boolean };

/**
 * What a face's address (`/art/card.svg?key&theme&style`) asks to be painted in public: any card of
 * the classic deck, or the create form's preview card in any theme and style. Nothing else is
 * painted in public; a deck's own cards are painted under its secret and never here.
 */
export function publicPainting(params: URLSearchParams): { painting: Painting } | { status: 400 | 404; message: string } {
  const parsed = query.safeParse(Object.fromEntries(params));
  if (!parsed.success) return { status: 400, message: "A card face needs a known card key and a theme." };
  const { key, theme, style } = parsed.data;
  const classic = theme === CLASSIC_THEME && style === CLASSIC_STYLE;
  if (!classic && key !== PREVIEW_CARD) return { status: 404, message: "Only the classic deck's cards and the create form's preview are painted here." };
  return { painting: { card: CARDS.get(key)!, theme, style, preview: !classic } };
}

/** The public painting a face's address names, or null when it names none. */
export function paintedCardFrom(params: URLSearchParams): Painting | null {
  const asked = publicPainting(params);
  return "painting" in asked ? asked.painting : null;
}
