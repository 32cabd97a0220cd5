/**
 * The faces rendered pictures are set in: the site's display face, Latin and Latin Extended. `file`
 * is the WOFF file the site ships; the build unwraps each for resvg (`pictureFaceFile`, decision 0122).
 */
export const pictureFontFiles = [
  { name: "Cormorant Garamond", weight: 600, style: "normal", file: "cormorant-garamond-latin-600-normal.woff" },
  { name: "Cormorant Garamond", weight: 700, style: "normal", file: "cormorant-garamond-latin-700-normal.woff" },
  { name: "Cormorant Garamond", weight: 600, style: "italic", file: "cormorant-garamond-latin-600-italic.woff" },
  { name: "Cormorant Garamond", weight: 600, style: "normal", file: "cormorant-garamond-latin-ext-600-normal.woff" },
  { name: "Cormorant Garamond", weight: 700, style: "normal", file: "cormorant-garamond-latin-ext-700-normal.woff" },
] as const;

/** The plain font file the build makes of a face's WOFF `file` (scripts/picture-faces.ts). */
export const pictureFaceFile = (file: string) => file.replace(/\.woff$/, ".ttf");

/** Where the browser build keeps those files (scripts/vite-picture-fonts.ts), for the Worker to fetch through ASSETS. */
export const PICTURE_FONT_PATH = "/pictures/fonts/";

/** The night-and-gold palette of rendered pictures, as the site's dark look has it. */
export const PICTURE_COLOURS = {
  ink: "#0c0a18",
  night: "#151229",
  gold: "#e6bd63",
  goldBright: "#f2cd7a",
  goldDim: "#8f7440",
  parchment: "#f1ecff",
  muted: "#b1a8cc",
  danger: "#ff6b6b",
} as const;

export const PICTURE_SERIF = "Cormorant Garamond";

/** The size of a link-preview picture, as Open Graph and Twitter show it. */
export const SHARE_PICTURE_SIZE = { width: 1200, height: 630 } as const;

/** Where a deck's (`decks/{id}`) or a shared reading's (`readings/{shareId}`) preview pictures are kept in R2. */
export const sharePicturePrefix = (scope: string) => `share-pictures/${scope}/`;
