import type { CardImageQuality } from "../../db/columns";
import type { Suit, TarotCard } from "../tarot/cards";
import { meaningOf } from "../tarot/meanings";
import { joinList } from "./text";

/** The kinds of question the reading room can suggest. */
export const QUESTION_CATEGORIES = ["love", "career", "finance", "relationships", "spiritual-growth", "past-lives"] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

export type ReadingCard = { name: string; position: string; reversed: boolean };

/** Limits every answer is held to, whoever writes it. */
export const CARD_DESCRIPTION_MAX_WORDS = 149;
export const READING_MAX_WORDS = 599;
export const THEME_DESCRIPTION_MAX_WORDS = 110;

export function usernamePrompt({ email, fullName }: { email: string; fullName?: string | null }) {
  const source = fullName?.trim() || email.split("@")[0] || "tarot reader";
  return [
    "Suggest one creative username for a member of a tarot app.",
    `Take inspiration from: ${source}.`,
    "It must be 5-15 characters, contain no spaces, and may use letters, digits, underscores and hyphens.",
    "Reply with the username only.",
  ].join(" ");
}

/** What a traditional painting of each Major Arcana card shows, briefly. */
const MAJOR_IMAGERY: readonly string[] = [
  "a light-footed wanderer at the edge of a cliff with a small bundle, a white flower and a leaping dog",
  "a figure at a table set with a wand, a cup, a blade and a coin, one hand raised to the sky and one pointing to the earth",
  "a veiled seer seated between a dark and a pale pillar, a scroll in her lap and a crescent moon at her feet",
  "a crowned woman resting on cushions in a ripening wheat field beside a flowing stream",
  "a stern ruler on a stone throne carved with ram heads, bare mountains rising behind him",
  "a robed teacher raising a hand in blessing before two kneeling students, crossed keys at his feet",
  "two figures beneath a radiant winged being, a fruit tree and a flaming tree behind them",
  "a charioteer standing tall in a canopied chariot drawn by one dark and one light sphinx",
  "a calm figure gently closing the jaws of a lion, an infinity sign above her head",
  "a cloaked elder on a snowy peak holding up a lantern with a star inside",
  "a great turning wheel marked with symbols, creatures riding its rim among the clouds",
  "a seated judge holding an upright sword and a pair of balanced scales",
  "a serene figure hanging upside down by one foot from a living tree, a glow around his head",
  "an armoured skeleton on a pale horse with a black banner bearing a white rose, the sun rising between two towers",
  "a winged figure pouring water from one cup into another, one foot on land and one in a pool",
  "a horned figure perched on a dark pedestal above two loosely chained people",
  "a tall tower struck by lightning, its crown toppling and figures falling through the dark",
  "a kneeling figure pouring water onto the land and into a pool beneath one great star and seven small ones",
  "a full moon above a winding path between two towers, a dog and a wolf howling and a crayfish climbing from the water",
  "a joyful child on a white horse beneath a blazing sun, sunflowers along a garden wall",
  "an angel sounding a trumpet from the clouds as figures rise from below with open arms",
  "a dancer inside a laurel wreath holding two wands, with a lion, a bull, an eagle and an angel in the corners",
];

const SUIT_OBJECTS: Record<Suit, { one: string; many: string; element: string }> = {
  wands: { one: "budding wooden staff", many: "budding wooden staves", element: "fire" },
  cups: { one: "brimming chalice", many: "brimming chalices", element: "water" },
  swords: { one: "bright double-edged sword", many: "bright swords", element: "air" },
  pentacles: { one: "golden coin marked with a five-pointed star", many: "golden coins marked with five-pointed stars", element: "earth" },
};

const NUMBER_WORDS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** The card's keywords, upright first; empty when no meaning is written yet. */
export function cardKeywords(card: Pick<TarotCard, "key">, reversed = false): string[] {
  try {
    const meaning = meaningOf(card);
    return [...(reversed ? meaning.reversed.keywords : meaning.upright.keywords)];
  } catch {
    return [];
  }
}

/** A short phrase describing what the card traditionally shows, for prompts and descriptions. */
export function traditionalImagery(card: Pick<TarotCard, "arcana" | "suit" | "number">): string {
  if (card.arcana === "major" || !card.suit) return MAJOR_IMAGERY[card.number] ?? "a symbolic figure at the centre of the card";
  const suit = SUIT_OBJECTS[card.suit];
  if (card.number === 1) return `a single ${suit.one} offered by a hand reaching out of a cloud`;
  if (card.number <= 10) return `${NUMBER_WORDS[card.number]} ${suit.many} arranged around a small scene`;
  const court: Record<number, string> = {
    11: `a young page studying a ${suit.one}`,
    12: `a knight riding out with a ${suit.one}`,
    13: `a queen enthroned, holding a ${suit.one}`,
    14: `a king seated in command, holding a ${suit.one}`,
  };
  return court[card.number] ?? `a ${suit.one}`;
}

export function suitElement(card: Pick<TarotCard, "suit">): string | null {
  return card.suit ? SUIT_OBJECTS[card.suit].element : null;
}

const styleOf = (style: string) => style.trim() || "a rich illustrative style of the artist's choosing";
const themeOf = (theme: string) => theme.trim() || "a classic tarot world";

