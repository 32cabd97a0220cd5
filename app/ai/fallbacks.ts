import { failurePlaceholderSvg } from "../art/placeholder-card";
import type { TarotCard } from "../tarot/cards";
import { meaningOf, type CardMeaning } from "../tarot/meanings";
import type { PaintedImage } from "./images";
import { CARD_DESCRIPTION_MAX_WORDS, READING_MAX_WORDS, type QuestionCategory } from "./prompts";
import { limitWords, pickSome } from "./text";
import { writeDeckDescription } from "./writer";
import { writeCardDescription } from "./writer/card";
import { cardNamed, writeReading, type ReadingInput } from "./writer/reading";
import { questionIdeasFrom, themeIdeasFrom } from "./writer/suggest";

/** Deck themes offered when no model is at hand. */
export const CANNED_THEMES: readonly string[] = [
  "Moonlit Victorian greenhouse",
  "Bioluminescent deep-sea kingdom",
  "Art deco jazz-age nightclub",
  "Norse winter sagas",
  "Desert caravan under a thousand stars",
  "Clockwork observatory of brass and glass",
  "Haunted lighthouse on a stormy coast",
  "Neon night market in the rain",
  "Enchanted autumn forest",
  "Sunset temples of the Nile",
  "Voyagers of the cosmic nebula",
  "Medieval illuminated bestiary",
  "Mushroom villages of the forest floor",
  "Spirits of the northern aurora",
  "Venetian masquerade ball",
  "Solarpunk garden city",
  "Shadows of a gothic cathedral",
  "Coral reef merfolk",
  "The alchemist's candlelit laboratory",
  "Ghost town on the frontier",
  "Celestial tea party among the clouds",
  "Botanical apothecary of rare herbs",
  "Storm-tossed pirate seas",
  "Paper lanterns and folding screens",
  "Library of forgotten dreams",
];

/** Reading-room questions offered when no model is at hand: open questions, each short. */
export const CANNED_QUESTIONS: Record<QuestionCategory, readonly string[]> = {
  love: [
    "What do I need to know about my love life?",
    "How can I open my heart more fully?",
    "What is holding me back from love?",
    "How can I deepen my current relationship?",
    "What kind of partner truly suits me?",
    "How can I heal from a past heartbreak?",
    "What energy am I bringing into romance?",
  ],
  career: [
    "What direction should my career take next?",
    "How can I grow in my current role?",
    "What talents am I not using at work?",
    "What is blocking my professional progress?",
    "Is a change of path right for me now?",
    "How can I find more meaning in my work?",
    "What should I focus on this quarter?",
  ],
  finance: [
    "How can I build a steadier financial future?",
    "What habits shape my relationship with money?",
    "Where is abundance waiting for me?",
    "What should I consider before a big purchase?",
    "How can I feel more secure with money?",
    "What is draining my resources right now?",
    "How can I balance saving and enjoying life?",
  ],
  relationships: [
    "How can I improve my closest friendships?",
    "What does my family need from me now?",
    "How can I set healthier boundaries?",
    "What lesson is this relationship teaching me?",
    "How can I mend a recent misunderstanding?",
    "Who in my life deserves more of my time?",
    "How can I communicate more openly?",
  ],
  "spiritual-growth": [
    "What is my soul asking of me right now?",
    "How can I deepen my spiritual practice?",
    "What am I ready to release?",
    "Where can I find more inner peace?",
    "What lesson am I meant to learn now?",
    "How can I trust my intuition more?",
    "What gives my life its deepest meaning?",
  ],
  "past-lives": [
    "What past life still shapes my present?",
    "Which old pattern am I ready to break?",
    "What gift have I carried from before?",
    "Why does this place feel so familiar?",
    "What karmic lesson is returning to me?",
    "Who have I known in another life?",
    "What unfinished story is asking to close?",
  ],
};

function safeMeaning(card: Pick<TarotCard, "key">): CardMeaning | null {
  try {
    return meaningOf(card);
  } catch {
    return null;
  }
}

/**
 * A card description in our own words, from the card's lore and keywords and the deck's theme: the
 * theme's subjects play the card's picture and carry its meaning (see writer/card.ts). `seed` (else
 * the deck's painting secret) varies the phrasing between decks of one theme.
 */
export function composeCardDescription({
  card,
  theme,
  seed,
  paintingSecret,
}: {
  card: TarotCard;
  theme: string;
  style: string;
  seed?: string;
  paintingSecret?: string;
}): string {
  return limitWords(writeCardDescription(card, theme, safeMeaning(card), seed ?? paintingSecret ?? ""), CARD_DESCRIPTION_MAX_WORDS);
}

/** A deck description built from the theme's subjects, three or four sentences long. */
export function fallbackDeckDescription(theme: string): string {
  return writeDeckDescription(theme);
}

/** Theme ideas: variations on what was typed (each keeps a word of it), else a few of our own. */
export function fallbackThemes(count: number, random?: () => number, typed = ""): string[] {
  const own = themeIdeasFrom(typed, count, random) ?? [];
  return [
    ...own,
    ...pickSome(
      CANNED_THEMES.filter((theme) => !own.includes(theme)),
      count - own.length,
      random,
    ),
  ];
}

/** Reading questions: about what was typed when there is something, else canned ones of the category. */
export function fallbackQuestions(category: QuestionCategory, count: number, random?: () => number, typed = ""): string[] {
  const own = questionIdeasFrom(typed, category, count, random) ?? [];
  return [
    ...own,
    ...pickSome(
      CANNED_QUESTIONS[category].filter((question) => !own.includes(question)),
      count - own.length,
      random,
    ),
  ];
}

/** The deck card with this name, matched loosely (case and a leading "The" do not matter). */
export function cardByName(name: string): TarotCard | undefined {
  return cardNamed(name);
}

/**
 * A reading in our own words from the drawn cards, their positions and the question, in the three
 * usual sections (see writer/reading.ts). `seed` varies the phrasing of one and the same spread.
 */
export function fallbackReading(input: ReadingInput): string {
  return limitWords(writeReading(input), READING_MAX_WORDS);
}

/** The 600×900 "artwork unavailable" card, as an image answer. */
export function placeholderImage(cardName: string, theme: string): PaintedImage {
  return {
    bytes: new TextEncoder().encode(failurePlaceholderSvg(cardName, theme)),
    contentType: "image/svg+xml",
    ext: "svg",
    placeholder: true,
  };
}
