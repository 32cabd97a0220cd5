import { describe, expect, it } from "vitest";
import { deckLook } from "../../app/art/deck-theme";
import { ART_STYLES, paintCardBackSvg, paintCardSvg, paintUnlabelledCardSvg, resolveStyle } from "../../app/art/local-art";
import { failurePlaceholderSvg } from "../../app/art/placeholder-card";
import { FULL_DECK, MAJOR_ARCANA } from "../../app/tarot/cards";
import { changeBetween, elementsOf, pictureOf, xmlProblem } from "./svg-check";

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
        for (let j = i + 1; j < elements.length; j++) expect(changeBetween(elements[i]!, elements[j]!), `${style}: ${FULL_DECK[i]!.key} and ${FULL_DECK[j]!.key}`).toBeGreaterThan(0.1);
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

  it("draws each style with a technique of its own, not only other colours", () => {
    const hermit = MAJOR_ARCANA[9]!;
    const face = (style: string) => paintCardSvg({ card: hermit, theme: THEME, style });
    const woodcut = face("woodcut");
    // Woodcut: hatched fills cut at 45 degrees, ink on paper, and a cut edge on every line.
    expect(woodcut).toMatch(/<pattern id="[^"]*h1"[^>]*patternTransform="rotate\(45\)"/);
    expect(woodcut).toMatch(/fill="url\(#[^)]*h[12sdw]\)"/);
    expect(woodcut).toMatch(/<filter id="[^"]*cut"/);
    // Watercolour: the picture painted twice, once bled wide and once washed, on grained paper.
    const watercolour = face("watercolour");
    expect(watercolour).toMatch(/<use href="#[^"]*art" filter="url\(#[^)]*bleed\)"/);
    expect(watercolour).toMatch(/<use href="#[^"]*art" filter="url\(#[^)]*wash\)"/);
    expect(watercolour).toMatch(/filter="url\(#[^)]*grain\)"/);
    // Pixel art: a grid of square cells with hard edges.
    const pixel = face("pixel art");
    expect(pixel).toContain('shape-rendering="crispEdges"');
    expect((pixel.match(/<rect /g) ?? []).length).toBeGreaterThan(300);
    // Oil painting: brush texture lit like paint.
    expect(face("oil painting")).toMatch(/<filter id="[^"]*oil"[^>]*>.*feDiffuseLighting/);
    // Surrealist: the dream sky and a skewed checkerboard floor.
    expect(face("surrealist")).toMatch(/<pattern id="[^"]*chk"[^>]*skewX/);
    // Art nouveau: the arched frame.
    expect(face("art nouveau")).toContain("C52 120 160 60 300 60");
    // With every colour taken out, the drawings still differ from style to style.
    const shapes = (svg: string) => svg.replace(/#[0-9a-f]{3,8}\b/gi, "").replace(/(?:rgba?|hsla?)\([^)]*\)/g, "");
    const stripped = ART_STYLES.map((style) => shapes(face(style)));
    expect(new Set(stripped).size).toBe(ART_STYLES.length);
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
