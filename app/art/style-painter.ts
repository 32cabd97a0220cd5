/**
 * Paints a scene in a style of the vocabulary from its parameters: the palette rule turns the deck's
 * colours, the shading and line decide each shape's fill and outline, the texture lies over the
 * shapes (or cuts them into facets, tiles or stitches), and the ornament sits between the scenery
 * and the figures. The seven original treatments keep their own painters in `styles.ts`.
 */
import type { DeckLook, RoleColors } from "./deck-theme";
import { hex, hsl, luma, makeRng, mixHue, n1, type Hsl } from "./kit";
import type { Geo, Item, Role, Scene } from "./scene";
import { paintGround, type PaintedGround } from "./grounds";
import { figureMark, figureMarkDefs } from "./figure-paints";
import type { LetterFamily, PaletteRule, StyleParams } from "./style-params";
import { artRegion, emitItems, emitTexts, MONO, opAttr, Paints, SANS, SERIF, type Art, type ItemPainter } from "./styles";

export const HAND = "'Comic Neue', 'Comic Sans MS', 'Chalkboard SE', 'Segoe Print', 'Bradley Hand', cursive";
export const DISPLAY = "'Futura', 'Century Gothic', 'Avenir Next', 'Josefin Sans', 'Helvetica Neue', Arial, sans-serif";

export const FAMILIES: Record<LetterFamily, string> = { serif: SERIF, sans: SANS, mono: MONO, hand: HAND, display: DISPLAY };

/** Roles that make the ground and the night: a neon palette keeps them dark so the lit colours shine. */
const DARK_ROLES = new Set<Role>(["sky", "skyLow", "night", "ground", "ground2", "hill", "dark", "cloak", "stone2", "trunk", "hair"]);
const SKY_ROLES = new Set<Role>(["sky", "skyLow", "night"]);

/** The deck's colours turned by a style's palette rule. */
export function paletteColors(look: DeckLook, rule: PaletteRule): RoleColors {
  const out = {} as Record<Role, Hsl>;
  const step = rule.hues ? 360 / rule.hues : 0;
  const toneStep = rule.tones ? 100 / rule.tones : 0;
  for (const [role, c] of Object.entries(look.colors) as [Role, Hsl][]) {
    let [h, s, l] = c;
    if (rule.lean) h = mixHue(h, rule.lean[0], rule.lean[1]);
    if (step) h = Math.round(h / step) * step + step / 4;
    if (rule.mono !== undefined) h = rule.mono;
    s = s * rule.sat;
    l = 50 + (l - 50) * rule.contrast + rule.light;
    if (toneStep) l = Math.max(8, Math.min(95, Math.round(l / toneStep) * toneStep + toneStep / 4));
    if (rule.neon) {
      if (DARK_ROLES.has(role)) {
        s = Math.min(s + 10, 70);
        l = 5 + l * 0.16;
      } else {
        s = rule.mono !== undefined ? 60 : 96;
        l = Math.max(56, Math.min(74, 60 + (l - 50) * 0.3));
      }
    }
    if (rule.paper && SKY_ROLES.has(role) && role !== "night") l = role === "sky" ? Math.max(l, 84) : 97;
    if (rule.sunset && role === "skyLow") [s, l] = [92, 58];
    out[role] = hsl(h, s, l);
  }
  return out;
}

