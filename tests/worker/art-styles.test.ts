/**
 * Styles typed in words and themes that shape the scene: every style of the vocabulary paints valid
 * cards, a style the vocabulary does not know goes to its nearest named styles, and two themes in one
 * style give two compositions, not one composition with two heads.
 */
import { describe, expect, it } from "vitest";
import { paintCardBackSvg, paintCardSvg, paintDeckCardSvg } from "../../app/art/local-art";
import { understandStyle } from "../../app/art/understand-style";
import { figureMark, figurePaintColors } from "../../app/art/figure-paints";
import { hex } from "../../app/art/kit";
import { BASE_STYLES } from "../../app/art/style-params";
import { NAMED_STYLES } from "../../app/art/style-vocabulary";
import { FULL_DECK } from "../../app/tarot/cards";
import { pictureOf, xmlProblem } from "./svg-check";

const THEME = "Cats ruling a neon Tokyo";
const card = (key: string) => FULL_DECK.find((c) => c.key === key)!;
/** One card of each kind of composition: a figure in a landscape, a vehicle, a wheel, a vessel, pips of each shape, a court card. */
const REPRESENTATIVE = ["major-00", "major-07", "major-10", "major-17", "cups-03", "swords-05", "pentacles-10", "wands-knight"].map(card);

const ids = (svg: string) => [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
const refs = (svg: string) => [...svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g)].map((m) => m[1]!);

function valid(svg: string, label: string) {
  expect(xmlProblem(svg), label).toBeNull();
  const known = new Set(ids(svg));
  for (const ref of refs(svg)) expect(known.has(ref), `${label}: #${ref}`).toBe(true);
}

/** The content of the first `<g data-…="name">` group, nested groups included. */
function group(svg: string, attr: string, name: string): string {
  const start = svg.indexOf(`<g ${attr}="${name}"`);
  if (start < 0) return "";
  let depth = 0;
  const tags = /<(\/?)g\b[^>]*>/g;
  tags.lastIndex = start;
  for (let m = tags.exec(svg); m; m = tags.exec(svg)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return svg.slice(start, m.index);
  }
  return svg.slice(start);
}

