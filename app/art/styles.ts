import type { DeckLook, RoleColors } from "./deck-theme";
import { hex, hsl, luma, makeRng, mixHue, n1, type Hsl } from "./kit";
import { baseStyleOf } from "./understand-style";
import { markChain, type Geo, type Item, type Mark, type Role, type Scene } from "./scene";
import { glowMarkup } from "./soft-glow";

export const STYLE_IDS = ["watercolour", "art nouveau", "woodcut", "minimalist", "oil painting", "surrealist", "pixel art"] as const;
export type StyleId = (typeof STYLE_IDS)[number];

/** Maps free text to the base treatment of the style the vocabulary reads in it (see `understand-style.ts`). */
export function resolveStyle(style: string): StyleId {
  return baseStyleOf(style);
}

/** Each treatment adjusts the deck's colours its own way (muted, rich, dreamy…). */
export function styleColors(look: DeckLook, style: StyleId): RoleColors {
  const out = {} as Record<Role, Hsl>;
  for (const [role, c] of Object.entries(look.colors) as [Role, Hsl][]) {
    const [h, s, l] = c;
    switch (style) {
      case "watercolour":
        out[role] = hsl(h, s * 0.92, l + (100 - l) * 0.14);
        break;
      case "art nouveau":
        out[role] = hsl(mixHue(h, 45, 0.18), s * 0.55, 26 + l * 0.66);
        break;
      case "oil painting":
        out[role] = hsl(h, s + 8, l * 0.93);
        break;
      case "surrealist":
        out[role] = hsl(h, s + 6, 16 + l * 0.84);
        break;
      case "pixel art":
        out[role] = hsl(h, s + 14, Math.round(l / 6) * 6);
        break;
      default:
        out[role] = c;
    }
  }
  if (style === "art nouveau") out.gold = hsl(40, 52, 60);
  return out;
}

export type Fonts = { title: string; numeral: string };

export const SERIF = "'Cormorant Garamond', 'EB Garamond', Garamond, Georgia, 'Times New Roman', serif";
export const SANS = "'Helvetica Neue', 'Liberation Sans', Arial, sans-serif";
export const MONO = "'Press Start 2P', 'DejaVu Sans Mono', 'Courier New', monospace";

export type Art = { defs: string; body: string };

/**
 * The region of a filter over the whole art: its 600 × 800 box and `margin` units round it, as far
 * as the filter reads from a pixel that is seen (half a displacement's scale, three deviations of a
 * blur). Nothing outside the box is ever seen, but resvg works every pixel of a region, and the
 * region an element has by default, its bounding box and a share more, reaches as far past the card
 * as its shapes do (decision 0094).
 */
export const artRegion = (margin: number) =>
  ` filterUnits="userSpaceOnUse" x="${-margin}" y="${-margin}" width="${600 + 2 * margin}" height="${800 + 2 * margin}"`;

export const geoTag = (g: Geo, attrs: string): string => {
  switch (g.t) {
    case "c":
      return `<circle cx="${n1(g.cx)}" cy="${n1(g.cy)}" r="${n1(g.r)}"${attrs}/>`;
    case "e":
      return `<ellipse cx="${n1(g.cx)}" cy="${n1(g.cy)}" rx="${n1(g.rx)}" ry="${n1(g.ry)}"${
        Math.abs(g.rot) > 0.05 ? ` transform="rotate(${n1(g.rot)} ${n1(g.cx)} ${n1(g.cy)})"` : ""
      }${attrs}/>`;
    case "p":
      return `<path d="${g.d}"${attrs}/>`;
  }
};

const SKY_ROLES = new Set<Role>(["sky", "skyLow", "night"]);
const LIGHT_ROLES = new Set<Role>(["sun", "gold", "fire", "light", "accent"]);