/** Polygons approximating a shape, for the styles that cut shapes into facets. */
function polygonsOf(g: Geo): number[][] {
  const ring = (cx: number, cy: number, rx: number, ry: number, rot: number, n: number) => {
    const out: number[] = [];
    const r = (rot * Math.PI) / 180;
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2 + 0.3;
      const x = Math.cos(a) * rx;
      const y = Math.sin(a) * ry;
      out.push(cx + x * Math.cos(r) - y * Math.sin(r), cy + x * Math.sin(r) + y * Math.cos(r));
    }
    return out;
  };
  if (g.t === "c") return [ring(g.cx, g.cy, g.r, g.r, 0, g.r > 40 ? 9 : 6)];
  if (g.t === "e") return [ring(g.cx, g.cy, g.rx, g.ry, g.rot, Math.max(g.rx, g.ry) > 40 ? 9 : 6)];
  return g.polys
    .filter((p) => p.length >= 6)
    .map((p) => {
      const n = p.length / 2;
      const keep = n <= 18 ? n : 10;
      const out: number[] = [];
      for (let i = 0; i < keep; i++) {
        const j = Math.floor((i / keep) * n);
        out.push(p[j * 2]!, p[j * 2 + 1]!);
      }
      return out;
    });
}

/** A shape cut into triangles around its middle, each lit by its side: light from the upper left. */
function facets(item: Item, k: Paints, outline: string): string {
  const buckets = ["", "", ""];
  for (const poly of polygonsOf(item.g)) {
    const n = poly.length / 2;
    if (n < 3) continue;
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < n; i++) {
      cx += poly[i * 2]!;
      cy += poly[i * 2 + 1]!;
    }
    cx /= n;
    cy /= n;
    for (let i = 0; i < n; i++) {
      const ax = poly[i * 2]!;
      const ay = poly[i * 2 + 1]!;
      const bx = poly[((i + 1) % n) * 2]!;
      const by = poly[((i + 1) % n) * 2 + 1]!;
      const a = Math.atan2((ay + by) / 2 - cy, (ax + bx) / 2 - cx);
      const lit = -Math.cos(a - (Math.PI * 5) / 4);
      const b = lit > 0.35 ? 0 : lit < -0.35 ? 2 : 1;
      buckets[b] += `M${n1(cx)} ${n1(cy)}L${n1(ax)} ${n1(ay)}L${n1(bx)} ${n1(by)}Z`;
    }
  }
  const role = item.p.fill!;
  const op = opAttr(item.p.op);
  return buckets
    .map((d, i) => (d ? `<path d="${d}" fill="${i === 0 ? k.shade(role, 9) : i === 1 ? k.c(role) : k.shade(role, -10, 4)}"${op}${outline}/>` : ""))
    .join("");
}

/** A hard-edged two-tone fill, the shade cutting across the lower right, as in cel animation. */
function celFill(k: Paints, role: Role, memo: Map<string, string>): string {
  let id = memo.get(role);
  if (!id) {
    id = `${k.pre}cel${memo.size}`;
    memo.set(role, id);
    k.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${k.c(role)}"/><stop offset="0.58" stop-color="${k.c(role)}"/><stop offset="0.58" stop-color="${k.shade(role, -14, 6)}"/><stop offset="1" stop-color="${k.shade(role, -14, 6)}"/></linearGradient>`,
    );
  }
  return `url(#${id})`;
}

/** Satin stitches in the shape's colour, at an angle of their own per colour. */
function stitchFill(k: Paints, role: Role, memo: Map<string, string>): string {
  let id = memo.get(role);
  if (!id) {
    id = `${k.pre}st${memo.size}`;
    memo.set(role, id);
    const angle = [35, -35, 75, 0, 55, -60][memo.size % 6];
    k.defs.push(
      `<pattern id="${id}" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})"><rect width="7" height="7" fill="${k.shade(role, -8)}"/><rect y="0.6" width="7" height="4.6" rx="2.3" fill="${k.c(role)}"/><rect y="1.4" width="7" height="1.2" fill="${k.shade(role, 12)}" opacity="0.7"/></pattern>`,
    );
  }
  return `url(#${id})`;
}

