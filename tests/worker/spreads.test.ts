import { describe, expect, it } from "vitest";
import {
  FREE_LAYOUT_MAX,
  SPREAD_IDS,
  SPREADS,
  cardSize,
  freeLayoutSpot,
  spreadById,
  spreadCapacity,
  type Spread,
  type SpreadId,
  type SpreadPosition,
} from "../../app/reading-room/spreads";

/** Room kept between neighbouring cards, in table units. */
const GAP = 1;

/**
 * The room a card takes on the table, in table units. Turned a quarter, a card is as wide on screen as it was
 * high (4/3 of its width) and as high as it was wide; on the 4:3 table both come to 4/3 of its width in units.
 */
function footprint(spread: Spread, position: SpreadPosition) {
  const { w, h } = cardSize(spread);
  return position.rotation % 180 === 0 ? { w, h } : { w: (w * 4) / 3, h: (w * 4) / 3 };
}

/** Whether two cards, with a small gap kept around each, would overlap on the table. */
function overlaps(spread: Spread, a: SpreadPosition, b: SpreadPosition) {
  const fa = footprint(spread, a);
  const fb = footprint(spread, b);
  return Math.abs(a.x - b.x) < (fa.w + fb.w) / 2 + GAP && Math.abs(a.y - b.y) < (fa.h + fb.h) / 2 + GAP;
}

const isCrossingPair = (id: SpreadId, a: number, b: number) => id === "celtic-cross" && Math.min(a, b) === 0 && Math.max(a, b) === 1;

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

