import { describe, expect, it } from "vitest";
import { deckLook } from "../../app/art/deck-theme";
import { makeRng } from "../../app/art/kit";
import { ART_STYLES, paintCardSvg, paintSubjectSvg } from "../../app/art/local-art";
import { paintMajor } from "../../app/art/major-compositions";
import { markChain, Scene, type Item } from "../../app/art/scene";
import { themeProps } from "../../app/art/theme-staging";
import { castFor } from "../../app/art/subjects/cast";
import { guessSubject, parseTheme } from "../../app/art/subjects/parse-theme";
import { SUBJECT_BY_ID, SUBJECTS } from "../../app/art/subjects/vocabulary";
import { FULL_DECK, MAJOR_ARCANA } from "../../app/tarot/cards";
import { SAMPLES } from "./painter-fixtures";
import { elementChange, pictureOf, xmlProblem } from "./svg-check";

const subjectsIn = (svg: string) => new Set([...svg.matchAll(/data-subject="([^"]+)"/g)].map((m) => m[1]!));

function wellFormed(svg: string, label: string) {
  expect(xmlProblem(svg), label).toBeNull();
  expect(svg, label).not.toMatch(/NaN|undefined|Infinity/);
}

describe("the painter's vocabulary", () => {
  it("holds at least 150 subjects in every category, each with its own id and words", () => {
    expect(SUBJECTS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(SUBJECTS.map((s) => s.id)).size).toBe(SUBJECTS.length);
    const categories = new Set(SUBJECTS.map((s) => s.category));
    for (const c of ["creature", "person", "object", "plant", "place", "weather", "time", "era"]) expect(categories).toContain(c);
    const owner = new Map<string, string>();
    for (const s of SUBJECTS)
      for (const w of [s.id.replace(/-/g, " "), ...(s.words ?? [])]) {
        const word = w.toLowerCase();
        expect(owner.get(word) ?? s.id, `"${word}" names both ${owner.get(word)} and ${s.id}`).toBe(s.id);
        owner.set(word, s.id);
      }
    for (const s of SUBJECTS) for (const id of s.brings ?? []) expect(SUBJECT_BY_ID.has(id), `${s.id} brings ${id}`).toBe(true);
    // The subjects the issue names.
    for (const id of [
      "cat",
      "fox",
      "owl",
      "wolf",
      "deer",
      "raven",
      "koi",
      "dragon",
      "horse",
      "bee",
      "moth",
      "lantern",
      "teacup",
      "key",
      "book",
      "mask",
      "umbrella",
      "bicycle",
      "ship",
      "telescope",
      "birch",
      "mushroom",
      "lotus",
      "cactus",
      "rose",
      "sea",
      "snowfall",
      "desert",
      "city-street",
      "neon-signs",
      "temple",
      "castle",
      "library",
      "garden",
      "octopus",
      "comet",
      "nomad",
      "forest",
      "sunken-city",
      "moon",
      "mountain",
    ])
      expect(SUBJECT_BY_ID.has(id), id).toBe(true);
  });

  for (const style of ART_STYLES)
    it(`draws every subject as well-formed SVG in ${style}, marked with its name`, () => {
      for (const subject of SUBJECTS) {
        const svg = paintSubjectSvg({ subject: subject.id, style });
        wellFormed(svg, `${subject.id} in ${style}`);
        expect(subjectsIn(svg), `${subject.id} in ${style}`).toContain(subject.id);
      }
    });
});

describe("reading a theme", () => {
  it("finds the main subject, the setting and the details of the sample themes", () => {
    for (const sample of SAMPLES) {
      const parsed = parseTheme(sample.theme);
      expect(parsed.main, sample.theme).toBe(sample.main);
      expect([...parsed.setting].sort(), sample.theme).toEqual([...sample.setting].sort());
      expect(parsed.details, sample.theme).toEqual(sample.details);
    }
    expect(parseTheme("Cats ruling a neon Tokyo").time).toBe("night");
    expect(parseTheme("Foxes at dawn").time).toBe("dawn");
  });

  it("maps synonyms, plurals and phrases to their subjects", () => {
    const ids = (theme: string) =>
      parseTheme(theme)
        .found.filter((f) => !f.guessed)
        .map((f) => f.subject);
    const cases: [string, string[]][] = [
      ["cats", ["cat"]],
      ["a kitty", ["cat"]],
      ["kittens", ["cat"]],
      ["wolves", ["wolf"]],
      ["foxes", ["fox"]],
      ["mice", ["mouse"]],
      ["octopi", ["octopus"]],
      ["cacti", ["cactus"]],
      ["butterflies", ["butterfly"]],
      ["stags", ["deer"]],
      ["ravens and crows", ["raven"]],
      ["neon Tokyo", ["neon-signs", "city-street"]],
      ["snowy", ["snowfall"]],
      ["winter sea", ["snowfall", "sea"]],
      ["cherry blossoms", ["cherry-blossom"]],
      ["sunken cities", ["sunken-city"]],
      ["Northern Lights", ["aurora"]],
      ["paper cranes", ["paper-crane"]],
      ["an old library", ["library", "books"]],
      ["Koi ponds", ["koi", "lake"]],
    ];
    for (const [theme, expected] of cases) expect(ids(theme), theme).toEqual(expected);
  });

  it("sends unknown words to the nearest category, never to nothing", () => {
    expect(guessSubject("glimmerquasp")).toBe("talisman");
    expect(guessSubject("zorbinators")).toBe("wanderer");
    expect(guessSubject("quixland")).toBe("village");
    expect(guessSubject("the")).toBeNull();
    const parsed = parseTheme("Zorbinators of Quixland with a glimmerquasp");
    expect(parsed.found.map((f) => [f.subject, f.guessed])).toEqual([
      ["wanderer", true],
      ["village", true],
      ["talisman", true],
    ]);
    expect(parsed.main).toBeNull();
  });

  it("is deterministic", () => {
    for (const sample of SAMPLES) expect(parseTheme(sample.theme)).toEqual(parseTheme(` ${sample.theme.toUpperCase()} `));
  });
});

describe("the theme's subjects on the cards", () => {
  it("puts each sample theme's main subject on at least 15 of the 22 Major Arcana, in every style", { timeout: 30_000 }, () => {
    for (const sample of SAMPLES) {
      for (const style of ART_STYLES) {
        const carrying = MAJOR_ARCANA.filter((card) => subjectsIn(paintCardSvg({ card, theme: sample.theme, style })).has(sample.main));
        expect(carrying.length, `${sample.theme} in ${style}`).toBeGreaterThanOrEqual(15);
      }
    }
  });

  it("shows the setting on the cards", () => {
    for (const sample of SAMPLES) {
      const faces = MAJOR_ARCANA.map((card) => subjectsIn(paintCardSvg({ card, theme: sample.theme, style: "woodcut" })));
      for (const id of sample.setting) expect(faces.filter((f) => f.has(id)).length, `${sample.theme}: ${id}`).toBeGreaterThanOrEqual(20);
    }
  });

  it("keeps 78 well-formed faces with 78 different pictures for every sample theme, in every style", { timeout: 240_000 }, () => {
    for (const sample of SAMPLES)
      for (const style of ART_STYLES) {
        const faces = FULL_DECK.map((card) => paintCardSvg({ card, theme: sample.theme, style }));
        expect(new Set(faces.map(pictureOf)).size, `${sample.theme} in ${style}`).toBe(78);
        faces.forEach((svg, n) => {
          wellFormed(svg, `${sample.theme} ${FULL_DECK[n]!.key}`);
          expect(svg.length).toBeLessThan(90_000);
        });
      }
  });

  it("keeps every card's own symbols when the theme's creature plays the figure", () => {
    // Painting with and without the cast from the same seed: what the cast removes may only be the
    // person's skin, hair and face (and Death's skull, the Moon's dogs), never a card's props.
    const key = (item: Item) => JSON.stringify([item.g, item.p.fill ?? item.p.stroke]);
    for (const sample of SAMPLES) {
      const cast = castFor(sample.theme);
      for (const card of MAJOR_ARCANA) {
        const paint = (withCast: boolean) => {
          const s = new Scene();
          paintMajor(s, { rng: makeRng(7), look: deckLook(sample.theme), card, cast: withCast ? cast : undefined });
          return s.items;
        };
        const themed = new Set(paint(true).map(key));
        const lost = paint(false).filter((item) => !themed.has(key(item)));
        // The theme's own vessel and vehicle take the place of the Star's jugs and the chariot, still marked as them.
        const props = themeProps(cast);
        const replaced = (item: Item) =>
          !!item.m && markChain(item.m).some((m) => m.kind === "symbol" && ((m.name === "jug" && !!props.vessel) || (m.name === "chariot" && !!props.vehicle)));
        const allowed = (item: Item) =>
          replaced(item) ||
          ["skin", "hair", "red"].includes(item.p.fill ?? item.p.stroke ?? "") ||
          (card.number === 13 && ["pale", "dark"].includes(item.p.fill ?? "")) ||
          (card.number === 18 && ["pale", "stone2"].includes(item.p.fill ?? ""));
        expect(
          lost.filter((item) => !allowed(item)),
          `${sample.theme}: ${card.name}`,
        ).toEqual([]);
      }
    }
  });

  it("paints a theme without a known subject as before, with no subject marks", () => {
    const card = MAJOR_ARCANA[4]!;
    for (const style of ART_STYLES) {
      const svg = paintCardSvg({ card, theme: "Velvet reverie", style });
      wellFormed(svg, style);
      expect([...subjectsIn(svg)].filter((id) => id !== "talisman")).toEqual([]);
    }
  });
});

describe("repainting a card", () => {
  it("gives a visibly new picture of the same card for each repaint, and the same picture for the same repaint", { timeout: 60_000 }, () => {
    // Themes with subjects and without: a repaint must not lean on the theme's creatures to look new.
    const themes = [...SAMPLES.map((s) => s.theme), "Velvet reverie", "Moonlit tides"];
    const cards = ["major-00", "major-02", "major-04", "major-09", "major-10", "major-17", "cups-03", "swords-king", "pentacles-10", "wands-ace"].map((key) =>
      FULL_DECK.find((c) => c.key === key)!,
    );
    for (const theme of themes) {
      for (const card of cards) {
        for (const style of ["watercolour", "woodcut", "pixel art"]) {
          const paintings = [0, 1, 2, 3].map((variant) => paintCardSvg({ card, theme, style, variant }));
          // Every two of the four differ in a good share of their drawing elements, not in a few bytes.
          for (let i = 0; i < 4; i++)
            for (let j = i + 1; j < 4; j++)
              expect(elementChange(paintings[i]!, paintings[j]!), `${theme} ${card.key} ${style}: ${i} and ${j}`).toBeGreaterThan(0.3);
          expect(paintCardSvg({ card, theme, style, variant: 2 })).toBe(paintings[2]);
          for (const svg of paintings) {
            wellFormed(svg, card.key);
            expect(svg).toContain(`>${card.name}<`);
          }
        }
      }
    }
  });

  it("keeps the first painting as it was when no repaint is asked for", () => {
    const card = MAJOR_ARCANA[19]!;
    expect(paintCardSvg({ card, theme: "Moonlit tides", style: "woodcut", variant: 0 })).toBe(paintCardSvg({ card, theme: "Moonlit tides", style: "woodcut" }));
  });
});
