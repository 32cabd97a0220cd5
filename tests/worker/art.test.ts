import { describe, expect, it } from "vitest";
import { deckLook } from "../../app/art/deck-theme";
import { ART_STYLES, paintCardBackSvg, paintCardSvg, paintUnlabelledCardSvg, resolveStyle } from "../../app/art/local-art";
import { failurePlaceholderSvg } from "../../app/art/placeholder-card";
import { FULL_DECK, MAJOR_ARCANA } from "../../app/tarot/cards";
import { changeBetween, elementsOf, pictureArea, pictureOf, xmlProblem } from "./svg-check";

const THEME = "Moonlit tides";

const ids = (svg: string) => [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
const refs = (svg: string) => [...svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g)].map((m) => m[1]!);
const colours = (svg: string) => new Set([...svg.matchAll(/#[0-9a-f]{6}\b/g)].map((m) => m[0]));

describe("offline card painter", () => {
  it("is deterministic for the same theme, style and card", () => {
    for (const style of ART_STYLES) {
      for (const card of [FULL_DECK[0]!, FULL_DECK[17]!, FULL_DECK[40]!, FULL_DECK[77]!]) {
        expect(paintCardSvg({ card, theme: THEME, style })).toBe(paintCardSvg({ card, theme: THEME, style }));
      }
    }
  });

  it("paints 78 well-formed 600×800 faces that carry each card's name", () => {
    for (const style of ART_STYLES) {
      const faces = FULL_DECK.map((card) => paintCardSvg({ card, theme: THEME, style }));
      faces.forEach((svg, i) => {
        const card = FULL_DECK[i]!;
        expect(svg.startsWith("<svg")).toBe(true);
        expect(svg).toContain('viewBox="0 0 600 800"');
        expect(svg).toContain('width="600" height="800"');
        expect(svg).toContain(`>${card.name}<`);
        expect(xmlProblem(svg), `${style} ${card.key}`).toBeNull();
        expect(svg.length).toBeLessThan(60_000);
      });
    }
  });

  it("gives no two cards of a deck the same picture, in any style", { timeout: 60_000 }, () => {
    for (const style of ART_STYLES) {
      // Names, numerals, lettering, marks and ids taken out: only the drawing is compared.
      const pictures = FULL_DECK.map((card) => pictureOf(paintCardSvg({ card, theme: THEME, style })));
      expect(new Set(pictures).size, style).toBe(78);
      // The same with a bare frame, whose size does not follow the numeral.
      const bare = FULL_DECK.map((card) => pictureOf(paintUnlabelledCardSvg({ card, theme: THEME, style }, "p")));
      expect(new Set(bare).size, style).toBe(78);
      // Not by a detail either: any two cards differ in at least a tenth of their drawing.
      const elements = bare.map((svg) => elementsOf(svg));
      for (let i = 0; i < elements.length; i++)
        for (let j = i + 1; j < elements.length; j++)
          expect(changeBetween(elements[i]!, elements[j]!), `${style}: ${FULL_DECK[i]!.key} and ${FULL_DECK[j]!.key}`).toBeGreaterThan(0.1);
    }
  });

  it("keeps ids unique per document and resolves every reference", () => {
    for (const style of ART_STYLES) {
      const a = paintCardSvg({ card: FULL_DECK[0]!, theme: THEME, style });
      const b = paintCardSvg({ card: FULL_DECK[1]!, theme: THEME, style });
      const back = paintCardBackSvg({ theme: THEME, style });
      for (const svg of [a, b, back]) {
        const own = ids(svg);
        expect(new Set(own).size).toBe(own.length);
        for (const ref of refs(svg)) expect(own).toContain(ref);
      }
      const shared = ids(a).filter((id) => ids(b).includes(id) || ids(back).includes(id));
      expect(shared).toEqual([]);
    }
  });

  it("gives each of the seven styles a different rendering of the same card", () => {
    for (const card of [MAJOR_ARCANA[16]!, FULL_DECK.find((c) => c.key === "cups-03")!, FULL_DECK.find((c) => c.key === "swords-queen")!]) {
      const faces = ART_STYLES.map((style) => paintCardSvg({ card, theme: THEME, style }));
      expect(new Set(faces).size).toBe(ART_STYLES.length);
    }
    const pixel = paintCardSvg({ card: MAJOR_ARCANA[0]!, theme: THEME, style: "pixel art" });
    expect(pixel).toContain('shape-rendering="crispEdges"');
    expect(paintCardSvg({ card: MAJOR_ARCANA[0]!, theme: THEME, style: "watercolour" })).toContain("feTurbulence");
  });

  describe("draws each style with a technique of its own, inside the picture and not only in the frame", () => {
    // The Hermit (a night scene), the Emperor (a throne on bare ground) and a pip card.
    const cards = ["major-09", "major-04", "cups-03"].map((key) => FULL_DECK.find((c) => c.key === key)!);
    const areas = (style: string) => cards.map((card) => pictureArea(paintCardSvg({ card, theme: THEME, style })));
    const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;
    const shapes = (area: string) => area.match(/<(?:path|circle|ellipse|rect)\b[^>]*>/g) ?? [];
    const widths = (area: string) => [...area.matchAll(/stroke-width="([\d.]+)"/g)].map((m) => Number(m[1]));

    it("woodcut: ink and paper only, hatched tones, heavy cut outlines and a cut edge", () => {
      for (const area of areas("woodcut")) {
        expect(area).toMatch(/<g filter="url\(#[^)]*cut\)"/);
        expect(new Set(area.match(/#[0-9a-f]{6}\b/g)).size).toBeLessThanOrEqual(2);
        expect(count(area, /fill="url\(#[^)]*h[12sdw]\)"/g)).toBeGreaterThanOrEqual(5);
        expect(widths(area).filter((w) => w >= 3).length).toBeGreaterThanOrEqual(15);
      }
      const svg = paintCardSvg({ card: cards[0]!, theme: THEME, style: "woodcut" });
      expect(svg).toMatch(/<pattern id="[^"]*h1"[^>]*patternTransform="rotate\(45\)"/);
    });

    it("watercolour: the picture washed twice, once bled wide, in transparent layers on grained paper", () => {
      for (const area of areas("watercolour")) {
        expect(area).toMatch(/<use href="#[^"]*art" filter="url\(#[^)]*bleed\)"/);
        expect(area).toMatch(/<use href="#[^"]*art" filter="url\(#[^)]*wash\)"/);
        expect(area).toMatch(/filter="url\(#[^)]*grain\)"/);
        const filled = shapes(area).filter((e) => /fill="(?!none)/.test(e));
        expect(filled.filter((e) => /fill-opacity="0\.\d+"/.test(e)).length / filled.length).toBeGreaterThan(0.6);
      }
      // The wash pushes the edges about and darkens them, as pigment gathers at a wash's rim.
      expect(paintCardSvg({ card: cards[0]!, theme: THEME, style: "watercolour" })).toMatch(/<filter id="[^"]*wash"[^>]*>.*feDisplacementMap.*feMorphology/);
    });

    it("pixel art: nothing but square cells on a 48 by 64 grid with hard edges", () => {
      for (const area of areas("pixel art")) {
        expect(area).toContain('<g transform="scale(12.5)" shape-rendering="crispEdges">');
        expect(count(area, /<(?:path|circle|ellipse|polygon|line)\b/g)).toBe(0);
        const rects = [...area.matchAll(/<rect ([^>]*)\/>/g)].map((m) => m[1]!);
        expect(rects.length).toBeGreaterThan(300);
        for (const r of rects) for (const v of r.matchAll(/(?:x|y|width|height)="([^"]+)"/g)) expect(Number.isInteger(Number(v[1])), r).toBe(true);
      }
    });

    it("oil painting: modelled forms under a lit brush texture, with a vignette", () => {
      for (const area of areas("oil painting")) {
        expect(area).toMatch(/<g filter="url\(#[^)]*oil\)"/);
        expect(area).toMatch(/fill="url\(#[^)]*vig\)"/);
        const filled = shapes(area).filter((e) => /fill="(?!none)/.test(e));
        expect(filled.filter((e) => /fill="url\(#[^)]*g\d+\)"/.test(e)).length / filled.length).toBeGreaterThan(0.6);
      }
      expect(paintCardSvg({ card: cards[0]!, theme: THEME, style: "oil painting" })).toMatch(/<filter id="[^"]*oil"[^>]*>.*feTurbulence.*feDiffuseLighting/);
    });

    it("surrealist: a dream sky, objects adrift, cast shadows and a checkerboard floor", () => {
      const all = areas("surrealist");
      for (const area of all) {
        expect(area).toMatch(/<g filter="url\(#[^)]*shadow\)"/);
        expect(area).toMatch(/data-ornament="floating"/);
      }
      expect(all.filter((area) => /fill="url\(#[^)]*dream\)"/.test(area)).length).toBeGreaterThanOrEqual(2);
      expect(all.some((area) => /fill="url\(#[^)]*chk2?\)"/.test(area))).toBe(true);
    });

    it("art nouveau: a halo behind the figure, whiplash vines and flowers, and lines that swell with the form", () => {
      for (const area of areas("art nouveau")) {
        expect(count(area, /data-ornament="halo"/g)).toBe(1);
        expect(count(area, /data-ornament="whiplash"/g)).toBe(2);
        expect(count(area, /data-ornament="flower"/g)).toBe(2);
        const contour = [...area.matchAll(/stroke="#[0-9a-f]{6}" stroke-width="([\d.]+)"/g)].map((m) => Number(m[1]));
        expect(new Set(contour).size).toBeGreaterThanOrEqual(6);
        expect(Math.max(...contour) / Math.min(...contour)).toBeGreaterThan(2.5);
      }
    });

    it("minimalist: four inks, flat fills, one thin line, and the sky left open", () => {
      for (const area of areas("minimalist")) {
        expect(area).not.toMatch(/url\(#(?![^)]*w\))/);
        expect(new Set(area.match(/#[0-9a-f]{6}\b/g)).size).toBeLessThanOrEqual(4);
        expect(Math.max(...widths(area))).toBeLessThanOrEqual(2.4);
        expect(count(area, /fill="none"/g)).toBeGreaterThanOrEqual(1);
      }
    });

    it("differs from style to style in its drawing, with every colour taken out", () => {
      const shapesOnly = (svg: string) => svg.replace(/#[0-9a-f]{3,8}\b/gi, "").replace(/(?:rgba?|hsla?)\([^)]*\)/g, "");
      const stripped = ART_STYLES.map((style) => shapesOnly(pictureArea(paintCardSvg({ card: cards[0]!, theme: THEME, style }))));
      expect(new Set(stripped).size).toBe(ART_STYLES.length);
    });
  });

  it("maps free-text styles to the nearest treatment", () => {
    expect(resolveStyle("Watercolor")).toBe("watercolour");
    expect(resolveStyle("8-bit retro game")).toBe("pixel art");
    expect(resolveStyle("linocut print")).toBe("woodcut");
    expect(resolveStyle("Mucha poster")).toBe("art nouveau");
    expect(resolveStyle("baroque oil on canvas")).toBe("oil painting");
    expect(resolveStyle("clean flat line art")).toBe("minimalist");
    expect(resolveStyle("Dalí dreamscape")).toBe("surrealist");
    const unknown = resolveStyle("zzz qqq");
    expect(ART_STYLES).toContain(unknown);
    expect(resolveStyle("zzz qqq")).toBe(unknown);
  });

  it("escapes theme text that ends up in the document", () => {
    const theme = `<script>alert("x")</script> & 'quotes'`;
    for (const style of ART_STYLES) {
      const face = paintCardSvg({ card: MAJOR_ARCANA[1]!, theme, style });
      const back = paintCardBackSvg({ theme, style });
      for (const svg of [face, back]) {
        expect(svg).not.toContain("<script");
        expect(svg).toContain("&lt;script&gt;");
        expect(xmlProblem(svg)).toBeNull();
      }
    }
  });

  it("derives different palettes from different themes", () => {
    const a = deckLook("Moonlit tides");
    const b = deckLook("Desert sun");
    expect(a.colors).not.toEqual(b.colors);
    expect(deckLook("Moonlit tides")).toEqual(a);
    const card = MAJOR_ARCANA[19]!;
    const fa = colours(paintCardSvg({ card, theme: "Moonlit tides", style: "woodcut" }));
    const fb = colours(paintCardSvg({ card, theme: "Desert sun", style: "woodcut" }));
    expect([...fa].filter((c) => !fb.has(c)).length).toBeGreaterThan(0);
  });

  it("paints a deterministic card back per deck", () => {
    for (const style of ART_STYLES) {
      const back = paintCardBackSvg({ theme: THEME, style });
      expect(back).toBe(paintCardBackSvg({ theme: THEME, style }));
      expect(back).toContain('viewBox="0 0 600 800"');
      expect(xmlProblem(back)).toBeNull();
      expect(back).not.toBe(paintCardBackSvg({ theme: "Neon city oracle", style }));
    }
  });

  it("shows a calm, escaped 600×900 placeholder when remote art fails", () => {
    const svg = failurePlaceholderSvg("The High Priestess", `Tides <script>&"'`);
    expect(svg).toContain('viewBox="0 0 600 900"');
    expect(svg).toContain('width="600" height="900"');
    expect(svg).toContain("The High Priestess");
    expect(svg).toContain("&lt;script&gt;&amp;&quot;&apos;");
    expect(svg).not.toContain("<script");
    expect(xmlProblem(svg)).toBeNull();
    expect(failurePlaceholderSvg("The High Priestess", `Tides <script>&"'`)).toBe(svg);
  });

  it("flags malformed markup in the checker itself", () => {
    expect(xmlProblem("<svg><g></svg>")).not.toBeNull();
    expect(xmlProblem('<svg><text a="1">x < y</text></svg>')).not.toBeNull();
    expect(xmlProblem("<svg><text>a & b</text></svg>")).not.toBeNull();
    expect(xmlProblem('<svg><rect x="1"/><text>a &amp; b</text></svg>')).toBeNull();
  });
});
