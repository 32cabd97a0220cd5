import { z } from "zod";
import { FULL_DECK, type TarotCard } from "../tarot/cards";

const CARDS = new Map(FULL_DECK.map((card) => [card.key, card]));

const query = z.object({
  key: z.string().refine((key) => CARDS.has(key), "Unknown card"),
  theme: z.string().trim().min(1).max(200),
  style: z.string().trim().max(60).default(""),
});

/** The card a painted-on-the-fly face's address names (`/art/card.svg?key&theme&style`), or null when it names none. */
export function paintedCardFrom(params: URLSearchParams): { card: TarotCard; theme: string; style: string } | null {
  const parsed = query.safeParse(Object.fromEntries(params));
  return parsed.success ? { card: CARDS.get(parsed.data.key)!, theme: parsed.data.theme, style: parsed.data.style } : null;
}
