/**
 * How long a print job will take, from the drawing time measured per style (`npm run bench:print`,
 * bench-results/print-22.json): every card still to draw at its style's time a picture, and a few
 * seconds to put the file together. Told on the print page before and while the job runs.
 */
import { isOriginalTreatment, understandStyle } from "../art/style-vocabulary";
import type { StyleId } from "../art/styles";

/** Seconds of drawing a card at 300 dpi, full bleed, as measured on a shared 2-core machine. */
export const SECONDS_PER_PICTURE: Record<StyleId, number> = {
  watercolour: 3.5,
  "art nouveau": 0.5,
  woodcut: 1.1,
  minimalist: 0.4,
  "oil painting": 1.7,
  surrealist: 1.3,
  "pixel art": 0.25,
};
/** A typed style is painted by the style painter over its base: measured on "children's crayon". */
export const TYPED_STYLE_FACTOR = 1.2;
/** Putting the PDF together and the steps' hand-overs, whatever the deck. */
const OVERHEAD_SECONDS = 10;

/** Seconds to draw one picture of the deck's style. */
export function secondsPerPicture(artStyle: string | null): number {
  const understood = understandStyle(artStyle ?? "");
  const base = SECONDS_PER_PICTURE[understood.params.base as StyleId] ?? SECONDS_PER_PICTURE["oil painting"];
  return isOriginalTreatment(understood) ? base : base * TYPED_STYLE_FACTOR;
}

/** Seconds the job will still take with `pictures` left to draw. */
export const secondsLeft = (artStyle: string | null, pictures: number) => Math.round(pictures * secondsPerPicture(artStyle) + OVERHEAD_SECONDS);

/** "about 40 seconds", "about 3 minutes". */
export function roughly(seconds: number): string {
  if (seconds < 50) return `about ${Math.max(10, Math.round(seconds / 10) * 10)} seconds`;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `about ${minutes} minute${minutes === 1 ? "" : "s"}`;
}
