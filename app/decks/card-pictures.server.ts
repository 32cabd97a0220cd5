/**
 * The pictures a card keeps besides the one it shows (decision 0120): the other variant each repaint
 * painted, and the pictures it showed before. Its owner may keep any of them instead; the one shown
 * then takes its place among them, so nothing is lost by choosing.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { cardPictures, cards, decks } from "../../db/schema";
import type { Database } from "../db.server";
import { lazySchema } from "../lib/lazy-schema";
import { cardImageUrl } from "./images";
import { CARD_PICTURES_KEPT } from "./generation.server";

export const keepPictureForm = lazySchema(() =>
  z.object({
    picture: z.string().trim().min(1, "Choose a picture to keep").max(64, "Choose a picture to keep"),
    // The picture the page showed, so a choice made on a page that is out of date changes nothing.
    shown: z.string().trim().max(300).default(""),
  }),
);

export type CardPictureView = { id: string; kind: "variant" | "earlier"; prompt: string | null; imageUrl: string };

/** A card's kept pictures, newest first, for its owner's page (one query, batched with the page's reads). */
export function cardPicturesQuery(db: Database, deckId: string, cardKey: string) {
  return db
    .select({ id: cardPictures.id, kind: cardPictures.kind, prompt: cardPictures.prompt, imageKey: cardPictures.imageKey, createdAt: cardPictures.createdAt })
    .from(cardPictures)
    .innerJoin(cards, eq(cards.id, cardPictures.cardId))
    .where(and(eq(cards.deckId, deckId), eq(cards.cardKey, cardKey)))
    .orderBy(desc(cardPictures.createdAt))
    .limit(CARD_PICTURES_KEPT);
}

export const cardPictureViews = (rows: Awaited<ReturnType<typeof cardPicturesQuery>>): CardPictureView[] =>
  rows.map((row) => ({ id: row.id, kind: row.kind, prompt: row.prompt, imageUrl: cardImageUrl(row.imageKey, row.createdAt)! }));

type Outcome = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

export const PICTURE_CHANGED_MESSAGE = "The card's picture changed since this page was shown. Look again, then choose.";

/**
 * Shows the kept picture `picture` on the owner's card instead of the one `shown`, which takes its
 * place among the kept pictures. Both changes are one batch, each conditional on the other's state,
 * so a choice sent twice, or during a repaint, changes nothing the second time.
 */
export async function keepCardPicture(db: Database, ownerId: string, deckId: string, cardKey: string, picture: string, shown: string): Promise<Outcome> {
  const [row] = await db
    .select({ imageKey: cardPictures.imageKey, cardId: cards.id, creatorId: decks.creatorId })
    .from(cardPictures)
    .innerJoin(cards, eq(cards.id, cardPictures.cardId))
    .innerJoin(decks, eq(decks.id, cards.deckId))
    .where(and(eq(cardPictures.id, picture), eq(cards.deckId, deckId), eq(cards.cardKey, cardKey)));
  if (!row || row.creatorId !== ownerId) return { ok: false, status: 404, message: "Picture not found" };
  if (!shown) return { ok: false, status: 409, message: PICTURE_CHANGED_MESSAGE };
  const now = Date.now();
  const [swapped] = await db.batch([
    db
      .update(cards)
      .set({ imageKey: row.imageKey, updatedAt: now })
      .where(and(eq(cards.id, row.cardId), eq(cards.imageKey, shown), eq(cards.status, "ready"), isNull(cards.repaintRequestedAt)))
      .returning({ id: cards.id }),
    db
      .update(cardPictures)
      .set({ imageKey: shown, kind: "earlier", createdAt: now })
      .where(
        and(
          eq(cardPictures.id, picture),
          eq(cardPictures.imageKey, row.imageKey),
          sql`EXISTS (SELECT 1 FROM ${cards} WHERE ${cards.id} = ${row.cardId} AND ${cards.imageKey} = ${row.imageKey} AND ${cards.updatedAt} = ${now})`,
        ),
      ),
  ]);
  if (!swapped.length) return { ok: false, status: 409, message: PICTURE_CHANGED_MESSAGE };
  return { ok: true, message: "Kept: the card shows this picture now, in the deck, its readings and its prints." };
}
