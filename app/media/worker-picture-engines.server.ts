/**
 * The picture renderer's WebAssembly and fonts as the Worker has them. The WebAssembly is a module
 * that wrangler uploads with the Worker (build step scripts/vite-worker-wasm.ts): a Worker may not
 * compile it from bytes. The faces are static files of the site (scripts/vite-picture-fonts.ts),
 * fetched through the ASSETS binding the first time the isolate draws, so the Worker neither uploads
 * nor loads them at start. Kept apart from the renderer so that a Node script can render with files
 * read from disk instead.
 */
import resvg from "@resvg/resvg-wasm/index_bg.wasm";
import { env } from "cloudflare:workers";
import type { PictureEngines } from "./picture-engines.server";
import { PICTURE_FONT_PATH, pictureFontFiles } from "./picture-style";

/** A face's WOFF file from the site's static files; the host is never looked at, only the path. */
async function fetchFace(file: string): Promise<ArrayBuffer> {
  const response = await env.ASSETS.fetch(new URL(`${PICTURE_FONT_PATH}${file}`, "https://assets.invalid"));
  if (!response.ok) throw new Error(`the picture face ${file} is missing from the static files (${response.status})`);
  return response.arrayBuffer();
}

export const workerPictureEngines: PictureEngines = {
  resvg,
  fonts: pictureFontFiles.map(({ file, ...font }) => ({ ...font, load: () => fetchFace(file) })),
};
