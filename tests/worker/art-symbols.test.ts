/**
 * Every card keeps its traditional symbols in every style, every theme and every repaint: the painter
 * marks each symbol it draws (`data-symbol`), and these tests read the marks in the finished document,
 * after the style has done its work (the pixel treatment keeps a mark only where the grid shows it).
 */
import { describe, expect, it } from "vitest";
import { SUIT_SYMBOL } from "../../app/art/emblems";
import { ART_STYLES, paintCardSvg } from "../../app/art/local-art";
import { FULL_DECK, type TarotCard } from "../../app/tarot/cards";
import { COURT_SYMBOLS, MAJOR_SYMBOLS, SAMPLES } from "./painter-fixtures";
import { symbolCounts } from "./svg-check";

const THEMES = [...SAMPLES.map((s) => s.theme), "Velvet reverie"];
const VARIANTS = [0, 1, 2];

/** What a card must show, as [symbol, least count, most count]. */
function required(card: TarotCard): [string, number, number][] {
  if (card.arcana === "major")
    return MAJOR_SYMBOLS[card.number]!.map((spec) => {
      const m = spec.match(/^(.+?)(?:×(\d+)(\+)?)?$/)!;
      const n = Number(m[2] ?? 1);
      return [m[1]!, n, m[2] && !m[3] ? n : Infinity];
    });
  const emblem = SUIT_SYMBOL[card.suit!];
  if (card.number <= 10) return [[emblem, card.number, card.number]];
  return [[emblem, 1, Infinity], ...COURT_SYMBOLS[card.number]!.map((name): [string, number, number] => [name, 1, Infinity])];
}

describe("the cards' own symbols", () => {
  it("has a list of symbols for every card", () => {
    expect(MAJOR_SYMBOLS).toHaveLength(22);
    for (const card of FULL_DECK) expect(required(card).length, card.key).toBeGreaterThan(0);
  });

  for (const style of ART_STYLES)
    it(`shows every card's symbols in ${style}, for each sample theme and repaint`, { timeout: 60_000 }, () => {
      const missing: string[] = [];
      for (const theme of THEMES)
        for (const variant of VARIANTS)
          for (const card of FULL_DECK) {
            const counts = symbolCounts(paintCardSvg({ card, theme, style, variant }));
            for (const [name, least, most] of required(card)) {
              const n = counts.get(name) ?? 0;
              if (n < least || n > most) missing.push(`${theme} v${variant} ${card.key}: ${name} ×${n}`);
            }
            // A pip card shows its own suit's emblems and no other suit's.
            if (card.arcana === "minor" && card.number <= 10)
              for (const other of Object.values(SUIT_SYMBOL))
                if (other !== SUIT_SYMBOL[card.suit!]) expect(counts.get(other) ?? 0, `${card.key} ${other}`).toBe(0);
          }
      expect(missing).toEqual([]);
    });

  it("marks only what is drawn: a vector mark holds shapes, a pixel mark has a place on the card", () => {
    const card = FULL_DECK[17]!;
    for (const style of ART_STYLES) {
      const svg = paintCardSvg({ card, theme: SAMPLES[1].theme, style });
      if (style === "pixel art") {
        const boxes = [...svg.matchAll(/<g data-symbol="[^"]+" data-box="([^"]+)"\/>/g)].map((m) => m[1]!.split(" ").map(Number));
        expect(boxes.length).toBeGreaterThanOrEqual(12);
        for (const [x, y, w, h] of boxes) {
          expect(w! * h!).toBeGreaterThan(0);
          expect(x! + w!).toBeGreaterThan(0);
          expect(y! + h!).toBeGreaterThan(0);
        }
      } else {
        expect(svg).not.toMatch(/<g data-symbol="[^"]+">(?:<g [^>]*>)*<\/g>/);
        expect(svg).toMatch(/<g data-symbol="star"><path /);
      }
    }
  });
});
