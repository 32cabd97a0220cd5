/**
 * Decks you can hold: the print-ready PDF and the ZIP of a deck's pictures, for its owner and its
 * buyers (decision 0066).
 *
 * - Who: the owner, or a buyer holding a paid copy while the deck is still listed (a refund or
 *   unlisting ends new downloads). A buyer's files name them and the licence the listing sold.
 * - The PDF is made after the request (`waitUntil`), its progress kept in `deck_prints`, and
 *   stored in R2 under a version of the deck's cards, back and holder: a changed card makes a new one.
 * - The ZIP is streamed as it is made: one picture in memory at a time.
 */
import { and, eq, lt, ne, or } from "drizzle-orm";
import { downloadZip } from "client-zip";
import { cards, deckListings, deckPrints, decks, users } from "../../db/schema";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { commercialRightsLabel } from "../entitlements/entitlements";
import { newId } from "../lib/crypto";
import { paidCopy } from "../marketplace/paid-copies.server";
import { deckPurchases } from "../../db/schema";
import { FULL_DECK, cardFileName } from "../tarot/cards";
import type { PictureEngines } from "../media/picture-engines.server";
import { backVersion, deckBackOf } from "../decks/card-back";
import { cardBackSvg, cardFrontSvg, printPixels, printPng, type PrintCard, type PrintDeck } from "./card-art.server";
import { ARRANGEMENTS, BLEED_BOX_MM, BLEED_PX, CARD_MM, PAPERS, cropMarks, mmToPt, printPages, type PrintChoice } from "./layout";
import { PdfWriter, draw, textWidth, type PdfImage } from "./pdf-writer";
import { log } from "../observe/log.server";

const TAROT_ORDER = new Map(FULL_DECK.map((card, i) => [card.key, i]));

export type PrintAccess = {
  deck: PrintDeck & { title: string; creator: string };
  cards: PrintCard[];
  holder: { id: string; name: string };
  role: "owner" | "buyer";
  /** The licence the holder has, as the title page and the README name it. */
  licence: string;
  version: string;
};
export type PrintRefusal = { status: 403 | 404 | 409; message: string };

const NOT_YOURS = "Only the deck's owner and its buyers can download it.";

/**
 * What the person may print of the deck, read in one round trip: the deck and its maker, its
 * listing, their paid copy and the cards. Refused: no such deck or not theirs (404), a refund or
 * an unlisted deck for a buyer (403), a deck still being painted (409).
 */
export async function printAccess(db: Database, deckId: string, user: CurrentUser): Promise<PrintAccess | PrintRefusal> {
  const [deckRows, listing, copy, cardRows] = await db.batch([
    db
      .select({ deck: decks, creatorName: users.fullName, creatorUsername: users.username })
      .from(decks)
      .innerJoin(users, eq(users.id, decks.creatorId))
      .where(eq(decks.id, deckId)),
    db.select({ status: deckListings.status, licence: deckListings.licence, hiddenAt: deckListings.hiddenAt }).from(deckListings).where(eq(deckListings.deckId, deckId)),
    db.select({ id: deckPurchases.id }).from(deckPurchases).where(paidCopy(deckId, user.id)),
    db.select().from(cards).where(eq(cards.deckId, deckId)),
  ]);
  const row = deckRows[0];
  if (!row) return { status: 404, message: "Deck not found" };
  const { deck } = row;
  const own = deck.creatorId === user.id;
  if (!own && !copy[0]) return { status: 404, message: NOT_YOURS };
  const sold = listing[0];
  if (!own && (!sold || sold.status !== "listed" || sold.hiddenAt !== null))
    return { status: 403, message: "The creator has taken this deck out of the marketplace, so new downloads have ended. What you downloaded before stays yours." };
  if (deck.status !== "ready") return { status: 409, message: "The deck can be printed once every card is painted." };
  const licence = own ? `${commercialRightsLabel(user.plan.tier)} (your own deck)` : sold!.licence === "commercial" ? "Commercial use: you may print and sell copies of this deck" : "Personal use only: print it for yourself, not for sale";
  const holderName = user.fullName ?? (user.username ? `@${user.username}` : own ? "The deck's creator" : "The buyer");
  const printCards = cardRows
    .sort((a, b) => (TAROT_ORDER.get(a.cardKey) ?? 0) - (TAROT_ORDER.get(b.cardKey) ?? 0))
    .map((card): PrintCard => ({ key: card.cardKey, name: card.name, title: card.editedName ?? card.name, imageKey: card.imageKey, regenerations: card.regenerations }));
  const back = deckBackOf(deck);
  const version = await hashOf([deck.title, backVersion(back), holderName, licence, ...cardRows.map((card) => `${card.cardKey}:${card.imageKey}:${card.updatedAt}:${card.editedName ?? ""}`)]);
  return {
    deck: { id: deck.id, title: deck.title, theme: deck.theme, artStyle: deck.artStyle, paintingSecret: deck.paintingSecret, back, creator: row.creatorName ?? (row.creatorUsername ? `@${row.creatorUsername}` : "an Arcanum creator") },
    cards: printCards,
    holder: { id: user.id, name: holderName },
    role: own ? "owner" : "buyer",
    licence,
    version,
  };
}

