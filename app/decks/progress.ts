/** What the deck page shows while cards are made; shared by the generator and the page. */
export type CardStage = "queued" | "writing" | "painting" | "uploading" | "ready" | "failed";

/** How far along each stage puts a card, in percent. */
export const STAGE_PERCENT: Record<CardStage, number> = {
  queued: 0,
  writing: 5,
  painting: 20,
  uploading: 90,
  ready: 100,
  failed: 100,
};

export const STAGE_LABEL: Record<CardStage, string> = {
  queued: "Waiting",
  writing: "Writing its meaning",
  painting: "Painting",
  uploading: "Saving",
  ready: "Ready",
  failed: "Failed",
};

export type CardProgress = { key: string; stage: CardStage; imageUrl: string | null };

export type DeckStatus = "generating" | "ready" | "failed";

export type GenerationMessage =
  { type: "snapshot"; status: DeckStatus; cards: CardProgress[] } | { type: "card"; card: CardProgress } | { type: "deck"; status: DeckStatus };

/** The deck's overall percentage: every card weighs the same. */
export function deckPercent(cards: { stage: CardStage }[]): number {
  if (cards.length === 0) return 0;
  const total = cards.reduce((sum, card) => sum + STAGE_PERCENT[card.stage], 0);
  return Math.floor(total / cards.length);
}
