/**
 * A style's own ground: what lies behind the figures in that style whatever the theme, as a gilded
 * icon has gold leaf, a manuscript its patterned vellum, a synthwave poster its sunset and grid, an
 * embroidery its raw linen. The sky of the scene is painted with the ground (one card-sized pattern,
 * so the hills and figures stand in front of it), the earth and water may take a pattern of their
 * own (`floor`), and a ground sets the colours of the roles it owns. Flat shapes, gradients and
 * patterns only: no filter, so a ground costs a card almost nothing to draw.
 */
import { hex, hsl, makeRng, n1, type Hsl } from "./kit";
import type { Ground } from "./ground-colors";

export type PaintedGround = {
  defs: string;
  /** The fill of the sky. */
  sky: string;
  /** The fill of the earth and water, when the ground has its own. */
  floor?: string;
};

const W = 600;
const H = 800;
const rect = (fill: string, extra = "") => `<rect width="${W}" height="${H}" fill="${fill}"${extra}/>`;
const stops = (colors: readonly (readonly [number, string])[]) => colors.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join("");

/** Triangles over the card, each coloured from a vertical ramp and jittered, as a faceted render lights them. */
function facetField(pre: string, seed: number, ramp: readonly Hsl[]): string {
  const rng = makeRng(seed);
  const cols = 7;
  const rows = 10;
  const pt: [number, number][][] = [];
  for (let r = 0; r <= rows; r++) {
    pt.push([]);
    for (let c = 0; c <= cols; c++) {
      const edgeX = c === 0 || c === cols;
      const edgeY = r === 0 || r === rows;
      const x = (c / cols) * W + (edgeX ? 0 : rng.range(-30, 30));
      const y = (r / rows) * H + (edgeY ? 0 : rng.range(-26, 26));
      pt[r]!.push([x, y]);
    }
  }
  let out = "";
  const color = (y: number, jitter: number) => {
    const t = Math.min(0.999, Math.max(0, y / H)) * (ramp.length - 1);
    const i = Math.floor(t);
    const f = t - i;
    const [a, b] = [ramp[i]!, ramp[i + 1]!];
    return hex(hsl(a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f + jitter));
  };
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const [p00, p01, p10, p11] = [pt[r]![c]!, pt[r]![c + 1]!, pt[r + 1]![c]!, pt[r + 1]![c + 1]!];
      const tri = (a: [number, number], b: [number, number], d: [number, number], lit: number) => {
        const cy = (a[1] + b[1] + d[1]) / 3;
        out += `<path d="M${n1(a[0])} ${n1(a[1])}L${n1(b[0])} ${n1(b[1])}L${n1(d[0])} ${n1(d[1])}Z" fill="${color(cy, lit + rng.range(-4, 4))}" stroke="${color(cy, lit)}" stroke-width="0.6"/>`;
      };
      tri(p00, p01, p10, 5);
      tri(p01, p11, p10, -5);
    }
  return `<pattern id="${pre}gnd" width="${W}" height="${H}" patternUnits="userSpaceOnUse">${out}</pattern>`;
}

/**
 * A ground's defs and fills; `pre` keeps its ids the card's own, `seed` places what it scatters, and
 * `sun` is false when the card paints its own sun, so the ground's sky has none.
 */
