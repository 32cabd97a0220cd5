/** The spreads a reading room offers: their positions, what each position speaks to, and where it lies. */

export type SpreadPosition = { index: number; name: string; meaning: string; x: number; y: number; rotation: number };
export type SpreadId = "single" | "three-card" | "celtic-cross" | "horseshoe" | "relationship" | "free";
export type Spread = { id: SpreadId; name: string; description: string; positions: SpreadPosition[]; freeLayout: boolean };

export const FREE_LAYOUT_MAX = 12;

/** The default table spot for the n-th card of a free layout: a grid of 6 × 2. */
export function freeLayoutSpot(n: number): { x: number; y: number } {
  const column = n % 6;
  const row = Math.floor(n / 6) % 2;
  return { x: 14 + column * 14.4, y: 30 + row * 40 };
}

type Raw = [name: string, meaning: string, x: number, y: number, rotation?: number];
const positions = (raw: Raw[]): SpreadPosition[] =>
  raw.map(([name, meaning, x, y, rotation = 0], index) => ({ index, name, meaning, x, y, rotation }));

export const SPREADS: readonly Spread[] = [
  {
    id: "single",
    name: "Single card",
    description: "One card for a quick, clear answer.",
    freeLayout: false,
    positions: positions([["The card", "The heart of the matter: what most wants your attention right now.", 50, 50]]),
  },
  {
    id: "three-card",
    name: "Three cards",
    description: "Past, present and future, read left to right.",
    freeLayout: false,
    positions: positions([
      ["Past", "What led here: the experience and choices that shaped the question.", 30, 50],
      ["Present", "Where things stand now, and the energy around you today.", 50, 50],
      ["Future", "Where the current path is heading if nothing changes.", 70, 50],
    ]),
  },
  {
    id: "celtic-cross",
    name: "Celtic Cross",
    description: "Ten cards for a deep look at one situation.",
    freeLayout: false,
    positions: positions([
      ["Present", "The situation as it is, at the centre of everything else.", 30, 50],
      ["Challenge", "What crosses you: the obstacle or tension to work with.", 30, 50, 90],
      ["Foundation", "The root beneath the situation, often out of sight.", 30, 79],
      ["Recent past", "What is passing away and loosening its hold.", 14, 50],
      ["Crown", "The best that can come of this; what you aim for.", 30, 21],
      ["Near future", "What is about to enter the picture.", 46, 50],
      ["Yourself", "How you stand in this, and the attitude you bring.", 78, 86],
      ["Environment", "The people and circumstances around you.", 78, 62],
      ["Hopes and fears", "What you long for and what you dread, often tangled together.", 78, 38],
      ["Outcome", "Where everything points, if the present course holds.", 78, 14],
    ]),
  },
  {
    id: "horseshoe",
    name: "Horseshoe",
    description: "Seven cards in an arch, from the past to the outcome.",
    freeLayout: false,
    positions: positions([
      ["Past", "What still echoes from before.", 14, 30],
      ["Present", "Where you are standing now.", 26, 54],
      ["Hidden influences", "What works quietly, unseen or unspoken.", 38, 76],
      ["Obstacles", "What stands in the way and asks to be faced.", 50, 80],
      ["External influences", "Other people and events that bear on this.", 62, 76],
      ["Advice", "The step the cards suggest you take.", 74, 54],
      ["Outcome", "The likely result of the path you are on.", 86, 30],
    ]),
  },
  {
    id: "relationship",
    name: "Relationship",
    description: "Seven cards on two people and what lies between them.",
    freeLayout: false,
    positions: positions([
      ["You", "How you show up in this relationship.", 22, 30],
      ["The other person", "How they show up, as far as the cards can tell.", 78, 30],
      ["The connection", "What truly binds you, beneath the surface.", 50, 50],
      ["Your feelings", "What you feel and want, perhaps unsaid.", 22, 72],
      ["Their feelings", "What they feel and want from you.", 78, 72],
      ["Challenges", "The friction the two of you meet.", 50, 80],
      ["Where it is heading", "The direction the bond is taking now.", 50, 20],
    ]),
  },
  {
    id: "free",
    name: "Free layout",
    description: "Draw up to twelve cards and place them anywhere on the table.",
    freeLayout: true,
    positions: Array.from({ length: FREE_LAYOUT_MAX }, (_, index) => ({
      index,
      name: `Card ${index + 1}`,
      meaning: "A card placed freely; read it in whatever role the reader gives it.",
      ...freeLayoutSpot(index),
      rotation: 0,
    })),
  },
];

export const SPREAD_IDS: readonly SpreadId[] = SPREADS.map((spread) => spread.id);

export function spreadById(id: string): Spread | undefined {
  return SPREADS.find((spread) => spread.id === id);
}

/** Number of cards the spread can hold. */
export function spreadCapacity(id: SpreadId): number {
  return spreadById(id)?.positions.length ?? 0;
}
