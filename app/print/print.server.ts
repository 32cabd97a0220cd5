/**
 * Decks you can hold: the print-ready PDF and the ZIP of a deck's pictures, for its owner and its
 * buyers (decision 0066).
 *
 * - Who: the owner, or a buyer holding a paid copy while the deck is still listed (a refund or
 *   unlisting ends new downloads). A buyer's files name them and the licence the listing sold.
 * - The PDF is made by a print job (`party/print-job.ts`) in steps, its progress kept in
 *   `deck_prints`, and stored in R2 under a version of the deck's cards, back and holder: a changed
 *   card makes a new one (decision 0071).
 * - Every card is drawn once into a stored render (`renders.server.ts`); the PDF and the ZIP copy them.
 * - The ZIP is streamed from the stored renders: one picture in memory at a time.
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
import { backVersion, deckBackOf } from "../decks/card-back";
import type { PrintCard, PrintDeck } from "./card-art.server";
import { RenderReader } from "./render-reader.server";
import { backRenderKey, cardRenderKey, cardsRendered, missingRenders, storedRenders, type RenderSet } from "./renders.server";
import { ARRANGEMENTS, BLEED_BOX_MM, BLEED_PX, CARD_MM, PAPERS, cropMarks, mmToPt, printPages, type PrintChoice } from "./layout";
import { PdfWriter, draw, textWidth, type PdfImage } from "./pdf-writer";

/** The print jobs' namespace, typed by the Worker's Env (party/print-job.ts is the class). */
type PrintJobs = Env["PrintJob"];

const TAROT_ORDER = new Map(FULL_DECK.map((card, i) => [card.key, i]));

export type PrintAccess = {
  deck: PrintDeck & { title: string; creator: string };
  /** Each card with the key of its stored render. */
  cards: (PrintCard & { render: string })[];
  /** The key of the back's stored render. */
  backRender: string;
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
    db
      .select({ status: deckListings.status, licence: deckListings.licence, hiddenAt: deckListings.hiddenAt })
      .from(deckListings)
      .where(eq(deckListings.deckId, deckId)),
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
    return {
      status: 403,
      message: "The creator has taken this deck out of the marketplace, so new downloads have ended. What you downloaded before stays yours.",
    };
  if (deck.status !== "ready") return { status: 409, message: "The deck can be printed once every card is painted." };
  const licence = own
    ? `${commercialRightsLabel(user.plan.tier)} (your own deck)`
    : sold!.licence === "commercial"
      ? "Commercial use: you may print and sell copies of this deck"
      : "Personal use only: print it for yourself, not for sale";
  const holderName = user.fullName ?? (user.username ? `@${user.username}` : own ? "The deck's creator" : "The buyer");
  const painter = { id: deck.id, theme: deck.theme, artStyle: deck.artStyle, paintingSecret: deck.paintingSecret };
  const printCards = await Promise.all(
    cardRows
      .sort((a, b) => (TAROT_ORDER.get(a.cardKey) ?? 0) - (TAROT_ORDER.get(b.cardKey) ?? 0))
      .map(async (card) => {
        const printCard: PrintCard = {
          key: card.cardKey,
          name: card.name,
          title: card.editedName ?? card.name,
          imageKey: card.imageKey,
          regenerations: card.regenerations,
        };
        return { ...printCard, render: await cardRenderKey(painter, { ...printCard, updatedAt: card.updatedAt }) };
      }),
  );
  const back = deckBackOf(deck);
  const version = await hashOf([
    deck.title,
    backVersion(back),
    holderName,
    licence,
    ...cardRows.map((card) => `${card.cardKey}:${card.imageKey}:${card.updatedAt}:${card.editedName ?? ""}`),
  ]);
  return {
    deck: { ...painter, title: deck.title, back, creator: row.creatorName ?? (row.creatorUsername ? `@${row.creatorUsername}` : "an Arcanum creator") },
    cards: printCards,
    backRender: await backRenderKey(painter, backVersion(back)),
    holder: { id: user.id, name: holderName },
    role: own ? "owner" : "buyer",
    licence,
    version,
  };
}

export const isRefusal = (access: PrintAccess | PrintRefusal): access is PrintRefusal => "status" in access;

async function hashOf(parts: string[]): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("\n")));
  return [...new Uint8Array(digest)]
    .slice(0, 12)
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
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

/** A print still "working" this long after its last step is taken to be lost: it may be asked for again. */
const STALLED_MS = 10 * 60_000;

/** What a print job is asked to make: the print (with its paper and arrangement), or only the renders. */
export type PrintJobRequest = { printId: string; access: PrintAccess; choice: PrintChoice } | { printId: null; access: PrintAccess };

/**
 * Asks for the PDF in one statement: a new print, or one that failed or stalled, is claimed and its
 * job started (`party/print-job.ts`), which makes it in steps; a print made or being made is left
 * be. True when one was started.
 */