/** A crayon's hatching in the shape's colour: strokes at an angle of their own per colour, the paper tinted between them. */
function crayonFill(k: Paints, role: Role, memo: Map<string, string>, paper: string): string {
  let id = memo.get(role);
  if (!id) {
    id = `${k.pre}cr${memo.size}`;
    memo.set(role, id);
    const angle = [-38, 24, 62, -12, 48, -64][memo.size % 6];
    k.defs.push(
      `<pattern id="${id}" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})"><rect width="9" height="9" fill="${paper}"/><rect width="9" height="9" fill="${k.c(role)}" opacity="0.3"/><path d="M0 1.6H9M0 6.1H9" stroke="${k.shade(role, -4, 6)}" stroke-width="3.1"/><path d="M0 3.9H9" stroke="${k.c(role)}" stroke-width="1.2" opacity="0.7"/></pattern>`,
    );
  }
  return `url(#${id})`;
}

/** Roles of the earth and water, which a ground with a floor of its own paints. */
const FLOOR_ROLES = new Set<Role>(["ground", "ground2", "water"]);

function painterFor(params: StyleParams, k: Paints, ink: string, ground: PaintedGround | null, marked: ReadonlySet<Role> | undefined): ItemPainter {
  const cel = new Map<string, string>();
  const stitch = new Map<string, string>();
  const crayon = new Map<string, string>();
  const { texture, shading, lineColor } = params;
  const neon = !!params.palette.neon;
  const lit = (role: Role) => (DARK_ROLES.has(role) ? k.shade("light", 0) : k.c(role));
  const lineOf = (role: Role) => (lineColor === "ink" ? ink : lineColor === "gold" ? k.c("gold") : lineColor === "light" ? lit(role) : k.shade(role, -28, 6));
  return (item) => {
    const p = item.p;
    if (p.stroke && !p.fill) {
      const color = neon || lineColor === "light" ? lit(p.stroke) : k.c(p.stroke);
      const w = (p.w ?? 2) * (texture === "wax" ? 1.3 : texture === "crayon" ? 1.8 : 1);
      const dash = texture === "stitch" ? ` stroke-dasharray="${n1(w * 2.2)} ${n1(w * 1.1)}"` : "";
      return ` fill="none" stroke="${color}" stroke-width="${n1(w)}"${dash}${opAttr(p.op)}`;
    }
    const role = p.fill!;
    if (ground && p.bg && !p.glow) {
      // The style's own ground stands in for the theme's sky; a veil of night over the whole card would only dull it.
      if (SKY_ROLES.has(role)) return p.bare && (p.op ?? 1) < 0.5 ? ` fill="none"` : ` fill="${ground.sky}"${opAttr(p.op)}`;
      if (ground.floor && FLOOR_ROLES.has(role) && !p.bare) return ` fill="${ground.floor}"${opAttr(p.op)}`;
    }
    // A crayon has no soft light: a glow is scribbled over in its colour like any shape.
    if (p.glow && texture === "crayon") return ` fill="${crayonFill(k, role, crayon, paperOf(k))}"${opAttr(0.5 * (p.op ?? 1))}`;
    if (p.glow) return k.glow(item, k.c(role), (neon ? 0.8 : 0.55) * (p.op ?? 1));
    const bg = !!p.bg;
    let fill: string;
    if (texture === "crayon") fill = crayonFill(k, role, crayon, paperOf(k));
    else if (texture === "stitch" && !bg) fill = stitchFill(k, role, stitch);
    else if (neon && !bg && texture === "glow") fill = k.shade(role, -(k.colors[role][2] - 9), -30);
    else if (shading === "none" && !bg) fill = "none";
    else if (shading === "bokashi" && bg && SKY_ROLES.has(role)) fill = `url(#${k.pre}boka)`;
    else if (shading === "cel" && !bg) fill = celFill(k, role, cel);
    else if ((shading === "gradient" || shading === "bokashi") && p.fill2) fill = k.vgrad(k.c(role), k.c(p.fill2));
    else if (shading === "gradient" && !bg) fill = k.model(role, 9, 9);
    else if (shading === "model") fill = k.model(role, bg ? 6 : 16, bg ? 8 : 18);
    else fill = k.c(role);
    const width = params.line * (bg ? 0.7 : 1.6) * (texture === "glow" && !bg ? 1.4 : 1);
    const outline =
      params.line > 0 && !p.bare && !(bg && SKY_ROLES.has(role))
        ? ` stroke="${lineOf(role)}" stroke-width="${n1(width)}"${texture === "stitch" ? ` stroke-dasharray="5 3"` : ""}`
        : "";
    const glow = texture === "glow" && !bg && outline ? ` filter="url(#${k.pre}neon)"` : "";
    const base = ` fill="${fill}"${opAttr(p.op)}${outline}${glow}`;
    if (texture === "halftone" && !bg && luma(k.colors[role]) < 80) return [` fill="url(#${k.pre}dots)"${opAttr(0.4 * (p.op ?? 1))}`, base];
    // The style's mark over the figures' clothes and the near things, in a small tile.
    if (marked?.has(role) && !p.bare) return [` fill="url(#${k.pre}fmk)"${opAttr(p.op)}`, base];
    return base;
  };
}

