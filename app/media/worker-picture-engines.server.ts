/**
 * The picture renderer's WebAssembly and fonts as the Worker has them: modules that wrangler
 * bundles with it (build step scripts/vite-worker-wasm.ts; fonts by the Data rule in wrangler.toml).
 * Kept apart from the renderer so that a Node script can render with files read from disk instead.
 */
import resvg from "@resvg/resvg-wasm/index_bg.wasm";
import latin600Italic from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-italic.woff";
import latin600 from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff";
import latin700 from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-700-normal.woff";
import latinExt600 from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-600-normal.woff";
import latinExt700 from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-700-normal.woff";
import type { PictureEngines } from "./picture-engines.server";
import { pictureFontFiles } from "./picture-style";

const fontData: Record<(typeof pictureFontFiles)[number]["file"], ArrayBuffer> = {
  "cormorant-garamond-latin-600-normal.woff": latin600,
  "cormorant-garamond-latin-700-normal.woff": latin700,
  "cormorant-garamond-latin-600-italic.woff": latin600Italic,
  "cormorant-garamond-latin-ext-600-normal.woff": latinExt600,
  "cormorant-garamond-latin-ext-700-normal.woff": latinExt700,
};

export const workerPictureEngines: PictureEngines = {
  resvg,
  fonts: pictureFontFiles.map(({ file, ...font }) => ({ ...font, data: fontData[file] })),
};
