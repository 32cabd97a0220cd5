/**
 * Answers the reader quiz the way someone who knows the cards would: from the card data, never from
 * the server's answer key. A card shown as a picture (its prompt names no card, its image no name) is
 * beyond it and left blank: an attempt holds at most 2 of them among 12 questions, so the 10 others
 * still reach the pass mark of 70% (9 right).
 */
import { FULL_DECK, MAJOR_ARCANA } from "../../app/tarot/cards";
import { meaningOf } from "../../app/tarot/meanings";

const ELEMENTS: Record<string, string> = { Wands: "Fire", Cups: "Water", Swords: "Air", Pentacles: "Earth" };
const SPREADS: Array<[RegExp, string]> = [
  [/middle card/, "The present"],
  [/laid across the first/, "The challenge"],
  [/tenth and last card/, "The likely outcome"],
  [/How many cards does the Celtic Cross use/, "Ten"],
];

const card = (name: string) => FULL_DECK.find((c) => c.name === name);

function rightAnswer(prompt: string, choices: string[]): string | undefined {
  let m: RegExpMatchArray | null;
  if ((m = prompt.match(/^Which keyword belongs to (.+) (upright|reversed)\?$/))) {
    const found = card(m[1]!);
    return found ? meaningOf(found)[m[2] as "upright" | "reversed"].keywords[0] : undefined;
  }
  if ((m = prompt.match(/suit of (\w+)\?$/))) return ELEMENTS[m[1]!];
  if ((m = prompt.match(/^What number does (.+) carry in the Major Arcana\?$/))) return String(card(m[1]!)?.number);
  if ((m = prompt.match(/^Which card comes right after (.+) in the Major Arcana\?$/))) {
    const found = card(m[1]!);
    return found ? MAJOR_ARCANA[found.number + 1]?.name : undefined;
  }
  if ((m = prompt.match(/court card of the same rank as (\w+) of/))) return choices.find((c) => c.startsWith(`${m![1]} of`));
  return SPREADS.find(([pattern]) => pattern.test(prompt))?.[1];
}

/** The index of the right choice, or null when the question is beyond this expert. */
export function answer(prompt: string, choices: string[]): number | null {
  const right = rightAnswer(prompt, choices);
  const index = right === undefined ? -1 : choices.indexOf(right);
  return index >= 0 ? index : null;
}