export const isRefusal = (access: PrintAccess | PrintRefusal): access is PrintRefusal => "status" in access;

async function hashOf(parts: string[]): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("\n")));
  return [...new Uint8Array(digest)].slice(0, 12).map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export type PrintState = { id: string; status: "working" | "ready" | "failed"; cardsDone: number; cardsTotal: number; bytes: number | null } | null;

/** The holder's print of this version on this paper and arrangement, if one was asked for. */
export async function printState(db: Database, access: PrintAccess, choice: PrintChoice): Promise<PrintState> {
  const row = await db.query.deckPrints.findFirst({ where: printRow(access, choice) });
  return row ? { id: row.id, status: row.status, cardsDone: row.cardsDone, cardsTotal: row.cardsTotal, bytes: row.bytes } : null;
}

const printRow = (access: PrintAccess, choice: PrintChoice) =>
  and(
    eq(deckPrints.deckId, access.deck.id),
    eq(deckPrints.holderId, access.holder.id),
    eq(deckPrints.version, access.version),
    eq(deckPrints.paper, choice.paper),
    eq(deckPrints.arrangement, choice.arrangement),
  );

/** A print still "working" this long after its last progress was lost with its isolate: it may be asked for again. */
const STALLED_MS = 120_000;

/**
 * Asks for the PDF in one statement: a new print, or one that failed or stalled, is claimed and made
 * after the response (`waitUntil`); a print made or being made is left be. True when one was started.
 */
export async function requestPrint(
  deps: { db: Database; bucket: R2Bucket; engines: PictureEngines; waitUntil: (work: Promise<unknown>) => void },
  access: PrintAccess,
  choice: PrintChoice,
): Promise<boolean> {
  const now = Date.now();
  const [claimed] = await deps.db
    .insert(deckPrints)
    .values({ id: newId(), deckId: access.deck.id, holderId: access.holder.id, version: access.version, paper: choice.paper, arrangement: choice.arrangement, cardsTotal: access.cards.length, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [deckPrints.deckId, deckPrints.holderId, deckPrints.version, deckPrints.paper, deckPrints.arrangement],
      set: { status: "working", cardsDone: 0, updatedAt: now },
      setWhere: or(eq(deckPrints.status, "failed"), and(eq(deckPrints.status, "working"), lt(deckPrints.updatedAt, now - STALLED_MS))),
    })
    .returning({ id: deckPrints.id });
  if (!claimed) return false;
  deps.waitUntil(makePrint(deps, access, choice, claimed.id));
  return true;
}

/** R2 takes a file in parts of one size (the last may be smaller). */
const PART_BYTES = 5 * 1024 * 1024;

