import { cardFileName } from "../tarot/cards";

/** Bucket key of a card's image: `card-images/{deckId}/{card name lowercased, non-alphanumerics to _}.{ext}`. */
export function cardImageKey(deckId: string, cardName: string, ext: string) {
  return `card-images/${deckId}/${cardFileName(cardName, ext)}`;
}

/** Public URL of a stored card image; the version makes a regenerated image a new URL, so it can be cached for good. */
export function cardImageUrl(imageKey: string | null, version: number): string | null {
  if (!imageKey) return null;
  return `/media/${imageKey}?v=${version.toString(36)}`;
}

/** URL of a deck's painted card back. */
export function cardBackUrl(theme: string, style: string | null, design = 0): string {
  return `/art/back.svg?${new URLSearchParams({ theme, style: style ?? "", ...(design ? { design: String(design) } : {}) })}`;
}

/** URL of a card face painted on the fly (the classic deck). */
export function paintedCardUrl(key: string, theme: string, style: string): string {
  return `/art/card.svg?${new URLSearchParams({ key, theme, style })}`;
}
