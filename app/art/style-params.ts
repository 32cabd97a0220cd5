/**
 * What a style changes in the painting: line, texture, palette, shading, ornament, frame and
 * lettering. The vocabulary (`style-vocabulary.ts`) sets them for every named style, the reading of
 * a typed style (`understand-style.ts`) composes them, and `styles.ts` and `frames.ts` draw with them.
 */
/** The seven original treatments: each named style builds on one of them for what it does not set itself. */
export const BASE_STYLES = ["watercolour", "art nouveau", "woodcut", "minimalist", "oil painting", "surrealist", "pixel art"] as const;
export type BaseStyle = (typeof BASE_STYLES)[number];

import type { FigurePaint } from "./figure-paints";
import type { Ground } from "./ground-colors";

/** What lies over the shapes as a surface. */
export type Texture =
  | "none"
  | "wash" // pigment bleeding into wet paper
  | "wax" // waxy strokes broken by the paper's tooth
  | "crayon" // a child's crayon: every shape hatched in waxy strokes on white paper, the paper's tooth showing through
  | "grain" // a fine paper grain
  | "riso" // two inks printed slightly out of register
  | "tesserae" // small tiles with grout between them
  | "facets" // shapes cut into flat triangles
  | "leading" // coloured glass held in lead
  | "stitch" // thread laid in satin stitches
  | "brush" // one ink diluted in water
  | "glow" // lit tubes on a dark ground
  | "canvas" // paint with the weave of the canvas showing
  | "halftone" // printed dots
  | "pixels"; // a coarse grid

/** How a shape's colour turns from light to shade. */
export type Shading = "flat" | "gradient" | "model" | "cel" | "bokashi" | "none";
/** The outline's colour: one ink, a darker shade of the shape, gold, or the shape's own colour lit. */
export type LineColor = "ink" | "shade" | "gold" | "light";
/** Decoration a style adds between the scenery and the figures. */
export type Ornament = "none" | "kasumi" | "scanlines" | "sunburst" | "dots" | "stars" | "swirls" | "scribbles";
/** The card's frame: one of the base treatments' frames, or one of the frames only some styles use. */
export type FrameKind =
  | BaseStyle
  | "neon"
  | "cartouche"
  | "sketch"
  | "lead"
  | "deco"
  | "tiles"
  | "classic"
  | "bleed"
  | "hoop"
  | "mount"
  | "riveted"
  | "arch"
  | "manuscript"
  | "panel"
  | "cloth"
  | "margin"
  | "meander"
  | "comic"
  | "tomb"
  | "collage"
  | "scrawl"
  | "board"
  | "sheet";
export type LetterFamily = "serif" | "sans" | "mono" | "hand" | "display";
export type Lettering = { family: LetterFamily; upper: boolean; weight: "300" | "600" | "700"; italic?: boolean };

/**
 * How a style turns the deck's colours: saturation and contrast factors, a lightness shift, a lean
 * toward one hue, a limit on the number of hues and tones, one ink (mono), a dark ground with lit
 * colours (neon), or white paper behind a drawing (paper).
 */
export type PaletteRule = {
  sat: number;
  contrast: number;
  light: number;
  lean?: readonly [hue: number, amount: number];
  hues?: number;
  tones?: number;
  mono?: number;
  neon?: boolean;
  paper?: boolean;
  /** With a neon palette: the sky's foot burns as a sunset does, under the dark sky. */
  sunset?: boolean;
};

export type StyleParams = {
  base: BaseStyle;
  /** Outline width as a factor of the base line (0: no outline). */
  line: number;
  lineColor: LineColor;
  texture: Texture;
  shading: Shading;
  palette: PaletteRule;
  ornament: Ornament;
  frame: FrameKind;
  lettering: Lettering;
  /** The style's own ground behind the figures, whatever the theme (`grounds.ts`). */
  ground?: Ground;
  /** How the style paints its figures and the near things, whatever the theme (`figure-paints.ts`). */
  figures?: FigurePaint;
};

/** A style is a technique (how paint is laid: crayon, mosaic) or a look (what it looks like: neon, art deco). */
export type NamedStyle = { id: string; kind: "technique" | "look"; words: readonly string[]; params: StyleParams };
