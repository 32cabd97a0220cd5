import { describe, expect, it } from "vitest";
import { FULL_DECK } from "../../app/tarot/cards";
import { MEANINGS, meaningOf, type CardMeaning } from "../../app/tarot/meanings";

const ORIENTATIONS = ["upright", "reversed"] as const satisfies readonly (keyof CardMeaning)[];

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).filter((part) => part.trim().length > 0);
const wordsOf = (text: string) => text.split(/\s+/).filter((word) => word.length > 0);

describe("tarot meanings", () => {
  it("covers every card in the deck and nothing else", () => {
    expect(FULL_DECK).toHaveLength(78);
    for (const card of FULL_DECK) {
      expect(MEANINGS[card.key], card.key).toBeDefined();
      expect(meaningOf(card)).toBe(MEANINGS[card.key]);
    }
    const deckKeys = FULL_DECK.map((card) => card.key).sort();
    expect(Object.keys(MEANINGS).sort()).toEqual(deckKeys);
  });

  it("gives 3 to 5 short lower-case keywords per orientation", () => {
    for (const card of FULL_DECK) {
      for (const side of ORIENTATIONS) {
        const { keywords } = meaningOf(card)[side];
        const label = `${card.key} ${side}`;
        expect(keywords.length, label).toBeGreaterThanOrEqual(3);
        expect(keywords.length, label).toBeLessThanOrEqual(5);
        for (const keyword of keywords) {
          expect(keyword, label).toBe(keyword.toLowerCase());
          expect(keyword.trim(), label).toBe(keyword);
          expect(wordsOf(keyword).length, `${label}: ${keyword}`).toBeGreaterThanOrEqual(1);
          expect(wordsOf(keyword).length, `${label}: ${keyword}`).toBeLessThanOrEqual(3);
        }
        expect(new Set(keywords).size, label).toBe(keywords.length);
      }
    }
  });

  it("writes each meaning as 2 or 3 sentences of 20 to 80 words", () => {
    for (const card of FULL_DECK) {
      for (const side of ORIENTATIONS) {
        const { meaning } = meaningOf(card)[side];
        const label = `${card.key} ${side}`;
        expect(meaning, label).toMatch(/[.!?]$/);
        const sentences = sentencesOf(meaning);
        expect(sentences.length, label).toBeGreaterThanOrEqual(2);
        expect(sentences.length, label).toBeLessThanOrEqual(3);
        const words = wordsOf(meaning).length;
        expect(words, label).toBeGreaterThanOrEqual(20);
        expect(words, label).toBeLessThanOrEqual(80);
      }
    }
  });

  it("distinguishes upright from reversed", () => {
    for (const card of FULL_DECK) {
      const { upright, reversed } = meaningOf(card);
      expect(upright.meaning, card.key).not.toBe(reversed.meaning);
      expect([...upright.keywords].sort(), card.key).not.toEqual([...reversed.keywords].sort());
    }
  });

  it("never repeats a meaning text between cards", () => {
    const seen = new Map<string, string>();
    for (const card of FULL_DECK) {
      for (const side of ORIENTATIONS) {
        const text = meaningOf(card)[side].meaning;
        const label = `${card.key} ${side}`;
        expect(seen.get(text), label).toBeUndefined();
        seen.set(text, label);
      }
    }
    expect(seen.size).toBe(FULL_DECK.length * 2);
  });

  it("throws for an unknown card key", () => {
    expect(() => meaningOf({ key: "major-22" })).toThrow(/major-22/);
    expect(() => meaningOf({ key: "cups-11" })).toThrow();
    expect(() => meaningOf({ key: "toString" })).toThrow();
    expect(() => meaningOf({ key: "" })).toThrow();
  });
});
