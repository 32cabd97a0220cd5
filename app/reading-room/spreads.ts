/**
 * The spreads a reading room offers: their positions, what each position speaks to, and where its card lies.
 *
 * Table units: the table is 100 wide and 100 high (it is drawn 4:3), and each spread sets how wide its cards
 * are, so that a single card or three fill the table while ten still fit. A card of width w is w × 16/9 high in
 * those units (3:4 cards on a 4:3 table). Every card lies wholly on the table and no two cards of a spread
 * overlap, except the Celtic Cross's crossing card, which lies turned across the first card.
 */

export type SpreadPosition = {
  /** 0-based index in the spread */
  index: number;
  /** short name shown on the table, e.g. "Past" */
  name: string;
  /** one or two plain sentences: what a card in this position speaks to */
  meaning: string;
  /** where the card sits on the table, in table units: the table is 100 wide and 100 high; x,y are the card's centre */
  x: number;
  y: number;
  /** degrees; 90 for the crossing card of the Celtic Cross, else 0 */
  rotation: number;
};

export type SpreadId = "single" | "three-card" | "celtic-cross" | "horseshoe" | "relationship" | "free";

export type Spread = {
  id: SpreadId;
  name: string;
  description: string;
  positions: SpreadPosition[];
  freeLayout: boolean;
  /** how wide the spread's cards are, in table units */
  cardWidth: number;
  /** how a sentence names the spread, after "your": "three-card spread", "Celtic Cross" */
  phrase: string;
  /** whether each card on the table carries its position's name beneath it (not where cards lie too close) */
  captions: boolean;
};

/** Table units are square in name only: the table is 4:3 and the cards 3:4, so a card is 16/9 as high as wide. */
export const CARD_HEIGHT_PER_WIDTH = 16 / 9;

/** The width and height, in table units, of a card of the spread lying upright. */
export function cardSize(spread: Pick<Spread, "cardWidth">): { w: number; h: number } {
  return { w: spread.cardWidth, h: spread.cardWidth * CARD_HEIGHT_PER_WIDTH };
}

/** Below this card width (in table units) a position's name does not fit under its card on a phone. */
const NAMES_FIT_ON_PHONE = 20;

/**
 * Whether, on a phone, the spread's places are numbered on the table and named in a key under it:
 * a spread with captions whose cards are too narrow there for the names (a horseshoe, a spread of
 * one's own); a name cut to "The …" says nothing.
 */
export function numberedOnPhone(spread: Pick<Spread, "cardWidth" | "captions" | "freeLayout">): boolean {
  return spread.captions && !spread.freeLayout && spread.cardWidth < NAMES_FIT_ON_PHONE;
}

/** How many cards a free layout holds. */
export const FREE_LAYOUT_MAX = 12;

const FREE_COLUMNS = 4;
const FREE_ROWS = Math.ceil(FREE_LAYOUT_MAX / FREE_COLUMNS);

/**
 * The default table spot for the n-th card of a free layout: a grid of 4 columns and 3 rows, filled row by row
 * from the top left. Indices beyond the grid (or odd inputs) wrap around onto it, so the answer is always on the table.
 */
export function freeLayoutSpot(n: number): { x: number; y: number } {
  const whole = Number.isFinite(n) ? Math.floor(n) : 0;
  const slot = ((whole % FREE_LAYOUT_MAX) + FREE_LAYOUT_MAX) % FREE_LAYOUT_MAX;
  const column = slot % FREE_COLUMNS;
  const row = Math.floor(slot / FREE_COLUMNS);
  return { x: 20 + column * (60 / (FREE_COLUMNS - 1)), y: 20 + row * (60 / (FREE_ROWS - 1)) };
}

type Raw = [name: string, meaning: string, x: number, y: number, rotation?: number];

const positions = (raw: Raw[]): SpreadPosition[] => raw.map(([name, meaning, x, y, rotation = 0], index) => ({ index, name, meaning, x, y, rotation }));

