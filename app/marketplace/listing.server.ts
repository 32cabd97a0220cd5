/**
 * A creator's listing of one of their decks in the marketplace: listing it, changing it, taking
 * it out. A public deck is a listed one (decision 0054): "Make public" lists the deck for free
 * (or again on its saved terms), "Make private" and "Take it out" both unlist it and make it
 * private. Selling for a price needs a plan that may sell; a free listing is open to every member.
 * The commercial licence is offered only on a plan with commercial rights.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { withDefaults } from "../lib/read-form.server";
import { cards, deckListings, decks, users } from "../../db/schema";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { commercialRights, maySell } from "../entitlements/entitlements";
import { FULL_DECK } from "../tarot/cards";
import { forgetCuratedRow } from "./browse.server";

export const PREVIEW_CARDS_DEFAULT = 3;
const MAX_PRICE_CENTS = 100_000;

export const listingForm = lazySchema(() =>
  z.object({
    price: z
      .string()
      .trim()
      .regex(/^\d{1,4}(\.\d{1,2})?$/, "Enter a price in dollars, such as 4.99 (0 for free)")
      .transform((value) => Math.round(Number(value) * 100))
      .refine((cents) => cents <= MAX_PRICE_CENTS, "Keep the price at $1,000 or less")
      .refine((cents) => cents === 0 || cents >= 50, "A priced deck costs at least $0.50"),
    description: z.string().trim().max(2000, "Keep the description under 2,000 characters").default(""),
    tags: z
      .string()
      .default("")
      .transform((value) => [
        ...new Set(
          value
            .split(",")
            .map((tag) => tag.trim().toLowerCase())
            .filter(Boolean),
        ),
      ])
      .refine((tags) => tags.length <= 8, "Use at most 8 tags")
      .refine((tags) => tags.every((tag) => tag.length <= 24), "Keep each tag under 24 characters"),
    preview: z
      .array(z.string().regex(/^[a-z]+-[a-z0-9-]{1,30}$/, "Choose preview cards from this deck"))
      .max(10, "Choose at most 10 preview cards")
      .default([]),
    licence: z.enum(["personal", "commercial"], { error: "Choose personal or commercial use" }).default("personal"),
  }),
);

export type ListingInput = z.output<typeof listingForm>;

export const GUEST_MAY_NOT_LIST = "Create an account to put a deck in the marketplace: your decks come with you.";

/**
 * What a saved listing changed that others hear of (decision 0113): the deck went into the
 * marketplace (its followers hear), or its price dropped (those who wished for it hear).
 */
export type ListingNews = { live: boolean; priceDrop: { fromCents: number; toCents: number } | null };

export type ListingOutcome = { ok: true; message: string; news?: ListingNews } | { ok: false; status: 400 | 403 | 404 | 409; message: string; field?: string };

/**
 * The listing form as sent: a box left out reads as empty, an unchosen licence as the default, and
 * the repeated `preview` fields (read as a list: `{ lists: ["preview"] }`) are the chosen cards.
 */
export const listingFormSent = lazySchema(() =>
  withDefaults(
    { price: "", description: "", tags: "" },
    z.preprocess((fields) => {
      if (typeof fields !== "object" || fields === null) return fields;
      const sent: Record<string, unknown> = { ...fields };
      return { ...sent, licence: sent.licence ? sent.licence : undefined };
    }, listingForm),
  ),
);

/** The owner's listing of the deck, if any. */
export function getListing(db: Database, deckId: string) {
  return db.query.deckListings.findFirst({ where: eq(deckListings.deckId, deckId) });
}

/** What the owner's listing form offers on their plan. */
export function listingTerms(user: CurrentUser) {
  return { maySell: !user.isGuest && maySell(user.plan.tier), mayLicenseCommercially: commercialRights(user.plan.tier) !== "personal", mayList: !user.isGuest };
}

