/**
 * Drawing a card's stills (decision 0124): the stored SVG is sent to the pictures Worker, which draws
 * it once and answers with a JPEG at each still width; they are stored beside it. Painting jobs draw
 * them as soon as a card's art is stored; the still route draws the ones still missing when first
 * asked, after its answer, so no page waits on the drawing.
 */
import type { Raster } from "./picture-engines.server";
import { STILL_WIDTHS, stillKeysOf } from "./card-stills";

/** Pictures being drawn in this isolate: a tile asked for by many at once is drawn once. */
const drawing = new Map<string, Promise<boolean>>();

/** Draws and stores the stills of the SVG at `imageKey` as of `version`; false when there is no stored SVG to draw. */
export function drawCardStills(bucket: R2Bucket, raster: Raster, imageKey: string, version: string): Promise<boolean> {
  const keys = stillKeysOf(imageKey, version);
  if (keys.length === 0) return Promise.resolve(false);
  const pending = drawing.get(keys[0]!);
  if (pending) return pending;
  const work = (async () => {
    const svg = await bucket.get(imageKey);
    if (!svg) return false;
    const stills = await raster.stills(await svg.text());
    // A deck deleted while its stills were drawn keeps none: its picture is gone, so they are not stored.
    if (!(await bucket.head(imageKey))) return false;
    await Promise.all(
      STILL_WIDTHS.map((width, i) =>
        bucket.put(keys[i]!, stills[width], { httpMetadata: { contentType: "image/jpeg", cacheControl: "public, max-age=31536000, immutable" } }),
      ),
    );
    return true;
  })().finally(() => drawing.delete(keys[0]!));
  drawing.set(keys[0]!, work);
  return work;
}
