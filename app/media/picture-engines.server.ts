/**
 * Pictures the Worker renders itself (reader certificates, link previews): satori lays a design out
 * as SVG, with text turned into paths in the site's faces, and resvg turns SVG into PNG. Both
 * engines are WebAssembly, given as compiled modules (the Worker imports them; scripts compile them
 * from files), and are started once per isolate.
 */
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import satori, { init as initSatori } from "satori/standalone";
import type { ReactNode } from "react";
import { PICTURE_SERIF } from "./picture-style";
import { woffToSfnt } from "./woff";

export type PictureFont = { name: string; data: ArrayBuffer; weight: 600 | 700; style: "normal" | "italic" };
export type PictureEngines = { layout: WebAssembly.Module; resvg: WebAssembly.Module; fonts: PictureFont[] };

let started: Promise<void> | null = null;

/** Starts both engines once per isolate; a failed start is tried again on the next picture. */
function start(modules: PictureEngines): Promise<void> {
  started ??= Promise.all([initSatori(modules.layout), initWasm(modules.resvg)])
    .then(() => undefined)
    .catch((error: unknown) => {
      started = null;
      throw error;
    });
  return started;
}

/** A design laid out as SVG at `width` × `height`. */
export async function layOut(design: ReactNode, size: { width: number; height: number }, modules: PictureEngines): Promise<string> {
  await start(modules);
  return satori(design, { ...size, fonts: modules.fonts });
}

let faces: Promise<Uint8Array[]> | null = null;

/** The faces as plain font files, unwrapped once per isolate, for text the SVG still holds as text. */
function fontFiles(modules: PictureEngines): Promise<Uint8Array[]> {
  faces ??= Promise.all(modules.fonts.map((font) => woffToSfnt(font.data))).catch((error: unknown) => {
    faces = null;
    throw error;
  });
  return faces;
}

/**
 * An SVG as PNG bytes at its own size. Laid-out designs hold their text as paths already; an SVG
 * with text of its own (a painted card's name) is drawn in the site's face, whatever it names.
 */
export async function svgToPng(svg: string, modules: PictureEngines, { withText = false } = {}): Promise<Uint8Array<ArrayBuffer>> {
  const image = await render(svg, modules, withText);
  try {
    return new Uint8Array(image.asPng());
  } finally {
    image.free();
  }
}

/** An SVG (with text of its own) as RGBA pixels at its own size, for a writer that encodes them itself. */
export async function svgToPixels(svg: string, modules: PictureEngines): Promise<{ pixels: Uint8Array; width: number; height: number }> {
  const image = await render(svg, modules, true);
  try {
    return { pixels: image.pixels, width: image.width, height: image.height };
  } finally {
    image.free();
  }
}

async function render(svg: string, modules: PictureEngines, withText: boolean) {
  await start(modules);
  const font = withText
    ? { loadSystemFonts: false, fontBuffers: await fontFiles(modules), defaultFontFamily: PICTURE_SERIF, serifFamily: PICTURE_SERIF, sansSerifFamily: PICTURE_SERIF }
    : { loadSystemFonts: false };
  return new Resvg(svg, { fitTo: { mode: "original" }, font }).render();
}
