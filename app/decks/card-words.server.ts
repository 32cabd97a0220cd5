/**
 * A card's words in its owner's hands: the title shown on the card and its description. The
 * original stays in `name` and `description` for undo; the tarot meaning is the card's own and is
 * never edited. A card painted as SVG has its lettering changed in the stored picture too (the
 * title's text only: the painting stays as it was), under a new version so browsers fetch it again.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { cards, decks } from "../../db/schema";
import { escapeXml } from "../art/kit";
import type { Database } from "../db.server";

export const cardWordsForm = lazySchema(() =>
  z.object({
    title: z.string().trim().min(1, "Give the card a title").max(40, "Keep the title to 40 characters, so it fits on the card"),
    description: z.string().trim().max(1000, "Keep the description under 1,000 characters").default(""),
  }),
);
export type CardWords = z.infer<typeof cardWordsForm>;

/** The stored SVG with its title lettering changed from `from` to `to` (as the frame wrote it, plain or in capitals). */
export function reletter(svg: string, from: string, to: string): string {
  let out = svg
    .replace(`<title>${escapeXml(from)}</title>`, `<title>${escapeXml(to)}</title>`)
    .replace(`aria-label="${escapeXml(from)}"`, `aria-label="${escapeXml(to)}"`);
  for (const [old, now] of [
    [from, to],
    [from.toUpperCase(), to.toUpperCase()],
  ] as const)
    out = out.replace(`>${escapeXml(old)}</text>`, `>${escapeXml(now)}</text>`);
  return out;
}

type Outcome = { ok: true; message: string } | { ok: false; status: 404; message: string };

/**
 * Sets the card's words (`words`) or gives it back its original ones (`null`). Only the deck's
 * owner may; anyone else is told there is no such card.
 */
export async function setCardWords(
  db: Database,
  bucket: R2Bucket,
  ownerId: string,
  deckId: string,
  cardKey: string,
  words: CardWords | null,
): Promise<Outcome> {
  const [row] = await db
    .select({ card: cards, creatorId: decks.creatorId })
    .from(cards)
    .innerJoin(decks, eq(decks.id, cards.deckId))
    .where(and(eq(cards.deckId, deckId), eq(cards.cardKey, cardKey)));
  if (!row || row.creatorId !== ownerId) return { ok: false, status: 404, message: "Card not found" };
  const { card } = row;
  const shown = card.editedName ?? card.name;
  const title = words ? words.title : card.name;
  const editedName = words && words.title !== card.name ? words.title : null;
  const editedDescription = words && words.description !== (card.description ?? "") ? words.description : null;
  if (card.imageKey?.endsWith(".svg") && title !== shown) {
    const stored = await bucket.get(card.imageKey);
    if (stored) {
      const svg = await stored.text();
      await bucket.put(card.imageKey, reletter(svg, shown, title), { httpMetadata: stored.httpMetadata });
    }
  }
  await db.update(cards).set({ editedName, editedDescription, updatedAt: Date.now() }).where(eq(cards.id, card.id));
  return { ok: true, message: words ? "The card's words are saved." : "The card has its original words again." };
}
