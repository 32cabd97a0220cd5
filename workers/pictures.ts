/**
 * The pictures Worker (decision 0095): resvg, the faces it draws in, and nothing else. The app's
 * Worker sends it SVG through a service binding (`PICTURES`) and stores what comes back, so the
 * WebAssembly is neither uploaded with nor started by the Worker every page runs in, and a
 * picture that takes seconds to draw runs in an isolate of its own (locally, a process of its own:
 * scripts/pictures-server.mjs) while pages go on answering. It has no routes or public address:
 * only a binding reaches it.
 */
import resvg from "@resvg/resvg-wasm/index_bg.wasm";
// The faces as the build made them (scripts/picture-faces.ts, decision 0122): `npm run build` first.
import latin600 from "../.cache/picture-faces/cormorant-garamond-latin-600-normal.ttf";
import latin700 from "../.cache/picture-faces/cormorant-garamond-latin-700-normal.ttf";
import latin600Italic from "../.cache/picture-faces/cormorant-garamond-latin-600-italic.ttf";
import latinExt600 from "../.cache/picture-faces/cormorant-garamond-latin-ext-600-normal.ttf";
import latinExt700 from "../.cache/picture-faces/cormorant-garamond-latin-ext-700-normal.ttf";
import { answerPictureRequest } from "../app/media/pictures-service.server";
import { pictureFontFiles } from "../app/media/picture-style";
import { resvgRaster } from "../app/print/resvg-raster.server";

/** The faces' files by the WOFF file each was made from, uploaded with this Worker as data modules (wrangler.pictures.toml). */
const FACES: Record<(typeof pictureFontFiles)[number]["file"], ArrayBuffer> = {
  "cormorant-garamond-latin-600-normal.woff": latin600,
  "cormorant-garamond-latin-700-normal.woff": latin700,
  "cormorant-garamond-latin-600-italic.woff": latin600Italic,
  "cormorant-garamond-latin-ext-600-normal.woff": latinExt600,
  "cormorant-garamond-latin-ext-700-normal.woff": latinExt700,
};

const raster = resvgRaster({
  resvg,
  fonts: pictureFontFiles.map(({ file, ...font }) => ({ ...font, load: () => Promise.resolve(FACES[file]) })),
});

export default {
  fetch: (request) => answerPictureRequest(request, raster),
} satisfies ExportedHandler;
