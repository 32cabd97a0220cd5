/**
 * The pixel-art treatment: the scene is rasterised onto a coarse grid of square cells, so its shapes
 * can no longer carry their marks; the marks are kept as empty groups with their boxes instead.
 */
import type { RoleColors } from "./deck-theme";
import { hex, mixHex, n1 } from "./kit";
import { markChain, type Item, type Mark, type Role, type Scene } from "./scene";
import { emitTexts, MONO, Paints } from "./styles";

type Art = { defs: string; body: string };

const CELL = 12.5;
const COLS = 48;
const ROWS = 64;

function inside(item: Item, x: number, y: number): boolean {
  const g = item.g;
  const p = item.p;
  const lineOnly = !!p.stroke && !p.fill;
  const half = Math.max((p.w ?? 2) / 2, CELL * 0.42);
  if (g.t === "c") {
    const d = Math.hypot(x - g.cx, y - g.cy);
    return lineOnly ? Math.abs(d - g.r) <= half : d <= g.r;
  }
  if (g.t === "e") {
    const r = (-g.rot * Math.PI) / 180;
    const dx = x - g.cx;
    const dy = y - g.cy;
    const lx = dx * Math.cos(r) - dy * Math.sin(r);
    const ly = dx * Math.sin(r) + dy * Math.cos(r);
    const v = (lx / g.rx) ** 2 + (ly / g.ry) ** 2;
    return lineOnly ? Math.abs(Math.sqrt(v) - 1) * Math.min(g.rx, g.ry) <= half : v <= 1;
  }
  if (lineOnly) {
    for (const poly of g.polys) {
      const count = poly.length / 2;
      const segs = g.closed ? count : count - 1;
      for (let i = 0; i < segs; i++) {
        const ax = poly[i * 2]!;
        const ay = poly[i * 2 + 1]!;
        const j = ((i + 1) % count) * 2;
        const bx = poly[j]!;
        const by = poly[j + 1]!;
        const vx = bx - ax;
        const vy = by - ay;
        const len = vx * vx + vy * vy || 1;
        const t = Math.max(0, Math.min(1, ((x - ax) * vx + (y - ay) * vy) / len));
        if (Math.hypot(x - ax - vx * t, y - ay - vy * t) <= half) return true;
      }
    }
    return false;
  }
  let odd = false;
  for (const poly of g.polys) {
    const count = poly.length / 2;
    for (let i = 0, j = count - 1; i < count; j = i++) {
      const xi = poly[i * 2]!;
      const yi = poly[i * 2 + 1]!;
      const xj = poly[j * 2]!;
      const yj = poly[j * 2 + 1]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  }
  return odd;
}

function blendHex(a: string, b: string, t: number): string {
  let out = "#";
  for (let i = 1; i < 7; i += 2) {
    const va = parseInt(a.slice(i, i + 2), 16);
    const vb = parseInt(b.slice(i, i + 2), 16);
    out += Math.round(va + (vb - va) * t)
      .toString(16)
      .padStart(2, "0");
  }
  return out;
}

const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];

/**
 * Rasterises the scene onto a coarse 48×64 grid: each cell takes the colour of the top-most shape
 * under its centre, gradients are banded with ordered dithering, and foreground shapes get a darker
 * rim where they meet what lies behind them. Cells of one colour are merged into rectangles.
 */
