import { and, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { cardPictures, cards, decks } from "../../db/schema";
import { newId } from "../lib/crypto";
import type { AiService } from "../ai/ai.server";
import type { Database } from "../db.server";
import { mapWithConcurrency } from "../lib/pool";
import { FULL_DECK, type TarotCard } from "../tarot/cards";
import { cardImageKey, cardImageUrl } from "./images";
import type { CardProgress, CardStage, DeckStatus } from "./progress";
import type { CardImageQuality } from "../../db/columns";
import { log } from "../observe/log.server";

/** How many cards are made at once for one deck. */
export const GENERATION_CONCURRENCY = 6;

const CARDS_BY_KEY = new Map(FULL_DECK.map((card) => [card.key, card]));

export type GenerationDeps = {
  db: Database;
  bucket: R2Bucket;
  ai: AiService;
  /** Told of every stage of every card, for live progress. */
  onProgress?: (progress: CardProgress) => void;
  concurrency?: number;
};

async function putWithRetry(bucket: R2Bucket, key: string, bytes: Uint8Array, contentType: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await bucket.put(key, bytes, { httpMetadata: { contentType, cacheControl: "public, max-age=31536000, immutable" } });
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
  }
}

/** A card being painted again: the picture it keeps if no new one comes. */
export type Repaint = { previousImageKey: string | null };

/**
 * Makes one card: its description and its art at once, then stores the image and the row.
 * A remote painter's placeholder is kept (the card shows something) but the card is marked
 * failed so its owner can paint it again. A repaint is stored under a key of its own and spends
 * the card's repaint only once it is stored; if no picture comes, the card keeps its picture and
 * its text, and nothing is spent.
 */
export async function generateCard(
  deps: GenerationDeps,
  deck: { id: string; theme: string; artStyle: string | null; quality?: CardImageQuality; paintingSecret: string | null },
  card: TarotCard,
  variant = 0,
  repaint: Repaint | null = null,
  prompt: string | null = null,
): Promise<CardStage> {
  const style = deck.artStyle ?? "";
  // Without its secret a deck's card would be a public painting of its theme: better no picture.
  if (!deck.paintingSecret) throw new Error(`deck ${deck.id} has no painting secret`);
  const paintingSecret = deck.paintingSecret;
  const report = (stage: CardStage, imageUrl: string | null = null) => deps.onProgress?.({ key: card.key, stage, imageUrl });
  report("writing");
  const description = deps.ai.describeCard({ card, theme: deck.theme, style });
  report("painting");
  const painted = await deps.ai.paintCard({ card, theme: deck.theme, style, quality: deck.quality ?? "medium", variant, paintingSecret, prompt });
  const text = await description;
  report("uploading");
  const key = cardImageKey(deck.id, repaint ? `${card.name} v${variant}` : card.name, painted.ext);
  let imageKey: string | null = key;
  try {
    await putWithRetry(deps.bucket, key, painted.bytes, painted.contentType);
  } catch {
    imageKey = null;
  }
  const stage: CardStage = painted.placeholder || !imageKey ? "failed" : "ready";
  const now = Date.now();
  const row = and(eq(cards.deckId, deck.id), eq(cards.cardKey, card.key));
  if (repaint) {
    if (stage === "ready") {
      // A second variant beside the one shown, for the owner to keep instead if they like it better.
      const other = await paintOtherVariant(deps, deck, card, variant, prompt);
      const [held] = await deps.db.batch([
        deps.db
          .update(cards)
          .set({ description: text, imageKey, status: "ready", regenerations: sql`${cards.regenerations} + 1`, repaintRequestedAt: null, updatedAt: now })
          .where(and(row, isNotNull(cards.repaintRequestedAt)))
          .returning({ id: cards.id }),
      ]);
      const cardId = held[0]?.id;
      if (cardId) {
        // The picture it showed and the other variant stay with the card, to be kept instead.
        const kept = [
          ...(repaint.previousImageKey && repaint.previousImageKey !== imageKey
            ? [{ id: newId(), cardId, imageKey: repaint.previousImageKey, prompt: null, kind: "earlier" as const, createdAt: now - 1 }]
            : []),
          ...(other ? [{ id: newId(), cardId, imageKey: other, prompt, kind: "variant" as const, createdAt: now }] : []),
        ];
        if (kept.length) await deps.db.insert(cardPictures).values(kept);
        await pruneCardPictures(deps, cardId);
      } else if (other) await deps.bucket.delete(other).catch(() => undefined);
      report("ready", cardImageUrl(imageKey, now));
      return "ready";
    }
    await endRepaintWithoutPicture(deps.db, deck.id, card.key, now);
    if (imageKey) await deps.bucket.delete(imageKey).catch(() => undefined);
    report(repaint.previousImageKey ? "ready" : "failed", cardImageUrl(repaint.previousImageKey, now));
    return repaint.previousImageKey ? "ready" : "failed";
  }
  await deps.db.update(cards).set({ description: text, imageKey, status: stage, updatedAt: now }).where(row);
  report(stage, cardImageUrl(imageKey, now));
  return stage;
}

/** How far apart a repaint's two variants are numbered, so the second is framed, posed and mirrored otherwise. */
const OTHER_VARIANT = 1001;
/** The pictures a card keeps besides the one it shows; older ones leave storage. */
export const CARD_PICTURES_KEPT = 6;

