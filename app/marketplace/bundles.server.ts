/**
 * A creator's bundles (decision 0114): two or more of their own priced, listed decks at one price,
 * less than the decks cost apart. A bundle is on sale while it is not ended and every deck in it is
 * in the marketplace; it is bought in one checkout (the `bundle` kind) and its payment writes a
 * purchase of every deck, each at its share of the price paid (`shareOf`), through the one rule that
 * writes a sale (`purchaseStatements`). A buyer who holds one of its decks already is refused the
 * bundle before paying, and told which.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { bundleDecks, bundles, deckListings, deckPurchases, decks, users } from "../../db/schema";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { cardImageUrl } from "../decks/images";
import { newId } from "../lib/crypto";
import { formatMoney } from "../lib/format";
import { openCheckout } from "../payments/checkout.server";
import type { PurchaseHandler, Statement } from "../payments/registry.server";
import { pushTargetOf, notify } from "../push/notify.server";
import { saleNews } from "./news.server";
import { shareOf, type BundleInput } from "./offers";
import { checkCode, claimUseStatement, codeUseClaimed, type AppliedCode } from "./offers.server";
import { paidCopy } from "./paid-copies.server";
import { boughtNothing, deckRefundStatements, purchaseStatements, saleFeePercent } from "./purchase.server";

export type BundleOutcome = { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 409; message: string; field?: string };

/** The decks of these bundles (their ids, or a subquery of them) with their listings (price, whether in the marketplace now) and faces. */
function bundleDeckRows(db: Database, bundleIds: string[] | SQL) {
  return db
    .select({
      bundleId: bundleDecks.bundleId,
      deckId: decks.id,
      title: decks.title,
      creatorId: decks.creatorId,
      // The face, as the shop's tile draws it: the cover when anyone may see it, else the first preview card.
      face: sql<string | null>`(
        select json_object('key', f.image_key, 'v', f.updated_at) from cards as f
        where f.deck_id = ${decks.id} and f.card_key in (select value from json_each(${deckListings.previewCardKeys}))
        order by f.id = (select d.cover_card_id from decks as d where d.id = f.deck_id) desc, f.arcana, f.number
        limit 1
      )`,
      sellerId: deckListings.sellerId,
      priceCents: deckListings.priceCents,
      visible: deckListings.visible,
    })
    .from(bundleDecks)
    .innerJoin(decks, eq(decks.id, bundleDecks.deckId))
    .leftJoin(deckListings, eq(deckListings.deckId, decks.id))
    .where(Array.isArray(bundleIds) ? inArray(bundleDecks.bundleId, bundleIds.length > 0 ? bundleIds : [""]) : sql`${bundleDecks.bundleId} in ${bundleIds}`)
    .orderBy(decks.title);
}

type BundleRow = typeof bundles.$inferSelect;

function faceUrl(face: string | null): string | null {
  if (!face) return null;
  const { key, v } = JSON.parse(face) as { key: string | null; v: number | null };
  return cardImageUrl(key, v ?? 0);
}
type DeckRow = Awaited<ReturnType<typeof bundleDeckRows>>[number];

/** A bundle as pages show it: its decks, what they cost apart, and whether it is on sale. */
function shapeBundle(bundle: BundleRow, rows: DeckRow[]) {
  const own = rows.filter((row) => row.bundleId === bundle.id);
  const onSale =
    bundle.endedAt === null &&
    own.length >= 2 &&
    own.every((row) => row.visible && row.sellerId === bundle.sellerId && row.creatorId === bundle.sellerId && (row.priceCents ?? 0) > 0);
  const separateCents = own.reduce((sum, row) => sum + (row.priceCents ?? 0), 0);
  return {
    id: bundle.id,
    title: bundle.title,
    priceCents: bundle.priceCents,
    currency: bundle.currency,
    separateCents,
    ended: bundle.endedAt !== null,
    onSale,
    decks: own.map((row) => ({
      id: row.deckId,
      title: row.title,
      priceCents: row.priceCents ?? 0,
      coverUrl: faceUrl(row.face),
    })),
  };
}

