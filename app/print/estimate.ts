/**
 * How long a print job will take, from the drawing time measured per style (`npm run bench:print`): every card still to draw at its style's time a picture, and a few
 * seconds to put the file together. Told on the print page before and while the job runs.
 */
import type { BaseStyle } from "../art/style-params";
import { isOriginalTreatment, understandStyle } from "../art/understand-style";

/**
 * Wall seconds of drawing a card at 300 dpi, full bleed, measured with `npm run bench:print -- --cards 8`
 * (bench-results/print-8.json) on a shared 2-core machine under a load of about 10: an estimate
 * errs long rather than short.
 */
export const SECONDS_PER_PICTURE: Record<BaseStyle, number> = {
  watercolour: 10.4,
  "art nouveau": 1.3,
  woodcut: 2.0,
  minimalist: 0.8,
  "oil painting": 4.1,
  surrealist: 3.0,
  "pixel art": 0.9,
};
/** A typed style is painted by the style painter, whatever its base: measured on "children's crayon". */
export const TYPED_STYLE_SECONDS = 2.6;
/** Putting the PDF together and the steps' hand-overs, whatever the deck. */
const OVERHEAD_SECONDS = 10;

/** Seconds to draw one picture of the deck's style. */
export function secondsPerPicture(artStyle: string | null): number {
  const understood = understandStyle(artStyle ?? "");
  return isOriginalTreatment(understood) ? SECONDS_PER_PICTURE[understood.params.base] : TYPED_STYLE_SECONDS;
}

/** Seconds the job will still take with `pictures` left to draw. */
export const secondsLeft = (artStyle: string | null, pictures: number) => Math.round(pictures * secondsPerPicture(artStyle) + OVERHEAD_SECONDS);

/** "about 40 seconds", "about 3 minutes". */
export function roughly(seconds: number): string {
  if (seconds < 50) return `about ${Math.max(10, Math.round(seconds / 10) * 10)} seconds`;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `about ${minutes} minute${minutes === 1 ? "" : "s"}`;
}
