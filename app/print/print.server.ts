/**
 * Decks you can hold: the print-ready PDF and the ZIP of a deck's pictures, for its owner and its
 * buyers (decision 0066). Who may have them is `print-access.server.ts`; how the PDF is written is
 * `print-file.server.ts`.
 *
 * - The PDF is made by a print job (`party/print-job.ts`) in steps, its progress kept in
 *   `deck_prints`, and stored in R2 under a version of the deck's cards, back and holder: a changed
 *   card makes a new one (decision 0071).
 * - Every card is drawn once into a stored render (`renders.server.ts`); the PDF and the ZIP copy them.
 * - The ZIP is streamed from the stored renders: one picture in memory at a time.
 */
import { and, eq, lt, or } from "drizzle-orm";
import { downloadZip } from "client-zip";
import { deckPrints } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { cardFileName } from "../tarot/cards";
import type { PrintAccess } from "./print-access.server";
import { cardsRendered, missingRenders, storedRenders, type RenderSet } from "./renders.server";
import { BLEED_BOX_MM, BLEED_PX, CARD_MM, type PrintChoice } from "./layout";

/** The print jobs' namespace, typed by the Worker's Env (party/print-job.ts is the class). */
type PrintJobs = Env["PrintJob"];

export type PrintState = {
  id: string;
  status: "working" | "ready" | "failed";
  cardsDone: number;
  cardsTotal: number;
  bytes: number | null;
  emailWhenReady: boolean;
} | null;

/** The holder's print of this version on this paper and arrangement, if one was asked for. */
export async function printState(db: Database, access: PrintAccess, choice: PrintChoice): Promise<PrintState> {
  const row = await db.query.deckPrints.findFirst({ where: printRow(access, choice) });
  return row
    ? { id: row.id, status: row.status, cardsDone: row.cardsDone, cardsTotal: row.cardsTotal, bytes: row.bytes, emailWhenReady: row.emailWhenReady }
    : null;
}

/** The holder's prints of this deck on this paper and arrangement, of any version. */
export const holderPrints = (access: PrintAccess, choice: PrintChoice) =>
  and(
    eq(deckPrints.deckId, access.deck.id),
    eq(deckPrints.holderId, access.holder.id),
    eq(deckPrints.paper, choice.paper),
    eq(deckPrints.arrangement, choice.arrangement),
  );

const printRow = (access: PrintAccess, choice: PrintChoice) => and(holderPrints(access, choice), eq(deckPrints.version, access.version));

/** A print still "working" this long after its last step is taken to be lost: it may be asked for again. */
const STALLED_MS = 10 * 60_000;

/** What a print job is asked to make: the print (with its paper and arrangement), or only the renders. */
export type PrintJobRequest = { printId: string; access: PrintAccess; choice: PrintChoice; origin?: string } | { printId: null; access: PrintAccess };

/**
 * Asks for the PDF in one statement: a new print, or one that failed or stalled, is claimed and its
 * job started (`party/print-job.ts`), which makes it in steps; a print made or being made is left
 * be. True when one was started.
 */
export async function requestPrint(
  deps: { db: Database; jobs: PrintJobs },
  access: PrintAccess,
  choice: PrintChoice,
  email: { origin: string; whenReady: boolean },
): Promise<boolean> {
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
      emailWhenReady: email.whenReady,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [deckPrints.deckId, deckPrints.holderId, deckPrints.version, deckPrints.paper, deckPrints.arrangement],
      set: { status: "working", cardsDone: 0, emailWhenReady: email.whenReady, updatedAt: now },
      setWhere: or(eq(deckPrints.status, "failed"), and(eq(deckPrints.status, "working"), lt(deckPrints.updatedAt, now - STALLED_MS))),
    })
    .returning({ id: deckPrints.id });
  if (!claimed) return false;
  await printJob(deps.jobs, claimed.id).start({ printId: claimed.id, access, choice, origin: email.origin });
  return true;
}

/** Asks for an e-mail once the holder's print being made is ready; false when there is no such print. */
export async function emailWhenReady(db: Database, access: PrintAccess, choice: PrintChoice): Promise<boolean> {
  const rows = await db
    .update(deckPrints)
    .set({ emailWhenReady: true })
    .where(and(printRow(access, choice), eq(deckPrints.status, "working")))
    .returning({ id: deckPrints.id });
  return rows.length > 0;
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

/** The README of a deck's picture ZIP: what the files are and the licence the person holds. */
export function zipReadme(access: PrintAccess): string {
  return [
    `${access.deck.title}`,
    `A tarot deck by ${access.deck.creator}, from Arcanum.`,
    "",
    `${access.role === "buyer" ? "Downloaded by" : "Downloaded by its creator,"} ${access.holder.name}.`,
    `Licence: ${access.licence}.`,
    "What each licence grants is written on Arcanum's Licensing page (/licensing).",
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
