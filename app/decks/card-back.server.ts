/**
 * The owner chooses their deck's card back: a painted design, or a picture of their own, checked as
 * an avatar is (JPG, PNG, GIF or WebP by its bytes, up to 5 MB) and kept at
 * `card-backs/{deckId}/{id}.{ext}`. A new picture replaces the previous one.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { decks } from "../../db/schema";
import { BACK_DESIGNS } from "../art/local-art";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { checkAvatar } from "../profile/avatar.server";

export const backDesignForm = lazySchema(() =>
  z.object({
    design: z.coerce
      .number({ error: "Choose one of the painted backs" })
      .int()
      .min(0)
      .max(BACK_DESIGNS - 1, "Choose one of the painted backs"),
  }),
);

type Outcome = { ok: true; message: string } | { ok: false; status: 400 | 404 | 413 | 415; message: string };

async function ownBack(db: Database, deckId: string, ownerId: string) {
  return db.query.decks.findFirst({ columns: { id: true, backImageKey: true }, where: and(eq(decks.id, deckId), eq(decks.creatorId, ownerId)) });
}

/** `design` as the form sent it: checked once the deck is known to be the person's. */
export async function choosePaintedBack(db: Database, bucket: R2Bucket, ownerId: string, deckId: string, form: Record<string, unknown>): Promise<Outcome> {
  const parsed = backDesignForm.safeParse(form);
  if (!parsed.success)
    return (await ownBack(db, deckId, ownerId))
      ? { ok: false, status: 400, message: parsed.error.issues[0]!.message }
      : { ok: false, status: 404, message: "Deck not found" };
  const design = parsed.data.design;
  const [gone] = await db
    .update(decks)
    .set({ cardBack: design === 0 ? null : `painted-${design}`, backImageKey: null, updatedAt: Date.now() })
    .where(and(eq(decks.id, deckId), eq(decks.creatorId, ownerId)))
    .returning({ id: decks.id });
  if (!gone) return { ok: false, status: 404, message: "Deck not found" };
  // The picture it may have had is no longer the back.
  const listed = await bucket.list({ prefix: `card-backs/${deckId}/` });
  if (listed.objects.length > 0) await bucket.delete(listed.objects.map((object) => object.key));
  return { ok: true, message: "The card back is chosen." };
}

/** Who asks is checked before what they sent: someone else's deck is not found, whatever the file. */
export async function uploadBack(db: Database, bucket: R2Bucket, ownerId: string, deckId: string, bytes: Uint8Array): Promise<Outcome> {
  const deck = await ownBack(db, deckId, ownerId);
  if (!deck) return { ok: false, status: 404, message: "Deck not found" };
  const check = checkAvatar(bytes);
  if (!check.ok) return { ok: false, status: bytes.byteLength === 0 ? 400 : check.message.startsWith("File too large") ? 413 : 415, message: check.message };
  const key = `card-backs/${deckId}/${newId()}.${check.type.ext}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: check.type.contentType } });
  await db.update(decks).set({ cardBack: "upload", backImageKey: key, updatedAt: Date.now() }).where(eq(decks.id, deckId));
  if (deck.backImageKey && deck.backImageKey !== key) await bucket.delete(deck.backImageKey);
  return { ok: true, message: "Your card back is saved." };
}
