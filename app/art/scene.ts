/**
 * A tiny retained scene: compositions describe shapes with colour *roles* (sky, robe, gold…), and each
 * style decides how a role is painted. Keeping geometry as data lets the same composition become a
 * watercolour wash, a woodcut or a rasterised pixel grid.
 */

export type Role =
  | "sky"
  | "skyLow"
  | "night"
  | "ground"
  | "ground2"
  | "hill"
  | "water"
  | "light"
  | "sun"
  | "gold"
  | "accent"
  | "robe"
  | "robe2"
  | "cloak"
  | "skin"
  | "hair"
  | "dark"
  | "pale"
  | "stone"
  | "stone2"
  | "leaf"
  | "trunk"
  | "fire"
  | "red"
  | "metal";

export type Paint = {
  /** Fill colour role. */
  fill?: Role;
  /** With `fill`, a vertical gradient from `fill` (top) to `fill2` (bottom). */
  fill2?: Role;
  /** Stroke colour role: the shape is drawn as a line of width `w`. */
  stroke?: Role;
  w?: number;
  op?: number;
  /** Scenery (sky, ground, distant hills): styles may simplify or mute it. */
  bg?: boolean;
  /** A soft light such as a halo: styles may blur it. */
  glow?: boolean;
  /** Never outlined by a style. */
  bare?: boolean;
};

export type Geo =
  | { t: "c"; cx: number; cy: number; r: number }
  | { t: "e"; cx: number; cy: number; rx: number; ry: number; rot: number }
  | { t: "p"; d: string; polys: number[][]; closed: boolean };

/**
 * A named part of the picture that the document keeps as a marked group: one of the theme's subjects
 * (`data-subject`), one of the card's traditional symbols (`data-symbol`) or an ornament of the style
 * (`data-ornament`). Marks nest: a crown is a symbol inside the figure that wears it. Each call to
 * `Scene.subject`, `Scene.symbol` or `Scene.ornament` is one mark, so two ram heads are two marks.
 */
export type Mark = { kind: "subject" | "symbol" | "ornament"; name: string; outer?: Mark; chain?: Mark[] };

/** The marks around a shape, outermost first. */
export function markChain(mark: Mark): Mark[] {
  if (!mark.chain) mark.chain = mark.outer ? [...markChain(mark.outer), mark] : [mark];
  return mark.chain;
}

/** `s` names the theme subject the shape belongs to, `m` the innermost mark around it. */
export type Item = { g: Geo; p: Paint; box: [number, number, number, number]; s?: string; m?: Mark };

export type TextItem = { x: number; y: number; text: string; size: number; role: Role; rot: number; weight?: string };

type Matrix = [number, number, number, number, number, number];

const fmt = (v: number) => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
};

/** Builds a path in local coordinates; the scene's transform is applied to every point. */
export class PathBuilder {
  d = "";
  polys: number[][] = [];
  private cur: number[] = [];
  private x = 0;
  private y = 0;
  private sx = 0;
  private sy = 0;
  constructor(private readonly tf: (x: number, y: number) => [number, number]) {}

  private pt(x: number, y: number) {
    const [a, b] = this.tf(x, y);
    return `${fmt(a)} ${fmt(b)}`;
  }
  private push(x: number, y: number) {
    const [a, b] = this.tf(x, y);
    this.cur.push(a, b);
  }
  m(x: number, y: number) {
    if (this.cur.length) this.polys.push(this.cur);
    this.cur = [];
    this.d += `M${this.pt(x, y)}`;
    this.push(x, y);
    this.x = this.sx = x;
    this.y = this.sy = y;
    return this;
  }
  l(x: number, y: number) {
    this.d += `L${this.pt(x, y)}`;
    this.push(x, y);
    this.x = x;
    this.y = y;
    return this;
  }
  q(cx: number, cy: number, x: number, y: number) {
    this.d += `Q${this.pt(cx, cy)} ${this.pt(x, y)}`;
    for (let i = 1; i <= 6; i++) {
      const t = i / 6;
      const u = 1 - t;
      this.push(u * u * this.x + 2 * u * t * cx + t * t * x, u * u * this.y + 2 * u * t * cy + t * t * y);
    }
    this.x = x;
    this.y = y;
    return this;
  }
  c(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number) {
    this.d += `C${this.pt(c1x, c1y)} ${this.pt(c2x, c2y)} ${this.pt(x, y)}`;
    for (let i = 1; i <= 8; i++) {
      const t = i / 8;
      const u = 1 - t;
      const a = u * u * u;
      const b = 3 * u * u * t;
      const c = 3 * u * t * t;
      const e = t * t * t;
      this.push(a * this.x + b * c1x + c * c2x + e * x, a * this.y + b * c1y + c * c2y + e * y);
    }
    this.x = x;
    this.y = y;
    return this;
  }
  z() {
    this.d += "Z";
    this.x = this.sx;
    this.y = this.sy;
    return this;
  }
  /** A full circle as a closed sub-path (four cubic arcs), useful for rings with even-odd holes. */
  circle(cx: number, cy: number, r: number) {
    const k = 0.5523 * r;
    this.m(cx + r, cy)
      .c(cx + r, cy + k, cx + k, cy + r, cx, cy + r)
      .c(cx - k, cy + r, cx - r, cy + k, cx - r, cy)
      .c(cx - r, cy - k, cx - k, cy - r, cx, cy - r)
      .c(cx + k, cy - r, cx + r, cy - k, cx + r, cy)
      .z();
    return this;
  }
  /** A closed polygon as a sub-path. */
  poly(points: readonly number[]) {
    this.m(points[0]!, points[1]!);
    for (let i = 2; i < points.length; i += 2) this.l(points[i]!, points[i + 1]!);
    return this.z();
  }
  finish() {
    if (this.cur.length) this.polys.push(this.cur);
    this.cur = [];
  }
}