/** Colour lookups with memoised gradients, shared by the vector treatments. */
class Paints {
  defs: string[] = [];
  private grads = new Map<string, string>();
  private glows = 0;
  constructor(
    readonly pre: string,
    readonly colors: RoleColors,
  ) {}
  c(role: Role) {
    return hex(this.colors[role]);
  }
  shade(role: Role, dl: number, ds = 0) {
    const [h, s, l] = this.colors[role];
    return hex(hsl(h, s + ds, l + dl));
  }
  /** A vertical gradient between two roles (or two explicit colours). */
  vgrad(a: string, b: string, key = `${a}${b}`) {
    let id = this.grads.get(key);
    if (!id) {
      id = `${this.pre}g${this.grads.size}`;
      this.grads.set(key, id);
      this.defs.push(
        `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`,
      );
    }
    return `url(#${id})`;
  }
  /** A diagonal modelling gradient: light from the upper left, shade to the lower right. */
  model(role: Role, up: number, down: number) {
    const key = `m${role}${up}${down}`;
    let id = this.grads.get(key);
    if (!id) {
      id = `${this.pre}g${this.grads.size}`;
      this.grads.set(key, id);
      this.defs.push(
        `<linearGradient id="${id}" x1="0.1" y1="0" x2="0.75" y2="1"><stop offset="0" stop-color="${this.shade(role, up, 4)}"/><stop offset="0.55" stop-color="${this.c(role)}"/><stop offset="1" stop-color="${this.shade(role, -down, 6)}"/></linearGradient>`,
      );
    }
    return `url(#${id})`;
  }
  /** A shape of light in `color`, softened as by a blur (see `./soft-glow`): its whole markup. */
  glow(item: Item, color: string, op: number): { markup: string } {
    return { markup: glowMarkup(item.g, item.box, color, opAttr(op), `${this.pre}gl${this.glows++}`, this.defs) };
  }
}

export function opAttr(op: number | undefined, name = "opacity") {
  return op !== undefined && op < 0.999 ? ` ${name}="${n1(op * 100) === "0" ? 0 : Math.round(op * 100) / 100}"` : "";
}

/** Attributes for an item, or [attributes, underlay attributes] when a treatment draws it twice, or the item's whole markup. */
export type ItemPainter = (item: Item, k: Paints) => string | [string, string] | { markup: string };

const strokeOnly = (color: string, width: number, op?: number) => ` fill="none" stroke="${color}" stroke-width="${n1(width)}"${opAttr(op)}`;

const watercolourItem: ItemPainter = (item, k) => {
  const p = item.p;
  if (p.stroke && !p.fill) return strokeOnly(k.c(p.stroke), p.w ?? 2, 0.85 * (p.op ?? 1));
  const role = p.fill!;
  const fill = p.fill2 ? k.vgrad(k.c(role), k.c(p.fill2)) : k.c(role);
  if (p.glow) return k.glow(item, fill, 0.55 * (p.op ?? 1));
  const base = ` fill="${fill}" fill-opacity="${p.bg ? 0.88 : 0.8}"${opAttr(p.op)}`;
  if (p.bg || p.bare) return base;
  return `${base} stroke="${k.shade(role, -30, 10)}" stroke-width="1.3" stroke-opacity="0.5"`;
};

const oilItem: ItemPainter = (item, k) => {
  const p = item.p;
  if (p.stroke && !p.fill) return strokeOnly(k.c(p.stroke), p.w ?? 2, p.op);
  const role = p.fill!;
  if (p.glow) return k.glow(item, k.c(role), 0.7 * (p.op ?? 1));
  if (p.fill2) return ` fill="${k.vgrad(k.c(role), k.c(p.fill2))}"${opAttr(p.op)}`;
  if (p.bg) return ` fill="${k.model(role, 6, 8)}"${opAttr(p.op)}`;
  const base = ` fill="${k.model(role, 14, 16)}"${opAttr(p.op)}`;
  return p.bare ? base : `${base} stroke="${k.shade("dark", 4)}" stroke-width="1.2" stroke-opacity="0.45"`;
};

function woodcutTone(role: Role, colors: RoleColors, pre: string, ink: string, paper: string): string {
  const l = luma(colors[role]);
  if (SKY_ROLES.has(role)) return l < 26 ? ink : l < 48 ? `url(#${pre}hd)` : l < 76 ? `url(#${pre}hs)` : paper;
  if (role === "water") return l < 22 ? ink : `url(#${pre}hw)`;
  if (l < 20) return ink;
  if (l < 38) return `url(#${pre}h2)`;
  if (l < 58) return `url(#${pre}h1)`;
  return paper;
}

