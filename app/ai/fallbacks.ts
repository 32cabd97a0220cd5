import { failurePlaceholderSvg } from "../art/placeholder-card";
import { FULL_DECK, type TarotCard } from "../tarot/cards";
import { meaningOf, type CardMeaning } from "../tarot/meanings";
import type { PaintedImage } from "./images";
import {
  CARD_DESCRIPTION_MAX_WORDS,
  READING_MAX_WORDS,
  READING_SECTIONS,
  type QuestionCategory,
  type ReadingCard,
} from "./prompts";
import { joinList, limitWords, pickSome, textHash } from "./text";
import { readingPicture, suggestThemesFrom, writeCardDescription, writeDeckDescription } from "./writer";

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

const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

const firstSentence = (text: string) => (text.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? text).trim();

/**
 * A card description in our own words, from the card's meaning and the deck's theme: the theme's
 * subjects play the card's picture (see writer.ts), and the phrasing varies by card and theme.
 */
export function composeCardDescription({ card, theme }: { card: TarotCard; theme: string; style: string }): string {
  return limitWords(writeCardDescription(card, theme, safeMeaning(card)), CARD_DESCRIPTION_MAX_WORDS);
}

/** A deck description built from the theme's subjects, three or four sentences long. */
export function fallbackDeckDescription(theme: string): string {
  return writeDeckDescription(theme);
}

/** Theme ideas: variations on what was typed when it names something to vary, else a few of our own. */
export function fallbackThemes(count: number, random?: () => number, typed = ""): string[] {
  const own = suggestThemesFrom(typed, count) ?? [];
  return [...own, ...pickSome(CANNED_THEMES.filter((theme) => !own.includes(theme)), count - own.length, random)];
}

export function fallbackQuestions(category: QuestionCategory, count: number, random?: () => number): string[] {
  return pickSome(CANNED_QUESTIONS[category], count, random);
}

/** The deck card with this name, matched loosely (case and a leading "The" do not matter). */
export function cardByName(name: string): TarotCard | undefined {
  const norm = (value: string) => value.trim().toLowerCase().replace(/^the\s+/, "").replace(/\s+/g, " ");
  const wanted = norm(name);
  return FULL_DECK.find((card) => norm(card.name) === wanted);
}

/** How each card's line in a reading opens, varied so a spread does not read like a list. */
const INSIGHT_LEADS: readonly ((keywords: string, reversed: boolean) => string)[] = [
  (k) => `${k.charAt(0).toUpperCase()}${k.slice(1)}.`,
  (k, r) => `${r ? "Turned over, it speaks" : "It speaks"} of ${k}.`,
  (k) => `Here the card brings ${k}.`,
  (k, r) => `${r ? "Its reversed side" : "Its message"} is ${k}.`,
];

/** A reading in our own words from the cards' written meanings, in the three usual sections. */
export function fallbackReading({ question, cards, spread, theme }: { question: string; cards: ReadingCard[]; spread: string; theme?: string | null }): string {
  const asked = question.trim();
  const known = cards.map((drawn) => {
    const card = cardByName(drawn.name);
    const meaning = card ? safeMeaning(card) : null;
    const side = meaning ? (drawn.reversed ? meaning.reversed : meaning.upright) : null;
    return { drawn: { ...drawn, name: card?.name ?? drawn.name }, side };
  });
  const reversedCount = cards.filter((card) => card.reversed).length;
  const majors = cards.filter((card) => cardByName(card.name)?.arcana === "major").length;
  const spreadName = spread.trim();
  const spreadLabel = !spreadName ? "this spread" : /spread|draw|layout|cross/i.test(spreadName) ? `your ${spreadName}` : `your ${spreadName} spread`;
  const counted = cards.length === 1 ? "card" : `${NUMBER_WORDS[cards.length] ?? cards.length} cards`;

  const energy: string[] = [];
  energy.push(
    asked
      ? `You asked: “${asked}”${/[.!?]$/.test(asked) ? "" : "."} The ${counted} of ${spreadLabel} ${cards.length === 1 ? "answers" : "answer"} with a picture rather than a verdict.`
      : `With no single question in mind, ${spreadLabel} offers a snapshot of the energies around you now.`,
  );
  if (cards.length) {
    if (majors > cards.length / 2) energy.push("Several Major Arcana cards appear, which suggests this matter touches something larger than daily routine.");
    if (reversedCount > cards.length / 2) energy.push("Many cards are reversed, hinting that some of this energy is blocked, delayed or turned inward.");
    else if (reversedCount === 0) energy.push("Every card is upright, so the energy here flows fairly openly.");
    const themes = known.flatMap(({ side }) => side?.keywords.slice(0, 1) ?? []);
    if (themes.length) energy.push(`The threads running through the reading are ${joinList(themes.slice(0, 5))}.`);
  } else {
    energy.push("No cards were drawn, so sit with the question itself and notice what answer comes first.");
  }

  const insights = known.map(({ drawn, side }, i) => {
    const label = `**${drawn.name}**${drawn.reversed ? " (reversed)" : ""}${drawn.position ? ` in ${drawn.position}` : ""}`;
    if (!side) return `- ${label}: take a moment with this card and notice what it stirs in you.`;
    const card = cardByName(drawn.name);
    // The deck's own figure in the card, when its theme gives one.
    const picture = card ? readingPicture(card, theme) : null;
    const lead = INSIGHT_LEADS[(textHash(`${drawn.name}|${i}|${asked}`) >>> 3) % INSIGHT_LEADS.length]!(joinList(side.keywords.slice(0, 3)), drawn.reversed);
    return `- ${label}: ${picture ? `${picture} ` : ""}${lead} ${firstSentence(side.meaning)}`;
  });

  const last = known[known.length - 1];
  const guidance = [
    last?.side
      ? `The final card, ${last.drawn.name}, points the way: ${firstSentence(last.side.meaning).replace(/^./, (c) => c.toLowerCase())}`
      : "Trust what you already sense about the situation.",
    "Treat these cards as a mirror rather than a prophecy: they show tendencies, and your choices shape what comes next.",
    "Choose one small, concrete step you can take this week, and come back to the cards when things have moved.",
  ];

  const text = [
    `## ${READING_SECTIONS[0]}`,
    energy.join(" "),
    "",
    `## ${READING_SECTIONS[1]}`,
    insights.length ? insights.join("\n") : "- The cards are quiet for now.",
    "",
    `## ${READING_SECTIONS[2]}`,
    guidance.join(" "),
  ].join("\n");
  return limitWords(text, READING_MAX_WORDS);
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
