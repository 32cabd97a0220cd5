/**
 * The picture engines as the Worker has them. The raster is the pictures Worker (decision 0095),
 * reached through the PICTURES service binding (locally, in a process of its own, found through
 * the runtime's registry of local Workers: scripts/local-app.mjs). The faces, which laying a picture
 * out measures, are static files of the site, made by the build (scripts/vite-picture-fonts.ts,
 * decision 0122), fetched through the ASSETS binding the first time the isolate lays one out, so
 * the Worker neither uploads nor loads them at start, nor unwraps them when it does. `env` comes from `cloudflare:workers`, so Durable Objects get all of it the same way.
 */
import { env } from "cloudflare:workers";
import type { PictureEngines } from "./picture-engines.server";
import { rasterOver } from "./pictures-service.server";
import { PICTURE_FONT_PATH, pictureFaceFile, pictureFontFiles } from "./picture-style";

/** A face's file from the site's static files; the host is never looked at, only the path. */
async function fetchFace(file: string): Promise<ArrayBuffer> {
  const response = await env.ASSETS.fetch(new URL(`${PICTURE_FONT_PATH}${file}`, "https://assets.invalid"));
  if (!response.ok) throw new Error(`the picture face ${file} is missing from the static files (${response.status})`);
  return response.arrayBuffer();
}

export const workerPictureEngines: PictureEngines = {
  fonts: pictureFontFiles.map(({ file, ...font }) => ({ ...font, load: () => fetchFace(pictureFaceFile(file)) })),
  raster: rasterOver((request) => env.PICTURES.fetch(request)),
};