function woodcutPainter(look: DeckLook, pre: string, ink: string, paper: string): ItemPainter {
  return (item) => {
    const p = item.p;
    if (p.stroke && !p.fill) {
      const w = Math.max(p.w ?? 2, 2.2);
      if (luma(look.colors[p.stroke]) < 45) return [strokeOnly(ink, w, p.op), strokeOnly(paper, w + 2.4, p.op)];
      // A light line is cut as a paper line with an ink edge, so it reads on paper and on ink.
      return [strokeOnly(paper, w), strokeOnly(ink, w + 3.2)];
    }
    if (p.glow) return ` fill="none" stroke="${ink}" stroke-width="1.4" stroke-dasharray="2 6"${opAttr(p.op)}`;
    if ((p.op ?? 1) < 0.35) return ` fill="none"`;
    const fill = woodcutTone(p.fill!, look.colors, pre, ink, paper);
    if (p.bare) return ` fill="${fill}"`;
    // Solid ink shapes keep a thin cut paper edge so they stay readable against ink.
    if (fill === ink) return ` fill="${ink}" stroke="${paper}" stroke-width="${p.bg ? 1.2 : 1.8}"`;
    return ` fill="${fill}" stroke="${ink}" stroke-width="${p.bg ? 2.4 : 3.4}"`;
  };
}

export type MinimalInk = { paper: string; ink: string; tint: string; accent: string; dark: boolean };

export function minimalInks(look: DeckLook): MinimalInk {
  const h = look.hue;
  // One restrained accent: the deck's own hue, or warm gold when the seed says so.
  const accent = hex(hsl(h, 58, look.daylight ? 50 : 60));
  const gold = hex(hsl(look.colors.gold[0], 66, 56));
  return look.daylight
    ? { paper: hex(hsl(mixHue(h, 45, 0.6), 24, 95)), ink: hex(hsl(h, 38, 19)), tint: hex(hsl(h, 26, 85)), accent: look.seed % 2 ? accent : gold, dark: false }
    : { paper: hex(hsl(h, 32, 11)), ink: hex(hsl(h, 25, 86)), tint: hex(hsl(h, 28, 21)), accent: look.seed % 2 ? accent : gold, dark: true };
}

function minimalPainter(look: DeckLook, inks: MinimalInk): ItemPainter {
  return (item) => {
    const p = item.p;
    if (p.stroke && !p.fill) {
      const color = LIGHT_ROLES.has(p.stroke) || p.stroke === "red" ? inks.accent : inks.ink;
      return strokeOnly(color, Math.min(p.w ?? 2, 2.4), p.bg ? 0.45 : p.op);
    }
    const role = p.fill!;
    if (p.glow) return ` fill="none" stroke="${inks.accent}" stroke-width="1"${opAttr(0.7)}`;
    if (p.bg) {
      if (SKY_ROLES.has(role)) return ` fill="none"`;
      return ` fill="none" stroke="${inks.ink}" stroke-width="1.2" stroke-opacity="0.45"`;
    }
    let fill: string;
    if (LIGHT_ROLES.has(role) || role === "red") fill = inks.accent;
    else {
      const l = luma(look.colors[role]);
      fill = l < 30 ? inks.ink : l < 72 ? inks.tint : inks.paper;
      if (inks.dark && fill === inks.ink) fill = inks.tint;
    }
    return ` fill="${fill}"${opAttr(p.op)}${p.bare ? "" : ` stroke="${inks.ink}" stroke-width="1.5"`}`;
  };
}

/** The art nouveau contour: a bronze line as heavy as the shape is large, so big forms read bold and small ones fine. */
export const NOUVEAU_LINE = hex(hsl(32, 42, 22));

const nouveauItem: ItemPainter = (item, k) => {
  const p = item.p;
  const gold = k.shade("gold", -8);
  if (p.stroke && !p.fill) return strokeOnly(k.c(p.stroke), p.w ?? 2, p.op);
  const role = p.fill!;
  if (p.glow) return ` fill="${k.c(role)}" stroke="${gold}" stroke-width="1.2"${opAttr(0.45 * (p.op ?? 1))}`;
  const fill = p.fill2 ? k.vgrad(k.c(role), k.c(p.fill2)) : k.c(role);
  if (p.bare) return ` fill="${fill}"${opAttr(p.op)}`;
  if (p.bg) return ` fill="${fill}"${opAttr(p.op)} stroke="${gold}" stroke-width="1.4"`;
  const [x0, y0, x1, y1] = item.box;
  const weight = Math.min(4.4, Math.max(1.2, 0.8 + Math.sqrt((x1 - x0) * (y1 - y0)) / 48));
  return ` fill="${fill}"${opAttr(p.op)} stroke="${NOUVEAU_LINE}" stroke-width="${n1(weight)}"`;
};

