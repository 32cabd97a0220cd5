/** The raster in this isolate: resvg for the pixels, and the print PNG written from them here (the pictures Worker, the scripts). */
import type { Raster } from "../media/picture-engines.server";
import { svgToPixels, svgToPng, type ResvgModules } from "../media/resvg.server";
import { encodePrintPng } from "./png";
import { encodeJpeg, halfSize } from "../media/jpeg.server";

/** What a still is laid on where the card is transparent: the card frame's own dark ground. */
const STILL_BACKGROUND = "#15121f";

export function resvgRaster(modules: ResvgModules): Raster {
  return {
    png: (svg) => svgToPng(svg, modules),
    // The pixels are let go once encoded: only the PNG is held while it is handed on.
    printPng: (svg) => svgToPixels(svg, modules).then(({ pixels, width, height }) => encodePrintPng(pixels, width, height)),
    // Drawn once at the larger width (the filters are most of the cost); the smaller is halved from it.
    stills: async (svg) => {
      const large = await svgToPixels(svg, modules, { width: 600, background: STILL_BACKGROUND });
      const small = halfSize(large.pixels, large.width, large.height);
      return { 600: encodeJpeg(large.pixels, large.width, large.height), 300: encodeJpeg(small.pixels, small.width, small.height) };
    },
  };
}