export async function requestPrint(deps: { db: Database; jobs: PrintJobs }, access: PrintAccess, choice: PrintChoice): Promise<boolean> {
  const now = Date.now();
  const [claimed] = await deps.db
    .insert(deckPrints)
    .values({
      id: newId(),
      deckId: access.deck.id,
      holderId: access.holder.id,
      version: access.version,
      paper: choice.paper,
      arrangement: choice.arrangement,
      cardsTotal: access.cards.length,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [deckPrints.deckId, deckPrints.holderId, deckPrints.version, deckPrints.paper, deckPrints.arrangement],
      set: { status: "working", cardsDone: 0, updatedAt: now },
      setWhere: or(eq(deckPrints.status, "failed"), and(eq(deckPrints.status, "working"), lt(deckPrints.updatedAt, now - STALLED_MS))),
    })
    .returning({ id: deckPrints.id });
  if (!claimed) return false;
  await printJob(deps.jobs, claimed.id).start({ printId: claimed.id, access, choice });
  return true;
}

/** The job of a print (named by its id), or of a deck's card pictures alone. */
export function printJob(namespace: PrintJobs, name: string) {
  return namespace.get(namespace.idFromName(name));
}
export const picturesJobName = (deckId: string) => `pictures:${deckId}`;

export type PicturesState = { status: "ready" | "working" | "failed" | "idle"; cardsDone: number; cardsTotal: number };

/**
 * Whether the deck's card pictures are all drawn and stored (the ZIP is ready), and if not, what
 * the deck's pictures job is doing: one listing of the renders, and a question to the job only
 * when some are missing.
 */
export async function picturesState(deps: { bucket: R2Bucket; jobs: PrintJobs }, access: PrintAccess): Promise<PicturesState> {
  const set = renderSetOf(access);
  const stored = await storedRenders(deps.bucket, access.deck.id);
  const counts = { cardsDone: cardsRendered(set, stored), cardsTotal: access.cards.length };
  if (missingRenders(set, stored).length === 0) return { status: "ready", ...counts };
  return { status: await printJob(deps.jobs, picturesJobName(access.deck.id)).status(), ...counts };
}

/** Starts drawing the deck's missing card pictures for the ZIP (a PDF's job draws them too). */
export async function requestPictures(jobs: PrintJobs, access: PrintAccess) {
  await printJob(jobs, picturesJobName(access.deck.id)).start({ printId: null, access });
}

/** A job's renders: the deck's painter, each card's render and the back's. */
export const renderSetOf = (access: PrintAccess): RenderSet => ({ deck: access.deck, backRender: access.backRender, cards: access.cards });

/** Where a print's file is kept: one name per print and version, so a step run twice writes the same file. */
export const printFileKey = (access: PrintAccess, printId: string) => `prints/${access.deck.id}/${printId}-${access.version}.pdf`;

/** R2 takes a file in parts of one size (the last may be smaller). */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * The last step of a print: the PDF put together from the stored renders (bytes copied, nothing
 * drawn) into R2 part by part, then marked ready; the holder's older versions are deleted.
 */
export async function assemblePrint(deps: { db: Database; bucket: R2Bucket }, access: PrintAccess, choice: PrintChoice, printId: string): Promise<void> {
  const key = printFileKey(access, printId);
  const bytes = await uploadPrint(deps.bucket, access, choice, key);
  await deps.db
    .update(deckPrints)
    .set({ status: "ready", cardsDone: access.cards.length, fileKey: key, bytes, updatedAt: Date.now() })
    .where(eq(deckPrints.id, printId));
  // The same holder's earlier versions of this print are of no use any more.
  const older = await deps.db
    .delete(deckPrints)
    .where(
      and(
        eq(deckPrints.deckId, access.deck.id),
        eq(deckPrints.holderId, access.holder.id),
        ne(deckPrints.version, access.version),
        eq(deckPrints.paper, choice.paper),
        eq(deckPrints.arrangement, choice.arrangement),
      ),
    )
    .returning({ fileKey: deckPrints.fileKey });
  const stale = older.map((row) => row.fileKey).filter((file): file is string => Boolean(file));
  if (stale.length > 0) await deps.bucket.delete(stale);
}

/**
 * Writes the PDF into R2 under `key` as a multipart upload, a part at a time as the writer hands
 * its bytes on. One part buffer serves every part and one read buffer every picture, so the step
 * makes next to no garbage however many cards the deck has (decision 0083). An upload that fails
 * is aborted.
 */
