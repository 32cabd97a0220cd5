/**
 * The local writer: card descriptions told through the deck's theme and never copied from the
 * meaning paragraphs, readings that read the actual spread and the question's words, and
 * suggestions that build on what was typed. Deterministic for a seed, so everything here is exact.
 */
import { describe, expect, it } from "vitest";
import { composeCardDescription, fallbackDeckDescription, fallbackQuestions, fallbackReading, fallbackThemes } from "../../app/ai/fallbacks";
import { READING_SECTIONS } from "../../app/ai/prompts";
import { questionFocus } from "../../app/ai/writer/reading";
import { SPREADS } from "../../app/reading-room/spreads";
import { FULL_DECK, MAJOR_ARCANA } from "../../app/tarot/cards";
import { meaningOf } from "../../app/tarot/meanings";

/** The sample themes, with the subject that plays the figures and the words that name its subjects or setting. */
const SAMPLES = [
  { theme: "cats ruling a neon Tokyo", subject: "cat", words: ["cats", "cat", "city streets", "city street", "crowns", "crown"] },
  { theme: "foxes in a snowy birch forest", subject: "fox", words: ["foxes", "fox", "forest", "snowfall", "snow", "birches", "birch"] },
  { theme: "octopus librarians in a sunken city", subject: "octopus", words: ["octopuses", "octopus", "sunken city", "librarians", "librarian", "books"] },
  { theme: "desert nomads under a comet", subject: "nomad", words: ["nomads", "nomad", "desert"] },
  { theme: "lanterns on a winter sea", subject: "lantern", words: ["lanterns", "lantern", "sea", "snowfall", "snow"] },
];

const deckOf = (theme: string, seed?: string) => FULL_DECK.map((card) => composeCardDescription({ card, theme, style: "woodcut", seed }));
const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;
const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

/** Every run of `n` words of the text, joined by spaces. */
function runsOf(text: string, n: number): string[] {
  const words = wordsOf(text);
  return Array.from({ length: Math.max(0, words.length - n + 1) }, (_, i) => words.slice(i, i + n).join(" "));
}

/** A sentence with the theme's subject words masked, so the same sentence about another subject counts as the same. */
function masked(sentence: string, words: readonly string[]) {
  let out = sentence.toLowerCase();
  for (const word of words) out = out.replace(new RegExp(`\\b(?:an? )?${word}\\b`, "g"), "S");
  return out;
}

/** A small seeded random source, so each draw below is the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A spread laid out as a reading room would: shuffled cards, some reversed, one per position (five in a free layout). */
function drawFor(spreadId: string, seed: number) {
  const spread = SPREADS.find((s) => s.id === spreadId)!;
  const random = seeded(seed);
  const deck = [...FULL_DECK];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const positions = spread.freeLayout ? spread.positions.slice(0, 5) : spread.positions;
  return { spread, cards: positions.map((position, i) => ({ name: deck[i]!.name, position: position.name, reversed: random() < 0.4 })) };
}

const QUESTIONS = [
  { question: "Should I move to Lisbon for the new job?", keys: ["Lisbon", "the new job"] },
  { question: "What do I need to know about my love life?", keys: ["your love life"] },
  { question: "How do I mend things with my sister Ana?", keys: ["your sister Ana"] },
  { question: "Where is my small bakery heading this winter?", keys: ["your small bakery"] },
];