export class Scene {
  items: Item[] = [];
  texts: TextItem[] = [];
  /** Index of the first foreground item; everything before it is scenery. */
  fgStart = -1;
  /** Which pose the figures take: 0 as composed, another number another pose (a repaint's). */
  pose = 0;
  private m: Matrix = [1, 0, 0, 1, 0, 0];
  private stack: Matrix[] = [];
  private tag: string | undefined;
  private mark: Mark | undefined;

  private tf = (x: number, y: number): [number, number] => {
    const [a, b, c, d, e, f] = this.m;
    return [a * x + c * y + e, b * x + d * y + f];
  };
  private get scaleFactor() {
    const [a, b, c, d] = this.m;
    return Math.sqrt(Math.abs(a * d - b * c));
  }
  private get angle() {
    const [a, b] = this.m;
    return (Math.atan2(b, a) * 180) / Math.PI;
  }

  /** Whether the card's composition paints its own sun (the Fool's, the Sun's): then no ground or ornament adds a second. */
  get ownSun() {
    return this.items.some((item) => !!item.m && markChain(item.m).some((mark) => mark.kind === "symbol" && mark.name === "sun"));
  }

  /** Marks the end of the scenery: later items are the composition's foreground. */
  foreground() {
    this.fgStart = this.items.length;
    return this;
  }

  save() {
    this.stack.push([...this.m]);
    return this;
  }
  restore() {
    this.m = this.stack.pop() ?? [1, 0, 0, 1, 0, 0];
    return this;
  }
  private mul(n: Matrix) {
    const [a, b, c, d, e, f] = this.m;
    this.m = [a * n[0] + c * n[1], b * n[0] + d * n[1], a * n[2] + c * n[3], b * n[2] + d * n[3], a * n[4] + c * n[5] + e, b * n[4] + d * n[5] + f];
    return this;
  }
  translate(x: number, y: number) {
    return this.mul([1, 0, 0, 1, x, y]);
  }
  scale(s: number, sy = s) {
    return this.mul([s, 0, 0, sy, 0, 0]);
  }
  rotate(deg: number, cx = 0, cy = 0) {
    const r = (deg * Math.PI) / 180;
    const cos = Math.cos(r);
    const sin = Math.sin(r);
    this.translate(cx, cy);
    this.mul([cos, sin, -sin, cos, 0, 0]);
    return this.translate(-cx, -cy);
  }
  /** Runs `draw` with a temporary transform. */
  with(setup: (s: this) => void, draw: () => void) {
    this.save();
    setup(this);
    draw();
    this.restore();
    return this;
  }

  /** Runs `draw` with every shape it adds marked as part of `subject`. */
  subject(subject: string, draw: () => void) {
    const outer = this.tag;
    this.tag = subject;
    try {
      this.marked("subject", subject, draw);
    } finally {
      this.tag = outer;
    }
    return this;
  }

  /** Runs `draw` with every shape it adds marked as one of the card's symbols, and returns what it returns. */
  symbol<T>(name: string, draw: () => T): T {
    return this.marked("symbol", name, draw);
  }

