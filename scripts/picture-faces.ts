// The faces pictures are drawn in, made once at build time (decision 0122): each WOFF file the site
// ships, unwrapped into the plain font file resvg reads, with lining figures (app/media/picture-faces.ts).
// The build writes them to .cache/picture-faces/, where the pictures Worker imports them as data
// modules (workers/pictures.ts), and copies them into the browser build, where the app's Worker
// fetches them through ASSETS (scripts/vite-picture-fonts.ts). Scripts that draw in Node take them
// from here too, made from the same WOFF files when they run.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PictureFont } from "../app/media/picture-engines.server";
import { pictureFace } from "../app/media/picture-faces";
import { pictureFaceFile, pictureFontFiles } from "../app/media/picture-style";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where the build writes the faces; workers/pictures.ts imports them from here. */
export const PICTURE_FACES_FOLDER = path.join(root, ".cache", "picture-faces");

/** A face's WOFF file as the package ships it. */
function woffOf(file: string): ArrayBuffer {
  const data = readFileSync(require.resolve(`@fontsource/cormorant-garamond/files/${file}`));
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
}

/** Every face as resvg reads it, by the name of its file (`pictureFaceFile`). */
export async function makePictureFaces(): Promise<Map<string, Uint8Array>> {
  const faces = new Map<string, Uint8Array>();
  for (const { file } of pictureFontFiles) faces.set(pictureFaceFile(file), await pictureFace(woffOf(file)));
  return faces;
}

/** Makes every face and writes it to PICTURE_FACES_FOLDER; returns them. */
export async function writePictureFaces(): Promise<Map<string, Uint8Array>> {
  const faces = await makePictureFaces();
  mkdirSync(PICTURE_FACES_FOLDER, { recursive: true });
  for (const [name, bytes] of faces) writeFileSync(path.join(PICTURE_FACES_FOLDER, name), bytes);
  return faces;
}

/** The faces as the picture engines take them, for scripts that draw in Node. */
export async function pictureFontsInNode(): Promise<PictureFont[]> {
  const faces = await makePictureFaces();
  return pictureFontFiles.map(({ file, ...font }) => {
    const face = faces.get(pictureFaceFile(file))!;
    return { ...font, load: () => Promise.resolve(face.buffer.slice(face.byteOffset, face.byteOffset + face.byteLength) as ArrayBuffer) };
  });
}