/** The white of the drawing paper, warmed a little toward the deck's hue. */
const paperOf = (k: Paints) => hex(hsl(k.colors.light[0], 30, 96));

/** What a style draws between the scenery and the figures. */
function ornamentLayer(params: StyleParams, k: Paints, look: DeckLook, seed: number, ownSun: boolean): string {
  const rng = makeRng(seed ^ 0x2f6b1d3);
  switch (params.ornament) {
    case "kasumi": {
      // Bands of mist across the picture, flat and pale, as in a woodblock print.
      let out = "";
      for (const [y, w] of [
        [rng.range(150, 230), rng.range(300, 420)],
        [rng.range(470, 560), rng.range(260, 380)],
      ] as const) {
        const x = rng.chance(0.5) ? -20 : 620 - w;
        const h = 34;
        out += `<path d="M${n1(x)} ${n1(y)}H${n1(x + w - h / 2)}a${h / 2} ${h / 2} 0 0 1 0 ${h}H${n1(x + 40)}a${h / 2} ${h / 2} 0 0 0 0 ${-h / 2}a${h / 4} ${h / 4} 0 0 1 0 ${-h / 2}Z" fill="${k.shade("pale", -2)}" opacity="0.88"/>`;
      }
      return `<g data-ornament="kasumi">${out}</g>`;
    }
    case "scanlines": {
      // A lit grid running to the horizon.
      const c = k.c("accent");
      let out = "";
      // Each ray stops at the picture's side: resvg fails on a blurred group reaching far outside it.
      for (let i = 0; i <= 12; i++) {
        const [x1, x2] = [300 + (i - 6) * 18, 300 + (i - 6) * 150];
        const t = x2 < -10 ? (-10 - x1) / (x2 - x1) : x2 > 610 ? (610 - x1) / (x2 - x1) : 1;
        out += `<line x1="${x1}" y1="560" x2="${n1(x1 + (x2 - x1) * t)}" y2="${n1(560 + 240 * t)}" stroke="${c}" stroke-width="1.6"/>`;
      }
      for (let i = 0; i < 6; i++) {
        const y = 560 + Math.pow(i / 5, 1.8) * 240;
        out += `<line x1="0" y1="${n1(y)}" x2="600" y2="${n1(y)}" stroke="${c}" stroke-width="1.4"/>`;
      }
      return `<g data-ornament="grid" opacity="0.55" filter="url(#${k.pre}neon)">${out}</g>`;
    }
    case "sunburst": {
      let out = "";
      for (let i = 0; i < 23; i++) {
        const a = Math.PI + (i / 22) * Math.PI;
        out += `<line x1="300" y1="430" x2="${n1(300 + Math.cos(a) * 520)}" y2="${n1(430 + Math.sin(a) * 520)}" stroke="${k.c("gold")}" stroke-width="${i % 2 ? 1.4 : 3}"/>`;
      }
      for (const r of [90, 130]) out += `<path d="M${300 - r} 430A${r} ${r} 0 0 1 ${300 + r} 430" fill="none" stroke="${k.c("gold")}" stroke-width="2"/>`;
      return `<g data-ornament="sunburst" opacity="0.55">${out}</g>`;
    }
    case "dots": {
      let out = "";
      for (let i = 0; i < 26; i++)
        out += `<circle cx="${rng.int(40, 560)}" cy="${rng.int(60, 420)}" r="${n1(rng.range(3, 7))}" fill="${k.c(rng.pick(["accent", "gold", "red", "light"] as Role[]))}"/>`;
      return `<g data-ornament="dots" opacity="0.7">${out}</g>`;
    }
    case "stars": {
      let out = "";
      for (let i = 0; i < 14; i++) {
        const x = rng.int(40, 560);
        const y = rng.int(60, 380);
        const r = rng.range(5, 10);
        out += `<path d="M${x} ${n1(y - r)}L${n1(x + r * 0.28)} ${n1(y - r * 0.28)}L${n1(x + r)} ${y}L${n1(x + r * 0.28)} ${n1(y + r * 0.28)}L${x} ${n1(y + r)}L${n1(x - r * 0.28)} ${n1(y + r * 0.28)}L${n1(x - r)} ${y}L${n1(x - r * 0.28)} ${n1(y - r * 0.28)}Z" fill="${k.c("gold")}"/>`;
      }
      return `<g data-ornament="stars" opacity="0.85">${out}</g>`;
    }
    case "swirls": {
      let out = "";
      for (let i = 0; i < 5; i++) {
        const x = rng.int(60, 540);
        const y = rng.int(80, 360);
        const r = rng.range(18, 40);
        out += `<path d="M${x} ${y}m${n1(r)} 0a${n1(r)} ${n1(r)} 0 1 1 ${n1(-r * 2)} 0a${n1(r * 0.7)} ${n1(r * 0.7)} 0 1 1 ${n1(r * 1.4)} 0a${n1(r * 0.4)} ${n1(r * 0.4)} 0 1 1 ${n1(-r * 0.8)} 0" fill="none" stroke="${k.c(rng.pick(["accent", "gold", "light"] as Role[]))}" stroke-width="4"/>`;
      }
      return `<g data-ornament="swirls" opacity="0.6">${out}</g>`;
    }
    case "scribbles": {
      // A corner sun with its rays, as a child draws it, unless the card has a sun of its own.
      if (ownSun) return "";
      const x = rng.chance(0.5) ? 92 : 508;
      let out = `<circle cx="${x}" cy="96" r="38" fill="${k.c("sun")}"/>`;
      for (let i = 0; i < 10; i++) {
        const a = (i / 10) * Math.PI * 2;
        out += `<line x1="${n1(x + Math.cos(a) * 48)}" y1="${n1(96 + Math.sin(a) * 48)}" x2="${n1(x + Math.cos(a) * 74)}" y2="${n1(96 + Math.sin(a) * 74)}" stroke="${k.c("sun")}" stroke-width="7"/>`;
      }
      void look;
      return `<g data-ornament="sun" stroke-linecap="round">${out}</g>`;
    }
    default:
      return "";
  }
}