export type Bundle = ReturnType<typeof shapeBundle>;

/** The creator's bundles (ended ones too) and their decks that may go in one (priced and listed). */
export async function sellerBundles(db: Database, sellerId: string) {
  const [rows, listed] = await db.batch([
    db.select().from(bundles).where(eq(bundles.sellerId, sellerId)).orderBy(desc(bundles.createdAt)).limit(100),
    db
      .select({ id: decks.id, title: decks.title, priceCents: deckListings.priceCents })
      .from(deckListings)
      .innerJoin(decks, eq(decks.id, deckListings.deckId))
      .where(and(eq(deckListings.sellerId, sellerId), eq(decks.creatorId, sellerId), eq(deckListings.visible, true), sql`${deckListings.priceCents} > 0`))
      .orderBy(decks.title)
      .limit(200),
  ]);
  const deckRows = await bundleDeckRows(
    db,
    rows.map((row) => row.id),
  );
  return { bundles: rows.map((row) => shapeBundle(row, deckRows)), decks: listed };
}

/** Makes a bundle of the creator's own priced, listed decks, priced below their sum. */
export async function createBundle(db: Database, user: CurrentUser, input: BundleInput): Promise<BundleOutcome> {
  if (user.isGuest) return { ok: false, status: 403, message: "Create an account to make bundles." };
  const listed = await db
    .select({ id: decks.id, priceCents: deckListings.priceCents, currency: deckListings.currency })
    .from(deckListings)
    .innerJoin(decks, eq(decks.id, deckListings.deckId))
    .where(
      and(
        inArray(deckListings.deckId, input.decks),
        eq(deckListings.sellerId, user.id),
        eq(decks.creatorId, user.id),
        eq(deckListings.visible, true),
        sql`${deckListings.priceCents} > 0`,
      ),
    );
  if (listed.length !== input.decks.length)
    return { ok: false, status: 400, field: "decks", message: "Choose decks of yours that are for sale in the marketplace." };
  const separate = listed.reduce((sum, row) => sum + row.priceCents, 0);
  if (input.price >= separate)
    return { ok: false, status: 400, field: "price", message: `A bundle costs less than its decks apart: under ${formatMoney(separate)}.` };
  const id = newId();
  const [made] = await db.batch([
    db
      .insert(bundles)
      .values({ id, sellerId: user.id, title: input.title, priceCents: input.price, currency: listed[0]!.currency })
      .onConflictDoNothing()
      .returning({ id: bundles.id }),
    db
      .insert(bundleDecks)
      .select(db.select({ bundleId: bundles.id, deckId: decks.id }).from(bundles).innerJoin(decks, inArray(decks.id, input.decks)).where(eq(bundles.id, id)))
      .onConflictDoNothing(),
  ]);
  if (made.length === 0) return { ok: false, status: 409, field: "title", message: `You have a bundle called “${input.title}” already.` };
  return { ok: true, message: `“${input.title}” is on sale.` };
}

/** Ends one of the creator's bundles; anyone else's is not found. Buyers keep the decks they bought. */
export async function endBundle(db: Database, sellerId: string, bundleId: string, now = Date.now()): Promise<BundleOutcome> {
  const bundle = await db.query.bundles.findFirst({ columns: { title: true }, where: and(eq(bundles.id, bundleId), eq(bundles.sellerId, sellerId)) });
  if (!bundle) return { ok: false, status: 404, message: "Not found" };
  await db
    .update(bundles)
    .set({ endedAt: now })
    .where(and(eq(bundles.id, bundleId), sql`${bundles.endedAt} is null`));
  return { ok: true, message: `“${bundle.title}” is no longer on sale.` };
}