  /** Runs `draw` with every shape it adds marked as an ornament of the style. */
  ornament(name: string, draw: () => void) {
    this.marked("ornament", name, draw);
    return this;
  }

  private marked<T>(kind: Mark["kind"], name: string, draw: () => T): T {
    const outer = this.mark;
    this.mark = { kind, name, outer };
    try {
      return draw();
    } finally {
      this.mark = outer;
    }
  }

  /** Whether the current transform mirrors left and right. */
  get mirrored() {
    const [a, b, c, d] = this.m;
    return a * d - b * c < 0;
  }

  private widthOf(p: Paint) {
    return p.stroke ? (p.w ?? 2) * this.scaleFactor : 0;
  }
  private add(g: Geo, p: Paint, box: [number, number, number, number]) {
    const pad = this.widthOf(p) / 2;
    const paint = p.stroke ? { ...p, w: (p.w ?? 2) * this.scaleFactor } : p;
    const item: Item = { g, p: paint, box: [box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad] };
    if (this.tag) item.s = this.tag;
    if (this.mark) item.m = this.mark;
    this.items.push(item);
    return this;
  }

  circle(cx: number, cy: number, r: number, p: Paint) {
    const [x, y] = this.tf(cx, cy);
    const rr = r * this.scaleFactor;
    return this.add({ t: "c", cx: x, cy: y, r: rr }, p, [x - rr, y - rr, x + rr, y + rr]);
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, p: Paint, rot = 0) {
    const [x, y] = this.tf(cx, cy);
    const k = this.scaleFactor;
    const m = Math.max(rx, ry) * k;
    const flip = this.m[0] * this.m[3] - this.m[1] * this.m[2] < 0 ? -1 : 1;
    return this.add({ t: "e", cx: x, cy: y, rx: rx * k, ry: ry * k, rot: this.angle + rot * flip }, p, [x - m, y - m, x + m, y + m]);
  }
  path(build: (b: PathBuilder) => void, p: Paint) {
    const b = new PathBuilder(this.tf);
    build(b);
    b.finish();
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const poly of b.polys) {
      for (let i = 0; i < poly.length; i += 2) {
        x0 = Math.min(x0, poly[i]!);
        x1 = Math.max(x1, poly[i]!);
        y0 = Math.min(y0, poly[i + 1]!);
        y1 = Math.max(y1, poly[i + 1]!);
      }
    }
    if (!Number.isFinite(x0)) return this;
    return this.add({ t: "p", d: b.d, polys: b.polys, closed: b.d.endsWith("Z") }, p, [x0, y0, x1, y1]);
  }
  rect(x: number, y: number, w: number, h: number, p: Paint) {
    return this.path((b) => b.poly([x, y, x + w, y, x + w, y + h, x, y + h]), p);
  }
  poly(points: readonly number[], p: Paint) {
    return this.path((b) => b.poly(points), p);
  }
  /** An open polyline; `p.stroke` gives its colour. */
  line(points: readonly number[], p: Paint) {
    return this.path((b) => {
      b.m(points[0]!, points[1]!);
      for (let i = 2; i < points.length; i += 2) b.l(points[i]!, points[i + 1]!);
    }, p);
  }
  text(x: number, y: number, text: string, size: number, role: Role, weight?: string) {
    const [tx, ty] = this.tf(x, y);
    // Letters stay readable in a mirrored composition: only their place is mirrored.
    const rot = this.mirrored ? this.angle - 180 : this.angle;
    this.texts.push({
      x: tx,
      y: ty,
      text,
      size: size * this.scaleFactor,
      role,
      rot: Math.abs(rot) < 0.05 || Math.abs(Math.abs(rot) - 360) < 0.05 ? 0 : rot,
      weight,
    });
    return this;
  }
  /** Appends another scene's items on top of this one. */
  append(other: Scene) {
    this.items.push(...other.items);
    this.texts.push(...other.texts);
    return this;
  }
}

/** Points of a star polygon with `points` tips. */
export function starPoints(cx: number, cy: number, outer: number, inner: number, points: number, rotDeg = -90): number[] {
  const out: number[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((rotDeg + (i * 180) / points) * Math.PI) / 180;
    out.push(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
  }
  return out;
}

/** Points of a regular polygon. */
export function ngon(cx: number, cy: number, r: number, sides: number, rotDeg = -90): number[] {
  const out: number[] = [];
  for (let i = 0; i < sides; i++) {
    const a = ((rotDeg + (i * 360) / sides) * Math.PI) / 180;
    out.push(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
  }
  return out;
}
