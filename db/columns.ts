/**
 * What the schema's columns hold that the app names too, each spelled out once: a deck's kind (the
 * Major Arcana's 22 cards or the complete 78), the quality its pictures are painted at, and how a
 * new deck's painting secret is drawn. The schema, the forms' validation, the plans and the painters
 * all take them from here, so the schema needs nothing from the app.
 */
export const deckKinds = ["major_arcana", "complete"] as const;
export type DeckKind = (typeof deckKinds)[number];

export const deckQualities = ["medium", "high"] as const;
export type CardImageQuality = (typeof deckQualities)[number];

/**
 * A new deck's painting secret: 128 random bits, in hex. The random choices of its pictures come
 * from it (app/art/painting-secret.ts), so the deck's public theme and style are not enough to paint
 * them again. It is kept with the deck and never sent.
 */
export function newPaintingSecret(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
