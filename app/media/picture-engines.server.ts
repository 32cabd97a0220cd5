/**
 * Pictures the Worker renders itself (reader certificates, link previews, print files): their
 * designs are written as SVG (text as `<text>` in the site's faces, measured by
 * `./picture-text`), and resvg turns SVG into PNG or pixels. resvg is WebAssembly, given as a
 * compiled module (the Worker imports it; scripts compile it from a file), started once per isolate.
 */
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { PICTURE_SERIF } from "./picture-style";
import { readFaceMetrics, TextMeasure } from "./picture-text";
import { withLiningFigures } from "./lining-figures";
import { woffToSfnt } from "./woff";

/** A face and how to get its WOFF file: read from disk by scripts, fetched from the site's static files by the Worker. */
export type PictureFont = { name: string; load: () => Promise<ArrayBuffer>; weight: 600 | 700; style: "normal" | "italic" };
export type PictureEngines = { resvg: WebAssembly.Module; fonts: PictureFont[] };
type RenderedImage = ReturnType<InstanceType<typeof Resvg>["render"]>;

let started: Promise<void> | null = null;

/** Starts resvg once per isolate; a failed start is tried again on the next picture. */
function start(modules: PictureEngines): Promise<void> {
  started ??= initWasm(modules.resvg).catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}

let faces: Promise<Uint8Array[]> | null = null;

/** The faces as plain font files (resvg reads no WOFF) with lining figures, unwrapped once per isolate. */
export function fontFiles(modules: PictureEngines): Promise<Uint8Array[]> {
  faces ??= Promise.all(modules.fonts.map(async (font) => withLiningFigures(await woffToSfnt(await font.load())))).catch((error: unknown) => {
    faces = null;
    throw error;
  });
  return faces;
}

let measure: Promise<TextMeasure> | null = null;

/** Measures text in the faces resvg draws it with, read from the same files once per isolate. */
export function pictureText(modules: PictureEngines): Promise<TextMeasure> {
  measure ??= fontFiles(modules)
    .then((files) => new TextMeasure(files.map((file, i) => readFaceMetrics(file, modules.fonts[i]!))))
    .catch((error: unknown) => {
      measure = null;
      throw error;
    });
  return measure;
}

/** An SVG as PNG bytes at its own size, its text drawn in the site's face whatever it names. */
export async function svgToPng(svg: string, modules: PictureEngines): Promise<Uint8Array<ArrayBuffer>> {
  return render(svg, modules, (image) => new Uint8Array(image.asPng()));
}

/** An SVG as RGBA pixels at its own size, for a writer that encodes them itself. */
export async function svgToPixels(svg: string, modules: PictureEngines): Promise<{ pixels: Uint8Array; width: number; height: number }> {
  return render(svg, modules, (image) => ({ pixels: image.pixels, width: image.width, height: image.height }));
}

/**
 * Draws an SVG and hands the picture to `take`, then frees both the picture and the parsed
 * document (with its copy of the fonts) in resvg's WebAssembly memory at once, rather than
 * whenever the garbage collector gets to them: that memory never shrinks, so whatever lingers
 * there while the next picture is drawn raises its high-water mark for good (decision 0083).
 */
async function render<T>(svg: string, modules: PictureEngines, take: (image: RenderedImage) => T): Promise<T> {
  await start(modules);
  const font = {
    loadSystemFonts: false,
    fontBuffers: await fontFiles(modules),
    defaultFontFamily: PICTURE_SERIF,
    serifFamily: PICTURE_SERIF,
    sansSerifFamily: PICTURE_SERIF,
  };
  const document = new Resvg(svg, { fitTo: { mode: "original" }, font });
  try {
    const image = document.render();
    try {
      return take(image);
    } finally {
      image.free();
    }
  } finally {
    document.free();
  }
}