export const SPREADS: readonly Spread[] = [
  {
    id: "single",
    name: "Single card",
    phrase: "single-card draw",
    description: "One card for a quick, focused answer.",
    freeLayout: false,
    cardWidth: 26,
    captions: true,
    positions: positions([["The card", "The heart of your question: what matters most here, or what most needs your attention right now.", 50, 50]]),
  },
  {
    id: "three-card",
    name: "Three cards",
    phrase: "three-card spread",
    description: "Past, present and future, read from left to right.",
    freeLayout: false,
    cardWidth: 22,
    captions: true,
    positions: positions([
      ["Past", "What brought you here: the events, choices and feelings behind the question.", 22, 50],
      ["Present", "Where things stand today, and the mood that surrounds the question now.", 50, 50],
      ["Future", "Where the present path seems to lead if it carries on as it is.", 78, 50],
    ]),
  },
  {
    // The cross fills the left of the table; the staff of four cards rises on the right, from the bottom up.
    id: "celtic-cross",
    name: "Celtic Cross",
    phrase: "Celtic Cross",
    description: "Ten cards for a deep, many-sided look at one situation.",
    freeLayout: false,
    cardWidth: 11,
    captions: false,
    positions: positions([
      ["Present", "The situation as it stands, the centre that every other card in the spread turns around.", 30, 50],
      ["Challenge", "What crosses you: the tension or obstacle you are working with. It is not always unwelcome.", 30, 50, 90],
      ["Foundation", "The ground beneath the matter: older causes and roots that may be out of sight.", 30, 80],
      ["Recent past", "What is just behind you and slowly loosening its hold on the situation.", 12, 50],
      ["Crown", "The best that could come of this, or what you are consciously reaching for.", 30, 20],
      ["Near future", "What is about to step into the picture in the coming days or weeks.", 48, 50],
      ["Yourself", "How you stand in all this: your attitude, and the part you play.", 80, 83],
      ["Environment", "The people, places and circumstances around you, and how they weigh on things.", 80, 61],
      ["Hopes and fears", "What you long for and what you dread. Often the two are closer than they seem.", 80, 39],
      ["Outcome", "Where everything points if the present course holds; a direction, not a verdict.", 80, 17],
    ]),
  },
  {
    // A U: the past at the top left, down through the bottom of the bend, and up to the outcome on the right.
    id: "horseshoe",
    name: "Horseshoe",
    phrase: "horseshoe spread",
    description: "Seven cards in a curve, from what has been to what may come.",
    freeLayout: false,
    cardWidth: 12,
    captions: true,
    positions: positions([
      ["Past", "What still echoes from before and colours the question.", 11, 24],
      ["Present", "Where you stand right now, and what is most alive in the situation.", 24, 50],
      ["Hidden influences", "What works quietly in the background, unseen or left unsaid.", 37, 74],
      ["Obstacles", "What stands in the way and asks to be faced rather than avoided.", 50, 80],
      ["External influences", "Other people and outside events that bear on the matter.", 63, 74],
      ["Advice", "A step the cards suggest, or an attitude worth trying.", 76, 50],
      ["Outcome", "Where the path seems to lead if you follow it as it is.", 89, 24],
    ]),
  },
  {
    // You on the left, the other person on the right, the bond down the middle with where it is heading on top.
    id: "relationship",
    name: "Relationship",
    phrase: "relationship spread",
    description: "Seven cards on two people and what lies between them.",
    freeLayout: false,
    cardWidth: 14,
    captions: true,
    positions: positions([
      ["You", "How you show up in this relationship, and the part of you it brings out.", 18, 32],
      ["The other person", "How they show up, as far as the cards can see from where you sit.", 82, 32],
      ["The connection", "What truly holds the two of you together, beneath the everyday surface.", 50, 50],
      ["Your feelings", "What you feel and bring to the bond, including what you have not yet said.", 18, 70],
      ["Their feelings", "What they seem to feel and bring, and what they might hope to find in you.", 82, 70],
      ["Challenges", "The friction between you: what keeps catching, and what asks for care.", 50, 82],
      ["Where it is heading", "The direction the bond is taking now, if both of you carry on as you are.", 50, 18],
    ]),
  },
  {
    id: "free",
    name: "Free layout",
    phrase: "free layout",
    description: "Draw up to twelve cards and place them anywhere on the table.",
    freeLayout: true,
    cardWidth: 14,
    captions: false,
    positions: Array.from({ length: FREE_LAYOUT_MAX }, (_, index) => ({
      index,
      name: `Card ${index + 1}`,
      meaning: "A card laid freely; it means whatever role the reader gives it.",
      ...freeLayoutSpot(index),
      rotation: 0,
    })),
  },
];

/** The spread ids, in the same order as SPREADS (usable with z.enum). */
export const SPREAD_IDS: readonly SpreadId[] = SPREADS.map((spread) => spread.id);

export function spreadById(id: string): Spread | undefined {
  return SPREADS.find((spread) => spread.id === id);
}

/** Number of cards the spread can hold. */
export function spreadCapacity(id: SpreadId): number {
  return spreadById(id)?.positions.length ?? 0;
}