describe("card descriptions", () => {
  it.each(SAMPLES)("never repeat the meaning paragraph of a “$theme” card, nor any 12 words of it", ({ theme }) => {
    const texts = deckOf(theme);
    FULL_DECK.forEach((card, i) => {
      const text = texts[i]!;
      const meaning = meaningOf(card);
      for (const paragraph of [meaning.upright.meaning, meaning.reversed.meaning]) {
        expect(text).not.toContain(paragraph);
        const own = new Set(runsOf(text, 12));
        const copied = runsOf(paragraph, 12).filter((run) => own.has(run));
        expect(copied, `${theme}: ${card.key}`).toEqual([]);
      }
    });
  });

  it.each(SAMPLES)("keep every “$theme” card under 150 words and in the deck's world", ({ theme, words }) => {
    deckOf(theme).forEach((text, i) => {
      expect(countWords(text), `${theme}: ${FULL_DECK[i]!.key}`).toBeLessThan(150);
      expect(masked(text, words), `${theme}: ${FULL_DECK[i]!.key}`).toContain("S");
      expect(text).toContain(FULL_DECK[i]!.name);
    });
  });

  it.each(SAMPLES)("write the deck for “$theme” around its subject, without pasting the theme", ({ theme, subject }) => {
    const texts = deckOf(theme);
    for (const text of texts) expect(text.toLowerCase()).not.toContain(theme.toLowerCase());
    expect(new Set(texts).size).toBe(texts.length);
    const majors = texts.slice(0, MAJOR_ARCANA.length);
    expect(majors.filter((text) => text.toLowerCase().includes(subject)).length).toBeGreaterThanOrEqual(15);
  });

  it.each(SAMPLES)("repeat no whole sentence of the “$theme” deck more than three times, subjects masked", ({ theme, words }) => {
    const counts = new Map<string, number>();
    for (const text of deckOf(theme))
      for (const sentence of sentencesOf(text)) counts.set(masked(sentence, words), (counts.get(masked(sentence, words)) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 3)).toEqual([]);
  });

  it("differ between themes for one card, and read the same for the same seed", () => {
    const decks = SAMPLES.map(({ theme }) => deckOf(theme));
    FULL_DECK.forEach((card, i) => {
      const texts = decks.map((deck) => deck[i]!);
      expect(new Set(texts).size, card.key).toBe(SAMPLES.length);
    });
    for (const { theme } of SAMPLES) {
      expect(deckOf(theme, "deck-1")).toEqual(deckOf(theme, "deck-1"));
      expect(deckOf(theme)).toEqual(deckOf(theme));
      // Another seed gives most cards other sentences.
      const one = deckOf(theme, "deck-1");
      const two = deckOf(theme, "deck-2");
      expect(one.filter((text, i) => text !== two[i]).length).toBeGreaterThanOrEqual(60);
    }
  });

  it("vary the shape of their sentences across a deck", () => {
    const texts = deckOf("foxes in a snowy birch forest");
    const openings = new Set(
      texts.flatMap((text) =>
        sentencesOf(text)
          .slice(1)
          .map((sentence) => wordsOf(sentence).slice(0, 2).join(" ")),
      ),
    );
    expect(openings.size).toBeGreaterThanOrEqual(25);
  });
});

describe("readings", () => {
  const spreads = SPREADS.map((spread) => spread.id);
  const cases = spreads.flatMap((id) => [1, 2, 3, 4].map((seed) => ({ id, seed })));

  it.each(cases)("read the $id spread drawn with seed $seed: positions, cards, reversals, sections and the question", ({ id, seed }) => {
    const { spread, cards } = drawFor(id, seed);
    const { question, keys } = QUESTIONS[seed % QUESTIONS.length]!;
    const text = fallbackReading({ question, spread: spread.phrase, cards, theme: SAMPLES[seed % SAMPLES.length]!.theme });
    expect(countWords(text)).toBeLessThan(600);
    const sections = READING_SECTIONS.map((section) => text.indexOf(`## ${section}`));
    expect(sections.every((at) => at >= 0)).toBe(true);
    expect([...sections].sort((a, b) => a - b)).toEqual(sections);
    const insights = text
      .slice(sections[1], sections[2])
      .split("\n")
      .filter((line) => line.startsWith("- "));
    expect(insights).toHaveLength(cards.length);
    cards.forEach((card, i) => {
      const line = insights[i]!;
      expect(line).toContain(`${card.position}: **${card.name}**`);
      if (card.reversed) expect(line).toContain("reversed");
      else expect(line).not.toContain("(reversed)");
    });
    // The question's own words come back after the question is quoted: in the cards' lines and the guidance.
    const afterQuote = text.slice(sections[1]);
    for (const key of keys) expect(afterQuote).toContain(key);
    // Same reading, same text; another seed, other phrasing.
    expect(fallbackReading({ question, spread: spread.phrase, cards, theme: SAMPLES[seed % SAMPLES.length]!.theme })).toBe(text);
  });

  it("name the Major Arcana count only when it matters, and the suits and numbers that lead", () => {
    const cups = [
      { name: "Two of Cups", position: "Past", reversed: false },
      { name: "Seven of Cups", position: "Present", reversed: false },
      { name: "Two of Swords", position: "Future", reversed: true },
    ];
    const text = fallbackReading({ question: "What is my heart telling me?", spread: "three-card spread", cards: cups });
    expect(text).not.toMatch(/Major Arcana/);
    expect(text).not.toContain("Several");
    expect(text).toMatch(/Cups/);
    expect(text).toMatch(/Twos/);
    expect(text).toContain("Only the Two of Swords lies reversed");

    const majors = [
      { name: "The Tower", position: "Past", reversed: false },
      { name: "The Star", position: "Present", reversed: false },
      { name: "Ace of Wands", position: "Future", reversed: false },
    ];
    const heavy = fallbackReading({ question: "", spread: "three-card spread", cards: majors });
    expect(heavy).toContain("Two of the three cards belong to the Major Arcana");
    expect(heavy).toContain("Every card lies upright");
  });

  it("differ across seeds and read the same for one", () => {
    const { spread, cards } = drawFor("celtic-cross", 7);
    const input = { question: "Where is my small bakery heading this winter?", spread: spread.phrase, cards };
    const one = fallbackReading({ ...input, seed: "room-1" });
    expect(fallbackReading({ ...input, seed: "room-1" })).toBe(one);
    expect(fallbackReading({ ...input, seed: "room-2" })).not.toBe(one);
  });

  it("find the subject of a question", () => {
    expect(questionFocus("Should I move to Lisbon for the new job?")).toBe("Lisbon and the new job");
    expect(questionFocus("What do I need to know about my love life?")).toBe("your love life");
    expect(questionFocus("Where is my work heading?")).toBe("your work");
    expect(questionFocus("Will it?")).toBeNull();
  });

  it("weave the deck's subject into the Major Arcana of a themed reading only", () => {
    const cards = [
      { name: "The Hermit", position: "Past", reversed: false },
      { name: "The Star", position: "Present", reversed: true },
      { name: "Three of Cups", position: "Future", reversed: false },
    ];
    const themed = fallbackReading({ question: "Where is my path leading?", spread: "three-card spread", cards, theme: "Foxes in a snowy birch forest" });
    expect(themed.match(/\bfox\b/g)?.length).toBe(2);
    expect(themed.toLowerCase()).not.toContain("foxes in a snowy birch forest");
    const plain = fallbackReading({ question: "Where is my path leading?", spread: "three-card spread", cards });
    expect(plain).not.toMatch(/\bfox\b/);
  });
});

