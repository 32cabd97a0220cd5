/**
 * A face pictures are drawn in, as resvg reads it: the plain font file (sfnt) inside one of the
 * site's WOFF files, with lining figures. The build makes every face once (scripts/picture-faces.ts,
 * decision 0122); the Workers and the scripts take the files it wrote, so no isolate inflates a
 * WOFF or rewrites a character map at start or at its first picture.
 */
import { withLiningFigures } from "./lining-figures";
import { woffToSfnt } from "./woff";

export async function pictureFace(woff: ArrayBuffer): Promise<Uint8Array> {
  return withLiningFigures(await woffToSfnt(woff));
}
