export type Suit = "wands" | "cups" | "swords" | "pentacles";
export type Arcana = "major" | "minor";

export type TarotCard = {
  /** Stable id, for example `major-00`, `cups-07`, `swords-queen`. */
  key: string;
  name: string;
  arcana: Arcana;
  suit: Suit | null;
  /** 0–21 for the Major Arcana; 1–14 within a suit (Ace 1 … King 14). */
  number: number;
};

const MAJOR_NAMES = [
  "The Fool",
  "The Magician",
  "The High Priestess",
  "The Empress",
  "The Emperor",
  "The Hierophant",
  "The Lovers",
  "The Chariot",
  "Strength",
  "The Hermit",
  "Wheel of Fortune",
  "Justice",
  "The Hanged Man",
  "Death",
  "Temperance",
  "The Devil",
  "The Tower",
  "The Star",
  "The Moon",
  "The Sun",
  "Judgement",
  "The World",
] as const;

export const SUITS: readonly Suit[] = ["wands", "cups", "swords", "pentacles"];

const RANK_NAMES = ["Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Page", "Knight", "Queen", "King"] as const;

const capitalize = (word: string) => word[0]!.toUpperCase() + word.slice(1);

function rankKey(rank: number): string {
  if (rank === 1) return "ace";
  if (rank <= 10) return String(rank).padStart(2, "0");
  return RANK_NAMES[rank - 1]!.toLowerCase();
}

export const MAJOR_ARCANA: readonly TarotCard[] = MAJOR_NAMES.map((name, number) => ({
  key: `major-${String(number).padStart(2, "0")}`,
  name,
  arcana: "major",
  suit: null,
  number,
}));

export const MINOR_ARCANA: readonly TarotCard[] = SUITS.flatMap((suit) =>
  RANK_NAMES.map((rank, i) => ({
    key: `${suit}-${rankKey(i + 1)}`,
    name: `${rank} of ${capitalize(suit)}`,
    arcana: "minor" as const,
    suit,
    number: i + 1,
  })),
);

/** All 78 cards in the traditional order: Major Arcana, then Wands, Cups, Swords, Pentacles. */
export const FULL_DECK: readonly TarotCard[] = [...MAJOR_ARCANA, ...MINOR_ARCANA];

const ROMAN = ["0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"];

/** The numeral printed on a card: Roman for the Major Arcana, the rank for the minors. */
export function cardNumeral(card: Pick<TarotCard, "arcana" | "number">): string {
  if (card.arcana === "major") return ROMAN[card.number] ?? String(card.number);
  if (card.number === 1) return "Ace";
  if (card.number <= 10) return ROMAN[card.number]!;
  return RANK_NAMES[card.number - 1]!;
}

/** Card image file name: the card name lowercased, non-alphanumerics replaced by underscores. */
export function cardFileName(name: string, extension: string): string {
  return `${name.toLowerCase().replace(/[^a-z0-9]/g, "_")}.${extension}`;
}