const surrealItem: ItemPainter = (item, k) => {
  const p = item.p;
  if (p.stroke && !p.fill) return strokeOnly(k.c(p.stroke), p.w ?? 2, p.op);
  const role = p.fill!;
  if (p.glow) return k.glow(item, k.c(role), 0.7 * (p.op ?? 1));
  if (role === "sky" || role === "night") return ` fill="url(#${k.pre}dream)"${opAttr(p.op)}`;
  if (p.bg && (role === "ground" || role === "ground2")) return ` fill="url(#${k.pre}${role === "ground" ? "chk" : "chk2"})"${opAttr(p.op)}`;
  if (p.fill2) return ` fill="${k.vgrad(k.c(role), k.c(p.fill2))}"${opAttr(p.op)}`;
  return ` fill="${k.model(role, p.bg ? 8 : 18, p.bg ? 8 : 14)}"${opAttr(p.op)}`;
};

/** Emits the shapes in order, each inside the marked groups of the subjects and symbols it belongs to. */
export function emitItems(items: readonly Item[], painter: ItemPainter, k: Paints): string {
  let out = "";
  const open: Mark[] = [];
  for (const item of items) {
    const chain = item.m ? markChain(item.m) : [];
    let same = 0;
    while (same < open.length && same < chain.length && open[same] === chain[same]) same++;
    for (let i = open.length; i > same; i--) out += "</g>";
    open.length = same;
    for (let i = same; i < chain.length; i++) {
      const mark = chain[i]!;
      out += `<g data-${mark.kind}="${mark.name}">`;
      open.push(mark);
    }
    const attrs = painter(item, k);
    if (typeof attrs === "string") out += geoTag(item.g, attrs);
    else if ("markup" in attrs) out += attrs.markup;
    else out += geoTag(item.g, attrs[1]) + geoTag(item.g, attrs[0]);
  }
  return out + "</g>".repeat(open.length);
}

export function emitTexts(scene: Scene, k: Paints, family: string, color?: (role: Role) => string): string {
  return scene.texts
    .map(
      (t) =>
        `<text x="${n1(t.x)}" y="${n1(t.y)}" font-size="${n1(t.size)}" font-family="${family}" text-anchor="middle" dominant-baseline="central"${
          t.weight ? ` font-weight="${t.weight}"` : ""
        } fill="${color ? color(t.role) : k.c(t.role)}"${Math.abs(t.rot) > 0.05 ? ` transform="rotate(${n1(t.rot)} ${n1(t.x)} ${n1(t.y)})"` : ""}>${t.text
          .replace(/&/g, "&amp;")
          .replace(/</g, "&lt;")
          .replace(/>/g, "&gt;")}</text>`,
    )
    .join("");
}

/** Decorations a treatment adds between the scenery and the foreground. */
export type MidLayer = (k: Paints) => string;

/**
 * The region of the surrealist's drop shadow (16 and 12 units off, blurred by 7) under the figures:
 * the default one, their bounding box from a fifth before it to a third past it, but no further
 * beyond the art's box than a shadow that falls into it comes from.
 */
function shadowRegion(items: readonly Item[]): string {
  if (!items.length) return ` x="-20%" y="-20%" width="150%" height="150%"`;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { box } of items) [x0, y0, x1, y1] = [Math.min(x0, box[0]), Math.min(y0, box[1]), Math.max(x1, box[2]), Math.max(y1, box[3])];
  const [w, h] = [x1 - x0, y1 - y0];
  const left = Math.max(x0 - 0.2 * w, -38);
  const top = Math.max(y0 - 0.2 * h, -34);
  const right = Math.min(x0 + 1.3 * w, 606);
  const bottom = Math.min(y0 + 1.3 * h, 810);
  if (right <= left || bottom <= top) return ` x="-20%" y="-20%" width="150%" height="150%"`;
  return ` filterUnits="userSpaceOnUse" x="${n1(left)}" y="${n1(top)}" width="${n1(right - left)}" height="${n1(bottom - top)}"`;
}

