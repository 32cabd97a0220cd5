/** The raster in this isolate: resvg for the pixels, and the print PNG written from them here (the pictures Worker, the scripts). */
import type { Raster } from "../media/picture-engines.server";
import { svgToPixels, svgToPng, type ResvgModules } from "../media/resvg.server";
import { encodePrintPng } from "./png";

export function resvgRaster(modules: ResvgModules): Raster {
  return {
    png: (svg) => svgToPng(svg, modules),
    // The pixels are let go once encoded: only the PNG is held while it is handed on.
    printPng: (svg) => svgToPixels(svg, modules).then(({ pixels, width, height }) => encodePrintPng(pixels, width, height)),
  };
}
