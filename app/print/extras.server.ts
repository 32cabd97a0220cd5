/**
 * The guidebook and the tuck box (decision 0117), written in the request as they are read: neither
 * draws anything (the guidebook is text, and both copy stored card renders as the print-ready PDF
 * does), so they cost milliseconds, not a print job.
 */
import { writeGuidebook, type GuideFormat } from "./guidebook";
import type { PdfWriter } from "./pdf-writer";
import type { GuideWords, PrintAccess } from "./print-access.server";
import { deckSlug, renderSetOf } from "./print.server";
import { RenderReader } from "./render-reader.server";
import { missingRenders, storedRenders } from "./renders.server";
import { writeTuckBox } from "./tuck-box";

/** A PDF written through `write` into a response body as it is read. The writer's chunks are copied: a render's reuse one buffer. */
function pdfResponse(name: string, write: (emit: (chunk: Uint8Array) => Promise<void>) => Promise<unknown>): Response {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  write((chunk) => writer.write(chunk.slice())).then(
    () => writer.close(),
    (error: unknown) => writer.abort(error),
  );
  return new Response(readable, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** The card on the box's front and the guidebook's cover: the deck's cover card, or its first. */
const coverRender = (access: PrintAccess, words: GuideWords) => (access.cards.find((card) => card.key === words.coverKey) ?? access.cards[0])!.render;

/** The guidebook, plain or as a booklet; its cover shows the cover card once that card's render is stored. */
export function guidebookResponse(bucket: R2Bucket, access: PrintAccess & { words: GuideWords }, format: GuideFormat): Response {
  const renders = new RenderReader(bucket);
  const cover = coverRender(access, access.words);
  return pdfResponse(`${deckSlug(access.deck.title)}-guidebook${format === "booklet" ? "-booklet" : ""}.pdf`, (emit) =>
    writeGuidebook(access, access.words, format, (pdf: PdfWriter) => renders.imageIfStored(cover, pdf), emit),
  );
}

/** The tuck box's template, or null while the cover card's or the back's render is not stored yet. */
export async function tuckBoxResponse(bucket: R2Bucket, access: PrintAccess & { words: GuideWords }): Promise<Response | null> {
  const front = coverRender(access, access.words);
  const stored = await storedRenders(bucket, access.deck.id);
  if (!stored.has(front) || missingRenders({ ...renderSetOf(access), cards: [] }, stored).length > 0) return null;
  const renders = new RenderReader(bucket);
  return pdfResponse(`${deckSlug(access.deck.title)}-tuck-box.pdf`, (emit) =>
    writeTuckBox(access, { front: (pdf) => renders.image(front, pdf), back: (pdf) => renders.image(access.backRender, pdf) }, emit),
  );
}