/** Paints a scene as vector art in one of the vector treatments. */
export function renderVectorArt(scene: Scene, fgStart: number, look: DeckLook, style: Exclude<StyleId, "pixel art">, pre: string, mid: string): Art {
  const colors = styleColors(look, style);
  const k = new Paints(pre, colors);
  const rng = makeRng(look.seed ^ 0x5bd1e995);
  const back = scene.items.slice(0, fgStart);
  const front = scene.items.slice(fgStart);
  const lc = ` stroke-linecap="round" stroke-linejoin="round"`;

  switch (style) {
    case "watercolour": {
      const seed = rng.int(1, 999);
      const art = `${emitItems(back, watercolourItem, k)}${mid}${emitItems(front, watercolourItem, k)}${emitTexts(scene, k, SERIF)}`;
      let blooms = "";
      for (let i = 0; i < 5; i++) {
        const [cx, cy, r] = [rng.int(60, 540), rng.int(80, 720), rng.int(60, 150)];
        const color = k.c(rng.pick(["skyLow", "accent", "light", "water"] as Role[]));
        blooms += k.glow({ g: { t: "c", cx, cy, r }, p: {}, box: [cx - r, cy - r, cx + r, cy + r] }, color, 0.16).markup;
      }
      const defs = [
        `<filter id="${pre}wash"${artRegion(10)}><feTurbulence type="fractalNoise" baseFrequency="0.022" numOctaves="3" seed="${seed}"/><feDisplacementMap in="SourceGraphic" scale="9" xChannelSelector="R" yChannelSelector="G" result="d"/><feGaussianBlur in="d" stdDeviation="0.7" result="b"/><feMorphology in="d" operator="erode" radius="1.6" result="e"/><feComposite in="b" in2="e" operator="out" result="edge"/><feColorMatrix in="edge" type="matrix" values="0.7 0 0 0 0 0 0.7 0 0 0 0 0 0.7 0 0 0 0 0 0.55 0" result="dark"/><feMerge><feMergeNode in="b"/><feMergeNode in="dark"/></feMerge></filter>`,
        `<filter id="${pre}bleed"${artRegion(30)}><feTurbulence type="fractalNoise" baseFrequency="0.012" numOctaves="2" seed="${seed + 7}"/><feDisplacementMap in="SourceGraphic" scale="26" xChannelSelector="G" yChannelSelector="R"/><feGaussianBlur stdDeviation="5"/></filter>`,
        `<filter id="${pre}grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.75" numOctaves="2" seed="${seed + 3}"/><feColorMatrix type="matrix" values="0 0 0 0 0.35 0 0 0 0 0.3 0 0 0 0 0.25 0 0 0 -1.4 1"/></filter>`,
        `<g id="${pre}art"${lc}>${art}</g>`,
        ...k.defs,
      ];
      const body = `<use href="#${pre}art" filter="url(#${pre}bleed)" opacity="0.55"/>${blooms}<use href="#${pre}art" filter="url(#${pre}wash)"/><rect x="0" y="0" width="600" height="800" filter="url(#${pre}grain)" opacity="0.22"/>`;
      return { defs: defs.join(""), body };
    }
    case "oil painting": {
      const seed = rng.int(1, 999);
      const art = `${emitItems(back, oilItem, k)}${mid}${emitItems(front, oilItem, k)}${emitTexts(scene, k, SERIF)}`;
      const defs = [
        `<filter id="${pre}oil"${artRegion(6)}><feTurbulence type="fractalNoise" baseFrequency="0.035 0.012" numOctaves="2" seed="${seed}" result="n"/><feDisplacementMap in="SourceGraphic" in2="n" scale="7" xChannelSelector="R" yChannelSelector="G" result="d"/><feTurbulence type="fractalNoise" baseFrequency="0.09 0.5" numOctaves="2" seed="${seed + 5}" result="t"/><feDiffuseLighting in="t" surfaceScale="2.2" lighting-color="#fff" result="lit"><feDistantLight azimuth="235" elevation="52"/></feDiffuseLighting><feBlend in="d" in2="lit" mode="multiply" result="m"/><feComposite in="m" in2="d" operator="in"/></filter>`,
        `<radialGradient id="${pre}vig" cx="50%" cy="46%" r="68%"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="${k.shade("dark", -4)}" stop-opacity="0.78"/></radialGradient>`,
        `<linearGradient id="${pre}warm" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${k.c("light")}" stop-opacity="0.22"/><stop offset="0.5" stop-color="${k.c("light")}" stop-opacity="0"/></linearGradient>`,
        ...k.defs,
      ];
      const body = `<g filter="url(#${pre}oil)"${lc}>${art}<rect width="600" height="800" fill="url(#${pre}warm)"/></g><rect width="600" height="800" fill="url(#${pre}vig)"/>`;
      return { defs: defs.join(""), body };
    }
    case "woodcut": {
      const ink = hex(hsl(look.hue, 45, 9));
      const paper = hex(hsl(mixHue(look.hue, 45, 0.75), 38, 89));
      const paint = woodcutPainter(look, pre, ink, paper);
      const art = `${emitItems(back, paint, k)}${mid}${emitItems(front, paint, k)}${emitTexts(scene, k, SERIF, (r) => (luma(look.colors[r]) < 55 ? ink : paper))}`;
      const pat = (id: string, w: number, h: number, inner: string, rot = 0) =>
        `<pattern id="${pre}${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${rot ? ` patternTransform="rotate(${rot})"` : ""}><rect width="${w}" height="${h}" fill="${paper}"/>${inner}</pattern>`;
      const defs = [
        pat("h1", 7, 7, `<rect width="2.4" height="7" fill="${ink}"/>`, 45),
        pat("h2", 6, 6, `<rect width="2.2" height="6" fill="${ink}"/><rect width="6" height="2.2" fill="${ink}"/>`, 45),
        pat("hs", 10, 7, `<rect width="10" height="1.8" fill="${ink}"/>`),
        pat("hd", 10, 5, `<rect width="10" height="2.6" fill="${ink}"/>`),
        pat("hw", 16, 9, `<path d="M0 4.5Q4 1 8 4.5T16 4.5" fill="none" stroke="${ink}" stroke-width="1.8"/>`),
        `<filter id="${pre}cut"${artRegion(4)}><feTurbulence type="fractalNoise" baseFrequency="0.06" numOctaves="2" seed="${rng.int(1, 999)}"/><feDisplacementMap in="SourceGraphic" scale="3.2" xChannelSelector="R" yChannelSelector="G"/></filter>`,
        ...k.defs,
      ];
      return { defs: defs.join(""), body: `<g filter="url(#${pre}cut)"${lc}>${art}</g>` };
    }
    case "minimalist": {
      const inks = minimalInks(look);
      const paint = minimalPainter(look, inks);
      const art = `${emitItems(back, paint, k)}${mid}${emitItems(front, paint, k)}${emitTexts(scene, k, SANS, (r) => (LIGHT_ROLES.has(r) ? inks.accent : luma(look.colors[r]) > 60 !== inks.dark ? inks.paper : inks.ink))}`;
      return { defs: k.defs.join(""), body: `<g${lc}>${art}</g>` };
    }
    case "art nouveau": {
      const art = `${emitItems(back, nouveauItem, k)}${mid}${emitItems(front, nouveauItem, k)}${emitTexts(scene, k, SERIF)}`;
      return { defs: k.defs.join(""), body: `<g${lc}>${art}</g>` };
    }
    case "surrealist": {
      const c = look.colors;
      const dreamTop = hex(hsl(look.accentHue, 42, 30));
      const dreamMid = hex(hsl(mixHue(look.hue, 300, 0.3), 50, 62));
      const dreamLow = hex(hsl(mixHue(look.accentHue, 35, 0.6), 80, 84));
      const g1 = hex(hsl(c.ground[0], 30, 82));
      const g2 = hex(hsl(c.ground[0], 35, 40));
      const defs = [
        `<linearGradient id="${pre}dream" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dreamTop}"/><stop offset="0.55" stop-color="${dreamMid}"/><stop offset="1" stop-color="${dreamLow}"/></linearGradient>`,
        `<pattern id="${pre}chk" width="60" height="60" patternUnits="userSpaceOnUse" patternTransform="skewX(-28)"><rect width="60" height="60" fill="${g1}"/><rect width="30" height="30" fill="${g2}"/><rect x="30" y="30" width="30" height="30" fill="${g2}"/></pattern>`,
        `<pattern id="${pre}chk2" width="44" height="44" patternUnits="userSpaceOnUse" patternTransform="skewX(24)"><rect width="44" height="44" fill="${g2}"/><rect width="22" height="22" fill="${g1}" opacity="0.6"/><rect x="22" y="22" width="22" height="22" fill="${g1}" opacity="0.6"/></pattern>`,
        `<filter id="${pre}shadow"${shadowRegion(front)}><feDropShadow dx="16" dy="12" stdDeviation="7" flood-color="${k.shade("dark", 0)}" flood-opacity="0.38"/></filter>`,
      ];
      const body = `<g${lc}>${emitItems(back, surrealItem, k)}${mid}<g filter="url(#${pre}shadow)">${emitItems(front, surrealItem, k)}</g>${emitTexts(scene, k, SERIF)}</g>`;
      return { defs: [...defs, ...k.defs].join(""), body };
    }
  }
}

export { Paints };