/** Makes the PDF into R2 part by part, reporting progress every few cards; older versions are deleted once it is stored. */
export async function makePrint(
  deps: { db: Database; bucket: R2Bucket; engines: PictureEngines },
  access: PrintAccess,
  choice: PrintChoice,
  printId: string,
): Promise<void> {
  const key = `prints/${access.deck.id}/${printId}-${access.version}.pdf`;
  const upload = await deps.bucket.createMultipartUpload(key, {
    httpMetadata: { contentType: "application/pdf" },
  });
  try {
    const parts: R2UploadedPart[] = [];
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const flush = async (last: boolean) => {
      while (pendingBytes >= PART_BYTES || (last && pendingBytes > 0)) {
        const size = Math.min(PART_BYTES, pendingBytes);
        const part = new Uint8Array(size);
        let filled = 0;
        while (filled < size) {
          const chunk = pending[0]!;
          const take = Math.min(chunk.length, size - filled);
          part.set(chunk.subarray(0, take), filled);
          filled += take;
          if (take === chunk.length) pending.shift();
          else pending[0] = chunk.subarray(take);
        }
        pendingBytes -= size;
        parts.push(await upload.uploadPart(parts.length + 1, part));
      }
    };
    let done = 0;
    const { bytes } = await writePrint(
      access,
      choice,
      deps.engines,
      deps.bucket,
      async (chunk) => {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= PART_BYTES) await flush(false);
      },
      async (cardsDone) => {
        done = cardsDone;
        if (done % 4 === 0 || done === access.cards.length)
          await deps.db.update(deckPrints).set({ cardsDone: done, updatedAt: Date.now() }).where(eq(deckPrints.id, printId));
      },
    );
    await flush(true);
    pending = [];
    await upload.complete(parts);
    await deps.db.update(deckPrints).set({ status: "ready", cardsDone: access.cards.length, fileKey: key, bytes, updatedAt: Date.now() }).where(eq(deckPrints.id, printId));
    // The same holder's earlier versions of this print are of no use any more.
    const older = await deps.db
      .delete(deckPrints)
      .where(and(eq(deckPrints.deckId, access.deck.id), eq(deckPrints.holderId, access.holder.id), ne(deckPrints.version, access.version), eq(deckPrints.paper, choice.paper), eq(deckPrints.arrangement, choice.arrangement)))
      .returning({ fileKey: deckPrints.fileKey });
    const stale = older.map((row) => row.fileKey).filter((file): file is string => Boolean(file));
    if (stale.length > 0) await deps.bucket.delete(stale);
  } catch (error) {
    await upload.abort().catch(() => undefined);
    await deps.db.update(deckPrints).set({ status: "failed", updatedAt: Date.now() }).where(eq(deckPrints.id, printId));
    log.error("print failed", { error });
  }
}

/**
 * Writes the whole PDF through `emit`: the title sheet, then the cards as `printPages` lays them
 * out. Each card's picture is rendered, written and let go before the next.
 */
export async function writePrint(
  access: PrintAccess,
  choice: PrintChoice,
  engines: PictureEngines,
  bucket: R2Bucket,
  emit: (chunk: Uint8Array) => Promise<void>,
  progress: (cardsDone: number) => Promise<void> = async () => undefined,
) {
  const pdf = new PdfWriter(emit);
  await pdf.begin();
  const back = await printPixels(await cardBackSvg(bucket, access.deck), engines);
  const backImage = await pdf.image(back.pixels, back.width, back.height);
  let done = 0;
  for (const page of printPages(access.cards.length, choice)) {
    const width = mmToPt(page.width);
    const height = mmToPt(page.height);
    if (page.kind === "title") {
      await pdf.page(width, height, titlePage(access, choice, width, height), []);
      continue;
    }
    if (page.kind === "blank") {
      await pdf.page(width, height, "", []);
      continue;
    }
    const images: PdfImage[] = [];
    let content = "";
    for (const card of page.cards) {
      let image = backImage;
      if (page.kind === "fronts") {
        const front = await printPixels(await cardFrontSvg(bucket, access.deck, access.cards[card.cardIndex]!), engines);
        image = await pdf.image(front.pixels, front.width, front.height);
      }
      if (!images.includes(image)) images.push(image);
      content += draw.image(image, mmToPt(card.bleed.x), mmToPt(card.bleed.y), mmToPt(card.bleed.width), mmToPt(card.bleed.height));
    }
    if (page.marks) {
      content += "0 G 0.3 w\n";
      for (const card of page.cards) for (const [x1, y1, x2, y2] of cropMarks(card.trim)) content += draw.line(mmToPt(x1), mmToPt(y1), mmToPt(x2), mmToPt(y2));
    }
    const only = page.cards.length === 1 && !page.marks ? page.cards[0]! : null;
    const boxes = only
      ? {
          trim: [mmToPt(only.trim.x), mmToPt(only.trim.y), mmToPt(only.trim.x + only.trim.width), mmToPt(only.trim.y + only.trim.height)] as [number, number, number, number],
          bleed: [0, 0, width, height] as [number, number, number, number],
        }
      : {};
    await pdf.page(width, height, content, images, boxes);
    if (page.kind === "fronts") {
      done += page.cards.length;
      await progress(done);
    }
  }
  return pdf.end({ title: access.deck.title, author: access.deck.creator });
}

