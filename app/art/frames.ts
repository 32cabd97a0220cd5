/**
 * Card frames, one family per treatment: the border, the numeral cartouche at the top and the title
 * banner at the bottom. The same frame is used by every card of a deck, so a deck reads as one.
 */
import type { DeckLook } from "./deck-theme";
import type { Motif } from "./motifs";
import { escapeXml, hex, hsl, luma, mixHue, n1 } from "./kit";
import { motifMark } from "./motifs";
import { Scene, type Item } from "./scene";
import { MONO, SANS, SERIF, minimalInks } from "./styles";
import { FAMILIES } from "./style-painter";
import type { FrameKind, Lettering } from "./style-params";
import type { RoleColors } from "./deck-theme";

export type Labels = { numeral: string; title: string } | null;

export type Frame = {
  /** Drawn first: the card stock behind the art. */
  under: string;
  /** The art window (clip path geometry). */
  window: string;
  /** Drawn over the art: border, ornaments, numeral and title. */
  over: string;
  /** Extra defs the frame needs. */
  defs: string;
};

/** Rough width of a string in em, for fitting titles without measuring fonts. */
function emWidth(text: string, upper: boolean, mono = false): number {
  if (mono) return text.length * 0.62;
  let w = 0;
  for (const ch of upper ? text.toUpperCase() : text) {
    if (ch === " ") w += 0.28;
    else if (/[ilIj.,'!]/.test(ch)) w += 0.3;
    else if (/[mwMW]/.test(ch)) w += 0.86;
    else if (/[A-Z]/.test(ch)) w += 0.7;
    else w += 0.5;
  }
  return w;
}

export function fitFont(text: string, max: number, width: number, upper: boolean, spacingEm = 0, mono = false): number {
  const em = emWidth(text, upper, mono) + spacingEm * text.length;
  return Math.max(12, Math.min(max, width / Math.max(em, 0.1)));
}

type TextOpts = {
  x: number;
  y: number;
  size: number;
  fill: string;
  family: string;
  upper?: boolean;
  spacing?: number;
  weight?: string;
  italic?: boolean;
  extra?: string;
};

function labelText(text: string, o: TextOpts): string {
  const shown = o.upper ? text.toUpperCase() : text;
  return `<text x="${n1(o.x)}" y="${n1(o.y)}" text-anchor="middle" dominant-baseline="central" font-family="${o.family}" font-size="${n1(o.size)}"${
    o.weight ? ` font-weight="${o.weight}"` : ""
  }${o.italic ? ` font-style="italic"` : ""}${o.spacing ? ` letter-spacing="${n1(o.spacing)}"` : ""} fill="${o.fill}"${o.extra ?? ""}>${escapeXml(shown)}</text>`;
}

/** Flat rendering of a small ornament scene with one fill and one outline colour. */
function flat(scene: Scene, fill: string, stroke?: string, sw = 1.2): string {
  const one = (it: Item) => {
    const g = it.g;
    const paint =
      it.p.stroke && !it.p.fill
        ? ` fill="none" stroke="${fill}" stroke-width="${n1(it.p.w ?? 2)}"`
        : ` fill="${fill}"${stroke ? ` stroke="${stroke}" stroke-width="${sw}"` : ""}`;
    if (g.t === "c") return `<circle cx="${n1(g.cx)}" cy="${n1(g.cy)}" r="${n1(g.r)}"${paint}/>`;
    if (g.t === "e")
      return `<ellipse cx="${n1(g.cx)}" cy="${n1(g.cy)}" rx="${n1(g.rx)}" ry="${n1(g.ry)}" transform="rotate(${n1(g.rot)} ${n1(g.cx)} ${n1(g.cy)})"${paint}/>`;
    return `<path d="${g.d}"${paint}/>`;
  };
  return scene.items.map(one).join("");
}

function cornerMarks(motif: Motif, inset: number, size: number): Scene {
  const s = new Scene();
  for (const [x, y] of [
    [inset, inset],
    [600 - inset, inset],
    [inset, 800 - inset],
    [600 - inset, 800 - inset],
  ] as const) {
    motifMark(s, motif, x, y, size, 45);
  }
  return s;
}

/** A ribbon banner path centred at (cx, cy). */
function ribbon(cx: number, cy: number, w: number, h: number): string {
  const x0 = cx - w / 2;
  const x1 = cx + w / 2;
  return `M${n1(x0 + 16)} ${n1(cy - h / 2)}Q${n1(cx)} ${n1(cy - h / 2 - 8)} ${n1(x1 - 16)} ${n1(cy - h / 2)}L${n1(x1 + 26)} ${n1(cy - h / 2 + 6)}L${n1(x1 + 6)} ${n1(cy)}L${n1(x1 + 26)} ${n1(cy + h / 2 + 6)}L${n1(x1 - 16)} ${n1(cy + h / 2)}Q${n1(cx)} ${n1(cy + h / 2 - 8)} ${n1(x0 + 16)} ${n1(cy + h / 2)}L${n1(x0 - 26)} ${n1(cy + h / 2 + 6)}L${n1(x0 - 6)} ${n1(cy)}L${n1(x0 - 26)} ${n1(cy - h / 2 + 6)}Z`;
}

const rectWindow = (x: number, y: number, w: number, h: number, r: number) =>
  `M${x + r} ${y}H${x + w - r}Q${x + w} ${y} ${x + w} ${y + r}V${y + h - r}Q${x + w} ${y + h} ${x + w - r} ${y + h}H${x + r}Q${x} ${y + h} ${x} ${y + h - r}V${y + r}Q${x} ${y} ${x + r} ${y}Z`;

const CARD = `M24 0H576Q600 0 600 24V776Q600 800 576 800H24Q0 800 0 776V24Q0 0 24 0Z`;

/**
 * `content` pushed about by a displacement filter (`primitives`, moving nothing further than
 * `reach`), drawn as four bands along the card's edges: the top down to `top`, the bottom up from
 * `bottom`, and each side `side` in from its edge between them. A frame's deckled parts lie only
 * there, and a filter works every pixel of its region, so each band's filter covers the band and
 * the reach round it, and a clip keeps to the band what it draws, with crisp edges so that bands
 * meeting share out the pixels of their seam rather than each covering part of them. The noise is
 * laid in the art's units, so each band draws the same pixels one filter over the whole card would
 * (decision 0094).
 */
function edgeBands(id: string, primitives: string, content: string, { top, bottom, side }: { top: number; bottom: number; side: number }, reach: number) {
  const bands = [
    [0, 0, 600, top],
    [0, bottom, 600, 800 - bottom],
    [0, top, side, bottom - top],
    [600 - side, top, side, bottom - top],
  ] as const;
  let defs = "";
  let body = "";
  bands.forEach(([x, y, w, h], i) => {
    defs += `<clipPath id="${id}c${i}"><rect shape-rendering="crispEdges" x="${n1(x)}" y="${n1(y)}" width="${n1(w)}" height="${n1(h)}"/></clipPath>`;
    defs += `<filter id="${id}${i}" filterUnits="userSpaceOnUse" x="${n1(x - reach)}" y="${n1(y - reach)}" width="${n1(w + 2 * reach)}" height="${n1(h + 2 * reach)}">${primitives}</filter>`;
    // A filter works before a clip on the same element.
    body += `<g filter="url(#${id}${i})" clip-path="url(#${id}c${i})">${content}</g>`;
  });
  return { defs, body };
}

/** The lowest point of a scene's shapes above `y`, and the highest below it. */
function extentsAbout(scene: Scene, y: number): [number, number] {
  let above = 0;
  let below = 800;
  for (const { box } of scene.items) {
    if (box[3] < y) above = Math.max(above, box[3]);
    if (box[1] > y) below = Math.min(below, box[1]);
  }
  return [above, below];
}

/** `paper` is the style's own paper, when its ground is one, for the frames drawn on paper. */
export function buildFrame(style: FrameKind, look: DeckLook, colors: RoleColors, pre: string, labels: Labels, letters?: Lettering, paper?: string): Frame {
  // A style's own lettering replaces the frame's: its family, case and weight.
  const label = (text: string, o: TextOpts) =>
    labelText(
      text,
      letters
        ? {
            ...o,
            family: FAMILIES[letters.family],
            upper: letters.upper,
            weight: letters.weight,
            italic: letters.italic,
            size: letters.upper && !o.upper ? o.size * 0.86 : letters.family === "mono" ? o.size * 0.8 : o.size,
          }
        : o,
    );
  const c = (role: keyof RoleColors) => hex(colors[role]);
  const numeral = labels?.numeral ?? "";
  const title = labels?.title ?? "";
  const nw = Math.max(96, emWidth(numeral, false) * 30 + 56);

  switch (style) {
    case "watercolour": {
      const paper = hex(hsl(mixHue(look.hue, 45, 0.8), 40, 95));
      const ink = hex(hsl(look.hue, 40, 22));
      const wash = c("accent");
      // The deckle: one noise pushes the art's edge (through the mask), the border, the corner
      // marks and the labels' grounds by up to 7 units. The first three lie in bands along the
      // edges; the labels' grounds are small and keep a filter each, whose region cuts their edges
      // as it always has.
      const deckle = `<feTurbulence type="fractalNoise" baseFrequency="0.045" numOctaves="3" seed="${look.seed % 997}"/><feDisplacementMap in="SourceGraphic" scale="14" xChannelSelector="R" yChannelSelector="G"/>`;
      const reach = 8;
      // The mask: the art's rectangle is whole 13 units in from its edge (the 7 it is pushed and the
      // corners' round), deckled outside that; the whole part overlaps the bands by a unit, as its
      // edge would blend with theirs.
      const edge = edgeBands(
        `${pre}dm`,
        deckle,
        `<rect x="40" y="40" width="520" height="720" rx="6" fill="#fff"/>`,
        { top: 54, bottom: 746, side: 54 },
        reach,
      );
      const marks = cornerMarks(look.motif, 30, 1.1);
      const [top, bottom] = extentsAbout(marks, 400);
      const deckled = `<rect x="22" y="22" width="556" height="756" rx="14" fill="none" stroke="${wash}" stroke-width="2" stroke-opacity="0.55"/><g opacity="0.7">${flat(marks, wash)}</g>`;
      const border = edgeBands(`${pre}do`, deckle, deckled, { top: top + reach, bottom: bottom - reach, side: 23 + reach }, reach);
      let over = border.body;
      if (labels) {
        over += `<ellipse cx="300" cy="70" rx="${n1(nw / 2 + 6)}" ry="30" fill="${paper}" fill-opacity="0.92" filter="url(#${pre}deckle)"/>`;
        over += label(numeral, { x: 300, y: 71, size: 30, fill: ink, family: SERIF, weight: "600", spacing: 2 });
        over += `<path d="${ribbon(300, 716, 430, 62)}" fill="${paper}" fill-opacity="0.94" stroke="${wash}" stroke-opacity="0.6" stroke-width="1.5" filter="url(#${pre}deckle)"/>`;
        over += label(title, { x: 300, y: 716, size: fitFont(title, 38, 380, false), fill: ink, family: SERIF, weight: "600", italic: true });
      }
      const defs = `<filter id="${pre}deckle" x="-3%" y="-3%" width="106%" height="106%">${deckle}</filter>${edge.defs}${border.defs}<mask id="${pre}m"><rect x="53" y="53" width="494" height="694" fill="#fff"/>${edge.body}</mask>`;
      return { under: `<path d="${CARD}" fill="${paper}"/>`, window: `<rect x="0" y="0" width="600" height="800"/>`, over, defs };
    }
    case "oil painting": {
      const g1 = hex(hsl(colors.gold[0] + 4, 62, 66));
      const g2 = hex(hsl(colors.gold[0] - 4, 58, 30));
      const dark = hex(hsl(look.hue, 40, 10));
      const defs = `<linearGradient id="${pre}gilt" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${g1}"/><stop offset="0.35" stop-color="${g2}"/><stop offset="0.6" stop-color="${g1}"/><stop offset="1" stop-color="${g2}"/></linearGradient><linearGradient id="${pre}plq" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${g1}"/><stop offset="1" stop-color="${g2}"/></linearGradient>`;
      let over = `<path d="${CARD}${rectWindow(30, 30, 540, 740, 6)}" fill="url(#${pre}gilt)" fill-rule="evenodd"/>`;
      over += `<rect x="30" y="30" width="540" height="740" rx="6" fill="none" stroke="${dark}" stroke-width="3" stroke-opacity="0.7"/><rect x="12" y="12" width="576" height="776" rx="16" fill="none" stroke="${g1}" stroke-width="2" stroke-opacity="0.8"/>`;
      over += flat(cornerMarks(look.motif, 15, 0.8), g2, g1, 1);
      if (labels) {
        over += `<rect x="${n1(300 - nw / 2)}" y="44" width="${n1(nw)}" height="52" rx="8" fill="url(#${pre}plq)" stroke="${dark}" stroke-opacity="0.6" stroke-width="1.5"/>`;
        over += label(numeral, { x: 300, y: 71, size: 30, fill: dark, family: SERIF, weight: "700", spacing: 2 });
        over += `<rect x="90" y="684" width="420" height="62" rx="8" fill="url(#${pre}plq)" stroke="${dark}" stroke-opacity="0.6" stroke-width="1.5"/><rect x="97" y="691" width="406" height="48" rx="5" fill="none" stroke="${dark}" stroke-opacity="0.35"/>`;
        over += label(title, { x: 300, y: 715, size: fitFont(title, 36, 370, false), fill: dark, family: SERIF, weight: "700" });
      }
      return { under: `<path d="${CARD}" fill="${dark}"/>`, window: `<rect x="30" y="30" width="540" height="740" rx="6"/>`, over, defs };
    }
    case "woodcut": {
      const ink = hex(hsl(look.hue, 45, 9));
      const paper = hex(hsl(mixHue(look.hue, 45, 0.75), 38, 89));
      let over = `<path d="${CARD}${rectWindow(30, 30, 540, 740, 4)}" fill="${ink}" fill-rule="evenodd"/><rect x="38" y="38" width="524" height="724" fill="none" stroke="${ink}" stroke-width="3"/><rect x="14" y="14" width="572" height="772" rx="12" fill="none" stroke="${paper}" stroke-width="1.5"/>`;
      for (const [x, y] of [
        [30, 30],
        [570, 30],
        [30, 770],
        [570, 770],
      ] as const)
        over += `<rect x="${x - 20}" y="${y - 20}" width="40" height="40" fill="${ink}" stroke="${paper}" stroke-width="2"/>`;
      over += flat(cornerMarks(look.motif, 30, 0.9), paper);
      if (labels) {
        over += `<rect x="${n1(300 - nw / 2)}" y="42" width="${n1(nw)}" height="54" fill="${paper}" stroke="${ink}" stroke-width="5"/>`;
        over += label(numeral, { x: 300, y: 70, size: 30, fill: ink, family: SERIF, weight: "700", upper: true, spacing: 3 });
        over += `<path d="${ribbon(300, 716, 420, 62)}" fill="${paper}" stroke="${ink}" stroke-width="5" stroke-linejoin="round"/>`;
        over += label(title, { x: 300, y: 717, size: fitFont(title, 32, 370, true, 0.08), fill: ink, family: SERIF, weight: "700", upper: true, spacing: 2.5 });
      }
      return { under: `<path d="${CARD}" fill="${paper}"/>`, window: `<rect x="30" y="30" width="540" height="740"/>`, over, defs: "" };
    }
    case "minimalist": {
      const inks = minimalInks(look);
      let over = `<rect x="46" y="46" width="508" height="614" fill="none" stroke="${inks.ink}" stroke-width="1.2"/>`;
      if (labels) {
        over += `<rect x="${n1(300 - nw / 2 + 10)}" y="28" width="${n1(nw - 20)}" height="36" fill="${inks.paper}"/>`;
        over += label(numeral, { x: 300, y: 46, size: 18, fill: inks.ink, family: SANS, upper: true, spacing: 5, weight: "300" });
        over += `<line x1="270" y1="728" x2="330" y2="728" stroke="${inks.accent}" stroke-width="2"/>`;
        over += label(title, {
          x: 300,
          y: 700,
          size: fitFont(title, 26, 470, true, 0.28),
          fill: inks.ink,
          family: SANS,
          upper: true,
          spacing: 6,
          weight: "300",
        });
      }
      over += `<circle cx="300" cy="758" r="3" fill="${inks.accent}"/>`;
      return { under: `<path d="${CARD}" fill="${inks.paper}"/>`, window: `<rect x="46" y="46" width="508" height="614"/>`, over, defs: "" };
    }
    case "art nouveau": {
      const bg = hex(hsl(mixHue(look.hue, 45, 0.55), 26, 82));
      const band = hex(hsl(mixHue(look.hue, 30, 0.25), 30, 34));
      const gold = hex(hsl(40, 55, 55));
      const goldDark = hex(hsl(36, 45, 34));
      const arch = `M52 250C52 120 160 60 300 60C440 60 548 120 548 250V664H52Z`;
      let over = `<path d="${CARD}${arch}" fill="${bg}" fill-rule="evenodd"/>`;
      over += `<path d="${arch}" fill="none" stroke="${gold}" stroke-width="5"/><path d="M40 252C40 110 156 46 300 46C444 46 560 110 560 252V676H40Z" fill="none" stroke="${goldDark}" stroke-width="1.5"/>`;
      over += `<rect x="14" y="14" width="572" height="772" rx="16" fill="none" stroke="${goldDark}" stroke-width="2"/><rect x="22" y="22" width="556" height="756" rx="12" fill="none" stroke="${gold}" stroke-width="1"/>`;
      // Whiplash curves and stems up the sides.
      for (const side of [-1, 1]) {
        const x = side < 0 ? 30 : 570;
        const inward = -side;
        over += `<path d="M${x} 660C${x} 560 ${x + inward * 14} 470 ${x} 380C${x - inward * 10} 300 ${x + inward * 8} 230 ${x + inward * 30} 150" fill="none" stroke="${gold}" stroke-width="3"/>`;
        over += `<path d="M${x + inward * 30} 150C${x + inward * 60} 110 ${x + inward * 40} 70 ${x + inward * 8} 90C${x + inward * 30} 96 ${x + inward * 36} 118 ${x + inward * 20} 130" fill="none" stroke="${gold}" stroke-width="3"/>`;
        for (const y of [300, 430, 560])
          over += `<path d="M${x} ${y}q${inward * 22} -22 ${inward * 10} -46q${-inward * 20} 18 ${-inward * 10} 46Z" fill="${band}" stroke="${gold}" stroke-width="1.5"/>`;
      }
      over += flat(cornerMarks(look.motif, 34, 0.9), band, gold, 1.2);
      if (labels) {
        const pw = Math.max(68, emWidth(numeral, true) * 24 + 40);
        over += `<rect x="${n1(300 - pw / 2)}" y="28" width="${n1(pw)}" height="64" rx="32" fill="${band}" stroke="${gold}" stroke-width="4"/><rect x="${n1(306 - pw / 2)}" y="34" width="${n1(pw - 12)}" height="52" rx="26" fill="none" stroke="${bg}" stroke-opacity="0.6"/>`;
        over += label(numeral, { x: 300, y: 61, size: 26, fill: bg, family: SERIF, weight: "700", upper: true, spacing: 2 });
        over += `<path d="M70 690Q70 676 86 676H514Q530 676 530 690V744Q530 758 514 758H86Q70 758 70 744Z" fill="${band}" stroke="${gold}" stroke-width="4"/><path d="M82 688H518V746H82Z" fill="none" stroke="${bg}" stroke-opacity="0.6"/>`;
        for (const x of [58, 542]) over += `<circle cx="${x}" cy="717" r="12" fill="${band}" stroke="${gold}" stroke-width="3"/>`;
        over += label(title, { x: 300, y: 717, size: fitFont(title, 34, 400, true, 0.1), fill: bg, family: SERIF, weight: "700", upper: true, spacing: 3 });
      }
      return { under: `<path d="${CARD}" fill="${bg}"/>`, window: `<path d="${arch}"/>`, over, defs: "" };
    }
    case "surrealist": {
      const ink = hex(hsl(look.hue, 40, 16));
      const pale = hex(hsl(mixHue(look.accentHue, 40, 0.5), 60, 93));
      const edge = hex(hsl(look.accentHue, 40, 70));
      const defs = `<filter id="${pre}lift" x="-20%" y="-40%" width="140%" height="200%"><feDropShadow dx="10" dy="14" stdDeviation="6" flood-color="${ink}" flood-opacity="0.45"/></filter>`;
      let over = `<rect x="16" y="16" width="568" height="768" rx="18" fill="none" stroke="${pale}" stroke-width="3"/><rect x="26" y="26" width="548" height="748" rx="12" fill="none" stroke="${edge}" stroke-width="1" stroke-dasharray="2 6"/>`;
      if (labels) {
        over += `<g filter="url(#${pre}lift)"><ellipse cx="300" cy="70" rx="${n1(nw / 2 + 10)}" ry="30" fill="${pale}"/></g>`;
        over += label(numeral, { x: 300, y: 71, size: 28, fill: ink, family: SERIF, italic: true, weight: "600", spacing: 2 });
        over += `<g filter="url(#${pre}lift)"><path d="M84 700C84 684 96 680 110 682C200 692 400 692 490 682C504 680 516 684 516 700V732C516 748 504 752 490 750C400 740 200 740 110 750C96 752 84 748 84 732Z" fill="${pale}"/></g>`;
        over += label(title, { x: 300, y: 716, size: fitFont(title, 36, 380, false), fill: ink, family: SERIF, italic: true, weight: "600" });
      }
      return { under: `<path d="${CARD}" fill="${ink}"/>`, window: `<rect x="16" y="16" width="568" height="768" rx="18"/>`, over, defs };
    }
    case "neon": {
      // The tubes on a deep violet night, whatever the theme's hue.
      const dark = hex(hsl(288, 72, 16));
      // The labels' plates darker than the frame, so the lit words read.
      const plate = hex(hsl(284, 70, 6));
      const tube = hex(hsl(look.accentHue, 96, 62));
      const tube2 = hex(hsl(look.hue + 40, 96, 64));
      const defs = `<filter id="${pre}tube" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="4" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
      let over = `<path d="${CARD}${rectWindow(30, 30, 540, 740, 18)}" fill="${dark}" fill-rule="evenodd"/>`;
      over += `<g filter="url(#${pre}tube)" fill="none"><rect x="30" y="30" width="540" height="740" rx="18" stroke="${tube}" stroke-width="4"/><rect x="16" y="16" width="568" height="768" rx="24" stroke="${tube2}" stroke-width="2.5"/></g>`;
      if (labels) {
        over += `<rect x="${n1(300 - nw / 2)}" y="44" width="${n1(nw)}" height="52" rx="26" fill="${plate}" fill-opacity="0.9" stroke="${tube2}" stroke-width="3" filter="url(#${pre}tube)"/>`;
        over += label(numeral, {
          x: 300,
          y: 71,
          size: 26,
          fill: tube2,
          family: SANS,
          weight: "700",
          upper: true,
          spacing: 3,
          extra: ` filter="url(#${pre}tube)"`,
        });
        over += `<rect x="70" y="684" width="460" height="62" rx="14" fill="${plate}" fill-opacity="0.9" stroke="${tube}" stroke-width="3" filter="url(#${pre}tube)"/>`;
        over += label(title, {
          x: 300,
          y: 716,
          size: fitFont(title, 30, 400, true, 0.12),
          fill: tube,
          family: SANS,
          weight: "700",
          upper: true,
          spacing: 3,
          extra: ` filter="url(#${pre}tube)"`,
        });
      }
      return { under: `<path d="${CARD}" fill="${dark}"/>`, window: `<rect x="30" y="30" width="540" height="740" rx="18"/>`, over, defs };
    }
    case "cartouche": {
      // A print's border, its title in a cartouche in the upper corner and its number in a red seal.
      const paper = hex(hsl(mixHue(look.hue, 45, 0.8), 34, 90));
      const ink = hex(hsl(look.hue, 35, 14));
      const seal = hex(hsl(4, 70, 44));
      let over = `<path d="${CARD}${rectWindow(34, 34, 532, 732, 2)}" fill="${paper}" fill-rule="evenodd"/><rect x="34" y="34" width="532" height="732" fill="none" stroke="${ink}" stroke-width="3"/>`;
      if (labels) {
        const tw = Math.min(300, Math.max(150, emWidth(title, false) * 22 + 40));
        over += `<rect x="52" y="52" width="${n1(tw)}" height="50" fill="${paper}" stroke="${ink}" stroke-width="2.5"/><rect x="57" y="57" width="${n1(tw - 10)}" height="40" fill="none" stroke="${ink}" stroke-width="1"/>`;
        over += label(title, { x: 52 + tw / 2, y: 77, size: fitFont(title, 26, tw - 24, false), fill: ink, family: SERIF, weight: "700" });
        const sw = Math.max(56, emWidth(numeral, true) * 22 + 24);
        over += `<rect x="${n1(548 - sw)}" y="700" width="${n1(sw)}" height="48" rx="4" fill="${seal}"/><rect x="${n1(552 - sw)}" y="704" width="${n1(sw - 8)}" height="40" rx="2" fill="none" stroke="${paper}" stroke-width="1.5"/>`;
        over += label(numeral, { x: 548 - sw / 2, y: 724, size: 22, fill: paper, family: SERIF, weight: "700", upper: true });
      }
      return { under: `<path d="${CARD}" fill="${paper}"/>`, window: `<rect x="34" y="34" width="532" height="732"/>`, over, defs: "" };
    }
    case "sketch": {
      // Paper with a border drawn by hand, wobbling a little.
      const sheet = paper ?? hex(hsl(mixHue(look.hue, 50, 0.85), 30, 96));
      // On a dark paper (pastel's slate green) the border and the words are drawn in pale chalk.
      const shade = (at: number) => parseInt(sheet.slice(at, at + 2), 16);
      const darkSheet = shade(1) * 0.3 + shade(3) * 0.59 + shade(5) * 0.11 < 128;
      const pen = darkSheet ? "#f3ead6" : hex(hsl(look.hue, 40, 24));
      const wash = c("accent");
      const defs = `<filter id="${pre}hand" x="-3%" y="-3%" width="106%" height="106%"><feTurbulence type="fractalNoise" baseFrequency="0.03" numOctaves="2" seed="${look.seed % 991}"/><feDisplacementMap in="SourceGraphic" scale="9" xChannelSelector="R" yChannelSelector="G"/></filter>`;
      let over = `<path d="${CARD}${rectWindow(36, 36, 528, 640, 10)}" fill="${sheet}" fill-rule="evenodd"/><g filter="url(#${pre}hand)" fill="none" stroke-linecap="round"><rect x="36" y="36" width="528" height="640" rx="10" stroke="${pen}" stroke-width="4"/><rect x="30" y="42" width="536" height="630" rx="14" stroke="${wash}" stroke-width="2.5" opacity="0.8"/></g>`;
      if (labels) {
        over += `<g filter="url(#${pre}hand)"><circle cx="300" cy="66" r="30" fill="${sheet}" stroke="${wash}" stroke-width="4"/></g>`;
        over += label(numeral, { x: 300, y: 67, size: numeral.length > 3 ? 18 : 24, fill: pen, family: SERIF, weight: "700" });
        over += label(title, { x: 300, y: 724, size: fitFont(title, 38, 480, false), fill: pen, family: SERIF, weight: "700" });
        over += `<path d="M150 752Q300 744 450 754" fill="none" stroke="${wash}" stroke-width="4" stroke-linecap="round" filter="url(#${pre}hand)"/>`;
      }
      return { under: `<path d="${CARD}" fill="${sheet}"/>`, window: `<rect x="36" y="36" width="528" height="640" rx="10"/>`, over, defs };
    }
    case "scrawl": {
      // A child's drawing: the hand-drawn border, and round the sheet's edge a border scribbled in crayons, a colour to a side.
      const sheet = buildFrame("sketch", look, colors, pre, labels, letters, paper);
      const zigzag = (x0: number, y0: number, x1: number, y1: number, depth: number, color: string) => {
        const [dx, dy] = [x1 - x0, y1 - y0];
        const len = Math.hypot(dx, dy);
        const [nx, ny] = [-dy / len, dx / len];
        let d = `M${x0} ${y0}`;
        for (let t = 9, k = 1; t < len; t += 9, k = -k) d += `L${n1(x0 + (dx * t) / len + nx * depth * k)} ${n1(y0 + (dy * t) / len + ny * depth * k)}`;
        return `<path d="${d}" fill="none" stroke="${color}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" opacity="0.9"/>`;
      };
      const border =
        zigzag(14, 16, 586, 16, 9, "#e63b2e") +
        zigzag(584, 16, 584, 784, 9, "#2f74e0") +
        zigzag(586, 784, 14, 784, 9, "#3aa845") +
        zigzag(16, 784, 16, 16, 9, "#f2b705");
      return { ...sheet, over: sheet.over + border };
    }
    case "board": {
      // A charcoal drawing taped to the artist's board: the sheet with its hand-drawn border, a margin of grey-brown board round it, strips of tape across its corners.
      const sheet = buildFrame("sketch", look, colors, pre, labels, letters, paper);
      const board = "#6b6358";
      let over = `<path d="${CARD}M20 20H580V780H20Z" fill="${board}" fill-rule="evenodd"/><path d="M20 780H580V20" fill="none" stroke="#3e3932" stroke-width="3"/>`;
      for (const [x, y, turn] of [
        [20, 20, -45],
        [580, 20, 45],
        [20, 780, 45],
        [580, 780, -45],
      ] as const)
        over += `<rect x="${x - 44}" y="${y - 14}" width="88" height="28" fill="#d8c8a2" opacity="0.92" transform="rotate(${turn} ${x} ${y})"/>`;
      return { ...sheet, under: `<path d="${CARD}" fill="${board}"/>`, over: sheet.over + over };
    }
    case "sheet": {
      // A drawing sheet printed blue to its trim: a ruled border in white line, and the title block drafted across its foot.
      const blue = "#1f5299";
      const line = "#e6f0ff";
      let over = `<path d="${CARD}${rectWindow(30, 30, 540, 650, 0)}" fill="${blue}" fill-rule="evenodd"/><rect x="30" y="30" width="540" height="650" fill="none" stroke="${line}" stroke-width="2.5"/><rect x="16" y="16" width="568" height="768" fill="none" stroke="${line}" stroke-width="1.2"/>`;
      over += `<rect x="30" y="694" width="540" height="76" fill="none" stroke="${line}" stroke-width="1.6"/><path d="M460 694V770M460 722H570" stroke="${line}" stroke-width="1.2"/>`;
      if (labels) {
        over += label(title, {
          x: 245,
          y: 733,
          size: fitFont(title, 28, 400, true, 0.2, true),
          fill: line,
          family: MONO,
          weight: "300",
          upper: true,
          spacing: 4,
        });
        over += label("No.", { x: 515, y: 709, size: 12, fill: line, family: MONO, weight: "300", upper: true, spacing: 2 });
        over += label(numeral, { x: 515, y: 747, size: 22, fill: line, family: MONO, weight: "300", upper: true, spacing: 2 });
      }
      return { under: `<path d="${CARD}" fill="${blue}"/>`, window: `<rect x="30" y="30" width="540" height="650"/>`, over, defs: "" };
    }
    case "lead": {
      // A pointed arch of glass held in lead, with panes of colour round it.
      const lead = hex(hsl(look.hue, 20, 9));
      const arch = `M56 300C56 170 170 70 300 44C430 70 544 170 544 300V668H56Z`;
      let over = `<path d="${CARD}${arch}" fill="${lead}" fill-rule="evenodd"/>`;
      const panes: [number, number, number, number][] = [];
      for (let y = 300; y < 660; y += 46) panes.push([18, y, 30, 40], [552, y, 30, 40]);
      for (let x = 34; x < 560; x += 54) panes.push([x, 680, 46, 22]);
      panes.forEach(([x, y, w, h], i) => {
        const role = (["accent", "gold", "red", "water"] as const)[i % 4]!;
        over += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="${c(role)}" opacity="0.9"/>`;
      });
      over += `<path d="${arch}" fill="none" stroke="${lead}" stroke-width="10"/><path d="${arch}" fill="none" stroke="${c("gold")}" stroke-width="2"/>`;
      if (labels) {
        over += `<circle cx="300" cy="92" r="32" fill="${c("accent")}" stroke="${lead}" stroke-width="6"/>`;
        over += label(numeral, { x: 300, y: 93, size: numeral.length > 3 ? 17 : 24, fill: lead, family: SERIF, weight: "700", upper: true });
        over += `<rect x="60" y="710" width="480" height="58" rx="6" fill="${c("pale")}" stroke="${lead}" stroke-width="6"/>`;
        over += label(title, { x: 300, y: 739, size: fitFont(title, 32, 420, true, 0.1), fill: lead, family: SERIF, weight: "700", upper: true, spacing: 2 });
      }
      return { under: `<path d="${CARD}" fill="${lead}"/>`, window: `<path d="${arch}"/>`, over, defs: "" };
    }
    case "deco": {
      // Stepped corners and a fan, gold lines on jade lacquer, as on a deco cigarette case or a lift's doors.
      const dark = "#0d4a3e";
      const gold = hex(hsl(42, 62, 60));
      const win = `M60 40H540L560 60V680L540 700H60L40 680V60Z`;
      let over = `<path d="${CARD}${win}" fill="${dark}" fill-rule="evenodd"/><path d="${win}" fill="none" stroke="${gold}" stroke-width="3"/><path d="M66 30H534L570 66V674L534 710H66L30 674V66Z" fill="none" stroke="${gold}" stroke-width="1.2"/>`;
      for (const [x, y, sx, sy] of [
        [40, 60, 1, 1],
        [560, 60, -1, 1],
        [40, 680, 1, -1],
        [560, 680, -1, -1],
      ] as const)
        for (let i = 1; i <= 3; i++) over += `<path d="M${x} ${y + sy * i * 12}H${x + sx * i * 12}V${y}" fill="none" stroke="${gold}" stroke-width="1.4"/>`;
      if (labels) {
        over += `<path d="M${n1(300 - nw / 2)} 74L${n1(300 - nw / 2 + 16)} 48H${n1(300 + nw / 2 - 16)}L${n1(300 + nw / 2)} 74L${n1(300 + nw / 2 - 16)} 100H${n1(300 - nw / 2 + 16)}Z" fill="${dark}" stroke="${gold}" stroke-width="2.5"/>`;
        over += label(numeral, { x: 300, y: 74, size: 24, fill: gold, family: SANS, weight: "300", upper: true, spacing: 6 });
        for (let i = 0; i < 7; i++) {
          const a = Math.PI + ((i + 0.5) / 7) * Math.PI;
          over += `<line x1="300" y1="752" x2="${n1(300 + Math.cos(a) * 40)}" y2="${n1(752 + Math.sin(a) * 40)}" stroke="${gold}" stroke-width="1.4"/>`;
        }
        over += label(title, { x: 300, y: 734, size: fitFont(title, 26, 470, true, 0.3), fill: gold, family: SANS, weight: "300", upper: true, spacing: 7 });
      }
      return { under: `<path d="${CARD}" fill="${dark}"/>`, window: `<path d="${win}"/>`, over, defs: "" };
    }
    case "tiles": {
      // A border of small tiles in two colours, the labels on plain plaques.
      const ground = hex(hsl(mixHue(look.hue, 40, 0.6), 26, 86));
      const ink = hex(hsl(look.hue, 40, 16));
      let over = `<path d="${CARD}${rectWindow(40, 40, 520, 720, 2)}" fill="${ground}" fill-rule="evenodd"/>`;
      let i = 0;
      const tile = (x: number, y: number) => {
        over += `<rect x="${x}" y="${y}" width="15" height="15" rx="2" fill="${i++ % 2 ? c("accent") : c("gold")}"/>`;
      };
      for (let x = 12; x < 580; x += 19) {
        tile(x, 14);
        tile(x, 771);
      }
      for (let y = 33; y < 770; y += 19) {
        tile(14, y);
        tile(571, y);
      }
      over += `<rect x="40" y="40" width="520" height="720" fill="none" stroke="${ink}" stroke-width="3"/>`;
      if (labels) {
        over += `<rect x="${n1(300 - nw / 2)}" y="48" width="${n1(nw)}" height="46" rx="4" fill="${ground}" stroke="${ink}" stroke-width="2.5"/>`;
        over += label(numeral, { x: 300, y: 71, size: 26, fill: ink, family: SERIF, weight: "700", upper: true, spacing: 2 });
        over += `<rect x="80" y="692" width="440" height="54" rx="4" fill="${ground}" stroke="${ink}" stroke-width="2.5"/>`;
        over += label(title, { x: 300, y: 719, size: fitFont(title, 32, 400, true, 0.1), fill: ink, family: SERIF, weight: "700", upper: true, spacing: 2 });
      }
      return { under: `<path d="${CARD}" fill="${ground}"/>`, window: `<rect x="40" y="40" width="520" height="720"/>`, over, defs: "" };
    }
    case "meander": {
      // A Roman mosaic's border: a black meander laid in white tesserae round the picture, the labels on white plaques.
      const white = "#efe8d8";
      const black = "#1d1a17";
      const defs = `<pattern id="${pre}key" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="24" height="24" fill="${white}"/><path d="M3 21V3H21V17H9V9H15" fill="none" stroke="${black}" stroke-width="3.2"/></pattern>`;
      let over = `<path d="${CARD}${rectWindow(40, 40, 520, 720, 2)}" fill="url(#${pre}key)" fill-rule="evenodd"/>`;
      over += `<rect x="40" y="40" width="520" height="720" fill="none" stroke="${black}" stroke-width="4"/><rect x="8" y="8" width="584" height="784" rx="16" fill="none" stroke="${black}" stroke-width="4"/>`;
      if (labels) {
        over += `<rect x="${n1(300 - nw / 2)}" y="48" width="${n1(nw)}" height="46" rx="4" fill="${white}" stroke="${black}" stroke-width="2.5"/>`;
        over += label(numeral, { x: 300, y: 71, size: 26, fill: black, family: SERIF, weight: "700", upper: true, spacing: 2 });
        over += `<rect x="80" y="692" width="440" height="54" rx="4" fill="${white}" stroke="${black}" stroke-width="2.5"/>`;
        over += label(title, { x: 300, y: 719, size: fitFont(title, 32, 400, true, 0.1), fill: black, family: SERIF, weight: "700", upper: true, spacing: 2 });
      }
      return { under: `<path d="${CARD}" fill="url(#${pre}key)"/>`, window: `<rect x="40" y="40" width="520" height="720"/>`, over, defs };
    }
    case "comic": {
      // A comic book's panel: a heavy black border on a page printed yellow with red dots, the number in a caption box, the title lettered below.
      const ink = "#111111";
      const defs = `<pattern id="${pre}pg" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="10" height="10" fill="#ffd21f"/><circle cx="5" cy="5" r="2.2" fill="#e8322b"/></pattern>`;
      const win = rectWindow(30, 30, 540, 650, 0);
      let over = `<path d="${CARD}${win}" fill="url(#${pre}pg)" fill-rule="evenodd"/><rect x="30" y="30" width="540" height="650" fill="none" stroke="${ink}" stroke-width="9"/><path d="${CARD}" fill="none" stroke="${ink}" stroke-width="6"/>`;
      if (labels) {
        over += `<rect x="30" y="30" width="${n1(nw + 10)}" height="50" fill="#fff36b" stroke="${ink}" stroke-width="5"/>`;
        over += label(numeral, { x: 30 + (nw + 10) / 2, y: 55, size: 26, fill: ink, family: SANS, weight: "700", upper: true, spacing: 2 });
        over += `<path d="M44 700H556L548 770H52Z" fill="#ffffff" stroke="${ink}" stroke-width="5" stroke-linejoin="round"/>`;
        over += label(title, { x: 300, y: 735, size: fitFont(title, 36, 440, true, 0.06), fill: ink, family: SANS, weight: "700", upper: true, spacing: 2 });
      }
      return { under: `<path d="${CARD}" fill="url(#${pre}pg)"/>`, window: `<path d="${win}"/>`, over, defs };
    }
    case "tomb": {
      // A tomb wall's painted frame: a block border of blue, red and green between black lines, a frieze of khekher
      // finials over the picture, and the number and title each written in a cartouche.
      const wall = "#efe4cc";
      const ink = "#1a1410";
      const block = (id: string, rotate: string) =>
        `<pattern id="${pre}${id}" width="48" height="24" patternUnits="userSpaceOnUse"${rotate}><rect width="48" height="24" fill="${wall}"/><rect x="0" width="12" height="24" fill="#2a4fa0"/><rect x="24" width="12" height="24" fill="#b5402a"/><rect x="36" width="6" height="24" fill="#2f7a5a"/><path d="M0 0.8H48M0 23.2H48M12 0V24M24 0V24M36 0V24" stroke="${ink}" stroke-width="1.6"/></pattern>`;
      const defs = `${block("blk", "")}${block("blv", ` patternTransform="rotate(90)"`)}<pattern id="${pre}khk" width="24" height="30" patternUnits="userSpaceOnUse"><rect width="24" height="30" fill="${wall}"/><path d="M5 30V10Q12 0 19 10V30Z" fill="#2a4fa0" stroke="${ink}" stroke-width="1.4"/><rect x="5" y="16" width="14" height="5" fill="#b5402a"/></pattern>`;
      const win = rectWindow(40, 72, 520, 620, 0);
      let over = `<path d="${CARD}${win}" fill="${wall}" fill-rule="evenodd"/>`;
      over += `<path d="M12 12H588V36H12Z" fill="url(#${pre}blk)"/><path d="M12 764H588V788H12Z" fill="url(#${pre}blk)"/><path d="M12 36H36V764H12ZM564 36H588V764H564Z" fill="url(#${pre}blv)"/>`;
      over += `<rect x="40" y="40" width="520" height="30" fill="url(#${pre}khk)"/><rect x="40" y="72" width="520" height="620" fill="none" stroke="${ink}" stroke-width="3"/>`;
      if (labels) {
        over += `<rect x="${n1(300 - nw / 2)}" y="36" width="${n1(nw)}" height="40" rx="20" fill="${wall}" stroke="${ink}" stroke-width="3"/>`;
        over += label(numeral, { x: 300, y: 56, size: 22, fill: ink, family: SERIF, weight: "700", upper: true, spacing: 2 });
        over += `<rect x="70" y="704" width="452" height="50" rx="25" fill="${wall}" stroke="${ink}" stroke-width="3"/><path d="M530 704V754" stroke="${ink}" stroke-width="5"/>`;
        over += label(title, { x: 296, y: 729, size: fitFont(title, 30, 400, true, 0.1), fill: ink, family: SERIF, weight: "700", upper: true, spacing: 2 });
      }
      return { under: `<path d="${CARD}" fill="${wall}"/>`, window: `<path d="${win}"/>`, over, defs };
    }
    case "collage": {
      // Papier collé: newsprint, faux-bois paper and scraps of ochre and grey pasted round the canvas, the title stencilled.
      const ink = "#1b1712";
      const defs = `<pattern id="${pre}news" width="44" height="12" patternUnits="userSpaceOnUse"><rect width="44" height="12" fill="#e6dfca"/><path d="M2 4H30M34 4H42M2 9H18M22 9H42" stroke="#8d877a" stroke-width="2"/></pattern><pattern id="${pre}bois" width="80" height="18" patternUnits="userSpaceOnUse"><rect width="80" height="18" fill="#d2a466"/><path d="M0 5Q20 1 40 6T80 5M0 13Q26 9 44 14T80 12" stroke="#a8763f" stroke-width="2" fill="none"/></pattern>`;
      const win = rectWindow(44, 40, 512, 640, 0);
      let over = `<path d="${CARD}${win}" fill="url(#${pre}news)" fill-rule="evenodd"/>`;
      over += `<path d="M0 300L44 280V520L0 560Z" fill="#7d8a8c"/><path d="M556 120L600 96V360L556 380Z" fill="#c99a4a"/><path d="M0 24L150 0H260L200 40H0Z" fill="#c99a4a"/><path d="M600 560V800H470L556 620Z" fill="#7d8a8c"/>`;
      over += `<rect x="44" y="40" width="512" height="640" fill="none" stroke="${ink}" stroke-width="4"/>`;
      over += `<path d="M40 694L566 688L560 770L34 776Z" fill="url(#${pre}bois)" stroke="${ink}" stroke-width="2"/>`;
      if (labels) {
        over += `<path d="M${n1(300 - nw / 2)} 6H${n1(300 + nw / 2)}L${n1(300 + nw / 2 - 6)} 36H${n1(300 - nw / 2 + 4)}Z" fill="#efe9d8" stroke="${ink}" stroke-width="2"/>`;
        over += label(numeral, { x: 300, y: 21, size: 20, fill: ink, family: SANS, weight: "700", upper: true, spacing: 3 });
        over += label(title, { x: 300, y: 732, size: fitFont(title, 34, 440, true, 0.12), fill: ink, family: SANS, weight: "700", upper: true, spacing: 3 });
      }
      return { under: `<path d="${CARD}" fill="url(#${pre}news)"/>`, window: `<path d="${win}"/>`, over, defs };
    }
    case "classic": {
      // The classic deck's plain white border, a numeral above and the name below in capitals.
      const paper = hex(hsl(mixHue(look.hue, 45, 0.85), 30, 95));
      const ink = hex(hsl(look.hue, 30, 10));
      let over = `<path d="${CARD}${rectWindow(38, 92, 524, 600, 0)}" fill="${paper}" fill-rule="evenodd"/><rect x="38" y="92" width="524" height="600" fill="none" stroke="${ink}" stroke-width="4"/>`;
      if (labels) {
        over += label(numeral, { x: 300, y: 62, size: 34, fill: ink, family: SERIF, weight: "700", upper: true, spacing: 3 });
        over += label(title, { x: 300, y: 740, size: fitFont(title, 36, 480, true, 0.12), fill: ink, family: SERIF, weight: "700", upper: true, spacing: 3 });
      }
      return { under: `<path d="${CARD}" fill="${paper}"/>`, window: `<rect x="38" y="92" width="524" height="600"/>`, over, defs: "" };
    }
    case "bleed": {
      // The picture runs to the card's edge, as a poster's or a comic panel's does; numeral and title sit in captions boxed in black.
      const ink = "#111111";
      const box = "#fffdf4";
      let over = `<path d="${CARD}" fill="none" stroke="${ink}" stroke-width="10"/>`;
      if (labels) {
        over += `<rect x="${n1(300 - nw / 2 + 8)}" y="24" width="${n1(nw - 16)}" height="42" fill="${box}" stroke="${ink}" stroke-width="3"/>`;
        over += label(numeral, { x: 300, y: 45, size: 22, fill: ink, family: SANS, weight: "700", upper: true, spacing: 2 });
        over += `<rect x="70" y="700" width="460" height="62" fill="${box}" stroke="${ink}" stroke-width="3.5"/>`;
        over += label(title, { x: 300, y: 731, size: fitFont(title, 32, 420, true, 0.08), fill: ink, family: SANS, weight: "700", upper: true, spacing: 2 });
      }
      return { under: `<path d="${CARD}" fill="${ink}"/>`, window: `<path d="${CARD}"/>`, over, defs: "" };
    }
    case "cloth": {
      // A batik cloth's border (pinggir): a soga-brown band with rows of waxed dots and a cream line round the picture.
      const soga = "#6b3a1c";
      const wax = "#f0e2bf";
      const defs = `<pattern id="${pre}pgr" width="18" height="18" patternUnits="userSpaceOnUse"><rect width="18" height="18" fill="${soga}"/><circle cx="9" cy="9" r="3.2" fill="${wax}"/><circle cx="0" cy="0" r="1.6" fill="${wax}"/><circle cx="18" cy="18" r="1.6" fill="${wax}"/><circle cx="0" cy="18" r="1.6" fill="${wax}"/><circle cx="18" cy="0" r="1.6" fill="${wax}"/></pattern>`;
      const window = rectWindow(44, 44, 512, 624, 0);
      let over = `<path d="${CARD}${window}" fill="url(#${pre}pgr)" fill-rule="evenodd"/><rect x="44" y="44" width="512" height="624" fill="none" stroke="${wax}" stroke-width="4"/><rect x="36" y="36" width="528" height="640" fill="none" stroke="${soga}" stroke-width="4"/>`;
      over += `<rect x="60" y="690" width="480" height="74" fill="${soga}" stroke="${wax}" stroke-width="3"/>`;
      if (labels) {
        over += `<rect x="${n1(300 - nw / 2 + 8)}" y="14" width="${n1(nw - 16)}" height="26" fill="${soga}"/>`;
        over += label(numeral, { x: 300, y: 27, size: 20, fill: wax, family: SERIF, weight: "700", upper: true, spacing: 3 });
        over += label(title, { x: 300, y: 727, size: fitFont(title, 34, 440, false), fill: wax, family: SERIF, weight: "700" });
      }
      return { under: `<path d="${CARD}" fill="${soga}"/>`, window: `<path d="${window}"/>`, over, defs };
    }
    case "hoop": {
      // Linen held taut in a wooden embroidery hoop, the title stitched on the cloth below it.
      const linen = "#d8c7a3";
      const wood = "#b07f45";
      const thread = hex(hsl(look.hue, 55, 30));
      const defs = `<pattern id="${pre}lin" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="${linen}"/><path d="M0 1.5H6M0 4.5H6" stroke="#c4b08a" stroke-width="1.2"/><path d="M1.5 0V6M4.5 0V6" stroke="#e8dbbd" stroke-width="0.9"/></pattern>`;
      const hoop = `M300 86A262 262 0 1 1 299.9 86Z`;
      // A sampler's border round the cloth: rows of cross-stitches in red and green thread.
      const border = `<pattern id="${pre}xst" width="12" height="12" patternUnits="userSpaceOnUse"><path d="M2 2L10 10M10 2L2 10" stroke="#b8322a" stroke-width="2.6" stroke-linecap="round"/></pattern><pattern id="${pre}xs2" width="12" height="12" patternUnits="userSpaceOnUse"><path d="M2 2L10 10M10 2L2 10" stroke="#3f7a3a" stroke-width="2.6" stroke-linecap="round"/></pattern>`;
      let over = `<path d="${CARD}${hoop}" fill="url(#${pre}lin)" fill-rule="evenodd"/>`;
      over += `<path d="M12 12H588V788H12ZM36 36V764H564V36Z" fill="url(#${pre}xst)" fill-rule="evenodd"/><path d="M36 36H564V764H36ZM48 48V752H552V48Z" fill="url(#${pre}xs2)" fill-rule="evenodd"/>`;
      over += `<circle cx="300" cy="348" r="268" fill="none" stroke="${wood}" stroke-width="16"/><circle cx="300" cy="348" r="276" fill="none" stroke="#8a5f2e" stroke-width="3"/><circle cx="300" cy="348" r="259" fill="none" stroke="#d9a86a" stroke-width="3"/>`;
      over += `<rect x="284" y="58" width="32" height="30" rx="5" fill="#8a5f2e"/><rect x="290" y="40" width="20" height="22" rx="4" fill="#c9c2b4" stroke="#6f6a60" stroke-width="2"/>`;
      if (labels) {
        over += label(numeral, { x: 300, y: 652, size: 26, fill: thread, family: SERIF, weight: "700", upper: true, spacing: 3 });
        over += label(title, { x: 300, y: 712, size: fitFont(title, 40, 460, false), fill: thread, family: SERIF, weight: "700", italic: true });
        over += `<path d="M120 752H480" stroke="${thread}" stroke-width="3" stroke-dasharray="9 6" stroke-linecap="round"/>`;
      }
      return { under: `<path d="${CARD}" fill="url(#${pre}lin)"/>`, window: `<path d="${hoop}"/>`, over, defs: defs + border };
    }
    case "mount": {
      // An old photograph with its white border in an album: a black page, black paper corners, a caption written beneath in white pencil.
      const mount = "#1c1a17";
      const ink = "#e9dfc8";
      let over = `<path d="${CARD}${rectWindow(56, 56, 488, 600, 2)}" fill="${mount}" fill-rule="evenodd"/><rect x="56" y="56" width="488" height="600" fill="none" stroke="#f4ecda" stroke-width="30"/><rect x="71" y="71" width="458" height="570" fill="none" stroke="#cfc3a8" stroke-width="1.5"/>`;
      for (const [x, y, sx, sy] of [
        [50, 50, 1, 1],
        [550, 50, -1, 1],
        [50, 662, 1, -1],
        [550, 662, -1, -1],
      ] as const)
        over += `<path d="M${x} ${y}h${sx * 58}L${x} ${y + sy * 58}Z" fill="#2a241d" stroke="#5a4d3c" stroke-width="1.5"/>`;
      if (labels) {
        over += label(numeral, { x: 300, y: 30, size: 20, fill: ink, family: SERIF, weight: "600", spacing: 2 });
        over += label(title, { x: 300, y: 716, size: fitFont(title, 38, 460, false), fill: ink, family: SERIF, weight: "600", italic: true });
      }
      return { under: `<path d="${CARD}" fill="${mount}"/>`, window: `<rect x="56" y="56" width="488" height="600"/>`, over, defs: "" };
    }
    case "riveted": {
      // A plate of dark bronze riveted round the picture, the labels on brass plaques.
      const plate = "#3b2814";
      const brass = "#c8923a";
      const shadow = "#22160a";
      let over = `<path d="${CARD}${rectWindow(40, 40, 520, 720, 4)}" fill="${plate}" fill-rule="evenodd"/><rect x="40" y="40" width="520" height="720" rx="4" fill="none" stroke="${brass}" stroke-width="5"/><rect x="10" y="10" width="580" height="780" rx="18" fill="none" stroke="${shadow}" stroke-width="4"/>`;
      for (let x = 25; x <= 575; x += 50) over += `<circle cx="${x}" cy="22" r="5" fill="${brass}"/><circle cx="${x}" cy="778" r="5" fill="${brass}"/>`;
      for (let y = 72; y <= 728; y += 52) over += `<circle cx="22" cy="${y}" r="5" fill="${brass}"/><circle cx="578" cy="${y}" r="5" fill="${brass}"/>`;
      if (labels) {
        over += `<rect x="${n1(300 - nw / 2)}" y="50" width="${n1(nw)}" height="46" rx="6" fill="${brass}" stroke="${shadow}" stroke-width="3"/>`;
        over += label(numeral, { x: 300, y: 74, size: 26, fill: shadow, family: SERIF, weight: "700", upper: true, spacing: 2 });
        over += `<rect x="80" y="688" width="440" height="58" rx="6" fill="${brass}" stroke="${shadow}" stroke-width="3"/>`;
        for (const x of [94, 506]) over += `<circle cx="${x}" cy="717" r="5" fill="${shadow}"/>`;
        over += label(title, { x: 300, y: 718, size: fitFont(title, 32, 380, true, 0.1), fill: shadow, family: SERIF, weight: "700", upper: true, spacing: 2 });
      }
      return { under: `<path d="${CARD}" fill="${plate}"/>`, window: `<rect x="40" y="40" width="520" height="720" rx="4"/>`, over, defs: "" };
    }
    case "arch": {
      // A pointed gothic arch in pale cathedral stone laid in courses, its tracery and lettering cut dark.
      const stone = "#c4beb2";
      const joint = "#8e877a";
      const cut = "#26222b";
      const defs = `<pattern id="${pre}ash" width="64" height="32" patternUnits="userSpaceOnUse"><rect width="64" height="32" fill="${stone}"/><path d="M0 0.8H64M0 16.8H64M20 0V16M52 16V32" stroke="${joint}" stroke-width="1.6"/></pattern>`;
      const arch = `M50 330C50 190 170 80 300 40C430 80 550 190 550 330V680H50Z`;
      let over = `<path d="${CARD}${arch}" fill="url(#${pre}ash)" fill-rule="evenodd"/><path d="${arch}" fill="none" stroke="${cut}" stroke-width="6"/><path d="M36 334C36 180 160 64 300 22C440 64 564 180 564 334V694H36Z" fill="none" stroke="${cut}" stroke-width="2" opacity="0.7"/>`;
      for (const x of [24, 576]) over += `<path d="M${x} 720V360" stroke="${cut}" stroke-width="2" opacity="0.6"/>`;
      if (labels) {
        over += label(numeral, { x: 300, y: 718, size: 22, fill: cut, family: SERIF, weight: "700", upper: true, spacing: 4 });
        over += label(title, {
          x: 300,
          y: 755,
          size: fitFont(title, 32, 460, true, 0.12),
          fill: cut,
          family: SERIF,
          weight: "700",
          upper: true,
          spacing: 3,
        });
      }
      return { under: `<path d="${CARD}" fill="url(#${pre}ash)"/>`, window: `<path d="${arch}"/>`, over, defs };
    }
    case "panel": {
      // An icon's wooden panel: the picture sunk under a round-headed arch, the raised margin painted cinnabar, a gold line round both.
      const margin = "#8a2416";
      const gold = "#d8b14a";
      const arch = `M56 300C56 150 170 52 300 52C430 52 544 150 544 300V684H56Z`;
      let over = `<path d="${CARD}${arch}" fill="${margin}" fill-rule="evenodd"/><path d="${arch}" fill="none" stroke="${gold}" stroke-width="5"/><rect x="16" y="16" width="568" height="768" rx="14" fill="none" stroke="${gold}" stroke-width="2.5"/>`;
      if (labels) {
        over += label(numeral, { x: 300, y: 30, size: 20, fill: gold, family: SERIF, weight: "700", upper: true, spacing: 4 });
        over += label(title, { x: 300, y: 736, size: fitFont(title, 34, 460, true, 0.12), fill: gold, family: SERIF, weight: "700", upper: true, spacing: 3 });
      }
      return { under: `<path d="${CARD}" fill="${margin}"/>`, window: `<path d="${arch}"/>`, over, defs: "" };
    }
    case "margin": {
      // A Persian manuscript's page: the miniature ruled round in gold, blue and red (jadval) on a tinted margin sprinkled with gold.
      const paper = "#e6c29c";
      const gold = "#c9962e";
      const blue = "#1f3c8a";
      const red = "#a8281f";
      const defs = `<pattern id="${pre}zar" width="26" height="26" patternUnits="userSpaceOnUse"><rect width="26" height="26" fill="${paper}"/><circle cx="5" cy="7" r="1.6" fill="${gold}"/><circle cx="17" cy="3" r="1.1" fill="${gold}"/><circle cx="20" cy="16" r="1.8" fill="${gold}"/><circle cx="9" cy="20" r="1.2" fill="${gold}"/></pattern>`;
      let over = `<path d="${CARD}${rectWindow(54, 54, 492, 610, 0)}" fill="url(#${pre}zar)" fill-rule="evenodd"/>`;
      over += `<rect x="54" y="54" width="492" height="610" fill="none" stroke="${gold}" stroke-width="6"/><rect x="46" y="46" width="508" height="626" fill="none" stroke="${blue}" stroke-width="3"/><rect x="41" y="41" width="518" height="636" fill="none" stroke="${red}" stroke-width="1.5"/><rect x="36" y="36" width="528" height="646" fill="none" stroke="#2f6b4a" stroke-width="1.5"/>`;
      if (labels) {
        over += `<rect x="${n1(300 - nw / 2 + 6)}" y="12" width="${n1(nw - 12)}" height="22" fill="${paper}"/>`;
        over += label(numeral, { x: 300, y: 24, size: 18, fill: red, family: SERIF, weight: "700", upper: true, spacing: 3 });
        over += `<path d="M90 690H510L530 722L510 754H90L70 722Z" fill="${blue}" stroke="${gold}" stroke-width="3"/>`;
        over += label(title, { x: 300, y: 722, size: fitFont(title, 34, 400, false), fill: "#f3dfa6", family: SERIF, weight: "700", italic: true });
      }
      return { under: `<path d="${CARD}" fill="url(#${pre}zar)"/>`, window: `<rect x="54" y="54" width="492" height="610"/>`, over, defs };
    }
    case "manuscript": {
      // A vellum page: the miniature in a gilt frame, a border of blue and red bars with a vine, the title in red.
      const vellum = "#f1e4c3";
      const gold = "#d6a93c";
      const blue = "#2a46a6";
      const red = "#a8281f";
      let over = `<path d="${CARD}${rectWindow(70, 70, 460, 560, 0)}" fill="${vellum}" fill-rule="evenodd"/><rect x="70" y="70" width="460" height="560" fill="none" stroke="${gold}" stroke-width="8"/><rect x="62" y="62" width="476" height="576" fill="none" stroke="${blue}" stroke-width="3"/>`;
      over += `<rect x="24" y="40" width="14" height="720" fill="${blue}"/><rect x="28" y="44" width="6" height="712" fill="${gold}"/><rect x="562" y="40" width="14" height="720" fill="${red}"/><rect x="566" y="44" width="6" height="712" fill="${gold}"/>`;
      let vine = "M31 60";
      for (let y = 60; y < 740; y += 40) vine += `Q${y % 80 ? 60 : 2} ${y + 20} 31 ${y + 40}`;
      over += `<path d="${vine}" fill="none" stroke="#3f6b2a" stroke-width="2.4"/><path d="${vine}" transform="translate(538 0)" fill="none" stroke="#3f6b2a" stroke-width="2.4"/>`;
      for (let y = 80; y < 740; y += 80)
        over += `<circle cx="52" cy="${y}" r="6" fill="${red}" stroke="${gold}" stroke-width="1.5"/><circle cx="548" cy="${y + 40}" r="6" fill="${blue}" stroke="${gold}" stroke-width="1.5"/>`;
      if (labels) {
        over += `<rect x="270" y="14" width="60" height="46" fill="${blue}" stroke="${gold}" stroke-width="3"/>`;
        over += label(numeral, { x: 300, y: 38, size: numeral.length > 3 ? 14 : 20, fill: gold, family: SERIF, weight: "700", upper: true });
        over += label(title, { x: 300, y: 690, size: fitFont(title, 40, 440, false), fill: red, family: SERIF, weight: "700", italic: true });
        over += `<path d="M140 730H460" stroke="${gold}" stroke-width="3"/><circle cx="300" cy="730" r="6" fill="${blue}" stroke="${gold}" stroke-width="2"/>`;
      }
      return { under: `<path d="${CARD}" fill="${vellum}"/>`, window: `<rect x="70" y="70" width="460" height="560"/>`, over, defs: "" };
    }
    case "pixel art": {
      // The pixel frame is rasterised with the art (see pixelFrame); only the labels are text.
      const light = luma(colors.pale) > 50 ? hex(colors.pale) : "#f4f0e6";
      const dark = hex(hsl(look.hue, 50, 10));
      let over = "";
      if (labels) {
        over += label(numeral, { x: 300, y: 72, size: fitFont(numeral, 24, nw - 40, true, 0, true), fill: light, family: MONO, upper: true, weight: "700" });
        over += label(title, {
          x: 300,
          y: 718,
          size: fitFont(title, 27, 400, true, 0.06, true),
          fill: light,
          family: MONO,
          upper: true,
          weight: "700",
          spacing: 1,
        });
      }
      return { under: `<path d="${CARD}" fill="${dark}"/>`, window: `<rect x="0" y="0" width="600" height="800"/>`, over, defs: "" };
    }
  }
}

