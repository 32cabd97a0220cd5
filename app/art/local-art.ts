import type { TarotCard } from "../tarot/cards";

/** Art styles offered on the create page; any other text maps to the nearest treatment. */
export const ART_STYLES = ["watercolour", "art nouveau", "woodcut", "minimalist", "oil painting", "surrealist", "pixel art"] as const;

export type CardArtInput = { card: Pick<TarotCard, "key" | "name" | "arcana" | "suit" | "number">; theme: string; style: string };

/** The card's face as an SVG document, 600×800 (3:4), deterministic from (theme, style, card). */
export function paintCardSvg(input: CardArtInput): string {
  throw new Error(`not painted yet: ${input.card.key}`);
}

/** The deck's card back, 600×800, deterministic from (theme, style). */
export function paintCardBackSvg(input: { theme: string; style: string }): string {
  throw new Error(`no back yet: ${input.theme}`);
}