describe("spreads", () => {
  it("lists each spread once, with SPREAD_IDS in the same order as SPREADS", () => {
    expect(SPREAD_IDS).toEqual(["single", "three-card", "celtic-cross", "horseshoe", "relationship", "free"]);
    expect(SPREADS.map((spread) => spread.id)).toEqual([...SPREAD_IDS]);
    expect(new Set(SPREAD_IDS).size).toBe(SPREAD_IDS.length);
  });

  it("holds 1, 3, 10, 7, 7 and 12 cards", () => {
    expect(SPREAD_IDS.map(spreadCapacity)).toEqual([1, 3, 10, 7, 7, 12]);
    expect(spreadCapacity("free")).toBe(FREE_LAYOUT_MAX);
  });

  it("finds a spread by id and nothing for an unknown id", () => {
    for (const id of SPREAD_IDS) expect(spreadById(id)?.id).toBe(id);
    expect(spreadById("nope")).toBeUndefined();
    expect(spreadById("")).toBeUndefined();
  });

  it("numbers the positions 0..n-1 in order", () => {
    for (const spread of SPREADS) expect(spread.positions.map((position) => position.index)).toEqual(spread.positions.map((_, i) => i));
  });

  it("names the three cards Past, Present and Future", () => {
    expect(spreadById("three-card")?.positions.map((position) => position.name)).toEqual(["Past", "Present", "Future"]);
  });

  it("gives every spread a name and a description, and every position a name and a short meaning", () => {
    for (const spread of SPREADS) {
      expect(spread.name.trim()).not.toBe("");
      expect(spread.description.trim()).not.toBe("");
      for (const position of spread.positions) {
        expect(position.name.trim(), `${spread.id} #${position.index}`).not.toBe("");
        expect(words(position.meaning), `${spread.id} ${position.name}`).toBeGreaterThan(0);
        expect(words(position.meaning), `${spread.id} ${position.name}`).toBeLessThan(40);
      }
      expect(new Set(spread.positions.map((position) => position.name)).size, spread.id).toBe(spread.positions.length);
    }
  });

  it("keeps every card wholly on the table", () => {
    for (const spread of SPREADS) {
      for (const position of spread.positions) {
        const where = `${spread.id} ${position.name}`;
        const { w, h } = footprint(spread, position);
        expect(position.x - w / 2, where).toBeGreaterThanOrEqual(0);
        expect(position.x + w / 2, where).toBeLessThanOrEqual(100);
        expect(position.y - h / 2, where).toBeGreaterThanOrEqual(0);
        expect(position.y + h / 2, where).toBeLessThanOrEqual(100);
      }
    }
  });

  it("gives the cards of a small spread more of the table than those of the Celtic Cross", () => {
    const width = (id: SpreadId) => spreadById(id)!.cardWidth;
    expect(width("single")).toBeGreaterThan(width("three-card"));
    expect(width("three-card")).toBeGreaterThanOrEqual(2 * width("celtic-cross"));
  });

  it("leaves room under each card for its caption where the spread writes them, and only there", () => {
    /** A caption's strip under the card, in table units: as wide as the card and about four units high. */
    const CAPTION_H = 4;
    expect(SPREADS.filter((spread) => spread.captions).map((spread) => spread.id)).toEqual(["single", "three-card", "horseshoe", "relationship"]);
    for (const spread of SPREADS.filter((s) => s.captions)) {
      const { w, h } = cardSize(spread);
      for (const a of spread.positions) {
        const strip = { top: a.y + h / 2, bottom: a.y + h / 2 + CAPTION_H, left: a.x - w / 2, right: a.x + w / 2 };
        expect(strip.bottom, `${spread.id} ${a.name}`).toBeLessThanOrEqual(100);
        for (const b of spread.positions) {
          if (a === b) continue;
          const card = { top: b.y - h / 2, bottom: b.y + h / 2, left: b.x - w / 2, right: b.x + w / 2 };
          const apart = strip.right <= card.left || card.right <= strip.left || strip.bottom <= card.top || card.bottom <= strip.top;
          expect(apart, `${spread.id}: the caption of ${a.name} and the card ${b.name}`).toBe(true);
        }
      }
    }
  });

  it("lays no card over another, except the Celtic Cross's crossing card", () => {
    for (const spread of SPREADS) {
      for (const a of spread.positions) {
        for (const b of spread.positions) {
          if (a.index >= b.index || isCrossingPair(spread.id, a.index, b.index)) continue;
          expect(overlaps(spread, a, b), `${spread.id}: ${a.name} and ${b.name}`).toBe(false);
        }
      }
    }
  });

  it("turns only the Celtic Cross's crossing card, which lies across the first card", () => {
    const cross = spreadById("celtic-cross")!;
    const [present, challenge] = cross.positions;
    expect(challenge!.rotation).toBe(90);
    expect({ x: challenge!.x, y: challenge!.y }).toEqual({ x: present!.x, y: present!.y });
    expect(present!.rotation).toBe(0);
    for (const spread of SPREADS) {
      for (const position of spread.positions) {
        if (spread.id === "celtic-cross" && position.index === 1) continue;
        expect(position.rotation, `${spread.id} ${position.name}`).toBe(0);
      }
    }
  });

  it("lays the Celtic Cross as a cross on the left and a staff of four rising on the right", () => {
    const [present, , foundation, past, crown, future, ...staff] = spreadById("celtic-cross")!.positions;
    expect(foundation!.y).toBeGreaterThan(present!.y);
    expect(crown!.y).toBeLessThan(present!.y);
    expect(past!.x).toBeLessThan(present!.x);
    expect(future!.x).toBeGreaterThan(present!.x);
    expect(Math.max(present!.x, foundation!.x, past!.x, crown!.x, future!.x)).toBeLessThanOrEqual(60);
    expect(staff).toHaveLength(4);
    expect(new Set(staff.map((card) => card.x)).size).toBe(1);
    expect(staff[0]!.x).toBeGreaterThan(60);
    const ys = staff.map((card) => card.y);
    expect(ys).toEqual([...ys].sort((a, b) => b - a));
  });

  it("sets the free layout's positions out on the default grid", () => {
    const free = spreadById("free")!;
    expect(free.freeLayout).toBe(true);
    expect(SPREADS.filter((spread) => spread.freeLayout).map((spread) => spread.id)).toEqual(["free"]);
    expect(free.positions.map((position) => position.name)).toEqual(Array.from({ length: FREE_LAYOUT_MAX }, (_, i) => `Card ${i + 1}`));
    for (const position of free.positions) expect({ x: position.x, y: position.y }).toEqual(freeLayoutSpot(position.index));
  });

  it("gives distinct spots on the table for the free layout's cards", () => {
    const spots = Array.from({ length: FREE_LAYOUT_MAX }, (_, n) => freeLayoutSpot(n));
    expect(new Set(spots.map(({ x, y }) => `${x},${y}`)).size).toBe(FREE_LAYOUT_MAX);
    for (const { x, y } of spots) {
      expect(x).toBeGreaterThanOrEqual(8);
      expect(x).toBeLessThanOrEqual(92);
      expect(y).toBeGreaterThanOrEqual(11);
      expect(y).toBeLessThanOrEqual(89);
    }
  });

  it("keeps free spots on the table even for indices past the grid", () => {
    for (const n of [FREE_LAYOUT_MAX, 25, -1, 2.5, Number.NaN]) {
      const { x, y } = freeLayoutSpot(n);
      expect(x >= 8 && x <= 92 && y >= 11 && y <= 89, `n = ${n}`).toBe(true);
    }
  });
});
