/**
 * Glows: a shape of light softened as by a Gaussian blur. A round glow is drawn as what the blur
 * would make of it, a radial gradient whose stops follow the blurred disc's profile, so no filter
 * runs at all; any other shape keeps the blur, with its filter region drawn tight round the shape
 * rather than twice its size (decision 0094). Either way the glow looks as the blur drew it.
 */
import { n1 } from "./kit";
import type { Geo } from "./scene";

/** The blur of every glow, in the art's units. */
export const GLOW_BLUR = 10;
/** How far a blur reaches: past three deviations what it adds is under half a level of 255. */
const REACH = 3 * GLOW_BLUR + 1;
/** How much longer than wide a round glow may be: a gradient softens its ends a little more than its sides. */
const ROUND_ENOUGH = 1.3;

/** exp(-x)·I0(x), the scaled modified Bessel function of order 0 (Abramowitz and Stegun 9.8.1 and 9.8.2). */
function besselI0Scaled(x: number): number {
  if (x <= 3.75) {
    const t = (x / 3.75) ** 2;
    return Math.exp(-x) * (1 + t * (3.5156229 + t * (3.0899424 + t * (1.2067492 + t * (0.2659732 + t * (0.0360768 + t * 0.0045813))))));
  }
  const t = 3.75 / x;
  const poly =
    0.39894228 +
    t * (0.01328592 + t * (0.00225319 + t * (-0.00157565 + t * (0.00916281 + t * (-0.02057706 + t * (0.02635537 + t * (-0.01647633 + t * 0.00392377)))))));
  return poly / Math.sqrt(x);
}

/**
 * A disc of radius `r` blurred by `sigma`, at distance `rho` from its centre: the share of the
 * Gaussian round that point which falls inside the disc, ∫₀ʳ s/σ² · exp(−(ρ−s)²/2σ²) · I0e(ρs/σ²) ds,
 * by Simpson's rule over the part of the disc the Gaussian reaches.
 */
export function blurredDisc(r: number, sigma: number, rho: number): number {
  const v = sigma * sigma;
  const from = Math.max(0, rho - 6 * sigma);
  const to = Math.min(r, rho + 6 * sigma);
  if (to <= from) return 0;
  const steps = 2 * Math.ceil((to - from) / (sigma / 6) / 2);
  const h = (to - from) / steps;
  const f = (s: number) => (s / v) * Math.exp(-((rho - s) ** 2) / (2 * v)) * besselI0Scaled((rho * s) / v);
  let sum = f(from) + f(to);
  for (let i = 1; i < steps; i++) sum += (i % 2 ? 4 : 2) * f(from + i * h);
  return Math.min(1, (sum * h) / 3);
}

/** Where a round glow's gradient has its stops, as distances from the centre: densest where the edge fades. */
function stopDistances(r: number, outer: number): number[] {
  const fadeFrom = Math.max(0, r - 3.5 * GLOW_BLUR);
  const out = fadeFrom > 0 ? [0] : [];
  const steps = 18;
  for (let i = 0; i <= steps; i++) out.push(fadeFrom + ((outer - fadeFrom) * i) / steps);
  return out;
}

/** The glow of a circle of radius `r` as a radial gradient over a circle `outer` wide: its stops, offset and opacity. */
function roundGlowStops(r: number, outer: number, color: string): string {
  return stopDistances(r, outer)
    .map((rho) => {
      const a = blurredDisc(r, GLOW_BLUR, rho);
      return `<stop offset="${(rho / outer).toFixed(4)}" stop-color="${color}"${a < 0.9995 ? ` stop-opacity="${a.toFixed(4)}"` : ""}/>`;
    })
    .join("");
}

/**
 * The markup of a glow: `shape` filled with `color` at `opacity` and softened by `GLOW_BLUR`. Its
 * gradient or filter goes into `defs`, named from `id`; `box` is the shape's bounds.
 */
export function glowMarkup(shape: Geo, box: readonly [number, number, number, number], color: string, opacity: string, id: string, defs: string[]): string {
  if (shape.t === "c" || (shape.t === "e" && Math.max(shape.rx, shape.ry) / Math.min(shape.rx, shape.ry) <= ROUND_ENOUGH)) {
    // An ellipse is the circle of the same area stretched: its edge fades over a blur a little
    // wider along its long axis and a little narrower across it, by at most the square root of 1.3.
    const r = shape.t === "c" ? shape.r : Math.sqrt(shape.rx * shape.ry);
    const outer = r + 4 * GLOW_BLUR;
    defs.push(`<radialGradient id="${id}">${roundGlowStops(r, outer, color)}</radialGradient>`);
    if (shape.t === "c") return `<circle cx="${n1(shape.cx)}" cy="${n1(shape.cy)}" r="${n1(outer)}" fill="url(#${id})"${opacity}/>`;
    const k = outer / r;
    const turn = Math.abs(shape.rot) > 0.05 ? ` transform="rotate(${n1(shape.rot)} ${n1(shape.cx)} ${n1(shape.cy)})"` : "";
    return `<ellipse cx="${n1(shape.cx)}" cy="${n1(shape.cy)}" rx="${n1(shape.rx * k)}" ry="${n1(shape.ry * k)}"${turn} fill="url(#${id})"${opacity}/>`;
  }
  // Any other shape keeps its blur, over the shape and as far round it as the blur reaches (never
  // further than the half of its size the filter's default region gave it), within the art's box.
  // A turned ellipse reads its region in its own turned units, where it lies unturned round its centre.
  const turned = shape.t === "e" && Math.abs(shape.rot) > 0.05;
  const [x0, y0, x1, y1] = turned ? [shape.cx - shape.rx, shape.cy - shape.ry, shape.cx + shape.rx, shape.cy + shape.ry] : box;
  const mx = Math.min(REACH, (x1 - x0) / 2);
  const my = Math.min(REACH, (y1 - y0) / 2);
  const left = turned ? x0 - mx : Math.max(x0 - mx, -REACH);
  const top = turned ? y0 - my : Math.max(y0 - my, -REACH);
  const right = turned ? x1 + mx : Math.min(x1 + mx, 600 + REACH);
  const bottom = turned ? y1 + my : Math.min(y1 + my, 800 + REACH);
  if (right <= left || bottom <= top) return "";
  defs.push(
    `<filter id="${id}" filterUnits="userSpaceOnUse" x="${n1(left)}" y="${n1(top)}" width="${n1(right - left)}" height="${n1(bottom - top)}"><feGaussianBlur stdDeviation="${GLOW_BLUR}"/></filter>`,
  );
  const attrs = ` fill="${color}" filter="url(#${id})"${opacity}`;
  switch (shape.t) {
    case "e":
      return `<ellipse cx="${n1(shape.cx)}" cy="${n1(shape.cy)}" rx="${n1(shape.rx)}" ry="${n1(shape.ry)}"${
        turned ? ` transform="rotate(${n1(shape.rot)} ${n1(shape.cx)} ${n1(shape.cy)})"` : ""
      }${attrs}/>`;
    case "p":
      return `<path d="${shape.d}"${attrs}/>`;
  }
}
