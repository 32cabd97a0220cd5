/**
 * The local writer: it writes about the subjects a theme names, in varied sentences, and never
 * pastes the theme's own text into a frame. Deterministic, so everything here is exact.
 */
import { describe, expect, it } from "vitest";
import { composeCardDescription, fallbackDeckDescription, fallbackReading, fallbackThemes } from "../../app/ai/fallbacks";
import { FULL_DECK, MAJOR_ARCANA } from "../../app/tarot/cards";
import { meaningOf } from "../../app/tarot/meanings";

/** The sample themes, with the subject that plays the figures and every word the writer may use for the theme's subjects. */
const SAMPLES = [
  { theme: "Cats ruling a neon Tokyo", subject: "cat", words: ["cats", "cat", "city streets", "city street", "crowns", "crown"] },
  { theme: "Foxes in a snowy birch forest", subject: "fox", words: ["foxes", "fox", "forest", "snowfall", "snow", "birches", "birch"] },
  { theme: "Lanterns on a winter sea", subject: "lantern", words: ["lanterns", "lantern", "sea", "snowfall", "snow"] },
  { theme: "Octopus librarians in a sunken city", subject: "octopus", words: ["octopuses", "octopus", "sunken city", "librarians", "librarian", "books"] },
  { theme: "Desert nomads under a comet", subject: "nomad", words: ["nomads", "nomad", "desert"] },
];

const deckOf = (theme: string) => FULL_DECK.map((card) => composeCardDescription({ card, theme, style: "woodcut" }));

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

/** A sentence with the theme's subject words masked, so the same sentence about another subject counts as the same. */
function masked(sentence: string, words: readonly string[]) {
  let out = sentence.toLowerCase();
  for (const word of words) out = out.replace(new RegExp(`\\b(?:an? )?${word}\\b`, "g"), "S");
  return out;
}

describe("the local writer", () => {
  it.each(SAMPLES)("writes the deck for “$theme” around its subject, in varied sentences, without pasting the theme", ({ theme, subject }) => {
    const texts = deckOf(theme);
    const raw = theme.toLowerCase();
    for (const text of texts) expect(text.toLowerCase()).not.toContain(raw);
    expect(new Set(texts).size).toBe(texts.length);
    // The subject is in the picture of most Major Arcana cards.
    const majors = texts.slice(0, MAJOR_ARCANA.length);
    expect(majors.filter((text) => text.toLowerCase().includes(subject)).length).toBeGreaterThanOrEqual(15);
    // The same theme always reads the same.
    expect(deckOf(theme)).toEqual(texts);
  });

  it.each(SAMPLES)("repeats no whole sentence of the “$theme” deck more than three times, subjects masked", ({ theme, words }) => {
    const counts = new Map<string, number>();
    for (const text of deckOf(theme)) for (const sentence of sentencesOf(text)) counts.set(masked(sentence, words), (counts.get(masked(sentence, words)) ?? 0) + 1);
    const repeated = [...counts].filter(([, n]) => n > 3);
    expect(repeated).toEqual([]);
  });

  it.each(SAMPLES)("ties the subjects of “$theme” to each card's own meaning", ({ theme, words }) => {
    FULL_DECK.forEach((card, i) => {
      const meaning = meaningOf(card);
      const keywords = [...meaning.upright.keywords, ...meaning.reversed.keywords].map((k) => k.toLowerCase());
      // Beyond the picture, some sentence holds both a subject of the theme and one of the card's words.
      const tied = sentencesOf(deckOf(theme)[i]!)
        .slice(1)
        .some((sentence) => masked(sentence, words).includes("S") && keywords.some((k) => sentence.toLowerCase().includes(k)));
      expect(tied, `${theme}: ${card.key}`).toBe(true);
    });
  });

  it("repeats no whole sentence more than three times in a deck whose theme names no subject", () => {
    const counts = new Map<string, number>();
    for (const text of deckOf("Velvet reverie")) for (const sentence of sentencesOf(text)) counts.set(sentence, (counts.get(sentence) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 3)).toEqual([]);
  });

  it.each(SAMPLES)("opens “$theme” into a deck description about its subjects, not around its words", ({ theme, subject }) => {
    const text = fallbackDeckDescription(theme);
    expect(text.toLowerCase()).not.toContain(theme.toLowerCase());
    expect(text.toLowerCase()).toContain(subject);
    expect(text.split(/(?<=[.!?])\s+/).length).toBeGreaterThanOrEqual(3);
    expect(fallbackDeckDescription(theme)).toBe(text);
  });

  it("suggests themes that vary what was typed, and a mix of its own for nothing to vary", () => {
    const foxes = fallbackThemes(10, () => 0.5, "Foxes in a snowy birch forest");
    expect(foxes).toHaveLength(10);
    const variations = foxes.filter((idea) => /fox/i.test(idea));
    expect(variations.length).toBeGreaterThanOrEqual(5);
    expect(foxes).not.toContain("Foxes in a snowy birch forest");
    const cats = fallbackThemes(10, () => 0.5, "Cats ruling a neon Tokyo");
    expect(cats.filter((idea) => /cat/i.test(idea)).length).toBeGreaterThanOrEqual(5);
    expect(cats).not.toEqual(foxes);
    expect(fallbackThemes(10, () => 0.5, "Foxes in a snowy birch forest")).toEqual(foxes);
    // Nothing typed: ten ideas of our own.
    expect(new Set(fallbackThemes(10, () => 0.3, "")).size).toBe(10);
  });

  it("weaves the deck's subject into a reading of its cards, naming each card and its position", () => {
    const cards = [
      { name: "The Hermit", position: "Past", reversed: false },
      { name: "The Star", position: "Present", reversed: true },
      { name: "Three of Cups", position: "Future", reversed: false },
    ];
    const themed = fallbackReading({ question: "Where is my path leading?", spread: "Three cards", cards, theme: "Foxes in a snowy birch forest" });
    for (const card of cards) {
      expect(themed).toContain(`**${card.name}**`);
      expect(themed).toContain(card.position);
    }
    expect(themed.match(/\bfox\b/g)?.length).toBe(2);
    expect(themed.toLowerCase()).not.toContain("foxes in a snowy birch forest");
    // Without a deck theme the same cards read without it, and the writing stays the same for the same input.
    const plain = fallbackReading({ question: "Where is my path leading?", spread: "Three cards", cards });
    expect(plain).not.toMatch(/\bfox\b/);
    expect(fallbackReading({ question: "Where is my path leading?", spread: "Three cards", cards, theme: "Foxes in a snowy birch forest" })).toBe(themed);
  });
});