/** Paints a scene in a vocabulary style. */
export function renderStyledArt(scene: Scene, fgStart: number, look: DeckLook, params: StyleParams, colors: RoleColors, pre: string): Art {
  const k = new Paints(pre, colors);
  const rng = makeRng(look.seed ^ 0x7f4a7c15);
  const seed = rng.int(1, 999);
  const ink = params.palette.neon ? hex(hsl(look.hue, 50, 4)) : hex(hsl(params.palette.mono ?? look.hue, params.palette.mono !== undefined ? 12 : 40, 11));
  const ownSun = scene.ownSun;
  const ground = params.ground ? paintGround(params.ground, pre, seed, !ownSun) : null;
  const mark = figureMark(params.figures);
  const paint = painterFor(params, k, ink, ground, mark?.roles);
  const back = scene.items.slice(0, fgStart);
  const front = scene.items.slice(fgStart);
  const lc = ` stroke-linecap="round" stroke-linejoin="round"`;
  const family = FAMILIES[params.lettering.family];
  const texts = emitTexts(scene, k, family, params.palette.neon ? (r) => (DARK_ROLES.has(r) ? k.c("light") : k.c(r)) : undefined);

  let emit = (items: readonly Item[]) => emitItems(items, paint, k);
  if (params.texture === "facets") {
    const line = params.line > 0 ? ` stroke="${ink}" stroke-width="${n1(params.line * 1.2)}"` : ` stroke="none"`;
    const edge = (item: Item) => (params.line > 0 ? line : ` stroke="${k.shade(item.p.fill!, -4)}" stroke-width="0.6"`);
    // Facets replace each filled shape by its triangles; lines and lights stay as they are.
    emit = (items) => {
      let out = "";
      const rest: Item[] = [];
      const flush = () => {
        if (rest.length) out += emitItems(rest.splice(0), paint, k);
      };
      for (const item of items) {
        if (item.p.fill && !item.p.glow && !(item.p.bg && SKY_ROLES.has(item.p.fill))) {
          flush();
          out += facets(item, k, edge(item));
        } else rest.push(item);
      }
      flush();
      return out;
    };
  }
  const art = `${emit(back)}${ornamentLayer(params, k, look, seed, ownSun)}${emit(front)}${texts}`;

  const defs: string[] = ground ? [ground.defs] : [];
  if (mark) defs.push(figureMarkDefs(mark.mark, pre, seed, k.c("gold")));
  const overlays: string[] = [];
  let wrap = (inner: string) => `<g${lc}>${inner}</g>`;
  const grain = (op: number) => {
    defs.push(
      `<filter id="${pre}grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.8" numOctaves="2" seed="${seed + 3}"/><feColorMatrix type="matrix" values="0 0 0 0 0.3 0 0 0 0 0.26 0 0 0 0 0.22 0 0 0 -1.4 1"/></filter>`,
    );
    overlays.push(`<rect width="600" height="800" filter="url(#${pre}grain)" opacity="${op}"/>`);
  };
  if (params.shading === "bokashi") {
    defs.push(
      `<linearGradient id="${pre}boka" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${k.shade("sky", -26, 18)}"/><stop offset="0.3" stop-color="${k.c("sky")}"/><stop offset="0.75" stop-color="${k.c("skyLow")}"/></linearGradient>`,
    );
  }
  switch (params.texture) {
    case "wash":
    case "brush": {
      defs.push(
        `<filter id="${pre}wash"${artRegion(12)}><feTurbulence type="fractalNoise" baseFrequency="0.03" numOctaves="3" seed="${seed}"/><feDisplacementMap in="SourceGraphic" scale="${params.texture === "brush" ? 12 : 8}" xChannelSelector="R" yChannelSelector="G"/><feGaussianBlur stdDeviation="${params.texture === "brush" ? 1.4 : 0.7}"/></filter>`,
        `<filter id="${pre}bleed"${artRegion(32)}><feTurbulence type="fractalNoise" baseFrequency="0.012" numOctaves="2" seed="${seed + 7}"/><feDisplacementMap in="SourceGraphic" scale="26" xChannelSelector="G" yChannelSelector="R"/><feGaussianBlur stdDeviation="6"/></filter>`,
        `<g id="${pre}art"${lc}>${art}</g>`,
      );
      grain(0.22);
      wrap = () =>
        `<use href="#${pre}art" filter="url(#${pre}bleed)" opacity="0.5"/><use href="#${pre}art" filter="url(#${pre}wash)" opacity="${params.texture === "brush" ? 0.9 : 1}"/>`;
      break;
    }
    case "wax": {
      // Waxy strokes: wobbling edges, and the paper's tooth showing through in small gaps.
      defs.push(
        `<filter id="${pre}wax"${artRegion(4)}><feTurbulence type="fractalNoise" baseFrequency="0.045" numOctaves="2" seed="${seed}" result="w"/><feDisplacementMap in="SourceGraphic" in2="w" scale="5" xChannelSelector="R" yChannelSelector="G"/></filter>`,
        `<pattern id="${pre}strokes" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(-32)"><rect width="9" height="1.6" fill="#fff" opacity="0.55"/><rect y="4.5" width="9" height="0.9" fill="#000" opacity="0.25"/></pattern>`,
      );
      overlays.push(`<rect width="600" height="800" fill="url(#${pre}strokes)" opacity="0.5"/>`);
      grain(0.18);
      wrap = (inner) => `<g filter="url(#${pre}wax)"${lc}>${inner}</g>`;
      break;
    }
    case "crayon": {
      // Wax pushed unevenly across the paper: wobbling strokes, and the paper's tooth left white in
      // small flecks everywhere the crayon skipped, on the paper's own grain.
      defs.push(
        `<filter id="${pre}crayon"${artRegion(6)}><feTurbulence type="fractalNoise" baseFrequency="0.04" numOctaves="2" seed="${seed}" result="w"/><feDisplacementMap in="SourceGraphic" in2="w" scale="7" xChannelSelector="R" yChannelSelector="G" result="d"/><feTurbulence type="fractalNoise" baseFrequency="0.7 0.22" numOctaves="2" seed="${seed + 11}" result="tooth"/><feColorMatrix in="tooth" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 9 0 0 0 -5.1" result="holes"/><feComposite in="d" in2="holes" operator="out"/></filter>`,
      );
      grain(0.28);
      const paper = `<rect width="600" height="800" fill="${paperOf(k)}"/>`;
      wrap = (inner) => `${paper}<g filter="url(#${pre}crayon)"${lc}>${inner}</g>`;
      break;
    }
    case "grain":
      grain(0.2);
      break;
    case "canvas":
      defs.push(
        `<filter id="${pre}oil"${artRegion(6)}><feTurbulence type="fractalNoise" baseFrequency="0.05 0.02" numOctaves="2" seed="${seed}" result="n"/><feDisplacementMap in="SourceGraphic" in2="n" scale="9" xChannelSelector="R" yChannelSelector="G" result="d"/><feTurbulence type="fractalNoise" baseFrequency="0.12 0.45" numOctaves="2" seed="${seed + 5}" result="t"/><feDiffuseLighting in="t" surfaceScale="2" lighting-color="#fff" result="lit"><feDistantLight azimuth="235" elevation="55"/></feDiffuseLighting><feBlend in="d" in2="lit" mode="multiply" result="m"/><feComposite in="m" in2="d" operator="in"/></filter>`,
      );
      wrap = (inner) => `<g filter="url(#${pre}oil)"${lc}>${inner}</g>`;
      break;
    case "glow":
      defs.push(
        `<filter id="${pre}neon" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceGraphic" stdDeviation="3.2" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
      );
      defs.push(
        `<pattern id="${pre}scan" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="2" fill="#000" opacity="0.35"/></pattern>`,
      );
      overlays.push(`<rect width="600" height="800" fill="url(#${pre}scan)"/>`);
      break;
    case "halftone":
      defs.push(
        `<pattern id="${pre}dots" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(20)"><circle cx="4.5" cy="4.5" r="2.3" fill="${ink}"/></pattern>`,
      );
      break;
    case "leading": {
      // Lead lines cross the glass of the sky and the ground; a soft light shines through.
      let lead = "";
      for (let i = 0; i < 9; i++) {
        const x0 = rng.int(0, 600);
        const y0 = rng.int(40, 760);
        const a = rng.range(0, Math.PI);
        const len = rng.range(180, 420);
        lead += `<path d="M${n1(x0 - Math.cos(a) * len)} ${n1(y0 - Math.sin(a) * len)}Q${n1(x0 + rng.range(-60, 60))} ${n1(y0 + rng.range(-60, 60))} ${n1(x0 + Math.cos(a) * len)} ${n1(y0 + Math.sin(a) * len)}"/>`;
      }
      const [bg, fg] = [emit(back), emit(front)];
      defs.push(
        `<radialGradient id="${pre}sheen" cx="40%" cy="30%" r="75%"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></radialGradient>`,
        `<filter id="${pre}glass" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.02" numOctaves="3" seed="${seed}"/><feColorMatrix type="matrix" values="0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0.5 -0.15"/></filter>`,
      );
      const body = `<g${lc}>${bg}<g data-ornament="lead" fill="none" stroke="${ink}" stroke-width="5">${lead}</g>${ornamentLayer(params, k, look, seed, ownSun)}${fg}${texts}</g><rect width="600" height="800" filter="url(#${pre}glass)" opacity="0.35"/><rect width="600" height="800" fill="url(#${pre}sheen)"/>`;
      return { defs: [...defs, ...k.defs].join(""), body };
    }
    case "tesserae": {
      const grout = hex(hsl(look.hue, 12, 82));
      defs.push(
        `<pattern id="${pre}tiles" width="16" height="14" patternUnits="userSpaceOnUse"><path d="M0 0.6H16M0 7.6H16M5 0V7M13 7V14" stroke="${grout}" stroke-width="1.8" fill="none"/></pattern>`,
        `<filter id="${pre}set" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.08" numOctaves="1" seed="${seed}"/><feDisplacementMap in="SourceGraphic" scale="4" xChannelSelector="R" yChannelSelector="G"/></filter>`,
      );
      overlays.push(`<rect width="600" height="800" fill="url(#${pre}tiles)" filter="url(#${pre}set)" opacity="0.85"/>`);
      break;
    }
    case "riso": {
      // The drawing printed twice in two inks, the second a little out of register.
      const second = hex(hsl(params.palette.hues === 3 ? 340 : look.accentHue, 90, 62));
      const [r, g, b] = [parseInt(second.slice(1, 3), 16) / 255, parseInt(second.slice(3, 5), 16) / 255, parseInt(second.slice(5, 7), 16) / 255];
      defs.push(
        `<g id="${pre}art"${lc}>${art}</g>`,
        `<filter id="${pre}ink2" x="0" y="0" width="100%" height="100%"><feColorMatrix type="matrix" values="0 0 0 0 ${r.toFixed(2)} 0 0 0 0 ${g.toFixed(2)} 0 0 0 0 ${b.toFixed(2)} -0.5 -0.5 -0.5 0 1.2"/></filter>`,
      );
      grain(0.3);
      wrap = () =>
        `<use href="#${pre}art"/><use href="#${pre}art" transform="translate(5 3)" filter="url(#${pre}ink2)" opacity="0.55" style="mix-blend-mode:multiply"/>`;
      break;
    }
    default:
      break;
  }
  if (params.ornament === "scanlines" && params.texture !== "glow")
    defs.push(
      `<filter id="${pre}neon" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceGraphic" stdDeviation="3" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
    );
  if (params.texture === "stitch") {
    // The cloth under the thread.
    defs.push(
      `<pattern id="${pre}weave" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" fill="#000" opacity="0"/><path d="M0 2H4M2 0V4" stroke="#fff" stroke-width="0.7" opacity="0.18"/></pattern>`,
    );
    overlays.push(`<rect width="600" height="800" fill="url(#${pre}weave)"/>`);
  }
  return { defs: [...defs, ...k.defs].join(""), body: `${wrap(art)}${overlays.join("")}` };
}