export function renderPixelArt(scene: Scene, fgStart: number, colors: RoleColors, pre: string): Art {
  const items = scene.items;
  const grid: string[] = new Array(COLS * ROWS).fill("");
  const owner: number[] = new Array(COLS * ROWS).fill(-1);
  const backdrop = hex(colors.dark);
  // Items whose bounding box crosses each row, so a cell only tests what can cover it.
  const rowItems: number[][] = [];
  for (let row = 0; row < ROWS; row++) {
    const y = (row + 0.5) * CELL;
    const list: number[] = [];
    for (let i = 0; i < items.length; i++) {
      const it = items[i]!;
      // Hairlines (closed eyes, ripples) are finer than a pixel: leave them out.
      if (it.p.stroke && !it.p.fill && (it.p.w ?? 2) < 2.6) continue;
      const b = it.box;
      if (y >= b[1] && y <= b[3]) list.push(i);
    }
    rowItems.push(list);
  }
  const hexCache = new Map<Role, string>();
  const bandCache = new Map<string, string>();
  const blendCache = new Map<string, string>();
  const roleHex = (role: Role) => {
    let v = hexCache.get(role);
    if (!v) hexCache.set(role, (v = hex(colors[role])));
    return v;
  };
  const sample = (list: number[], x: number, y: number, from: number, threshold: number): [string, number] => {
    for (let k = from; k >= 0; k--) {
      const i = list[k]!;
      const item = items[i]!;
      const b = item.box;
      if (x < b[0] || x > b[2]) continue;
      if (!inside(item, x, y)) continue;
      const p = item.p;
      const role = (p.fill ?? p.stroke)!;
      let color = roleHex(role);
      if (p.fill && p.fill2) {
        const t = (y - b[1]) / Math.max(1, b[3] - b[1]);
        const steps = 5;
        const band = Math.min(steps - 1, Math.floor(t * steps + (threshold - 0.5) * 0.9));
        const key = `${role}${p.fill2}${band}`;
        let banded = bandCache.get(key);
        if (!banded) bandCache.set(key, (banded = mixHex(colors[role], colors[p.fill2], Math.max(0, band) / (steps - 1))));
        color = banded;
      }
      const op = p.glow ? 0.45 * (p.op ?? 1) : (p.op ?? 1);
      if (op < 0.98) {
        const under = sample(list, x, y, k - 1, threshold)[0] || backdrop;
        // Quantised blend, so translucent light becomes a few flat bands rather than noise.
        const key = `${under}${color}${op}`;
        let blended = blendCache.get(key);
        if (!blended) blendCache.set(key, (blended = blendHex(under, color, Math.round(op * 4) / 4)));
        color = blended;
      }
      return [color, i];
    }
    return ["", -1];
  };
  for (let row = 0; row < ROWS; row++) {
    const y = (row + 0.5) * CELL;
    const list = rowItems[row]!;
    for (let col = 0; col < COLS; col++) {
      const x = (col + 0.5) * CELL;
      const threshold = (BAYER[(row % 4) * 4 + (col % 4)]! + 0.5) / 16;
      const [color, at] = sample(list, x, y, list.length - 1, threshold);
      grid[row * COLS + col] = color;
      owner[row * COLS + col] = at;
    }
  }
  // A darker rim on foreground shapes where they meet something further back.
  const rim = new Map<string, string>();
  const shaded = grid.slice();
  for (let row = 0; row < ROWS; row++) {
    for (let col = 0; col < COLS; col++) {
      const idx = row * COLS + col;
      const me = owner[idx]!;
      const it = items[me];
      if (me < fgStart || !it || it.p.glow || it.p.bare || it.p.fill === "skin") continue;
      // Tiny shapes would be all rim: leave them flat.
      if (Math.min(it.box[2] - it.box[0], it.box[3] - it.box[1]) < CELL * 3) continue;
      const near = [col > 0 ? idx - 1 : -1, col < COLS - 1 ? idx + 1 : -1, row > 0 ? idx - COLS : -1, row < ROWS - 1 ? idx + COLS : -1];
      if (near.some((n) => n >= 0 && owner[n]! < me && grid[n] !== grid[idx])) {
        const base = grid[idx]!;
        let dark = rim.get(base);
        if (!dark) {
          const r = parseInt(base.slice(1, 3), 16);
          const g = parseInt(base.slice(3, 5), 16);
          const b = parseInt(base.slice(5, 7), 16);
          dark = `#${[r, g, b]
            .map((v) =>
              Math.round(v * 0.42)
                .toString(16)
                .padStart(2, "0"),
            )
            .join("")}`;
          rim.set(base, dark);
        }
        shaded[idx] = dark;
      }
    }
  }
  // Colours are painted largest area first; the largest is one rectangle under everything, and each
  // later colour's rectangles may run over cells that a colour painted after it will cover anyway.
  const area = new Map<string, number>();
  for (const color of shaded) if (color) area.set(color, (area.get(color) ?? 0) + 1);
  const order = [...area.keys()].sort((a, b) => area.get(b)! - area.get(a)! || (a < b ? -1 : 1));
  const rank = new Map(order.map((c, i) => [c, i]));
  const level = shaded.map((c) => (c ? rank.get(c)! : -1));
  const byColor = new Map<string, string[]>();
  const done = new Uint8Array(COLS * ROWS);
  for (let ci = 1; ci < order.length; ci++) {
    const color = order[ci]!;
    const ok = (j: number) => level[j] === ci || level[j]! > ci;
    for (let row = 0; row < ROWS; row++) {
      for (let col = 0; col < COLS; col++) {
        const idx = row * COLS + col;
        if (level[idx] !== ci || done[idx]) continue;
        let w = 1;
        while (col + w < COLS && ok(idx + w)) w++;
        while (w > 1 && level[idx + w - 1] !== ci) w--;
        let h = 1;
        outer: while (row + h < ROWS) {
          let any = false;
          for (let k = 0; k < w; k++) {
            const j = (row + h) * COLS + col + k;
            if (!ok(j)) break outer;
            if (level[j] === ci && !done[j]) any = true;
          }
          if (!any) break;
          h++;
        }
        for (let dy = 0; dy < h; dy++)
          for (let k = 0; k < w; k++) {
            const j = (row + dy) * COLS + col + k;
            if (level[j] === ci) done[j] = 1;
          }
        let list = byColor.get(color);
        if (!list) byColor.set(color, (list = []));
        list.push(`<rect x="${col}" y="${row}" width="${w}" height="${h}"/>`);
      }
    }
  }
  let body = `<g transform="scale(${CELL})" shape-rendering="crispEdges">`;
  if (order[0]) body += `<rect width="${COLS}" height="${ROWS}" fill="${order[0]}"/>`;
  for (const [color, rects] of byColor) body += `<g fill="${color}">${rects.join("")}</g>`;
  body += "</g>";
  const k = new Paints(pre, colors);
  body += emitTexts(scene, k, MONO);
  body += pixelMarkers(items, new Set(owner));
  return { defs: "", body };
}