export function paintGround(ground: Ground, pre: string, seed: number, sun = true): PaintedGround {
  const rng = makeRng(seed ^ 0x51ed27);
  const id = `${pre}gnd`;
  const sky = `url(#${id})`;
  const pattern = (inner: string, w = W, h = H, extra = "") =>
    `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${extra}>${inner}</pattern>`;
  const grad = (gid: string, s: string, dir = `x1="0" y1="0" x2="0" y2="1"`) => `<linearGradient id="${pre}${gid}" ${dir}>${s}</linearGradient>`;
  /** A sky graded from top to bottom through `colors`, with `marks` drawn over it. */
  const gradientSky = (colors: readonly (readonly [number, string])[], marks: string) =>
    grad("gsky", stops(colors)) + pattern(`${rect(`url(#${pre}gsky)`)}${marks}`);
  switch (ground) {
    case "sunset grid": {
      // A sky burning from indigo to orange at the horizon, and a striped sun going down into it.
      let disc = `<circle cx="300" cy="420" r="150" fill="url(#${pre}gsun)"/>`;
      for (let i = 0; i < 7; i++) disc += `<rect x="140" y="${n1(432 + i * 20)}" width="320" height="${n1(3 + i * 1.6)}" fill="url(#${pre}gsky)"/>`;
      const defs = [
        grad(
          "gsky",
          stops([
            [0, "#2b0b5c"],
            [0.3, "#5a1580"],
            [0.55, "#c02882"],
            [0.76, "#ff5a5f"],
            [0.9, "#ffb04a"],
          ]),
        ),
        grad(
          "gsun",
          stops([
            [0, "#ffe86a"],
            [0.5, "#ff9d3c"],
            [1, "#ff2e88"],
          ]),
        ),
        pattern(`${rect(`url(#${pre}gsky)`)}${sun ? `<g data-ornament="sun">${disc}</g>` : ""}`),
        // The floor: a violet plain under a lit magenta grid (the style's ornament draws the grid's glow).
        `<pattern id="${pre}gflr" width="${W}" height="${H}" patternUnits="userSpaceOnUse">${rect("#3a0d62")}${rect(`url(#${pre}gfl2)`)}</pattern>`,
        grad("gfl2", `<stop offset="0.5" stop-color="#ff2e88" stop-opacity="0.4"/><stop offset="1" stop-color="#1b0733" stop-opacity="0"/>`),
      ];
      return { defs: defs.join(""), sky, floor: `url(#${pre}gflr)` };
    }
    case "wet night": {
      // Black sky over a thick magenta haze of city light, and streaks of neon reflected in the wet street.
      let rain = "";
      for (let i = 0; i < 46; i++) {
        const x = rng.range(0, W);
        const y = rng.range(0, H);
        rain += `M${n1(x)} ${n1(y)}l-8 30`;
      }
      let signs = "";
      // Tall signs crowding the dark, their panels lit and their tubes bright in cyan and magenta.
      for (let i = 0; i < 8; i++) {
        const x = 6 + i * 74 + rng.range(0, 26);
        const y = rng.range(40, 300);
        const h = rng.range(150, 280);
        const c = i % 2 ? "#19e6ff" : "#ff2bd6";
        signs += `<rect x="${n1(x)}" y="${n1(y)}" width="44" height="${n1(h)}" rx="4" fill="${i % 2 ? "#0b3a52" : "#4a0a4a"}" stroke="${c}" stroke-width="4"/>`;
        for (let g = y + 18; g < y + h - 20; g += 34)
          signs += `<path d="M${n1(x + 10)} ${n1(g)}h24M${n1(x + 22)} ${n1(g - 8)}v18" stroke="${c}" stroke-width="3.5" stroke-linecap="round"/>`;
      }
      let streaks = "";
      for (let i = 0; i < 18; i++) {
        const x = rng.range(10, 590);
        const w = rng.range(4, 16);
        streaks += `<rect x="${n1(x)}" y="0" width="${n1(w)}" height="${H}" fill="${i % 2 ? "#19e6ff" : "#ff2bd6"}" opacity="${n1(rng.range(0.35, 0.7))}"/>`;
      }
      const defs = [
        grad(
          "gsky",
          stops([
            [0, "#1c0838"],
            [0.3, "#3c0f66"],
            [0.6, "#6c1680"],
            [0.85, "#d42a9a"],
            [1, "#ff5cb8"],
          ]),
        ),
        pattern(`${rect(`url(#${pre}gsky)`)}${signs}<path d="${rain}" stroke="#5fd8ff" stroke-width="1.2" opacity="0.4"/>`),
        `<pattern id="${pre}gflr" width="${W}" height="${H}" patternUnits="userSpaceOnUse">${rect("#2a0838")}${streaks}${rect(`url(#${pre}gwet)`)}</pattern>`,
        `<linearGradient id="${pre}gwet" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#06030f" stop-opacity="0"/><stop offset="1" stop-color="#06030f" stop-opacity="0.6"/></linearGradient>`,
      ];
      return { defs: defs.join(""), sky, floor: `url(#${pre}gflr)` };
    }
    case "gold leaf": {
      // Pale burnished gold laid in square leaves, their seams showing.
      const defs = [
        grad(
          "gold",
          stops([
            [0, "#fff3c8"],
            [0.3, "#efd486"],
            [0.55, "#fcebb2"],
            [0.8, "#e0bd68"],
            [1, "#f7e1a0"],
          ]),
          `x1="0" y1="0" x2="1" y2="1"`,
        ),
        `<pattern id="${pre}gleaf" width="64" height="64" patternUnits="userSpaceOnUse"><path d="M0 0.5H64M0.5 0V64" stroke="#8a5f14" stroke-width="1" opacity="0.35"/></pattern>`,
        pattern(`${rect(`url(#${pre}gold)`)}${rect(`url(#${pre}gleaf)`)}`),
      ];
      return { defs: defs.join(""), sky };
    }
    case "diaper": {
      // A diapered ground as behind a manuscript's miniature: lozenges of ultramarine and vermilion with gold at the crossings.
      const tile = `<rect width="40" height="40" fill="#2a46a6"/><path d="M20 0L40 20L20 40L0 20Z" fill="#b3302a"/><path d="M20 0L40 20L20 40L0 20Z" fill="none" stroke="#e3b948" stroke-width="2"/><circle cx="20" cy="20" r="3" fill="#f1cf62"/><circle cx="0" cy="0" r="3" fill="#f1cf62"/><circle cx="40" cy="0" r="3" fill="#f1cf62"/><circle cx="0" cy="40" r="3" fill="#f1cf62"/><circle cx="40" cy="40" r="3" fill="#f1cf62"/>`;
      return { defs: pattern(tile, 40, 40), sky };
    }
    case "chrome yellow":
      // The classic deck's flat yellow sky.
      return { defs: pattern(rect("#f3c623"), W, H), sky };
    case "ben-day": {
      // Printed dots of cyan on white, as a comic's sky.
      return {
        defs: pattern(`<rect width="12" height="12" fill="#fdfdf8"/><circle cx="6" cy="6" r="4.3" fill="#1ea7e8"/>`, 12, 12, ` patternTransform="rotate(15)"`),
        sky,
      };
    }
    case "bright sky": {
      // A clear blue day with great white clouds.
      let clouds = "";
      for (let i = 0; i < 4; i++) {
        const cx = rng.range(60, 540);
        const cy = rng.range(90, 420);
        const r = rng.range(34, 58);
        for (const [dx, dy, k] of [
          [0, 0, 1],
          [-r * 0.9, r * 0.3, 0.7],
          [r * 0.9, r * 0.25, 0.75],
          [r * 0.4, -r * 0.5, 0.7],
        ] as const)
          clouds += `<circle cx="${n1(cx + dx)}" cy="${n1(cy + dy)}" r="${n1(r * k)}"/>`;
        clouds += `<rect x="${n1(cx - r * 1.6)}" y="${n1(cy + r * 0.2)}" width="${n1(r * 3.2)}" height="${n1(r * 0.62)}" rx="${n1(r * 0.3)}"/>`;
      }
      return {
        defs: gradientSky(
          [
            [0, "#1c6fd8"],
            [0.45, "#4aa6f0"],
            [0.8, "#a9dcff"],
            [1, "#e6f6ff"],
          ],
          `<g fill="#c9e4f7" transform="translate(6 8)">${clouds}</g><g fill="#ffffff">${clouds}</g>`,
        ),
        sky,
      };
    }
    case "linen": {
      // Raw linen, its weave showing where no thread is laid, sprigged with lazy-daisy flowers in coloured thread.
      const weave = `<pattern id="${pre}wv" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#d8c7a3"/><path d="M0 1.5H6M0 4.5H6" stroke="#c4b08a" stroke-width="1.2"/><path d="M1.5 0V6M4.5 0V6" stroke="#e8dbbd" stroke-width="0.9"/></pattern>`;
      const threads = ["#b8322a", "#2d4f8f", "#c98a1e", "#3f7a3a"];
      // The sprigs are worked once on the cloth: the same places on every card, whatever the theme.
      const needle = makeRng(0x5eed11);
      let sprigs = "";
      for (let i = 0; i < 18; i++) {
        const [x, y, r] = [needle.range(30, 570), needle.range(30, 560), needle.range(8, 13)];
        const turn = needle.range(0, 72);
        let petals = "";
        for (let k = 0; k < 5; k++) {
          const t = ((turn + k * 72) * Math.PI) / 180;
          petals += `M${n1(x + Math.cos(t) * 3)} ${n1(y + Math.sin(t) * 3)}L${n1(x + Math.cos(t) * r)} ${n1(y + Math.sin(t) * r)}`;
        }
        sprigs += `<path d="${petals}" stroke="${threads[i % threads.length]}" stroke-width="3.4" stroke-linecap="round"/><circle cx="${n1(x)}" cy="${n1(y)}" r="2.4" fill="${threads[(i + 2) % threads.length]}"/>`;
      }
      // The sky worked in long stitches of pale blue thread across the top of the cloth, fading into the bare linen.
      const stitched = `<pattern id="${pre}sts" width="14" height="6" patternUnits="userSpaceOnUse"><rect width="14" height="6" fill="#9dbbe0"/><path d="M1 1.6H12M8 4.6H14M0 4.6H5" stroke="#7a9fd0" stroke-width="1.5" stroke-linecap="round"/></pattern>`;
      const band = `<path d="M0 0H${W}V250Q450 290 300 268T0 280Z" fill="url(#${pre}sts)"/>`;
      return { defs: weave + stitched + pattern(`${rect(`url(#${pre}wv)`)}${band}${sprigs}`), sky };
    }
    case "drawing paper": {
      // Charcoal rubbed thick into white paper along the top and soon thinning to the bare sheet, lifted out in pale strokes where the light is.
      let lifted = "";
      for (let i = 0; i < 9; i++)
        lifted += `<path d="M${n1(rng.range(-60, 540))} ${n1(rng.range(20, 480))}q${n1(rng.range(60, 120))} ${n1(rng.range(-30, 30))} ${n1(rng.range(180, 300))} ${n1(rng.range(-20, 20))}" stroke="#f7f5ef" stroke-width="${n1(rng.range(8, 22))}" opacity="0.22" fill="none" stroke-linecap="round"/>`;
      return {
        defs: gradientSky(
          [
            [0, "#262625"],
            [0.14, "#545350"],
            [0.38, "#d9d7d0"],
            [1, "#faf9f5"],
          ],
          `${lifted}`,
        ),
        sky,
      };
    }
    case "toned paper": {
      // Pastel paper of the darkest slate green, nearly black, chalk dragged across it in light strokes.
      let chalk = "";
      const colors = ["#f3d7c6", "#f7efc1", "#d9e6f2", "#ffffff"];
      for (let i = 0; i < 80; i++) {
        const x = rng.range(-20, 600);
        const y = rng.range(0, 620);
        chalk += `<path d="M${n1(x)} ${n1(y)}l${n1(rng.range(30, 70))} ${n1(rng.range(-14, -4))}" stroke="${rng.pick(colors)}" stroke-width="${n1(rng.range(4, 9))}" opacity="0.55"/>`;
      }
      return { defs: pattern(`${rect("#1b231f")}<g stroke-linecap="round">${chalk}</g>`), sky };
    }
    case "venetian blinds": {
      // Black night cut by the bars of light a blind lets through.
      return {
        defs: pattern(
          `<rect width="60" height="40" fill="#0b0b0b"/><rect y="8" width="60" height="16" fill="#9a9a9a"/><rect y="24" width="60" height="3" fill="#cfcfcf"/>`,
          60,
          40,
          ` patternTransform="rotate(-24)"`,
        ),
        sky,
      };
    }
    case "swirling sky": {
      // A sky in bands of red, orange and yellow, writhing as an expressionist's does.
      let bands = "";
      const colors = ["#c8321e", "#e8631f", "#f2a12c", "#f7cf4a", "#e8631f", "#b82a2a", "#f2a12c", "#e05a1f", "#f7cf4a", "#c8321e"];
      for (let i = 0; i < colors.length; i++) {
        const y = 20 + i * 62;
        const a = 26 + (i % 3) * 8;
        bands += `<path d="M-20 ${y}C120 ${y - a} 200 ${y + a} 320 ${y}S520 ${y - a} 640 ${y}" stroke="${colors[i]}" stroke-width="58" fill="none"/>`;
      }
      return { defs: pattern(`${rect("#e8631f")}${bands}`), sky };
    }
    case "brick wall": {
      // A brick wall the picture is sprayed on.
      return {
        defs: pattern(
          `<rect width="64" height="40" fill="#d6cdc2"/><rect x="1.5" y="1.5" width="61" height="17" fill="#a7472f"/><rect x="-30.5" y="21.5" width="61" height="17" fill="#94402c"/><rect x="33.5" y="21.5" width="61" height="17" fill="#b3553a"/>`,
          64,
          40,
        ),
        sky,
      };
    }
    case "blueprint": {
      // Prussian blue paper under a white drafting grid.
      return {
        defs: pattern(
          `<rect width="100" height="100" fill="#2259a6"/><path d="M0 20H100M0 40H100M0 60H100M0 80H100M20 0V100M40 0V100M60 0V100M80 0V100" stroke="#cfe3ff" stroke-width="0.6" opacity="0.45"/><path d="M0 0.6H100M0.6 0V100" stroke="#e6f0ff" stroke-width="1.4" opacity="0.75"/>`,
          100,
          100,
        ),
        sky,
        floor: `url(#${id})`,
      };
    }
    case "facet dawn":
      // A rendered morning: pale aqua, sky blue and lilac facets over green slopes, lit as a low-poly scene is.
      return {
        defs: facetField(pre, seed, [hsl(196, 42, 80), hsl(212, 55, 86), hsl(240, 45, 88), hsl(262, 40, 84), hsl(150, 38, 42), hsl(160, 36, 30)]),
        sky,
      };
    case "facet ochre":
      return {
        defs: facetField(pre, seed, [hsl(30, 46, 36), hsl(36, 52, 46), hsl(36, 10, 36), hsl(30, 44, 38), hsl(24, 40, 28), hsl(30, 10, 22)]),
        sky,
      };
    case "riso paper": {
      // Off-white paper, the sky a heavy screen of blue ink barely fading into it, a pink sun printed over.
      const defs = [
        `<pattern id="${pre}gdot" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(30)"><circle cx="3.5" cy="3.5" r="3.4" fill="#1c5fd6"/></pattern>`,
        `<linearGradient id="${pre}gfade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="0.75" stop-color="#fff" stop-opacity="0.8"/></linearGradient>`,
        `<mask id="${pre}gmask">${rect(`url(#${pre}gfade)`)}</mask>`,
        pattern(
          `${rect("#f4efe2")}<rect width="${W}" height="${H}" fill="url(#${pre}gdot)" mask="url(#${pre}gmask)"/>${sun ? `<circle data-ornament="sun" cx="${rng.chance(0.5) ? 170 : 430}" cy="250" r="110" fill="#ff4fa3" opacity="0.85"/>` : ""}`,
        ),
      ];
      return { defs: defs.join(""), sky };
    }
    case "paper layers": {
      // Sheets of paper cut in waves and stacked, each casting a thin shadow on the next.
      let layers = "";
      const colors = ["#f9d9a6", "#f5b07e", "#ea8566", "#cc5d6b", "#93416a", "#5b2c5e"];
      colors.forEach((c, i) => {
        const y = 60 + i * 100;
        const a = 22 + (i % 2) * 14;
        const d = `M-10 ${y}C100 ${y - a} 200 ${y + a} 300 ${y}S500 ${y - a} 610 ${y}V${H}H-10Z`;
        layers += `<path d="${d}" fill="#0f2f36" opacity="0.35" transform="translate(0 -5)"/><path d="${d}" fill="${c}"/>`;
      });
      return { defs: pattern(`${rect("#fbf6e8")}${layers}`), sky };
    }
    case "faded photo": {
      // An old print's browns, darkening to its corners, with the foxing spots of age.
      let foxing = "";
      for (let i = 0; i < 16; i++)
        foxing += `<circle cx="${n1(rng.range(0, W))}" cy="${n1(rng.range(0, H))}" r="${n1(rng.range(1.5, 5))}" fill="#6b4a26" opacity="${n1(rng.range(0.2, 0.45))}"/>`;
      const defs = [
        grad(
          "gsky",
          stops([
            [0, "#9c7b50"],
            [0.55, "#d6bf96"],
            [1, "#b89a6c"],
          ]),
        ),
        `<radialGradient id="${pre}gvig" cx="50%" cy="42%" r="68%"><stop offset="0.35" stop-color="#2a1a0c" stop-opacity="0"/><stop offset="1" stop-color="#2a1a0c" stop-opacity="0.85"/></radialGradient>`,
        pattern(`${rect(`url(#${pre}gsky)`)}${rect(`url(#${pre}gvig)`)}${foxing}`),
        // The earth and water under the same vignette.
        `<pattern id="${pre}gflr" width="${W}" height="${H}" patternUnits="userSpaceOnUse">${rect("#7a5c3a")}${rect(`url(#${pre}gvig)`)}</pattern>`,
      ];
      return { defs: defs.join(""), sky, floor: `url(#${pre}gflr)` };
    }
    case "brass": {
      // A dome of copper gone green with verdigris, the great brass wheels of a machine turning before it.
      let gears = "";
      for (let i = 0; i < 4; i++) {
        const [cx, cy, r] = [rng.range(60, 540), rng.range(80, 420), rng.range(50, 110)];
        const teeth = Math.round(r / 8);
        let d = "";
        for (let t = 0; t < teeth * 2; t++) {
          const a = (t / (teeth * 2)) * Math.PI * 2;
          const rr = t % 2 ? r : r * 1.14;
          d += `${t ? "L" : "M"}${n1(cx + Math.cos(a) * rr)} ${n1(cy + Math.sin(a) * rr)}`;
        }
        gears += `<path d="${d}Z" fill="#2a1d12" fill-opacity="0.25" stroke="#c8923a" stroke-width="6" opacity="0.85"/><circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r * 0.35)}" fill="none" stroke="#c8923a" stroke-width="6" opacity="0.85"/>`;
      }
      return {
        defs: gradientSky(
          [
            [0, "#1fb0ac"],
            [0.5, "#38c4bb"],
            [1, "#9ee6da"],
          ],
          `${gears}`,
        ),
        sky,
      };
    }
    case "lapis": {
      // Lapis blue with gold clouds curling in bands, as in a Persian miniature.
      let clouds = "";
      for (let i = 0; i < 6; i++) {
        const x = rng.range(20, 480);
        const y = rng.range(60, 460);
        clouds += `<path d="M${n1(x)} ${n1(y)}c20 -26 50 -26 60 0c10 -18 40 -18 46 0c14 -8 30 0 26 14" fill="none" stroke="#e9c15a" stroke-width="5"/>`;
      }
      return {
        defs: gradientSky(
          [
            [0, "#142f86"],
            [0.7, "#2457b8"],
            [1, "#4b86d2"],
          ],
          `${clouds}`,
        ),
        sky,
      };
    }
    case "dappled": {
      // A sunset sky in broken dabs of colour laid side by side, as a painter in the open air lays them.
      let dabs = "";
      const colors = ["#f7c35a", "#f4a46b", "#fff0b8", "#c97fb8", "#7fa8d8"];
      for (let i = 0; i < 220; i++)
        dabs += `<ellipse cx="${n1(rng.range(0, W))}" cy="${n1(rng.range(0, 640))}" rx="${n1(rng.range(6, 11))}" ry="3.6" transform="rotate(${rng.int(-35, -15)})" fill="${rng.pick(colors)}" opacity="0.8"/>`;
      return { defs: pattern(`${rect("#e2832f")}${dabs}`), sky };
    }
    case "red field":
      return {
        defs: pattern(
          `<rect width="30" height="30" fill="#c21f2c"/><circle cx="15" cy="15" r="3" fill="#ffd23f"/><circle cx="0" cy="0" r="2" fill="#1fa36b"/><circle cx="30" cy="30" r="2" fill="#1fa36b"/>`,
          30,
          30,
        ),
        sky,
      };
    case "indigo": {
      // Indigo dyed cloth, the wax's cracks letting the dye in as fine pale lines.
      let cracks = "";
      for (let i = 0; i < 30; i++) {
        let x = rng.range(0, W);
        let y = rng.range(0, 640);
        let d = `M${n1(x)} ${n1(y)}`;
        for (let j = 0; j < 4; j++) {
          x += rng.range(-40, 40);
          y += rng.range(-30, 30);
          d += `L${n1(x)} ${n1(y)}`;
        }
        cracks += d;
      }
      // Kawung: four waxed ovals round a soga-brown eye, in rows across the cloth (a small tile).
      const kawung = `<pattern id="${pre}kaw" width="48" height="48" patternUnits="userSpaceOnUse"><g fill="#efe2bd" stroke="#8a5a2b" stroke-width="1.2"><ellipse cx="24" cy="12" rx="6.5" ry="10"/><ellipse cx="24" cy="36" rx="6.5" ry="10"/><ellipse cx="12" cy="24" rx="10" ry="6.5"/><ellipse cx="36" cy="24" rx="10" ry="6.5"/></g><circle cx="24" cy="24" r="2.6" fill="#8a5a2b"/><circle cx="0" cy="0" r="3" fill="#efe2bd"/><circle cx="48" cy="48" r="3" fill="#efe2bd"/><circle cx="0" cy="48" r="3" fill="#efe2bd"/><circle cx="48" cy="0" r="3" fill="#efe2bd"/></pattern>`;
      return {
        defs:
          kawung +
          pattern(
            `${rect("#1c2f6e")}<rect width="${W}" height="${H}" fill="url(#${pre}kaw)"/><path d="${cracks}" stroke="#8fa6dc" stroke-width="1.3" fill="none" opacity="0.7"/>`,
          ),
        sky,
      };
    }
    case "papyrus": {
      // A tomb wall's golden ochre, with its registers ruled across in blue and red.
      return {
        defs: pattern(
          `<rect width="80" height="120" fill="#d9a441"/><path d="M0 10H80M0 34H80M0 61H80M0 90H80" stroke="#b9832a" stroke-width="2" opacity="0.6"/><path d="M0 118H80" stroke="#2a4fa0" stroke-width="4"/><path d="M0 113H80" stroke="#b5402a" stroke-width="3"/>`,
          80,
          120,
        ),
        sky,
      };
    }
    case "starry vault": {
      // A vault of midnight-blue tesserae strewn with gold stars, as in Ravenna's chapels.
      const star = (x: number, y: number, r: number) =>
        `<path d="M${x} ${y - r}L${x + r * 0.3} ${y - r * 0.3}L${x + r} ${y}L${x + r * 0.3} ${y + r * 0.3}L${x} ${y + r}L${x - r * 0.3} ${y + r * 0.3}L${x - r} ${y}L${x - r * 0.3} ${y - r * 0.3}Z" fill="#f0c65a"/>`;
      return {
        defs: pattern(
          `<rect width="90" height="90" fill="#0c1a44"/>${star(22, 24, 11)}${star(68, 66, 8)}<circle cx="66" cy="18" r="3" fill="#f0c65a"/><circle cx="20" cy="70" r="3" fill="#f0c65a"/>`,
          90,
          90,
        ),
        sky,
      };
    }
    case "rice paper": {
      // Rice paper, and mountains washed in ink behind the scene, paler as they recede into the mist.
      let peaks = "";
      for (const [base, tone, op] of [
        [420, "#6e6a64", 0.5],
        [520, "#24211e", 0.72],
      ] as const) {
        let d = `M-10 ${base + 200}V${base}`;
        let x = -10;
        while (x < 610) {
          const w = rng.range(70, 150);
          d += `Q${n1(x + w * 0.35)} ${n1(base - rng.range(140, 280))} ${n1(x + w * 0.5)} ${n1(base - rng.range(120, 240))}T${n1(x + w)} ${n1(base - rng.range(0, 40))}`;
          x += w;
        }
        peaks += `<path d="${d}V${base + 200}Z" fill="${tone}" opacity="${op}"/>`;
      }
      const defs = [
        `<linearGradient id="${pre}gmist" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#f5f1e8" stop-opacity="0"/><stop offset="0.85" stop-color="#f5f1e8" stop-opacity="0.9"/></linearGradient>`,
        pattern(`${rect("#f5f1e8")}${peaks}${rect(`url(#${pre}gmist)`)}`),
      ];
      return { defs: defs.join(""), sky };
    }
    case "carved lines": {
      // Cream paper under lines gouged in the block: the ink stands between them.
      return {
        defs: pattern(`<rect width="40" height="14" fill="#efe4cf"/><path d="M0 4Q10 1 20 4T40 4" stroke="#1a1410" stroke-width="4.4" fill="none"/>`, 40, 14),
        sky,
      };
    }
    case "storybook dusk": {
      // A picture book's sky painted flat and opaque, deep teal over mustard, with a few cream clouds laid on thick.
      let clouds = "";
      for (let i = 0; i < 3; i++) {
        const [x, y, w] = [rng.range(20, 440), 110 + i * 120 + rng.range(-20, 20), rng.range(130, 190)];
        clouds += `<path d="M${n1(x)} ${n1(y)}a${n1(w * 0.22)} ${n1(w * 0.2)} 0 0 1 ${n1(w * 0.36)} -${n1(w * 0.12)}a${n1(w * 0.24)} ${n1(w * 0.24)} 0 0 1 ${n1(w * 0.42)} ${n1(w * 0.02)}a${n1(w * 0.16)} ${n1(w * 0.15)} 0 0 1 ${n1(w * 0.22)} ${n1(w * 0.1)}Z" fill="#fbeed2"/>`;
      }
      const defs = [
        grad(
          "gsky",
          stops([
            [0, "#0f5a5c"],
            [0.35, "#1f7f78"],
            [0.6, "#e8a53a"],
            [1, "#f4cf74"],
          ]),
        ),
        pattern(`${rect(`url(#${pre}gsky)`)}${clouds}`),
      ];
      return { defs: defs.join(""), sky };
    }
    case "specimen paper":
      return { defs: pattern(`${rect("#fbf8ef")}<path d="M40 ${H - 200}H560" stroke="#b9ad92" stroke-width="0.8"/>`), sky };
    case "parchment": {
      // The old printed books' hand colouring: a sky washed in pale blue over the parchment, cut in level lines.
      let lines = "";
      for (let y = 6; y < H; y += 9) lines += `M0 ${y}H${W}`;
      const defs = [
        `<radialGradient id="${pre}gpar" cx="50%" cy="40%" r="75%"><stop offset="0.45" stop-color="#f0e0b8"/><stop offset="1" stop-color="#cdb07a"/></radialGradient>`,
        pattern(`${rect(`url(#${pre}gpar)`)}${rect("#9db4dc", ` opacity="0.8"`)}<path d="${lines}" stroke="#2b2a33" stroke-width="1" opacity="0.3"/>`),
      ];
      return { defs: defs.join(""), sky };
    }
    case "moonlit night": {
      // A cold blue-black night, a great moon in its halo (unless the card has a sun of its own), thin clouds lit silver drifting across it.
      const mx = rng.chance(0.5) ? 170 : 430;
      let clouds = "";
      for (let i = 0; i < 4; i++) {
        const y = 120 + i * 70 + rng.range(-16, 16);
        const x = rng.range(-120, 260);
        const w = rng.range(280, 420);
        clouds += `<path d="M${n1(x)} ${n1(y)}q${n1(w * 0.3)} -22 ${n1(w * 0.55)} -6t${n1(w * 0.45)} 4q-${n1(w * 0.5)} 16 -${n1(w)} 2Z" fill="#9fb3cf" opacity="${n1(0.3 + (i % 2) * 0.15)}"/>`;
      }
      return {
        defs: gradientSky(
          [
            [0, "#04060e"],
            [0.35, "#0d1a34"],
            [0.7, "#26426a"],
            [1, "#5a7698"],
          ],
          `${sun ? `<circle cx="${mx}" cy="180" r="210" fill="#b8c8e0" opacity="0.1"/><circle cx="${mx}" cy="180" r="140" fill="#c8d6ea" opacity="0.16"/><circle cx="${mx}" cy="180" r="88" fill="#eef2f7"/>` : ""}${clouds}`,
        ),
        sky,
      };
    }
    case "lacquer fans": {
      // Rows of gold fans on black lacquer, each ringed in black, overlapping like scales.
      const fan = (x: number, y: number) =>
        `<path d="M${x - 24} ${y}A24 24 0 0 1 ${x + 24} ${y}Z" fill="#d9b45a"/><path d="M${x - 16} ${y}A16 16 0 0 1 ${x + 16} ${y}M${x - 8} ${y}A8 8 0 0 1 ${x + 8} ${y}" fill="none" stroke="#0b1f1c" stroke-width="2.4"/><path d="M${x} ${y}V${y - 24}" stroke="#0b1f1c" stroke-width="1.4"/>`;
      return { defs: pattern(`<rect width="48" height="32" fill="#0b1f1c"/>${fan(24, 32)}${fan(0, 16)}${fan(48, 16)}`, 48, 32), sky };
    }
    case "child's sky": {
      // White paper with the sky a deep band of blue scribbled along the top, as a child draws it.
      let scribble = "M-10 8";
      for (let x = -10; x < 620; x += 14) scribble += `L${x + 7} ${n1(rng.range(170, 210))}L${x + 14} ${n1(rng.range(0, 10))}`;
      return {
        defs: pattern(`${rect("#fbfaf5")}<path d="${scribble}" fill="none" stroke="#2f74e0" stroke-width="7" stroke-linejoin="round" opacity="0.85"/>`),
        sky,
      };
    }
    case "edo sky": {
      // Bokashi at night: black wiped from the block's top edge into Prussian blue, and beni red wiped up from the horizon, as in Hiroshige's night prints.
      return {
        defs: gradientSky(
          [
            [0, "#05070f"],
            [0.3, "#0b1226"],
            [0.52, "#16284e"],
            [0.66, "#a8483a"],
          ],
          "",
        ),
        sky,
      };
    }
    case "op rings": {
      // Rings of hot colour spreading from the middle, as on a sixties poster.
      const colors = ["#ff2e93", "#ff8a00", "#ffe600", "#3ad13a", "#1fb4ff", "#8a2be2"];
      let ringsOut = "";
      for (let i = 16; i >= 1; i--) ringsOut += `<circle cx="300" cy="380" r="${i * 34}" fill="${colors[i % colors.length]}"/>`;
      return { defs: pattern(ringsOut), sky };
    }
  }
}