/** The picture to paint for one card of a themed deck. */
export function cardImagePrompt({
  card,
  theme,
  style,
  quality = "medium",
  prompt,
}: {
  card: TarotCard;
  theme: string;
  style: string;
  quality?: CardImageQuality;
  prompt?: string | null;
}): string {
  const keywords = cardKeywords(card).slice(0, 4);
  const element = suitElement(card);
  return [
    `Tarot card art for "${card.name}"${card.arcana === "major" ? " of the Major Arcana" : `, from the suit of ${card.suit}`}.`,
    `Traditional imagery to reinterpret: ${traditionalImagery(card)}.`,
    keywords.length ? `The picture should feel like ${joinList(keywords)}.` : "",
    element ? `Let the element of ${element} show in the setting.` : "",
    `Deck theme: ${themeOf(theme)}. Reimagine the figures, clothing, setting and symbols so they belong to this theme.`,
    `Art style: ${styleOf(style)}.`,
    prompt ? `For this card the deck's owner also asks for: ${prompt}. Paint it within the deck's theme and art style.` : "",
    "One clear central composition, rich detail, consistent with a full matching deck.",
    quality === "high" ? "Gallery-quality finish: fine linework, subtle lighting and texture in every part of the picture." : "",
    "Tarot card art, portrait 3:4, no text, no letters, no numbers, no title banner, no watermark.",
  ]
    .filter(Boolean)
    .join(" ");
}

export const DESCRIBE_CARD_SYSTEM = "You write short, evocative card descriptions for a themed tarot deck. Plain prose, no headings, no lists, no markdown.";

export function describeCardPrompt({ card, theme, style }: { card: TarotCard; theme: string; style: string }): string {
  const upright = cardKeywords(card);
  const reversed = cardKeywords(card, true);
  return [
    `Describe the card "${card.name}" as it appears in a tarot deck with the theme "${themeOf(theme)}", drawn in ${styleOf(style)}.`,
    `Traditionally it shows ${traditionalImagery(card)}.`,
    upright.length ? `Upright it stands for ${joinList(upright)}.` : "",
    reversed.length ? `Reversed it suggests ${joinList(reversed)}.` : "",
    "In one or two short paragraphs, say how this deck's version looks and what it means for someone who draws it, upright and reversed.",
    "Stay under 120 words. Do not repeat these instructions.",
  ]
    .filter(Boolean)
    .join(" ");
}

export const THEMES_SYSTEM = "You invent themes for illustrated tarot decks. Answer with the themes only, one per line.";

export function suggestThemesPrompt(count: number, typed = ""): string {
  const around = typed.trim().slice(0, 200);
  return [
    `Suggest ${count} different, evocative themes for a 78-card tarot deck.`,
    ...(around ? [`The person has typed this idea; offer variations on its subjects in other places, times and moods: ${around}`] : []),
    "Each theme is a short phrase of 2 to 7 words that conjures a whole visual world (a place, an era, a mood or a culture of imagined creatures).",
    "Vary them widely. Write one theme per line, with no numbering, bullets, quotes or explanations.",
  ].join(" ");
}

export const ELABORATE_SYSTEM = "You write vivid, concise descriptions of illustrated tarot decks. Plain prose, no markdown.";

export function elaborateThemePrompt(theme: string): string {
  return [
    `A tarot deck is being designed around the theme "${themeOf(theme)}".`,
    "Describe the deck in 2 to 3 sentences: its visual world, its palette and mood, and how the traditional figures are reimagined in it.",
    "Reply with the description only.",
  ].join(" ");
}

const CATEGORY_FOCUS: Record<QuestionCategory, string> = {
  love: "love, romance and matters of the heart",
  career: "work, vocation and professional growth",
  finance: "money, security and material resources",
  relationships: "family, friendship and the people around them",
  "spiritual-growth": "inner growth, purpose and spiritual practice",
  "past-lives": "past lives, old patterns and soul lessons carried forward",
};

export const QUESTIONS_SYSTEM = "You help people phrase open, thoughtful questions for a tarot reading. Answer with JSON only.";

export function suggestQuestionsPrompt(category: QuestionCategory, count: number, typed = ""): string {
  const started = typed.trim().slice(0, 200);
  return [
    `Write ${count} questions someone could ask in a tarot reading about ${CATEGORY_FOCUS[category]}.`,
    ...(started ? [`They have started to write: "${started}". Build on what they wrote.`] : []),
    "Make them open-ended and empowering (how, what, where) rather than yes-or-no or fortune-telling.",
    "Keep each one under 8 words.",
    `Answer with a JSON array of ${count} strings and nothing else, for example ["First question?", "Second question?"].`,
  ].join(" ");
}

export const READING_SYSTEM =
  "You are a warm, grounded tarot reader. You speak of tendencies and choices, never of fixed fate, and you never give medical, legal or financial instructions.";

export const READING_SECTIONS = ["Overall Energy", "Key Insights", "Guidance Moving Forward"] as const;

export function interpretReadingPrompt({
  question,
  cards,
  spread,
  theme,
}: {
  question: string;
  cards: ReadingCard[];
  spread: string;
  theme?: string | null;
}): string {
  const drawn = cards.map((card, i) => `${i + 1}. ${card.position || `Card ${i + 1}`}: ${card.name}${card.reversed ? " (reversed)" : " (upright)"}`).join("\n");
  return [
    `Question: ${question.trim() || "(no question given; read for general guidance)"}`,
    `Spread: ${spread.trim() || "a free spread"}`,
    ...(theme?.trim() ? [`The deck on the table is themed: ${theme.trim().slice(0, 200)}. Let its world colour the reading.`] : []),
    "Cards drawn:",
    drawn || "(none)",
    "",
    "Interpret this reading for the person who asked. Connect each card to its position and to the question, and notice how the cards speak to each other.",
    `Use exactly three sections with markdown headings: "## ${READING_SECTIONS[0]}", "## ${READING_SECTIONS[1]}" and "## ${READING_SECTIONS[2]}".`,
    "Keep the whole reading under 500 words.",
  ].join("\n");
}
