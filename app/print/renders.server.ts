/**
 * Print renders: each card and each back drawn once at 300 dpi and kept in R2 as the print PNG
 * (`print-renders/{deckId}/{hash}.png`), named by everything its picture is made from (decision
 * 0071). A later PDF, the ZIP and every other holder of the deck take the same files; a changed
 * card has a new name, so only it is drawn again. A render is written whole in one put, so a step
 * that stops halfway leaves a card either stored or missing, never broken.
 */
import type { PictureEngines } from "../media/picture-engines.server";
import { cardBackSvg, cardFrontSvg, type PrintCard, type PrintDeck } from "./card-art.server";
import { sha256Hex } from "../lib/crypto";

/** Bumped when the way a card is drawn for print changes, so every render is made anew. */
const RENDER_FORMAT = "print-png-2";

export const rendersPrefix = (deckId: string) => `print-renders/${deckId}/`;

/** A short name for what a file is made from: the first 12 bytes of the SHA-256 of its parts, in hex; print versions use it too. */
export async function hashOf(parts: string[]): Promise<string> {
  return (await sha256Hex(parts.join("\n"))).slice(0, 24);
}

/** The render of a card: from its picture (key and update time), its title, its repaint and the deck's painter. */
export async function cardRenderKey(
  deck: Omit<PrintDeck, "back">,
  card: { key: string; imageKey: string | null; updatedAt: number; title: string; regenerations: number },
) {
  const hash = await hashOf([
    RENDER_FORMAT,
    deck.theme,
    deck.artStyle ?? "",
    deck.paintingSecret ?? "",
    card.key,
    card.imageKey ?? "",
    String(card.updatedAt),
    card.title,
    String(card.regenerations),
  ]);
  return `${rendersPrefix(deck.id)}${card.key}-${hash}.png`;
}

/** The render of the deck's back: from its design or upload and the deck's painter. */
export async function backRenderKey(deck: Omit<PrintDeck, "back">, backVersion: string) {
  const hash = await hashOf([RENDER_FORMAT, deck.theme, deck.artStyle ?? "", backVersion]);
  return `${rendersPrefix(deck.id)}back-${hash}.png`;
}

/** The renders stored for a deck, in one listing (two for a deck with more than a thousand). */
export async function storedRenders(bucket: R2Bucket, deckId: string): Promise<Set<string>> {
  const keys = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: rendersPrefix(deckId), cursor, limit: 1000 });
    for (const object of page.objects) keys.add(object.key);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

export type RenderSet = { deck: PrintDeck; backRender: string; cards: (PrintCard & { render: string })[] };

/** What is still to draw: the back first, then the cards in order. */
export function missingRenders(set: RenderSet, stored: Set<string>): ({ kind: "back"; render: string } | { kind: "card"; render: string; card: PrintCard })[] {
  const missing: ({ kind: "back"; render: string } | { kind: "card"; render: string; card: PrintCard })[] = [];
  if (!stored.has(set.backRender)) missing.push({ kind: "back", render: set.backRender });
  for (const card of set.cards) if (!stored.has(card.render)) missing.push({ kind: "card", render: card.render, card });
  return missing;
}

/** How many of the deck's cards are drawn and stored. */
export const cardsRendered = (set: RenderSet, stored: Set<string>) => set.cards.filter((card) => stored.has(card.render)).length;

/** Draws one card or the back and stores it; returns the PNG's size. */
export async function renderOne(bucket: R2Bucket, engines: PictureEngines, deck: PrintDeck, item: ReturnType<typeof missingRenders>[number]): Promise<number> {
  const svg = item.kind === "back" ? await cardBackSvg(bucket, deck) : await cardFrontSvg(bucket, deck, item.card);
  const png = await engines.raster.printPng(svg);
  await bucket.put(item.render, png, { httpMetadata: { contentType: "image/png" } });
  return png.length;
}

/**
 * Draws missing renders one after another while the next one, taking as long as the longest so
 * far, still ends within `budgetMs` (at least one is drawn): a step of a print job, sized to a
 * Worker's CPU limit. The clock is read after each picture is stored, which a Worker's clock
 * sees. Returns how many are still missing.
 */
export async function renderSome(deps: { bucket: R2Bucket; engines: PictureEngines }, set: RenderSet, stored: Set<string>, budgetMs: number) {
  const started = Date.now();
  let longest = 0;
  let missing = missingRenders(set, stored);
  while (missing.length > 0 && (longest === 0 || Date.now() - started + longest <= budgetMs)) {
    const item = missing[0]!;
    const begun = Date.now();
    await renderOne(deps.bucket, deps.engines, set.deck, item);
    longest = Math.max(longest, Date.now() - begun, 1);
    stored.add(item.render);
    missing = missing.slice(1);
  }
  return missing.length;
}
