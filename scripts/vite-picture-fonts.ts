// The faces the Worker draws pictures with (reader certificates, link previews, print files) are
// static files beside the site, not modules of the Worker: 150 KB the Worker would otherwise upload
// and load with every start, for the few requests that draw. This build step copies them into the
// browser build under fixed names (PICTURE_FONT_PATH), where the Worker fetches them through its
// ASSETS binding the first time it draws (app/media/worker-picture-engines.server.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";
import { PICTURE_FONT_PATH, pictureFontFiles } from "../app/media/picture-style";

const require = createRequire(import.meta.url);

export function pictureFonts(): Plugin {
  let browserBuild = false;
  return {
    name: "arcanum-picture-fonts",
    apply: "build",
    configResolved(config) {
      browserBuild = !config.build.ssr;
    },
    generateBundle() {
      if (!browserBuild) return;
      for (const { file } of pictureFontFiles) {
        this.emitFile({
          type: "asset",
          fileName: `${PICTURE_FONT_PATH.slice(1)}${file}`,
          source: readFileSync(require.resolve(`@fontsource/cormorant-garamond/files/${file}`)),
        });
      }
    },
  };
}