export async function uploadPrint(bucket: R2Bucket, access: PrintAccess, choice: PrintChoice, key: string): Promise<number> {
  const upload = await bucket.createMultipartUpload(key, { httpMetadata: { contentType: "application/pdf" } });
  let bytes: number;
  try {
    const parts: R2UploadedPart[] = [];
    // Bytes are copied into the part as they come; a part is sent whole and awaited before it is refilled.
    const part = new Uint8Array(PART_BYTES);
    let filled = 0;
    const send = async () => {
      parts.push(await upload.uploadPart(parts.length + 1, part.subarray(0, filled)));
      filled = 0;
    };
    const renders = new RenderReader(bucket);
    ({ bytes } = await writePrint(
      access,
      choice,
      (render, pdf) => renders.image(render, pdf),
      async (chunk) => {
        for (let at = 0; at < chunk.length;) {
          const take = Math.min(chunk.length - at, PART_BYTES - filled);
          part.set(chunk.subarray(at, at + take), filled);
          filled += take;
          at += take;
          if (filled === PART_BYTES) await send();
        }
      },
    ));
    if (filled > 0 || parts.length === 0) await send();
    await upload.complete(parts);
  } catch (error) {
    await upload.abort().catch(() => undefined);
    throw error;
  }
  return bytes;
}

/**
 * Writes the whole PDF through `emit`: the title sheet, then the cards as `printPages` lays them
 * out, each picture written from its stored render by `picture` before the next is read.
 */
export async function writePrint(
  access: PrintAccess,
  choice: PrintChoice,
  picture: (render: string, pdf: PdfWriter) => Promise<PdfImage>,
  emit: (chunk: Uint8Array) => Promise<void>,
) {
  const pdf = new PdfWriter(emit);
  await pdf.begin();
  const backImage = await picture(access.backRender, pdf);
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
      if (page.kind === "fronts") image = await picture(access.cards[card.cardIndex]!.render, pdf);
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
          trim: [mmToPt(only.trim.x), mmToPt(only.trim.y), mmToPt(only.trim.x + only.trim.width), mmToPt(only.trim.y + only.trim.height)] as [
            number,
            number,
            number,
            number,
          ],
          bleed: [0, 0, width, height] as [number, number, number, number],
        }
      : {};
    await pdf.page(width, height, content, images, boxes);
  }
  return pdf.end({ title: access.deck.title, author: access.deck.creator });
}

function titlePage(access: PrintAccess, choice: PrintChoice, width: number, height: number): string {
  const small = choice.arrangement === "single";
  const scale = small ? 0.45 : 1;
  const centre = (font: string, size: number, y: number, text: string) =>
    draw.text(font, size * scale, Math.max(8, width / 2 - textWidth(text, size * scale) / 2), y, text);
  const lines = [
    centre(PdfWriter.BOLD, 28, height * 0.72, access.deck.title),
    centre(PdfWriter.FONT, 14, height * 0.72 - 30 * scale, `A tarot deck by ${access.deck.creator}`),
    centre(PdfWriter.FONT, 11, height * 0.55, `${access.role === "buyer" ? "Printed for" : "Printed by"} ${access.holder.name}`),
    centre(PdfWriter.FONT, 11, height * 0.55 - 18 * scale, `Licence: ${access.licence}`),
    centre(PdfWriter.FONT, 10, height * 0.35, `${access.cards.length} cards, ${CARD_MM.width} x ${CARD_MM.height} mm with 3 mm bleed`),
    centre(
      PdfWriter.FONT,
      10,
      height * 0.35 - 16 * scale,
      small ? "One card a page at bleed size, front then back" : `${PAPERS[choice.paper].label}: ${ARRANGEMENTS.sheets.toLowerCase()}`,
    ),
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

/**
 * The ZIP of every card and the back as PNGs, streamed from the stored renders (the route checks
 * they are all there first): one picture passes through at a time.
 */
export function picturesZip(access: PrintAccess, bucket: R2Bucket): Response {
  const lastModified = new Date();
  const stored = async (key: string) => {
    const object = await bucket.get(key);
    if (!object) throw new Error(`render ${key} is missing`);
    return { input: object.body, size: object.size };
  };
  async function* files() {
    yield { name: "README.txt", input: zipReadme(access), lastModified };
    let n = 0;
    for (const card of access.cards) {
      n += 1;
      yield { name: `${String(n).padStart(2, "0")}-${cardFileName(card.name, "png")}`, ...(await stored(card.render)), lastModified };
    }
    yield { name: "back.png", ...(await stored(access.backRender)), lastModified };
  }
  return downloadZip(files());
}

/** The stored PDF of a ready print, or null. */
export async function storedPrint(db: Database, bucket: R2Bucket, access: PrintAccess, choice: PrintChoice) {
  const row = await db.query.deckPrints.findFirst({ where: and(printRow(access, choice), eq(deckPrints.status, "ready")) });
  if (!row?.fileKey) return null;
  return bucket.get(row.fileKey);
}