/** Where a group's shapes lie: the box around every point of its paths and circles. */
function box(fragment: string): [number, number, number, number] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [, d] of fragment.matchAll(/\sd="([^"]+)"/g)) {
    const nums = [...d!.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
    for (let i = 0; i + 1 < nums.length; i += 2) {
      xs.push(nums[i]!);
      ys.push(nums[i + 1]!);
    }
  }
  for (const m of fragment.matchAll(/cx="(-?[\d.]+)" cy="(-?[\d.]+)"/g)) {
    xs.push(Number(m[1]));
    ys.push(Number(m[2]));
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The scene graph without colours: which marked parts it has, in order, and the kinds of element drawn. */
function structure(svg: string) {
  const marks = [...svg.matchAll(/data-(subject|ornament)="([^"]+)"/g)].map((m) => `${m[1]}:${m[2]}`);
  const elements = [...svg.matchAll(/<(path|circle|ellipse|rect|line|text|use)\b/g)].map((m) => m[1]);
  return { marks: new Set(marks), elements };
}

describe("the style vocabulary", () => {
  it("names at least forty styles and techniques, each painted its own way", { timeout: 120_000 }, () => {
    expect(NAMED_STYLES.length).toBeGreaterThanOrEqual(40);
    for (const wanted of [
      "ukiyo-e",
      "stained glass",
      "art deco",
      "cyberpunk neon",
      "crayon",
      "linocut",
      "ink wash",
      "embroidery",
      "mosaic",
      "low-poly",
      "risograph",
      "tarot classic",
      "watercolour",
      "woodcut",
      "oil painting",
      "pixel art",
      "art nouveau",
    ])
      expect(NAMED_STYLES.map((s) => s.id)).toContain(wanted);
    // Every style gives the same card another picture: the parameters are really painted.
    const pictures = NAMED_STYLES.map((s) => pictureOf(paintCardSvg({ card: card("major-17"), theme: THEME, style: s.id })));
    expect(new Set(pictures).size).toBe(NAMED_STYLES.length);
  });

  it(
    "paints every one of the 78 cards, and the back, validly: every card in every way a style paints a shape, every style on every kind of composition",
    { timeout: 240_000 },
    () => {
      // A card's shapes go through the style's shape painter: each original treatment's own, or the vocabulary's by
      // texture, shading, outline, palette, ground and figure mark. The styles that between them paint a shape in every
      // such way paint all 78 cards; every style paints the back and one card of each kind of composition (its ground,
      // frame, ornament and defs, with and without the card's own sun).
      const ways = (s: (typeof NAMED_STYLES)[number]) => {
        const p = s.params;
        if ((BASE_STYLES as readonly string[]).includes(s.id)) return [`original:${s.id}`];
        return [
          `texture:${p.texture}`,
          `shading:${p.shading}`,
          `line:${p.line > 0 ? p.lineColor : "none"}`,
          `neon:${!!p.palette.neon}`,
          `paper:${!!p.palette.paper}`,
          `ground:${!!p.ground}`,
          `mark:${figureMark(p.figures)?.mark ?? "none"}`,
        ];
      };
      const unpainted = new Set(NAMED_STYLES.flatMap(ways));
      const everyCard = new Set<string>();
      while (unpainted.size) {
        const most = (s: (typeof NAMED_STYLES)[number]) => ways(s).filter((w) => unpainted.has(w)).length;
        const next = NAMED_STYLES.reduce((a, b) => (most(b) > most(a) ? b : a));
        everyCard.add(next.id);
        for (const w of ways(next)) unpainted.delete(w);
      }
      let painted = 0;
      for (const s of NAMED_STYLES) {
        for (const c of everyCard.has(s.id) ? FULL_DECK : REPRESENTATIVE) valid(paintCardSvg({ card: c, theme: THEME, style: s.id }), `${s.id} ${c.key}`);
        valid(paintCardBackSvg({ theme: THEME, style: s.id }), `${s.id} back`);
        painted += (everyCard.has(s.id) ? FULL_DECK.length : REPRESENTATIVE.length) + 1;
      }
      // Every original treatment paints every card, and the vocabulary's ways of painting a shape take more than a few styles.
      for (const base of BASE_STYLES) expect(everyCard.has(base), base).toBe(true);
      expect(everyCard.size).toBeGreaterThan(BASE_STYLES.length + 8);
      expect(painted).toBe(everyCard.size * 79 + (NAMED_STYLES.length - everyCard.size) * (REPRESENTATIVE.length + 1));
    },
  );

  it("paints the representative cards validly in another theme's setting, for every style", { timeout: 120_000 }, () => {
    for (const s of NAMED_STYLES)
      for (const c of REPRESENTATIVE) valid(paintCardSvg({ card: c, theme: "Lanterns on a winter sea", style: s.id }), `${s.id} ${c.key}`);
  });

  it("no longer paints cyberpunk neon, crayon or ukiyo-e as a woodcut", () => {
    const woodcut = pictureOf(paintCardSvg({ card: card("major-00"), theme: THEME, style: "woodcut" }));
    const seen = new Set([woodcut]);
    for (const style of ["cyberpunk neon", "crayon", "ukiyo-e"]) {
      expect(understandStyle(style).ids).toEqual([style]);
      const picture = pictureOf(paintCardSvg({ card: card("major-00"), theme: THEME, style }));
      expect(seen.has(picture), style).toBe(false);
      seen.add(picture);
    }
    // Each draws with its own means: a glow, a waxy tooth, bands of mist and a red seal.
    expect(paintCardSvg({ card: card("major-00"), theme: THEME, style: "cyberpunk neon" })).toMatch(/<filter id="[^"]*neon"[^>]*><feGaussianBlur/);
    expect(paintCardSvg({ card: card("major-00"), theme: THEME, style: "crayon" })).toMatch(/<filter id="[^"]*crayon"/);
    expect(paintCardSvg({ card: card("major-00"), theme: THEME, style: "ukiyo-e" })).toContain('data-ornament="kasumi"');
  });

  it("draws crayon as a child does: every shape hatched in waxy strokes on paper, no smooth gradient or soft light", () => {
    for (const theme of [THEME, "Grandmother's seaside town with fishing boats"]) {
      const svg = paintCardSvg({ card: card("major-00"), theme, style: "children's crayon" });
      expect(understandStyle("children's crayon").ids).toEqual(["crayon"]);
      expect(svg, theme).not.toMatch(/<(linear|radial)Gradient/);
      // Fills are hatchings (patterns of strokes at angles of their own), and the paper's tooth knocks flecks out of the wax.
      expect(svg.match(/fill="url\(#[a-z0-9]+cr\d+\)"/g)?.length ?? 0, theme).toBeGreaterThan(40);
      expect(svg).toMatch(/<pattern id="[a-z0-9]+cr0"[^>]*patternTransform="rotate\(-?\d+\)"><rect[^>]*\/><rect[^>]*\/><path d="M0 [\d.]+H9/);
      expect(svg).toMatch(/<filter id="[a-z0-9]+crayon"[^>]*>.*<feComposite in="d" in2="holes" operator="out"\/>/);
      expect(svg).toMatch(/<filter id="[a-z0-9]+grain"/);
    }
  });

  it("paints a style's own ground behind the figures, the same whatever the theme, with no filter", () => {
    const grounded = NAMED_STYLES.filter((s) => s.params.ground);
    expect(grounded.length).toBeGreaterThanOrEqual(30);
    const groundOf = (svg: string) => {
      const id = /<pattern id="([a-z0-9]+)gnd"/.exec(svg)?.[1];
      if (!id) return null;
      const start = svg.indexOf(`<pattern id="${id}gnd"`);
      return { id, pattern: svg.slice(start, svg.indexOf("</pattern>", start)).replaceAll(id, "") };
    };
    for (const s of grounded) {
      const svg = paintCardSvg({ card: card("major-17"), theme: THEME, style: s.id });
      const ground = groundOf(svg);
      expect(ground, s.id).not.toBeNull();
      // The sky is painted with it, and it costs no filter.
      expect(svg, s.id).toContain(`fill="url(#${ground!.id}gnd)"`);
      expect(ground!.pattern, s.id).not.toContain("filter");
    }
    // Gold leaf behind an icon, a diapered ground behind a miniature, a sunset behind synthwave: the same in two themes.
    for (const style of ["icon painting", "illuminated manuscript", "synthwave", "embroidery"]) {
      const [a, b] = [THEME, "Grandmother's seaside town with fishing boats"].map(
        (theme) => groundOf(paintCardSvg({ card: card("major-17"), theme, style }))!.pattern,
      );
      expect(a, style).toBe(b);
    }
    // A style without a ground of its own keeps the theme's sky.
    expect(groundOf(paintCardSvg({ card: card("major-17"), theme: THEME, style: "stained glass" }))).toBeNull();
  });

  it("paints a style's figures in its own colours whatever the theme, and lays its marks over them in small tiles with no filter", () => {
    const figured = NAMED_STYLES.filter((s) => s.params.figures);
    expect(figured.length).toBeGreaterThanOrEqual(20);
    for (const s of figured) {
      const own = figurePaintColors(s.params.figures!);
      for (const theme of ["Moonlit tides", "Grandmother's seaside town with fishing boats"]) {
        const svg = paintCardSvg({ card: card("major-00"), theme, style: s.id });
        // The Fool's robe and face, and the seaside town's front row of houses, take the style's colours, not the theme's
        // (a face or a wall cut into facets shows only its lit and shaded sides; a blueprint draws only the lines of its figures).
        const roles = (["robe2", "skin", "cloak"] as const).filter(
          (role) => own[role] && (role === "robe2" || s.params.texture !== "facets") && (role !== "cloak" || theme.includes("town")),
        );
        if (theme.includes("town")) expect(roles.length, s.id).toBeGreaterThan(0);
        for (const role of roles) expect(svg, `${s.id}, ${role}, ${theme}`).toContain(hex(own[role]!));
      }
    }
    // An icon's cinnabar, a tomb painting's ochre skin, a child's red crayon: each style's own.
    expect(understandStyle("icon painting").params.figures).not.toBe(understandStyle("impressionist").params.figures);
    expect(understandStyle("crayon").params.figures).not.toBe(understandStyle("ink wash").params.figures);
    // A look's figures win when two styles are composed, as its ground does.
    expect(understandStyle("art deco crayon").params.figures).toBe(understandStyle("art deco").params.figures);
    // Broken dabs, wax crackle, an icon's gold lines and a hologram's scan lines lie over the figures in a small tile, drawn without a filter.
    for (const style of ["impressionist", "batik", "icon painting", "cyberpunk neon"]) {
      const svg = paintCardSvg({ card: card("major-00"), theme: "Grandmother's seaside town with fishing boats", style });
      const id = /<pattern id="([a-z0-9]+)fmk"/.exec(svg)?.[1];
      expect(id, style).toBeTruthy();
      const start = svg.indexOf(`<pattern id="${id}fmk"`);
      const tile = svg.slice(start, svg.indexOf("</pattern>", start));
      expect(Number(/width="(\d+)"/.exec(tile)![1]), style).toBeLessThanOrEqual(30);
      expect(tile, style).not.toContain("filter");
      expect(svg.split(`fill="url(#${id}fmk)"`).length - 1, style).toBeGreaterThan(10);
    }
  });

  it("sets an icon in its panel (a round-headed arch in a cinnabar margin, not the oil painting's gilt frame) and a batik in its cloth's border", () => {
    const icon = paintCardSvg({ card: card("major-17"), theme: THEME, style: "icon painting" });
    const oil = paintCardSvg({ card: card("major-17"), theme: THEME, style: "oil painting" });
    const windowOf = (svg: string) => /<clipPath id="[a-z0-9]+w">(.*?)<\/clipPath>/.exec(svg)?.[1];
    expect(windowOf(icon)).toMatch(/^<path d="M56 300C56 150/);
    expect(windowOf(icon)).not.toBe(windowOf(oil));
    expect(icon).toContain('fill="#8a2416"');
    // A batik in its cloth's own border of waxed dots, no longer the tiled border a mosaic has.
    const batik = paintCardSvg({ card: card("major-17"), theme: THEME, style: "batik" });
    const mosaic = paintCardSvg({ card: card("major-17"), theme: THEME, style: "mosaic" });
    expect(batik).toMatch(/<pattern id="[a-z0-9]+pgr" width="18"/);
    expect(windowOf(batik)).not.toBe(windowOf(mosaic));
  });

  it("frames a blueprint as its own drawing sheet, a charcoal drawing on its board and art deco in jade, not the frames their neighbours share", () => {
    const windowOf = (svg: string) => /<clipPath id="[a-z0-9]+w">(.*?)<\/clipPath>/.exec(svg)?.[1];
    const paint = (style: string) => paintCardSvg({ card: card("cups-03"), theme: "Grandmother's seaside town with fishing boats", style });
    // A blueprint printed blue to its trim, its number and title in a title block, where the minimalist keeps its keyline.
    const [blueprint, minimalist] = [paint("blueprint"), paint("minimalist")];
    expect(blueprint).toContain('<path d="M24 0H576Q600 0 600 24V776Q600 800 576 800H24Q0 800 0 776V24Q0 0 24 0Z" fill="#1f5299"/>');
    expect(blueprint).toContain('<path d="M460 694V770M460 722H570"');
    expect(windowOf(blueprint)).not.toBe(windowOf(minimalist));
    // Charcoal's sheet taped to a grey-brown board, tape across its four corners; pastel keeps the plain hand-drawn border.
    const [charcoal, pastel] = [paint("charcoal"), paint("pastel")];
    expect(charcoal).toContain('fill="#6b6358" fill-rule="evenodd"');
    expect(charcoal.match(/<rect [^>]*fill="#d8c8a2"[^>]*transform="rotate/g)).toHaveLength(4);
    expect(pastel).not.toContain("#6b6358");
    // Art deco's gold lines on jade lacquer, whatever the theme's hue.
    expect(paint("art deco")).toContain('<path d="M24 0H576Q600 0 600 24V776Q600 800 576 800H24Q0 800 0 776V24Q0 0 24 0Z" fill="#0d4a3e"/>');
  });

  it("paints one sun on a card that has its own: the style's sky or corner sun gives way to the Fool's", () => {
    const suns = (svg: string) => (svg.match(/data-(?:symbol|ornament)="sun"/g) ?? []).length;
    // A child's corner sun, a risograph's pink sun and synthwave's striped sun, each in a day or sunset sky.
    for (const style of ["crayon", "risograph", "synthwave"])
      for (const theme of [THEME, "Grandmother's seaside town with fishing boats"]) {
        const fool = paintCardSvg({ card: card("major-00"), theme, style });
        expect(fool, `${style}, ${theme}`).toContain('data-symbol="sun"');
        expect(suns(fool), `${style}, ${theme}`).toBe(1);
        // A card with no sun of its own keeps the style's.
        expect(suns(paintCardSvg({ card: card("cups-03"), theme, style })), `${style}, ${theme}`).toBe(1);
      }
  });

  it("keeps the neon horizon's grid inside the picture, where the raster can blur it", () => {
    const svg = paintCardSvg({ card: card("major-17"), theme: "Moonlit tides", style: "synthwave" });
    const grid = group(svg, "data-ornament", "grid");
    const xs = [...grid.matchAll(/x[12]="(-?[\d.]+)"/g)].map((m) => Number(m[1]));
    expect(xs.length).toBeGreaterThan(20);
    for (const x of xs) expect(x).toBeGreaterThanOrEqual(-10);
    for (const x of xs) expect(x).toBeLessThanOrEqual(610);
  });

  it("reads a style it does not know as its nearest named styles", () => {
    const both = understandStyle("neon crayon");
    expect([...both.ids].sort()).toEqual(["crayon", "cyberpunk neon"]);
    expect(both.params.texture).toBe("crayon");
    expect(both.params.palette.neon).toBe(true);
    expect(both.sentence).toBe("Understood as crayon with the colours of cyberpunk neon.");
    expect([...understandStyle("surreal ukiyoe").ids].sort()).toEqual(["surrealist", "ukiyo-e"]);
    expect(understandStyle("ukiyoe").ids[0]).toBe("ukiyo-e");
    expect(understandStyle("stainedglas windoww").ids[0]).toBe("stained glass");
    expect(understandStyle("Japanese woodblock print of the Edo period").ids).toEqual(["ukiyo-e"]);
    const unknown = understandStyle("zzz qqq");
    expect(unknown.how).toBe("unknown");
    expect(understandStyle("zzz qqq")).toEqual(unknown);
    // The composed style is painted as composed: neither the crayon nor the neon alone.
    const pic = (style: string) => pictureOf(paintCardSvg({ card: card("major-17"), theme: THEME, style }));
    expect(new Set([pic("neon crayon"), pic("crayon"), pic("cyberpunk neon")]).size).toBe(3);
  });
});

describe("themes that shape the scene", () => {
  it("gives two themes in one style two compositions: other masses, in other places", () => {
    for (const style of ["ukiyo-e", "cyberpunk neon"]) {
      const city = paintCardSvg({ card: card("major-17"), theme: "Cats ruling a neon Tokyo", style });
      const forest = paintCardSvg({ card: card("major-17"), theme: "Foxes in a snowy birch forest", style });
      const a = structure(city);
      const b = structure(forest);
      // Other kinds of part: towers framing a street against trunks framing a wood.
      expect(a.marks.has("ornament:setting-city"), style).toBe(true);
      expect(b.marks.has("ornament:setting-forest"), style).toBe(true);
      expect([...a.marks].filter((m) => !b.marks.has(m)).length, style).toBeGreaterThan(2);
      expect(a.elements.length, style).not.toBe(b.elements.length);
    }
    // The card's main masses stand elsewhere: the street's view is closer, higher and to the side.
    for (const [key, symbol] of [
      ["major-04", "throne"],
      ["major-09", "lantern"],
      ["major-20", "angel"],
    ] as const) {
      const [ax0, ay0, ax1, ay1] = box(group(paintCardSvg({ card: card(key), theme: "Cats ruling a neon Tokyo", style: "ukiyo-e" }), "data-symbol", symbol));
      const [bx0, by0, bx1, by1] = box(
        group(paintCardSvg({ card: card(key), theme: "Foxes in a snowy birch forest", style: "ukiyo-e" }), "data-symbol", symbol),
      );
      expect(Math.abs((ax0 + ax1) / 2 - (bx0 + bx1) / 2) + Math.abs((ay0 + ay1) / 2 - (by0 + by1) / 2), key).toBeGreaterThan(25);
    }
  });

  it("draws the pips, the Star's vessels, the Chariot's car and the Wheel's hub as the theme's objects", () => {
    const theme = "Lanterns on a winter sea";
    const cups = paintCardSvg({ card: card("cups-03"), theme, style: "ukiyo-e" });
    const cupGroups = [...cups.matchAll(/<g data-symbol="cup"><g data-subject="lantern">/g)];
    expect(cupGroups.length).toBe(3);
    const star = paintCardSvg({ card: card("major-17"), theme, style: "ukiyo-e" });
    expect([...star.matchAll(/<g data-symbol="jug"><g data-subject="lantern">/g)].length).toBe(2);
    expect(paintCardSvg({ card: card("major-07"), theme, style: "ukiyo-e" })).toMatch(/<g data-symbol="chariot"><g data-subject="boat">/);
    expect(paintCardSvg({ card: card("major-10"), theme: "A clockwork city", style: "ukiyo-e" })).toMatch(/<g data-symbol="wheel">[\s\S]*data-subject="clock"/);
    // A theme without such objects keeps the classic emblems.
    expect(paintCardSvg({ card: card("cups-03"), theme: "Moonlit tides", style: "ukiyo-e" })).not.toContain('<g data-symbol="cup"><g data-subject=');
  });

  it("puts a seaside town on the shore of its sea, with the boats the theme names sailing on the water", () => {
    const subjects = (svg: string) => [...svg.matchAll(/data-subject="([a-z-]+)"/g)].map((m) => m[1]);
    for (const key of ["major-00", "cups-03"]) {
      const svg = paintCardSvg({ card: card(key), theme: "Grandmother's seaside town with fishing boats", style: "crayon" });
      const seen = subjects(svg);
      // The town first, the water over its foot, then at least two boats on the water.
      expect(seen.indexOf("city-street"), key).toBeGreaterThanOrEqual(0);
      expect(seen.indexOf("sea"), key).toBeGreaterThan(seen.indexOf("city-street"));
      expect(seen.filter((s) => s === "boat").length, key).toBeGreaterThanOrEqual(2);
    }
    // A town without water keeps its street where it was, and names no boat.
    expect(subjects(paintCardSvg({ card: card("cups-03"), theme: "Grandmother's town", style: "crayon" }))).not.toContain("boat");
  });

  it("adds a card's own words to its painting within the deck's theme and colours", async () => {
    const secret = "0123456789abcdef0123456789abcdef";
    const input = { card: card("cups-03"), theme: "Moonlit forest", style: "watercolour" };
    const plain = await paintDeckCardSvg(input, secret);
    const asked = await paintDeckCardSvg({ ...input, prompt: "with a lighthouse" }, secret);
    expect(plain).not.toContain('data-subject="lighthouse"');
    expect(asked).toContain('data-subject="lighthouse"');
    // Still the deck's forest and its palette: the same sky colour, the forest still standing.
    const sky = (svg: string) => svg.match(/fill="(#[0-9a-f]{6})"/)?.[1];
    expect(sky(asked)).toBe(sky(plain));
    expect(asked).toContain('data-subject="forest"');
  });

  it("lights the scene by the theme's time of day and weather", () => {
    const night = paintCardSvg({ card: card("major-00"), theme: "Cats ruling a neon Tokyo", style: "ukiyo-e" });
    const plain = paintCardSvg({ card: card("major-00"), theme: "Cats in a garden", style: "ukiyo-e" });
    expect(group(night, "data-ornament", "light").length).toBeGreaterThan(group(plain, "data-ornament", "light").length);
  });
});
