/**
 * resvg, the raster behind every picture: WebAssembly, given as a compiled module (the pictures
 * Worker imports it; scripts compile it from a file) and started once per isolate. Only the
 * pictures Worker (workers/pictures.ts), the scripts and the tests load it; the app's Worker
 * reaches it through the pictures service (decision 0095).
 */
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { fontFiles, type PictureFont } from "./picture-engines.server";
import { PICTURE_SERIF } from "./picture-style";

export type ResvgModules = { resvg: WebAssembly.Module; fonts: PictureFont[] };
type RenderedImage = ReturnType<InstanceType<typeof Resvg>["render"]>;

let started: Promise<void> | null = null;

/** Starts resvg once per isolate; a failed start is tried again on the next picture. */
function start(modules: ResvgModules): Promise<void> {
  started ??= initWasm(modules.resvg).catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}

/** An SVG as PNG bytes at its own size, its text drawn in the site's face whatever it names. */
export async function svgToPng(svg: string, modules: ResvgModules): Promise<Uint8Array<ArrayBuffer>> {
  return render(svg, modules, (image) => new Uint8Array(image.asPng()));
}

/** An SVG as RGBA pixels at its own size, for a writer that encodes them itself. */
export async function svgToPixels(svg: string, modules: ResvgModules): Promise<{ pixels: Uint8Array; width: number; height: number }> {
  return render(svg, modules, (image) => ({ pixels: image.pixels, width: image.width, height: image.height }));
}

/**
 * Draws an SVG and hands the picture to `take`, then frees both the picture and the parsed
 * document (with its copy of the fonts) in resvg's WebAssembly memory at once, rather than
 * whenever the garbage collector gets to them: that memory never shrinks, so whatever lingers
 * there while the next picture is drawn raises its high-water mark for good (decision 0083).
 */
async function render<T>(svg: string, modules: ResvgModules, take: (image: RenderedImage) => T): Promise<T> {
  await start(modules);
  const font = {
    loadSystemFonts: false,
    fontBuffers: await fontFiles(modules),
    defaultFontFamily: PICTURE_SERIF,
    serifFamily: PICTURE_SERIF,
    sansSerifFamily: PICTURE_SERIF,
  };
  const document = new Resvg(svg, { fitTo: { mode: "original" }, font });
  let image: RenderedImage | null = null;
  let failed = true;
  try {
    image = document.render();
    const taken = take(image);
    failed = false;
    return taken;
  } finally {
    release(image, failed);
    release(document, failed);
  }
}

/**
 * Frees what resvg holds. After a trap inside its WebAssembly (a panic, an allocation that failed),
 * the objects it was working on stay marked as in use, and freeing them throws "recursive use of an
 * object detected…": that error would replace the one that says what went wrong, so it is dropped
 * when the drawing has already failed.
 */
function release(object: { free(): void } | null, failed: boolean) {
  try {
    object?.free();
  } catch (error) {
    if (!failed) throw error;
  }
}