/** The repaint's other variant, stored; null when it could not be had (the repaint stands without it). */
async function paintOtherVariant(
  deps: GenerationDeps,
  deck: { id: string; theme: string; artStyle: string | null; quality?: CardImageQuality; paintingSecret: string | null },
  card: TarotCard,
  variant: number,
  prompt: string | null,
): Promise<string | null> {
  try {
    const painted = await deps.ai.paintCard({
      card,
      theme: deck.theme,
      style: deck.artStyle ?? "",
      quality: deck.quality ?? "medium",
      variant: variant + OTHER_VARIANT,
      paintingSecret: deck.paintingSecret!,
      prompt,
    });
    if (painted.placeholder) return null;
    const key = cardImageKey(deck.id, `${card.name} v${variant + OTHER_VARIANT}`, painted.ext);
    await putWithRetry(deps.bucket, key, painted.bytes, painted.contentType);
    return key;
  } catch (error) {
    log.warn("repaint variant not made", { deckId: deck.id, card: card.key, error });
    return null;
  }
}

/** Keeps a card's newest pictures; the rest are deleted with their files. */
async function pruneCardPictures(deps: GenerationDeps, cardId: string) {
  const old = await deps.db
    .select({ id: cardPictures.id, imageKey: cardPictures.imageKey })
    .from(cardPictures)
    .where(eq(cardPictures.cardId, cardId))
    .orderBy(desc(cardPictures.createdAt))
    .limit(100)
    .offset(CARD_PICTURES_KEPT);
  if (!old.length) return;
  await deps.db.delete(cardPictures).where(
    inArray(
      cardPictures.id,
      old.map((p) => p.id),
    ),
  );
  for (const p of old) await deps.bucket.delete(p.imageKey).catch(() => undefined);
}

/** A repaint that brought no picture: the card keeps the one it had (or is failed without one), and its repaint is not spent. */
function endRepaintWithoutPicture(db: GenerationDeps["db"], deckId: string, cardKey: string, now: number) {
  return db
    .update(cards)
    .set({ status: sql`CASE WHEN ${cards.imageKey} IS NULL THEN 'failed' ELSE 'ready' END`, repaintRequestedAt: null, updatedAt: now })
    .where(and(eq(cards.deckId, deckId), eq(cards.cardKey, cardKey), isNotNull(cards.repaintRequestedAt)));
}

/**
 * Makes every card of the deck that is not ready yet, a few at a time, then settles the deck:
 * ready when at least one card came out, failed when none did. Safe to run again after an
 * interruption: finished cards are skipped.
 */
export async function runGeneration(deps: GenerationDeps, deckId: string): Promise<{ status: DeckStatus; made: number; failed: number }> {
  const deck = await deps.db.query.decks.findFirst({ where: eq(decks.id, deckId) });
  if (!deck) return { status: "failed", made: 0, failed: 0 };
  const pending = await deps.db
    .select({
      key: cards.cardKey,
      regenerations: cards.regenerations,
      repaintRequestedAt: cards.repaintRequestedAt,
      imageKey: cards.imageKey,
      prompt: cards.prompt,
    })
    .from(cards)
    .where(and(eq(cards.deckId, deckId), ne(cards.status, "ready")));
  const todo = pending.map((row) => CARDS_BY_KEY.get(row.key)).filter((card): card is TarotCard => Boolean(card));
  // A repaint is painted as the card's next variant, so it shows a new picture.
  const variants = new Map(pending.map((row) => [row.key, row.regenerations + (row.repaintRequestedAt !== null ? 1 : 0)]));
  const repaints = new Map(pending.filter((row) => row.repaintRequestedAt !== null).map((row) => [row.key, { previousImageKey: row.imageKey }]));
  const prompts = new Map(pending.map((row) => [row.key, row.prompt]));
  if (todo.length > 0) {
    await deps.db
      .update(cards)
      .set({ status: "generating" })
      .where(
        and(
          eq(cards.deckId, deckId),
          inArray(
            cards.cardKey,
            todo.map((card) => card.key),
          ),
        ),
      );
  }
  const results = await mapWithConcurrency(todo, deps.concurrency ?? GENERATION_CONCURRENCY, (card) =>
    generateCard(deps, deck, card, variants.get(card.key) ?? 0, repaints.get(card.key) ?? null, prompts.get(card.key) ?? null),
  );
  const failed = results.filter((r) => r.status === "rejected" || r.value === "failed").length;
  for (const [i, result] of results.entries()) {
    if (result.status === "rejected") {
      log.error("card not made", { deckId, card: todo[i]!.key, error: result.reason });
      if (repaints.has(todo[i]!.key)) {
        await endRepaintWithoutPicture(deps.db, deckId, todo[i]!.key, Date.now());
        continue;
      }
      await deps.db
        .update(cards)
        .set({ status: "failed", updatedAt: Date.now() })
        .where(and(eq(cards.deckId, deckId), eq(cards.cardKey, todo[i]!.key)));
    }
  }

  const all = await deps.db.select({ id: cards.id, key: cards.cardKey, status: cards.status }).from(cards).where(eq(cards.deckId, deckId));
  const readyCards = all.filter((card) => card.status === "ready");
  const status: DeckStatus = readyCards.length > 0 ? "ready" : "failed";
  const cover = deck.coverCardId ?? (readyCards.find((card) => card.key === "major-00") ?? readyCards[0])?.id ?? null;
  await deps.db.update(decks).set({ status, coverCardId: cover, updatedAt: Date.now() }).where(eq(decks.id, deckId));
  return { status, made: todo.length - failed, failed };
}