/** The bundles on sale that hold this deck, or that this creator sells: what the deck page and the shop show. */
export async function bundlesOnSale(db: Database, where: { deckId: string } | { sellerId: string }) {
  const chosen = and(
    sql`${bundles.endedAt} is null`,
    "deckId" in where
      ? sql`${bundles.id} in (select ${bundleDecks.bundleId} from ${bundleDecks} where ${bundleDecks.deckId} = ${where.deckId})`
      : eq(bundles.sellerId, where.sellerId),
  );
  // The bundles and their decks in one round trip: the decks' query names the same bundles.
  const [rows, deckRows] = await db.batch([
    db.select().from(bundles).where(chosen).orderBy(desc(bundles.createdAt)).limit(12),
    bundleDeckRows(db, sql`(select ${bundles.id} from ${bundles} where ${chosen})`),
  ]);
  return rows.map((row) => shapeBundle(row, deckRows)).filter((bundle) => bundle.onSale);
}

export type BundleOffer =
  | { state: "not-for-sale" }
  | { state: "yours"; bundle: Bundle; creator: string | null }
  | { state: "for-sale"; bundle: Bundle; sellerId: string; creator: string | null; held: { id: string; title: string }[] };

/** The bundle as this person may buy it: on sale, theirs, or not for sale; `held` names its decks they hold already. */
export async function bundleOffer(db: Database, bundleId: string, viewerId: string): Promise<BundleOffer> {
  const [[row], deckRows, held] = await db.batch([
    db
      .select({ bundle: bundles, creator: users.username })
      .from(bundles)
      .innerJoin(users, eq(users.id, bundles.sellerId))
      .where(eq(bundles.id, bundleId))
      .limit(1),
    bundleDeckRows(db, [bundleId]),
    db
      .select({ deckId: deckPurchases.deckId })
      .from(deckPurchases)
      .where(
        and(
          sql`${deckPurchases.deckId} in (select ${bundleDecks.deckId} from ${bundleDecks} where ${bundleDecks.bundleId} = ${bundleId})`,
          paidCopy(sql`${deckPurchases.deckId}`, viewerId),
        ),
      ),
  ]);
  if (!row) return { state: "not-for-sale" };
  const bundle = shapeBundle(row.bundle, deckRows);
  if (row.bundle.sellerId === viewerId) return { state: "yours", bundle, creator: row.creator };
  if (!bundle.onSale) return { state: "not-for-sale" };
  const heldIds = new Set(held.map((h) => h.deckId));
  return {
    state: "for-sale",
    bundle,
    sellerId: row.bundle.sellerId,
    creator: row.creator,
    held: bundle.decks.filter((deck) => heldIds.has(deck.id)).map(({ id, title }) => ({ id, title })),
  };
}

/** Where a bundle's buyer lands: their collection, which shows its decks. */
export const boughtBundlePath = "/collection?bought=bundle";

export type BundleBuyOutcome = { kind: "redirect"; url: string } | { kind: "refused"; status: number; message: string; field?: "code" };

export const heldMessage = (held: { title: string }[]) =>
  `You have ${held.map((deck) => `“${deck.title}”`).join(" and ")} already: buy the other ${held.length === 1 ? "deck" : "decks"} on ${held.length === 1 ? "its" : "their"} own page instead.`;

/** The price the buyer pays for the bundle, with the code applied if one is given and may be used. */
export async function bundlePrice(db: Database, offer: Extract<BundleOffer, { state: "for-sale" }>, code: string) {
  if (!code) return { ok: true as const, priceCents: offer.bundle.priceCents, applied: null as AppliedCode | null };
  const checked = await checkCode(db, { sellerId: offer.sellerId, code, target: { kind: "bundle" }, priceCents: offer.bundle.priceCents });
  return checked.ok
    ? { ok: true as const, priceCents: checked.applied.priceCents, applied: checked.applied }
    : { ok: false as const, message: checked.message };
}

