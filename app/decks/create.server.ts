import type { AppLoadContext } from "@remix-run/cloudflare";
import { getServerByName } from "partyserver";
import { and, eq, gte, isNull, lt, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { cards, deckQuotaLedger, decks } from "../../db/schema";
import { ART_STYLES } from "../art/local-art";
import { newPaintingSecret } from "../art/painting-secret";
import type { CurrentUser } from "../auth/user.server";
import { consumeCredits, getQuota, refundCredits, refundReference, type QuotaRecord } from "../credits/credits.server";
import { creditsLeft, deckCharge, describeCredits, explorerPlusMakes, upgradeCharge } from "../plans/cost";
import { deckWorkRefusal, newDeckRefusal, repaintsOfDeck, repaintsUsedSql, storageOverflowRefusal } from "../entitlements/entitlements.server";
import { mayRepaint, NO_REPAINTS_MESSAGE } from "../entitlements/entitlements";
import { newId } from "../lib/crypto";
import { rowsPerStatement } from "../lib/d1";
import { deckKinds, deckQualities, type CardImageQuality as Quality, type DeckKind } from "../../db/columns";
import { FULL_DECK, MAJOR_ARCANA, MINOR_ARCANA, type TarotCard } from "../tarot/cards";
import { METRICS, recordMetric } from "../observe/metrics.server";

export const DECK_KINDS = { major_arcana: MAJOR_ARCANA, complete: FULL_DECK } as const satisfies Record<DeckKind, readonly TarotCard[]>;

export const NO_CREDITS_MESSAGE = "You have no credits left for this deck. Nothing was charged.";
/** A guest's credits are the guest's own; an account's credits are used by signing in to it. */
export const GUEST_NO_CREDITS_MESSAGE = `${NO_CREDITS_MESSAGE} If you have an account, sign in to use its credits.`;

/** What to tell someone who cannot pay for a deck. */
export function noCreditsMessage(user: Pick<CurrentUser, "isGuest">) {
  return user.isGuest ? GUEST_NO_CREDITS_MESSAGE : NO_CREDITS_MESSAGE;
}

export const UPGRADE_NEEDS_CREDIT_MESSAGE = "Upgrading needs a complete-deck credit. Nothing was charged.";

/**
 * A purchase that makes up for a missing complete-deck credit, sent with the refusal so the page can
 * show it next to the message: Explorer Plus for the deck being upgraded, or the ways to a full deck
 * (a Major Arcana deck completed with Explorer Plus, or a subscription).
 */
export type CreditOffer = "explorer-plus" | "full-deck";

export const createDeckForm = lazySchema(() =>
  z.object({
    theme: z.string().trim().min(3, "Describe a theme of at least 3 characters").max(200, "Keep the theme under 200 characters"),
    title: z.string().trim().max(80, "Keep the title under 80 characters").optional().default(""),
    description: z.string().trim().max(800, "Keep the description under 800 characters").optional().default(""),
    style: z.string().trim().min(1, "Choose an art style").max(60, "Keep the style under 60 characters"),
    kind: z.enum(deckKinds, { error: "Choose Major Arcana or the full deck" }),
    quality: z.enum(deckQualities).default("medium"),
  }),
);

export type CreateDeckInput = z.infer<typeof createDeckForm>;

/** Small words a title may not end on: a cut there reads as a sentence broken off. */
const TITLE_BREAKS = new Set(
  "a an the and or but nor with without of in on at by for from to into onto under over above below beneath among amid along across between near through toward towards beyond around about after before during my our your his her their its".split(
    " ",
  ),
);
/** A title longer than this is cut: it must fit a card's caption and a listing's line. */
const TITLE_FITS = 40;

/**
 * A title from the theme when none is given, in the creator's own words: the whole theme when it
 * fits, else its longest opening phrase that fits and ends before a small word ("Night market with
 * ramen stalls", not "… stalls and"). The first letter is a capital.
 */
export function titleFromTheme(theme: string) {
  const words = theme
    .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  const length = (count: number) => words.slice(0, count).join(" ").length;
  const endsWell = (count: number) => !TITLE_BREAKS.has(words[count - 1]!.toLowerCase());
  let count = words.length;
  if (length(count) > TITLE_FITS) {
    const fitting = words.map((_, i) => i + 1).filter((n) => length(n) <= TITLE_FITS && endsWell(n));
    const beforeSmallWord = fitting.filter((n) => TITLE_BREAKS.has(words[n]!.toLowerCase()));
    // No phrase ends in time: the first word alone, cut to fit.
    count = beforeSmallWord.at(-1) ?? fitting.at(-1) ?? 1;
  }
  const title = words.slice(0, count).join(" ").slice(0, 80);
  return title.length > 0 ? title.charAt(0).toUpperCase() + title.slice(1) : "Untitled Deck";
}

export const KNOWN_STYLES: readonly string[] = ART_STYLES;

function cardRows(deckId: string, list: readonly TarotCard[], now: number) {
  return list.map((card) => ({
    id: newId(),
    deckId,
    cardKey: card.key,
    name: card.name,
    arcana: card.arcana,
    suit: card.suit,
    number: card.number,
    status: "pending" as const,
    createdAt: now,
    updatedAt: now,
  }));
}

/** Statements inserting card rows, split to stay under D1's parameter cap; existing cards are kept. */
function insertCards(db: AppLoadContext["db"], rows: ReturnType<typeof cardRows>) {
  return rowsPerStatement(rows, Object.keys(rows[0] ?? {}).length).map((slice) => db.insert(cards).values(slice).onConflictDoNothing());
}

async function startGeneration(context: AppLoadContext, deckId: string, charge: { userId: string; reference: string } | null) {
  const generator = await getServerByName(context.cloudflare.env.DeckGenerator, deckId);
  await generator.start(deckId, charge);
}

/**
 * Takes what a new deck of `kind` at `quality` costs from the person's credits, priced against what
 * they have left (a medium Major Arcana deck falls back to a complete-deck credit), once per reference.
 */
export async function chargeNewDeck(
  db: AppLoadContext["db"],
  userId: string,
  kind: DeckKind,
  quality: Quality,
  line: { referenceId: string; description: string },
) {
  const quota = await getQuota(db, userId);
  return consumeCredits(db, userId, deckCharge(kind, quality, creditsLeft(quota)), line);
}

/**
 * Creates a deck: the credits are taken first (atomically, once per deck), then the deck and
 * its card rows are written in one batch, then the background generator is started. If the
 * writing fails the credits go back. A new deck is private until its owner publishes it.
 */
export async function createDeck(context: AppLoadContext, user: Pick<CurrentUser, "id" | "isGuest">, input: CreateDeckInput) {
  const { db } = context;
  const refusal = await newDeckRefusal(db, user.id, input.quality);
  if (refusal) return { ok: false as const, ...refusal };
  const deckId = newId();
  const reference = `deck:${deckId}`;
  const title = input.title || titleFromTheme(input.theme);
  const charged = await chargeNewDeck(db, user.id, input.kind, input.quality, { referenceId: reference, description: `Deck “${title}”` });
  if (!charged.ok) {
    const offer: CreditOffer | undefined = explorerPlusMakes(input.kind, input.quality) ? "full-deck" : undefined;
    return { ok: false as const, status: 402, message: noCreditsMessage(user), offer };
  }

  const now = Date.now();
  try {
    const list = DECK_KINDS[input.kind];
    await db.batch([
      db.insert(decks).values({
        id: deckId,
        creatorId: user.id,
        title,
        theme: input.theme,
        description: input.description || null,
        artStyle: input.style,
        kind: input.kind,
        quality: input.quality,
        status: "generating",
        isPublic: false,
        paintingSecret: newPaintingSecret(),
        createdAt: now,
        updatedAt: now,
      }),
      ...insertCards(db, cardRows(deckId, list, now)),
    ]);
  } catch (error) {
    await refundCredits(db, user.id, reference);
    throw error;
  }
  // Made at the same moment as another deck that filled the plan's last place: this one is undone.
  const overflow = await storageOverflowRefusal(db, user.id, { id: deckId, createdAt: now });
  if (overflow) {
    await db.delete(decks).where(eq(decks.id, deckId));
    await refundCredits(db, user.id, reference, { description: "Refund: the collection was already full" });
    return { ok: false as const, ...overflow };
  }
  await startGeneration(context, deckId, { userId: user.id, reference });
  recordMetric(METRICS.deckMade, input.kind);
  return { ok: true as const, deckId };
}

/**
 * Grows a Major Arcana deck to all 78 cards: one complete-deck credit, then only the 56 minor
 * cards are made, in the deck's own theme and style.
 */
export async function upgradeDeck(context: AppLoadContext, user: Pick<CurrentUser, "id">, deckId: string) {
  const { db } = context;
  const deck = await db.query.decks.findFirst({ where: and(eq(decks.id, deckId), eq(decks.creatorId, user.id)) });
  if (!deck) return { ok: false as const, status: 404, message: "Deck not found" };
  if (deck.kind === "complete") return { ok: false as const, status: 409, message: "This deck already has all 78 cards." };
  if (deck.status === "generating") return { ok: false as const, status: 409, message: "Wait until the deck is finished." };
  const refusal = await deckWorkRefusal(db, user.id);
  if (refusal) return { ok: false as const, ...refusal };
  const reference = await attemptReference(db, user.id, `upgrade:${deckId}`);
  const charged = await consumeCredits(db, user.id, upgradeCharge(), { referenceId: reference, description: `Full deck for “${deck.title}”` });
  if (!charged.ok) return { ok: false as const, status: 402, message: UPGRADE_NEEDS_CREDIT_MESSAGE, offer: "explorer-plus" as const };
  const now = Date.now();
  await db.batch([
    db.update(decks).set({ kind: "complete", status: "generating", updatedAt: now }).where(eq(decks.id, deckId)),
    ...insertCards(db, cardRows(deckId, MINOR_ARCANA, now)),
  ]);
  await startGeneration(context, deckId, { userId: user.id, reference });
  return { ok: true as const };
}

export const REPAINT_UNDER_WAY_MESSAGE = "This card is being painted again already.";

/**
 * Paints one card again, in the deck's style. The repaint is held, not spent: the card is marked
 * as being repainted (which holds one of the deck's repaints), and the painter spends it when the
 * new picture is stored, or lets it go if none comes. The mark is set only while the deck's count
 * is still the one checked, so two repaints at once cannot pass the limit together. A failed card
 * is painted again for free.
 */
/**
 * Paints one card of the owner's deck again, off the request path (the deck's generator does it).
 * `prompt` sets the card's own words for the painting (null clears them); left out, it keeps them.
 */
export async function regenerateCard(context: AppLoadContext, user: CurrentUser, deckId: string, cardKey: string, prompt?: string | null) {
  const { db } = context;
  const deck = await db.query.decks.findFirst({ where: and(eq(decks.id, deckId), eq(decks.creatorId, user.id)) });
  if (!deck) return { ok: false as const, status: 404, message: "Deck not found" };
  if (deck.status === "failed") return { ok: false as const, status: 409, message: RETRY_WHOLE_DECK_MESSAGE };
  const card = await db.query.cards.findFirst({ where: and(eq(cards.deckId, deckId), eq(cards.cardKey, cardKey)) });
  if (!card) return { ok: false as const, status: 404, message: "Card not found" };
  if (card.repaintRequestedAt !== null || card.status === "pending" || card.status === "generating") {
    return {
      ok: false as const,
      status: 409,
      message: deck.status === "generating" && card.repaintRequestedAt === null ? "Wait until the deck is finished." : REPAINT_UNDER_WAY_MESSAGE,
    };
  }
  if (deck.status === "generating") return { ok: false as const, status: 409, message: "Wait until the deck is finished." };
  const free = card.status === "failed";
  const repaints = await repaintsOfDeck(db, user.id, deckId);
  if (!mayRepaint(repaints.left, free)) return { ok: false as const, status: 402, message: NO_REPAINTS_MESSAGE };
  const now = Date.now();
  const unchanged = [eq(cards.id, card.id), isNull(cards.repaintRequestedAt), eq(cards.status, card.status)];
  // A limited plan's repaint holds only if no other one was taken since the count was read.
  const withinLimit = free || repaints.left === null ? [] : [sql`${repaintsUsedSql(deckId)} = ${repaints.used}`];
  const [held] = await db.batch([
    db
      .update(cards)
      .set({ status: "pending", repaintRequestedAt: free ? null : now, updatedAt: now, ...(prompt === undefined ? {} : { prompt }) })
      .where(and(...unchanged, ...withinLimit))
      .returning({ id: cards.id }),
    db
      .update(decks)
      .set({ status: "generating", updatedAt: now })
      .where(and(eq(decks.id, deckId), sql`EXISTS (SELECT 1 FROM ${cards} WHERE ${cards.id} = ${card.id} AND ${cards.status} = 'pending')`)),
  ]);
  if (held.length === 0) {
    // Another repaint took the card, or the deck's last repaint, first.
    const again = await repaintsOfDeck(db, user.id, deckId);
    return mayRepaint(again.left, free)
      ? { ok: false as const, status: 409, message: REPAINT_UNDER_WAY_MESSAGE }
      : { ok: false as const, status: 402, message: NO_REPAINTS_MESSAGE };
  }
  await startGeneration(context, deckId, null);
  return { ok: true as const };
}

export const RETRY_WHOLE_DECK_MESSAGE = "Nothing of this deck could be painted. Use “Try again” to make the whole deck again.";

/**
 * The charge reference for another attempt at `base` after earlier attempts were refunded:
 * `base`, then `base#2`, `base#3`… Requests racing on one attempt share its reference, so a double
 * submission still charges once, while an attempt after a refund is charged anew.
 */
export async function attemptReference(db: AppLoadContext["db"], userId: string, base: string) {
  const refund = refundReference(base);
  const [row] = await db
    .select({ refunds: sql<number>`count(*)` })
    .from(deckQuotaLedger)
    .where(
      and(
        eq(deckQuotaLedger.userId, userId),
        // `refund` itself, or `refund#…` (a range, as D1 caps LIKE patterns at 50 bytes; "$" follows "#").
        or(eq(deckQuotaLedger.referenceId, refund), and(gte(deckQuotaLedger.referenceId, `${refund}#`), lt(deckQuotaLedger.referenceId, `${refund}$`))),
      ),
    );
  const refunds = Number(row?.refunds ?? 0);
  return refunds === 0 ? base : `${base}#${refunds + 1}`;
}

/** What trying a failed deck again costs the user now. */
export async function retryCost(db: AppLoadContext["db"], userId: string, deck: { kind: DeckKind; quality: Quality }) {
  return retryCostOf(deck, await getQuota(db, userId));
}

/** What another attempt at the deck costs with the credits of this quota record. */
export function retryCostOf(deck: { kind: DeckKind; quality: Quality }, quota: QuotaRecord) {
  const charge = deckCharge(deck.kind, deck.quality, creditsLeft(quota));
  return { charge, summary: describeCredits(charge) };
}

/**
 * Makes a deck again whose every card failed (its first charge was given back): charged again,
 * then every card is queued.
 */
export async function retryDeck(context: AppLoadContext, user: CurrentUser, deckId: string) {
  const { db } = context;
  const deck = await db.query.decks.findFirst({ where: and(eq(decks.id, deckId), eq(decks.creatorId, user.id)) });
  if (!deck) return { ok: false as const, status: 404, message: "Deck not found" };
  if (deck.status !== "failed") return { ok: false as const, status: 409, message: "Only a deck that could not be made can be tried again." };
  const refusal = await deckWorkRefusal(db, user.id, deck.quality);
  if (refusal) return { ok: false as const, ...refusal };
  const { charge } = await retryCost(db, user.id, deck);
  const reference = await attemptReference(db, user.id, `deck:${deckId}`);
  const charged = await consumeCredits(db, user.id, charge, { referenceId: reference, description: `Deck “${deck.title}”, tried again` });
  if (!charged.ok) return { ok: false as const, status: 402, message: noCreditsMessage(user) };
  const now = Date.now();
  await db.batch([
    db
      .update(cards)
      .set({ status: "pending", updatedAt: now })
      .where(and(eq(cards.deckId, deckId), ne(cards.status, "ready"))),
    db.update(decks).set({ status: "generating", updatedAt: now }).where(eq(decks.id, deckId)),
  ]);
  await startGeneration(context, deckId, { userId: user.id, reference });
  return { ok: true as const };
}

/**
 * Settles a paid run once it is over. If it made no card at all the credits go back: an upgrade is
 * undone (its cards removed, the deck a Major Arcana deck again) so it can be bought again; a new
 * deck stays, failed, until its owner tries again or deletes it. Returns the deck's status when it
 * changed it, else null (something was made and the charge stands).
 */
export async function settlePaidRun(db: AppLoadContext["db"], bucket: R2Bucket, deckId: string, charge: { userId: string; reference: string }) {
  const upgrade = charge.reference.startsWith("upgrade:");
  const bought = upgrade ? and(eq(cards.deckId, deckId), eq(cards.arcana, "minor")) : eq(cards.deckId, deckId);
  const [made] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(bought, eq(cards.status, "ready")))
    .limit(1);
  if (made) return null;
  await refundCredits(db, charge.userId, charge.reference);
  if (!upgrade) {
    await db.update(decks).set({ status: "failed", updatedAt: Date.now() }).where(eq(decks.id, deckId));
    return "failed" as const;
  }
  const unmade = and(eq(cards.deckId, deckId), eq(cards.arcana, "minor"), ne(cards.status, "ready"));
  const minors = await db.select({ imageKey: cards.imageKey }).from(cards).where(unmade);
  const keys = minors.map((card) => card.imageKey).filter((key): key is string => Boolean(key));
  if (keys.length > 0) await bucket.delete(keys);
  await db.batch([
    db.delete(cards).where(unmade),
    db.update(decks).set({ kind: "major_arcana", status: "ready", updatedAt: Date.now() }).where(eq(decks.id, deckId)),
  ]);
  return "ready" as const;
}
