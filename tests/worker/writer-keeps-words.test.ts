/**
 * The local writer keeps the person's words: a typed subject the painter does not know (and draws
 * as a nearer motif) stays in the text as typed, titles end where a phrase ends, and readings name
 * the spread and read as sentences a person would write.
 */
import { describe, expect, it } from "vitest";
import { composeCardDescription, fallbackDeckDescription, fallbackReading } from "../../app/ai/fallbacks";
import { titleFromTheme } from "../../app/decks/create.server";
import { FULL_DECK } from "../../app/tarot/cards";
import { readingRequest } from "../../party/room/interpretation";
import { initialState, type RoomState } from "../../app/reading-room/state";
import { laidSpread } from "../../app/reading-room/custom-spreads";

/** Ten themes whose subjects lie outside the painter's vocabulary, the words that must stay, and what the template used to put in their place. */
const THEMES = [
  { theme: "Yokai spirits along a misty river at dusk", keep: ["yokai"], never: ["angel", "drifting fog", "first light"] },
  { theme: "my grandmother's seaside town with fishing boats", keep: ["seaside town"], never: ["elder", "city street"] },
  { theme: "Night market with ramen stalls", keep: ["night market"], never: ["wanderer", "in a market"] },
  { theme: "axolotls", keep: ["axolotl"], never: ["frog"] },
  { theme: "Lagos rush hour", keep: ["lagos rush hour"], never: ["talisman"] },
  { theme: "a Saami reindeer herd", keep: ["saami reindeer"], never: ["\\bdeer"] },
  { theme: "lighthouse keepers", keep: ["lighthouse keeper"], never: ["wanderer", "in a lighthouse"] },
  { theme: "jazz clubs of 1950s Harlem", keep: ["jazz club"], never: ["lute"] },
  { theme: "a coral reef", keep: ["coral reef"], never: ["corals\\b"] },
  { theme: "a bakery at dawn", keep: ["bakery"], never: ["first light"] },
];
/** The words of the description, which names every typed subject. */
const DESCRIBED: Record<string, string[]> = {
  "my grandmother's seaside town with fishing boats": ["seaside town", "fishing boats"],
  "Night market with ramen stalls": ["night market", "ramen stalls"],
  "jazz clubs of 1950s Harlem": ["jazz clubs", "harlem"],
  "Yokai spirits along a misty river at dusk": ["yokai spirits", "river", "dusk"],
};

describe("the writer keeps the typed subject", () => {
  it.each(THEMES)("in the description and every card of “$theme”", ({ theme, keep, never }) => {
    const description = fallbackDeckDescription(theme).toLowerCase();
    for (const word of [...keep, ...(DESCRIBED[theme] ?? [])]) expect(description, `${theme}: description`).toContain(word);
    for (const word of never) expect(description, `${theme}: description`).not.toMatch(new RegExp(word));
    for (const card of FULL_DECK) {
      const text = composeCardDescription({ card, theme, style: "woodcut", seed: "deck-1" }).toLowerCase();
      for (const word of keep) expect(text, `${theme}: ${card.key}`).toContain(word);
      for (const word of never) expect(text, `${theme}: ${card.key}`).not.toMatch(new RegExp(word));
    }
    // Deterministic: the same theme and seed give the same words.
    expect(fallbackDeckDescription(theme)).toBe(fallbackDeckDescription(theme));
  });

  it.each(THEMES)("in readings of “$theme”: no Major Arcana card, upright or reversed, is pictured as another subject", ({ theme, never }) => {
    for (const card of FULL_DECK.slice(0, 22))
      for (const reversed of [false, true]) {
        const text = fallbackReading({
          question: "What now?",
          spread: "three-card spread",
          cards: [
            { name: card.name, position: "Past", reversed },
            { name: "Three of Cups", position: "Present", reversed: !reversed },
            { name: "The Star", position: "Future", reversed: false },
          ],
          theme,
        }).toLowerCase();
        for (const word of never) expect(text, `${theme}: ${card.key}${reversed ? " reversed" : ""}`).not.toMatch(new RegExp(word));
      }
  });

  it("in a themed reading's picture of a Major Arcana card", () => {
    const text = fallbackReading({
      question: "What now?",
      spread: "three-card spread",
      cards: [{ name: "The Fool", position: "Past", reversed: false }],
      theme: "Yokai spirits along a misty river at dusk",
    });
    expect(text).toMatch(/Yokai spirit/);
    expect(text).not.toMatch(/angel/i);
  });
});

describe("titles from a theme", () => {
  it("end where a phrase ends, or keep the whole theme when it fits", () => {
    expect(titleFromTheme("Night market with ramen stalls and paper lanterns")).toBe("Night market with ramen stalls");
    expect(titleFromTheme("the iPhone oracle of NYC, in seven more words here")).toBe("The iPhone oracle of NYC");
    expect(titleFromTheme("my grandmother's seaside town with fishing boats")).toBe("My grandmother's seaside town");
    expect(titleFromTheme("Yokai spirits along a misty river at dusk")).toBe("Yokai spirits along a misty river");
    expect(titleFromTheme("Foxes in a snowy birch forest")).toBe("Foxes in a snowy birch forest");
    expect(titleFromTheme("cats ruling a neon Tokyo")).toBe("Cats ruling a neon Tokyo");
    for (const theme of ["Lanterns of the drowned cathedral beneath the winter sea and", "a fox and an owl and a hare and a bear in the woods"])
      expect(titleFromTheme(theme)).not.toMatch(/\s(?:and|of|the|a|an|in|with|beneath)$/i);
  });
});

describe("readings", () => {
  const glaze = {
    name: "Kiln & Clay",
    description: "What the fire makes of the work.",
    positions: [
      { name: "The clay", meaning: "what you start with", x: 1, y: 1, rotated: false },
      { name: "The fire", meaning: "what tests it", x: 2, y: 1, rotated: false },
      { name: "The glaze (what it becomes)", meaning: "the outcome", x: 3, y: 1, rotated: false },
    ],
  };

  it("name a spread of one's own by its name", () => {
    const state = initialState({
      host: { id: "u1", name: "Ana" },
      deckId: null,
      cards: [],
      at: 0,
      customSpread: laidSpread("s1", glaze),
    } as never) as RoomState;
    const request = readingRequest(state, null, "r1");
    expect(request.spread).toBe("Kiln & Clay");
    const text = fallbackReading({
      ...request,
      question: "Is the new studio right?",
      cards: glaze.positions.map((p, i) => ({ name: ["The Fool", "Four of Cups", "Justice"][i]!, position: p.name, reversed: false })),
    });
    expect(text).toContain("Kiln & Clay");
    expect(text).not.toContain("free layout");
  });

  it("never nest parentheses nor join a describing word to a thing", () => {
    const positions = ["The glaze (what it becomes)", "Outcome", "Where it goes (later)"];
    for (const card of FULL_DECK)
      for (const reversed of [false, true])
        for (const seed of ["a", "b", "c"]) {
          const text = fallbackReading({
            question: "",
            spread: "Kiln & Clay",
            seed,
            cards: positions.map((position, i) => ({ name: i === 0 ? card.name : ["The Star", "Justice"][i - 1]!, position, reversed: i === 0 && reversed })),
          });
          expect(text, `${card.key} ${reversed}`).not.toMatch(/\([^()]*\(/);
          expect(text, `${card.key} ${reversed}`).not.toMatch(
            /\b(?:unsettled|unfocused|demanding|domineering|stuck) and\b|\band (?:unsettled|unfocused|demanding|domineering|stuck)\b/,
          );
        }
  });
});
