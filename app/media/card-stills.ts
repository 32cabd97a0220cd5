/**
 * A card's still (decision 0124): its painted SVG drawn once as a small JPEG, which tiles and grids
 * show instead of the SVG, whose filters the browser would otherwise draw on its main thread at
 * every size. The SVG stays for the card's own page, zoom and print. A still's key carries the
 * card's version, so a repainted card's stills are new URLs and old ones are never shown for it.
 */

/** The widths a still is drawn at: a tile's width on a phone, and twice that for 2× screens. */
export const STILL_WIDTHS = [300, 600] as const;
export type StillWidth = (typeof STILL_WIDTHS)[number];

/** How wide a tile is laid out, for the browser to choose a still: two a row on a phone, less the gaps; three, then at most 240 px. */
export const TILE_SIZES = "(min-width: 1024px) 240px, (min-width: 640px) 30vw, calc(50vw - 2.5rem)";

/** A stored card picture's URL (decks/images.ts `cardImageUrl`) of which stills are drawn: painted SVGs. */
const STORED_SVG_URL = /^\/media\/card-images\/([A-Za-z0-9_-]{1,64})\/([a-z0-9_]{1,80})\.svg\?v=([a-z0-9]{1,13})$/;

/** The bucket key of one still: `card-stills/{deckId}/{file}.{version}.{width}.jpg`. */
export const STILL_KEY = /^card-stills\/([A-Za-z0-9_-]{1,64})\/([a-z0-9_]{1,80})\.([a-z0-9]{1,13})\.(300|600)\.jpg$/;

export function stillKey(deckId: string, file: string, version: string, width: StillWidth): string {
  return `card-stills/${deckId}/${file}.${version}.${width}.jpg`;
}

/** What a still's key names: the SVG it is drawn from, the version it was drawn at, its width. */
export function stillSource(key: string): { deckId: string; imageKey: string; version: string; width: StillWidth } | null {
  const match = STILL_KEY.exec(key);
  if (!match) return null;
  const [, deckId, file, version, width] = match;
  return { deckId: deckId!, imageKey: `card-images/${deckId}/${file}.svg`, version: version!, width: Number(width) as StillWidth };
}

/** The version a card picture's URL carries (its `updatedAt` in base 36). */
export function pictureVersion(updatedAt: number): string {
  return updatedAt.toString(36);
}

/** The keys of a stored SVG's stills at `version`; none for a picture that is not a stored SVG. */
export function stillKeysOf(imageKey: string, version: string): string[] {
  const match = /^card-images\/([A-Za-z0-9_-]{1,64})\/([a-z0-9_]{1,80})\.svg$/.exec(imageKey);
  if (!match) return [];
  return STILL_WIDTHS.map((width) => stillKey(match[1]!, match[2]!, version, width));
}

/**
 * The still a tile shows for a card picture's URL, with the 2× width beside it; null when the
 * picture has no stills (an uploaded image, a card painted on the fly, no picture).
 */
export function stillOf(url: string | null): { src: string; srcSet: string } | null {
  const match = url ? STORED_SVG_URL.exec(url) : null;
  if (!match) return null;
  const [, deckId, file, version] = match;
  const at = (width: StillWidth) => `/media/${stillKey(deckId!, file!, version!, width)}`;
  return { src: at(300), srcSet: STILL_WIDTHS.map((width) => `${at(width)} ${width}w`).join(", ") };
}

/** A small picture's source: the smaller still of a painted card, else the picture itself. */
export function stillSrc(url: string): string {
  return stillOf(url)?.src ?? url;
}
