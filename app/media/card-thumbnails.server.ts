/**
 * Card pictures at the size of a deck page's grid, as WebP.
 *
 * The local painter's cards are SVG. A browser draws each SVG picture as a small document of its
 * own, built, styled, laid out and painted on the page's main thread, some 15 to 80 ms each on a
 * phone's worth of processor, while a raster picture is decoded off it. A deck page shows up to 78
 * cards, so its grid asks for `?size=grid`: the picture drawn 400 pixels wide (a two-column phone
 * grid at twice its pixel density), about 10 KB. It is rendered on the first request and kept in
 * R2 beside the picture, under `thumbs/`, named by the picture's etag, so a new picture under the
 * same key never meets an old thumbnail. Raster pictures (a remote painter's) are served as they
 * are. docs/decisions/0049-deck-page-pictures-and-fonts.md.
 */
import encodeWebp, { init as initWebp } from "@jsquash/webp/encode";
import { cardThumbnailPrefix } from "../decks/images";
import { svgToPixels, type PictureEngines } from "./picture-engines.server";

export type ThumbnailEngines = PictureEngines & { webp: WebAssembly.Module };

/** Part of every stored thumbnail's key: a change of size or quality renders them again. */
const THUMBNAIL_VERSION = "1";
export const THUMBNAIL_WIDTH = 400;
const QUALITY = 75;

let encoder: Promise<unknown> | null = null;

/** Starts the encoder once per isolate; a failed start is tried again on the next thumbnail. */
function startEncoder(module: WebAssembly.Module): Promise<unknown> {
  // The package's types name only the options form; its code takes the compiled module first.
  const init = initWebp as unknown as (module: WebAssembly.Module) => Promise<unknown>;
  encoder ??= init(module).catch((error: unknown) => {
    encoder = null;
    throw error;
  });
  return encoder;
}

/** A painted card's SVG as WebP bytes, THUMBNAIL_WIDTH wide; its lettering in the site's face, as in its link preview. */
export async function svgThumbnail(svg: string, engines: ThumbnailEngines): Promise<Uint8Array<ArrayBuffer>> {
  const [{ pixels, width, height }] = await Promise.all([svgToPixels(svg, engines, { withText: true, width: THUMBNAIL_WIDTH }), startEncoder(engines.webp)]);
  // The encoder reads only these three fields of an ImageData, which a Worker does not have.
  const image = { data: pixels, width, height, colorSpace: "srgb" } as ImageData;
  return new Uint8Array(await encodeWebp(image, { quality: QUALITY }));
}

/** The thumbnail of a picture whose stored bytes have this etag. */
export function thumbnailKey(imageKey: string, etag: string): string {
  return `${cardThumbnailPrefix(imageKey)}${etag.replace(/[^A-Za-z0-9-]/g, "")}.v${THUMBNAIL_VERSION}.webp`;
}

/**
 * The stored thumbnail of an SVG picture, made and stored first when there is none; null when the
 * picture is gone or cannot be drawn (the caller serves the picture itself then).
 */
export async function cardThumbnail(
  bucket: R2Bucket,
  imageKey: string,
  engines: ThumbnailEngines,
  onlyIf?: Headers,
): Promise<R2Object | R2ObjectBody | { rendered: Uint8Array<ArrayBuffer> } | null> {
  const source = await bucket.head(imageKey);
  if (!source) return null;
  const key = thumbnailKey(imageKey, source.etag);
  const stored = await bucket.get(key, onlyIf ? { onlyIf } : undefined);
  if (stored) return stored;
  const body = await bucket.get(imageKey);
  if (!body) return null;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await svgThumbnail(await body.text(), engines);
  } catch {
    return null;
  }
  await bucket.put(key, bytes, { httpMetadata: { contentType: "image/webp" } });
  return { rendered: bytes };
}