/** Opens the checkout of a bundle at its price (less the code's). */
export async function buyBundle(context: AppLoadContext, user: CurrentUser, bundleId: string, origin: string, code = ""): Promise<BundleBuyOutcome> {
  if (user.isGuest) return { kind: "refused", status: 401, message: "Create an account to buy a bundle: your decks come with you." };
  const offer = await bundleOffer(context.db, bundleId, user.id);
  if (offer.state === "not-for-sale") return { kind: "refused", status: 404, message: "This bundle is not for sale." };
  if (offer.state === "yours") return { kind: "refused", status: 409, message: "This is your bundle: its decks are yours already." };
  if (offer.held.length > 0) return { kind: "refused", status: 409, message: heldMessage(offer.held) };
  const price = await bundlePrice(context.db, offer, code);
  if (!price.ok) return { kind: "refused", status: 400, message: price.message, field: "code" };
  const { bundle, creator } = offer;
  const url = await openCheckout(
    context,
    user,
    {
      kind: "bundle",
      mode: "payment",
      amountCents: price.priceCents,
      currency: bundle.currency,
      bundleId,
      offerCodeId: price.applied?.id,
      description: `The bundle “${bundle.title}” (${bundle.decks.length} decks)${creator ? ` by @${creator}` : ""}${price.applied ? ` with the code ${price.applied.code}` : ""}`,
      successPath: () => boughtBundlePath,
      cancelPath: `/checkout/bundle/${bundleId}`,
    },
    origin,
  );
  return { kind: "redirect", url: url.url };
}

/**
 * A completed checkout of a bundle: a purchase of each of its decks, at its share of the price paid
 * and the fee of the seller's plan now; with a code, only where this payment claimed its use.
 */
async function bundleCheckoutStatements(
  db: Database,
  checkout: { id: string; userId: string; bundleId: string | null; amountCents: number; currency: string; offerCodeId: string | null },
  now: number,
): Promise<Statement[]> {
  if (!checkout.bundleId) return [];
  const [bundle, rows] = await Promise.all([db.query.bundles.findFirst({ where: eq(bundles.id, checkout.bundleId) }), bundleDeckRows(db, [checkout.bundleId])]);
  // The decks whose listing is still the bundle's creator's (a deck taken out of the marketplace since keeps its row, and is sold as a single deck would be).
  const sold = rows.filter((row) => bundle && row.sellerId === bundle.sellerId);
  if (!bundle || sold.length === 0) return [];
  const feePercent = await saleFeePercent(db, bundle.sellerId);
  const shares = shareOf(
    checkout.amountCents,
    sold.map((row) => row.priceCents ?? 0),
  );
  const guard = checkout.offerCodeId ? codeUseClaimed(checkout.id) : undefined;
  return [
    ...(checkout.offerCodeId ? [claimUseStatement(db, { checkoutId: checkout.id, codeId: checkout.offerCodeId, buyerId: checkout.userId, now })] : []),
    ...sold.flatMap((row, i) =>
      purchaseStatements(
        db,
        {
          deckId: row.deckId,
          buyerId: checkout.userId,
          sellerId: bundle.sellerId,
          checkoutId: checkout.id,
          grossCents: shares[i]!,
          feePercent,
          currency: checkout.currency,
          guard,
          reference: `sale:${checkout.id}:${row.deckId}`,
        },
        now,
      ),
    ),
  ];
}

/** The payments module's handler for the `bundle` kind: every deck of it bought, each refunded with it, a payment that bought nothing given back. */
export const bundlePayments: PurchaseHandler = {
  async completed(db, checkout, { refundedInFull, now }) {
    if (refundedInFull) return { statements: [] };
    const grossCents = checkout.amountCents ?? 0;
    const statements = await bundleCheckoutStatements(db, { ...checkout, amountCents: grossCents }, now);
    if (statements.length === 0 || grossCents <= 0) return { statements };
    return {
      statements,
      followUp: async (context, { origin }) => {
        const bought = await context.db.query.deckPurchases.findFirst({ columns: { deckId: true }, where: eq(deckPurchases.checkoutId, checkout.id) });
        if (bought) notify(pushTargetOf(context), saleNews({ deckId: bought.deckId, grossCents, currency: checkout.currency, origin }));
      },
    };
  },
  async refunded(db, { receipt, inFull }, now) {
    return { afterReceipt: receipt.checkoutId && inFull ? await deckRefundStatements(db, receipt.checkoutId, now, true) : [] };
  },
  unused: { boughtNothing, refundKey: (checkoutId) => `unused-bundle:${checkoutId}` },
};
