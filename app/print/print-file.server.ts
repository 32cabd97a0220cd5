/**
 * The print-ready PDF, written from the stored renders: the title sheet, then the cards as the
 * layout places them, copied into R2 part by part with one picture in memory at a time (decision 0083).
 */
import { and, eq, ne } from "drizzle-orm";
import { deckPrints, users } from "../../db/schema";
import { sendNotice, type NoticeTarget } from "../mail/notices.server";
import type { Database } from "../db.server";
import type { PrintAccess } from "./print-access.server";
import { holderPrints, printFileKey } from "./print.server";
import { RenderReader } from "./render-reader.server";
import { ARRANGEMENTS, CARD_MM, PAPERS, cropMarks, mmToPt, printPages, type PrintChoice } from "./layout";
import { PdfWriter, draw, textWidth, type PdfImage } from "./pdf-writer";

/** R2 takes a file in parts of one size (the last may be smaller). */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * The last step of a print: the PDF put together from the stored renders (bytes copied, nothing
 * drawn) into R2 part by part, then marked ready; the holder's older versions are deleted.
 */
export async function assemblePrint(
  deps: { db: Database; bucket: R2Bucket; notices?: NoticeTarget },
  access: PrintAccess,
  choice: PrintChoice,
  printId: string,
  origin?: string,
): Promise<void> {
  const key = printFileKey(access, printId);
  const bytes = await uploadPrint(deps.bucket, access, choice, key);
  // Marked ready, and the holder's wish for an e-mail read and cleared in the same transaction: a step run again sends none.
  const [asked] = await deps.db.batch([
    deps.db.select({ email: deckPrints.emailWhenReady }).from(deckPrints).where(eq(deckPrints.id, printId)),
    deps.db
      .update(deckPrints)
      .set({ status: "ready", cardsDone: access.cards.length, fileKey: key, bytes, emailWhenReady: false, updatedAt: Date.now() })
      .where(eq(deckPrints.id, printId)),
  ]);
  if (asked[0]?.email && deps.notices && origin) await emailReady(deps.notices, access, choice, origin);
  // The same holder's earlier versions of this print are of no use any more.
  const older = await deps.db
    .delete(deckPrints)
    .where(and(holderPrints(access, choice), ne(deckPrints.version, access.version)))
    .returning({ fileKey: deckPrints.fileKey });
  const stale = older.map((row) => row.fileKey).filter((file): file is string => Boolean(file));
  if (stale.length > 0) await deps.bucket.delete(stale);
}

/** The e-mail saying the print is ready, with a link to the print page that downloads it. */
async function emailReady(notices: NoticeTarget, access: PrintAccess, choice: PrintChoice, origin: string) {
  const holder = await notices.db.query.users.findFirst({ where: eq(users.id, access.holder.id), columns: { email: true } });
  if (!holder?.email) return;
  sendNotice(notices, {
    to: holder.email,
    subject: `Your print of ${access.deck.title} is ready`,
    heading: `${access.deck.title} is ready to print`,
    paragraphs: [
      `The print-ready PDF of ${access.deck.title} (${access.cards.length} cards, ${PAPERS[choice.paper].label}, ${choice.arrangement === "sheets" ? "four cards a sheet" : "one card a page"}) is made.`,
      "The guidebook and the tuck box are on the same page.",
    ],
    action: { label: "Download the files", url: `${origin}/collection/${access.deck.id}/print?${new URLSearchParams(choice).toString()}` },
  });
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
