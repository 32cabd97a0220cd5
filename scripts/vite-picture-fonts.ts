// The faces the Worker draws pictures with (reader certificates, link previews, print files) are
// static files beside the site, not modules of the Worker: files the Worker would otherwise upload
// and load with every start, for the few requests that draw. This build step makes them once, as
// the plain font files resvg reads (scripts/picture-faces.ts, decision 0122), writes them where the
// pictures Worker imports them, and copies them into the browser build under fixed names
// (PICTURE_FONT_PATH), where the app's Worker fetches them through its ASSETS binding the first time
// it lays a picture out (app/media/worker-picture-engines.server.ts).
import type { Plugin } from "vite";
import { PICTURE_FONT_PATH } from "../app/media/picture-style";
import { writePictureFaces } from "./picture-faces";

export function pictureFonts(): Plugin {
  let browserBuild = false;
  let faces: Map<string, Uint8Array> | undefined;
  return {
    name: "arcanum-picture-fonts",
    apply: "build",
    configResolved(config) {
      browserBuild = !config.build.ssr;
    },
    // In both builds: the server build's last step bundles the pictures Worker, which imports them.
    async buildStart() {
      faces = await writePictureFaces();
    },
    generateBundle() {
      if (!browserBuild || !faces) return;
      for (const [name, source] of faces) this.emitFile({ type: "asset", fileName: `${PICTURE_FONT_PATH.slice(1)}${name}`, source });
    },
  };
}