type Box = [number, number, number, number];

const grow = (b: Box, o: readonly number[]) => {
  b[0] = Math.min(b[0], o[0]!);
  b[1] = Math.min(b[1], o[1]!);
  b[2] = Math.max(b[2], o[2]!);
  b[3] = Math.max(b[3], o[3]!);
};
const boxAttr = ([x0, y0, x1, y1]: Box) => `${n1(x0)} ${n1(y0)} ${n1(x1 - x0)} ${n1(y1 - y0)}`;

/**
 * Where each theme subject and each card symbol sits, as empty marked groups with their boxes. A
 * symbol is kept only when at least one cell of the grid shows it (`shown`), so a symbol too small
 * or too hidden to survive the grid is not claimed.
 */
export function pixelMarkers(items: readonly Item[], shown: ReadonlySet<number>): string {
  const subjects = new Map<string, Box>();
  const symbols = new Map<Mark, { box: Box; seen: boolean }>();
  items.forEach((item, i) => {
    if (item.s) {
      const b = subjects.get(item.s);
      if (b) grow(b, item.box);
      else subjects.set(item.s, [...item.box]);
    }
    if (!item.m) return;
    for (const mark of markChain(item.m)) {
      if (mark.kind !== "symbol") continue;
      const entry = symbols.get(mark);
      if (entry) grow(entry.box, item.box);
      else symbols.set(mark, { box: [...item.box], seen: false });
      if (shown.has(i)) symbols.get(mark)!.seen = true;
    }
  });
  let out = "";
  for (const [subject, box] of subjects) out += `<g data-subject="${subject}" data-box="${boxAttr(box)}"/>`;
  for (const [mark, { box, seen }] of symbols) if (seen) out += `<g data-symbol="${mark.name}" data-box="${boxAttr(box)}"/>`;
  return out;
}