/** Lists the owner's ready deck, or changes its listing (listing it again if it was taken out). */
export async function saveListing(db: Database, user: CurrentUser, deckId: string, input: ListingInput, now = Date.now()): Promise<ListingOutcome> {
  const deck = await db.query.decks.findFirst({ columns: { id: true, status: true }, where: and(eq(decks.id, deckId), eq(decks.creatorId, user.id)) });
  if (!deck) return { ok: false, status: 404, message: "Deck not found" };
  if (user.isGuest) return { ok: false, status: 403, message: GUEST_MAY_NOT_LIST };
  if (deck.status !== "ready") return { ok: false, status: 409, message: "Only a finished deck can be listed." };
  const terms = listingTerms(user);
  if (input.price > 0 && !terms.maySell)
    return {
      ok: false,
      status: 403,
      field: "price",
      message: "Selling a deck for a price is part of the Mystic, Creator and Visionary plans. You can list it for free.",
    };
  if (input.licence === "commercial" && !terms.mayLicenseCommercially)
    return { ok: false, status: 403, field: "licence", message: "Your plan gives personal-use rights only, so the deck is sold for personal use." };
  const keys = (
    await db
      .select({ key: cards.cardKey })
      .from(cards)
      .where(and(eq(cards.deckId, deckId), eq(cards.status, "ready")))
  ).map((row) => row.key);
  const known = new Set(keys);
  if (input.preview.some((key) => !known.has(key))) return { ok: false, status: 400, field: "preview", message: "Choose preview cards from this deck." };
  const preview =
    input.preview.length > 0
      ? input.preview
      : FULL_DECK.map((card) => card.key)
          .filter((key) => known.has(key))
          .slice(0, PREVIEW_CARDS_DEFAULT);
  const values = {
    priceCents: input.price,
    description: input.description,
    tags: input.tags,
    previewCardKeys: preview,
    licence: input.licence,
    status: "listed" as const,
    updatedAt: now,
  };
  const existing = await getListing(db, deckId);
  // A listed deck is a public one: its locked cards stay locked by the listing's price. Whoever
  // lists a deck is a creator from then on.
  await db.batch([
    db
      .insert(deckListings)
      .values({ deckId, sellerId: user.id, currency: "usd", listedAt: now, ...values })
      .onConflictDoUpdate({
        target: deckListings.deckId,
        set: { ...values, ...(existing?.status === "unlisted" ? { listedAt: now } : {}) },
        setWhere: eq(deckListings.sellerId, user.id),
      }),
    db
      .update(decks)
      .set({ isPublic: true, updatedAt: now })
      .where(and(eq(decks.id, deckId), eq(decks.creatorId, user.id))),
    db
      .update(users)
      .set({ isCreator: true })
      .where(and(eq(users.id, user.id), eq(users.isCreator, false))),
  ]);
  forgetCuratedRow();
  if (existing?.hiddenAt)
    return { ok: true, message: "Your listing is saved, but Arcanum staff have hidden the deck from the marketplace, so nobody else finds it." };
  const news: ListingNews = {
    live: existing?.status !== "listed",
    priceDrop: existing && input.price < existing.priceCents ? { fromCents: existing.priceCents, toCents: input.price } : null,
  };
  return { ok: true, message: existing?.status === "listed" ? "Your listing is updated." : "Your deck is in the marketplace now.", news };
}

/**
 * "Make public": lists the deck in the marketplace, for free the first time, or again on the
 * terms it had when it was taken out (so a price set through "Sell" comes back with it).
 */
export async function publishDeck(db: Database, user: CurrentUser, deckId: string, now = Date.now()): Promise<ListingOutcome> {
  const [deck, existing] = await Promise.all([
    db.query.decks.findFirst({ columns: { description: true }, where: and(eq(decks.id, deckId), eq(decks.creatorId, user.id)) }),
    getListing(db, deckId),
  ]);
  if (!deck) return { ok: false, status: 404, message: "Deck not found" };
  const input: ListingInput = existing
    ? { price: existing.priceCents, description: existing.description, tags: existing.tags, preview: existing.previewCardKeys, licence: existing.licence }
    : { price: 0, description: deck.description ?? "", tags: [], preview: [], licence: "personal" };
  const outcome = await saveListing(db, user, deckId, input, now);
  if (!outcome.ok || existing?.hiddenAt) return outcome;
  return {
    ok: true,
    news: outcome.news,
    message:
      input.price > 0
        ? "The deck is public now: it is in the Marketplace again at its price, and anyone can turn its preview cards over."
        : "The deck is public now: it is in the Marketplace for free, where anyone can find it, turn its cards over and read with it.",
  };
}

/** Takes the deck out of the marketplace, which makes it private ("Make private" is the same thing); buyers keep it. */
export async function unlistDeck(db: Database, user: CurrentUser, deckId: string, now = Date.now()): Promise<ListingOutcome> {
  const [, deck] = await db.batch([
    db
      .update(deckListings)
      .set({ status: "unlisted", updatedAt: now })
      .where(and(eq(deckListings.deckId, deckId), eq(deckListings.sellerId, user.id))),
    db
      .update(decks)
      .set({ isPublic: false, updatedAt: now })
      .where(and(eq(decks.id, deckId), eq(decks.creatorId, user.id)))
      .returning({ id: decks.id }),
  ]);
  if (deck.length === 0) return { ok: false, status: 404, message: "Deck not found" };
  forgetCuratedRow();
  return { ok: true, message: "The deck is private now: it is out of the marketplace, and only you and the people who bought it can see it." };
}