/** The pixel-art frame as scene items, so it lands on the same coarse grid as the art. */
export function pixelFrame(s: Scene, look: DeckLook, labels: Labels) {
  const C = 12.5;
  const ring = (x: number, y: number, w: number, h: number, t: number) =>
    s.path((b) => b.poly([x, y, x + w, y, x + w, y + h, x, y + h]).poly([x + t, y + t, x + t, y + h - t, x + w - t, y + h - t, x + w - t, y + t]), {
      fill: "dark",
      bare: true,
    });
  ring(0, 0, 600, 800, C * 2);
  s.path(
    (b) =>
      b
        .poly([C * 2, C * 2, 600 - C * 2, C * 2, 600 - C * 2, 800 - C * 2, C * 2, 800 - C * 2])
        .poly([C * 3, C * 3, C * 3, 800 - C * 3, 600 - C * 3, 800 - C * 3, 600 - C * 3, C * 3]),
    { fill: "gold", bare: true },
  );
  for (const [x, y] of [
    [C * 2, C * 2],
    [600 - C * 5, C * 2],
    [C * 2, 800 - C * 5],
    [600 - C * 5, 800 - C * 5],
  ] as const) {
    s.rect(x, y, C * 3, C * 3, { fill: "gold", bare: true });
    s.rect(x + C, y + C, C, C, { fill: "dark", bare: true });
  }
  if (labels) {
    const nw = Math.max(8, Math.ceil(labels.numeral.length * 1.5) + 4) * C;
    s.rect(300 - nw / 2, C * 4, nw, C * 4, { fill: "gold", bare: true });
    s.rect(300 - nw / 2 + C, C * 5, nw - 2 * C, C * 2, { fill: "dark", bare: true });
    s.rect(C * 6, C * 54, 600 - C * 12, C * 7, { fill: "gold", bare: true });
    s.rect(C * 7, C * 55, 600 - C * 14, C * 5, { fill: "dark", bare: true });
    s.rect(C * 4, C * 56, C * 2, C * 3, { fill: "gold", bare: true });
    s.rect(600 - C * 6, C * 56, C * 2, C * 3, { fill: "gold", bare: true });
  }
  void look;
}
