/**
 * The local writer: it writes about the subjects a theme names, in varied sentences, and never
 * pastes the theme's own text into a frame. Deterministic, so everything here is exact.
 */
import { describe, expect, it } from "vitest";
import { composeCardDescription, fallbackDeckDescription, fallbackReading, fallbackThemes } from "../../app/ai/fallbacks";
import { FULL_DECK, MAJOR_ARCANA } from "../../app/tarot/cards";

const SAMPLES = [
  { theme: "Cats ruling a neon Tokyo", subject: "cat" },
  { theme: "Foxes in a snowy birch forest", subject: "fox" },
  { theme: "Lanterns on a winter sea", subject: "lantern" },
  { theme: "Octopus librarians in a sunken city", subject: "octopus" },
  { theme: "Desert nomads under a comet", subject: "nomad" },
];

const deckOf = (theme: string) => FULL_DECK.map((card) => composeCardDescription({ card, theme, style: "woodcut" }));

/** The opening words of a description with the card's own name, numbers and suit words set aside: its frame. */
function frameOf(text: string, cardName: string, subject: string) {
  return text
    .replace(cardName, "CARD")
    .toLowerCase()
    .replace(new RegExp(`\\b(a|an|the)?\\s*${subject}\\w*`, "g"), "S")
    .replace(/\b(one|two|three|four|five|six|seven|eight|nine|ten|single)\b/g, "N")
    .replace(/\b(wands?|cups?|swords?|coins?)\b/g, "I")
    .split(/\s+/)
    .slice(0, 3)
    .join(" ");
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
    // No opening frame serves more than a quarter of the deck.
    const counts = new Map<string, number>();
    FULL_DECK.forEach((card, i) => {
      const frame = frameOf(texts[i]!, card.name, subject);
      counts.set(frame, (counts.get(frame) ?? 0) + 1);
    });
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(Math.ceil(FULL_DECK.length / 4));
    // The same theme always reads the same.
    expect(deckOf(theme)).toEqual(texts);
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
