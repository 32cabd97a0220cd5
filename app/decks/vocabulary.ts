/**
 * The words a deck is described by, each spelled out once: its kind (the Major Arcana's 22 cards or
 * the complete 78) and the quality its pictures are painted at. The schema's columns, the forms'
 * validation, the plans and the painters all take them from here.
 */
export const deckKinds = ["major_arcana", "complete"] as const;
export type DeckKind = (typeof deckKinds)[number];

export const deckQualities = ["medium", "high"] as const;
export type CardImageQuality = (typeof deckQualities)[number];