describe("suggestions", () => {
  /** The typed words that name something: longer than three letters, without a plural s. */
  const typedStems = (typed: string) =>
    wordsOf(typed)
      .filter((w) => w.length > 2 && !["ruling", "under", "with", "snowy", "winter"].includes(w))
      .map((w) => w.replace(/(?:es|s)$/, ""));

  it.each([...SAMPLES.map((s) => s.theme), "velvet reverie", "Kitsune shrine keepers"])("build every theme idea on what was typed: “%s”", (typed) => {
    const ideas = fallbackThemes(10, seeded(3), typed);
    expect(ideas).toHaveLength(10);
    expect(new Set(ideas).size).toBe(10);
    const stems = typedStems(typed);
    for (const idea of ideas)
      expect(
        stems.some((stem) => idea.toLowerCase().includes(stem)),
        `${typed}: ${idea}`,
      ).toBe(true);
    expect(ideas.map((idea) => idea.toLowerCase())).not.toContain(typed.toLowerCase());
    expect(fallbackThemes(10, seeded(3), typed)).toEqual(ideas);
    expect(fallbackThemes(10, seeded(4), typed)).not.toEqual(ideas);
  });

  it("offer ideas of their own when nothing was typed", () => {
    expect(new Set(fallbackThemes(10, seeded(1), "")).size).toBe(10);
  });

  it("ask about what was typed as a question", () => {
    const questions = fallbackQuestions("career", 4, seeded(2), "Should I take the job in Lisbon?");
    expect(questions).toHaveLength(4);
    for (const question of questions) {
      expect(question).toMatch(/Lisbon|the job/);
      expect(question.endsWith("?")).toBe(true);
    }
    expect(fallbackQuestions("love", 4, seeded(2), "my ex wants to talk").every((q) => q.includes("my ex"))).toBe(true);
    // Nothing typed: the category's own questions.
    expect(fallbackQuestions("finance", 3, seeded(2)).length).toBe(3);
  });

  it.each(SAMPLES)("describe the deck “$theme” around its subjects", ({ theme, subject }) => {
    // The typed words themselves may come back: the description names the subjects as the person did.
    const text = fallbackDeckDescription(theme);
    expect(text.toLowerCase()).toContain(subject);
    expect(fallbackDeckDescription(theme)).toBe(text);
  });
});