function titlePage(access: PrintAccess, choice: PrintChoice, width: number, height: number): string {
  const small = choice.arrangement === "single";
  const scale = small ? 0.45 : 1;
  const centre = (font: string, size: number, y: number, text: string) => draw.text(font, size * scale, Math.max(8, width / 2 - textWidth(text, size * scale) / 2), y, text);
  const lines = [
    centre(PdfWriter.BOLD, 28, height * 0.72, access.deck.title),
    centre(PdfWriter.FONT, 14, height * 0.72 - 30 * scale, `A tarot deck by ${access.deck.creator}`),
    centre(PdfWriter.FONT, 11, height * 0.55, `${access.role === "buyer" ? "Printed for" : "Printed by"} ${access.holder.name}`),
    centre(PdfWriter.FONT, 11, height * 0.55 - 18 * scale, `Licence: ${access.licence}`),
    centre(PdfWriter.FONT, 10, height * 0.35, `${access.cards.length} cards, ${CARD_MM.width} x ${CARD_MM.height} mm with 3 mm bleed`),
    centre(PdfWriter.FONT, 10, height * 0.35 - 16 * scale, small ? "One card a page at bleed size, front then back" : `${PAPERS[choice.paper].label}: ${ARRANGEMENTS.sheets.toLowerCase()}`),
    small ? "" : centre(PdfWriter.FONT, 10, height * 0.35 - 32, "Print double-sided at 100% scale, flipping on the long edge; cut on the crop marks."),
  ];
  return `0.08 0.07 0.16 rg\n${lines.join("")}`;
}

/** The README of a deck's picture ZIP: what the files are and the licence the person holds. */
export function zipReadme(access: PrintAccess): string {
  return [
    `${access.deck.title}`,
    `A tarot deck by ${access.deck.creator}, from Arcanum.`,
    "",
    `${access.role === "buyer" ? "Downloaded by" : "Downloaded by its creator,"} ${access.holder.name}.`,
    `Licence: ${access.licence}.`,
    "",
    `Each card is a PNG at 300 dpi: ${BLEED_PX.width} x ${BLEED_PX.height} pixels, which is ${BLEED_BOX_MM.width} x ${BLEED_BOX_MM.height} mm,`,
    `a ${CARD_MM.width} x ${CARD_MM.height} mm tarot card with 3 mm of bleed on every side. back.png is the deck's card back.`,
    "",
  ].join("\r\n");
}

/** A file name of the deck for downloads: "moonlit-forest". */
export function deckSlug(title: string): string {
  return (
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "deck"
  );
}

/** The ZIP of every card and the back as PNGs, streamed: each picture is rendered as the archive reaches it. */
export function picturesZip(access: PrintAccess, engines: PictureEngines, bucket: R2Bucket): Response {
  const lastModified = new Date();
  async function* files() {
    yield { name: "README.txt", input: zipReadme(access), lastModified };
    let n = 0;
    for (const card of access.cards) {
      n += 1;
      const png = await printPng(await cardFrontSvg(bucket, access.deck, card), engines);
      yield { name: `${String(n).padStart(2, "0")}-${cardFileName(card.name, "png")}`, input: png, lastModified };
    }
    yield { name: "back.png", input: await printPng(await cardBackSvg(bucket, access.deck), engines), lastModified };
  }
  return downloadZip(files());
}

/** The stored PDF of a ready print, or null. */
export async function storedPrint(db: Database, bucket: R2Bucket, access: PrintAccess, choice: PrintChoice) {
  const row = await db.query.deckPrints.findFirst({ where: and(printRow(access, choice), eq(deckPrints.status, "ready")) });
  if (!row?.fileKey) return null;
  return bucket.get(row.fileKey);
}

