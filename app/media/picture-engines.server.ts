/**
 * Pictures the app renders itself (reader certificates, link previews, print files): their designs
 * are written as SVG (text as `<text>` in the site's faces, measured by `./picture-text`), and a
 * raster turns the SVG into a PNG. The Worker's raster is the pictures Worker (decision 0095): resvg
 * runs there, in an isolate and, locally, a process of its own, so drawing never holds up a page.
 * What stays here is what laying a picture out needs: the faces and their measurements.
 */
import { readFaceMetrics, TextMeasure } from "./picture-text";

/**
 * A face and how to get its file, as resvg reads it (a plain font file with lining figures, made by
 * the build: app/media/picture-faces.ts): fetched from the site's static files by the Worker,
 * imported by the pictures Worker, made when they start by scripts.
 */
export type PictureFont = { name: string; load: () => Promise<ArrayBuffer>; weight: 600 | 700; style: "normal" | "italic" };

/** Turns an SVG into PNG bytes at its own size, its text drawn in the site's faces whatever it names. */
export type Raster = {
  /** A plain PNG (certificates, link previews). */
  png(svg: string): Promise<Uint8Array<ArrayBuffer>>;
  /** The print PNG that the PDF copies without decoding (app/print/png.ts). */
  printPng(svg: string): Promise<Uint8Array<ArrayBuffer>>;
};

export type PictureEngines = { fonts: PictureFont[]; raster: Raster };

let faces: Promise<Uint8Array[]> | null = null;

/** The faces' files, loaded once per isolate. */
export function fontFiles(modules: { fonts: PictureFont[] }): Promise<Uint8Array[]> {
  faces ??= Promise.all(modules.fonts.map(async (font) => new Uint8Array(await font.load()))).catch((error: unknown) => {
    faces = null;
    throw error;
  });
  return faces;
}

let measure: Promise<TextMeasure> | null = null;

/** Measures text in the faces the raster draws it with, read from the same files once per isolate. */
export function pictureText(modules: { fonts: PictureFont[] }): Promise<TextMeasure> {
  measure ??= fontFiles(modules)
    .then((files) => new TextMeasure(files.map((file, i) => readFaceMetrics(file, modules.fonts[i]!))))
    .catch((error: unknown) => {
      measure = null;
      throw error;
    });
  return measure;
}
