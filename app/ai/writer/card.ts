/**
 * A card's description for a themed deck. It never repeats the card's meaning paragraph: it tells
 * the card's gist, words and counsel (lore.ts, the keywords) through the theme's subjects and
 * setting, in sentence shapes chosen per card, theme and seed.
 */
import type { TarotCard } from "../../tarot/cards";
import { textHash } from "../text";
import { capital, cardRef, pictureSentence, placePhrase, theNoun, themeWords, type Chooser, type Noun, type ThemeWords } from "../writer";
import { counselOf, gistOf } from "./lore";

export type CardMeaningWords = { upright: { keywords: string[] }; reversed: { keywords: string[] } };

const list = (items: readonly string[]) => (items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

/** Card words that name one thing take an article in a sentence; the rest are abstract and go bare. */
const COUNTED_WORDS: Record<string, string> = {
  "open road": "the open road",
  "free spirit": "a free spirit",
  "new idea": "a new idea",
  "emotional journey": "an emotional journey",
  journey: "a journey",
  calling: "a calling",
  provider: "a provider",
  "turning point": "a turning point",
  "fresh start": "a fresh start",
  // Describing words become things, so that a list of keywords reads as a list of nouns.
  unsettled: "unrest",
  unfocused: "a scattered focus",
  demanding: "demands",
  domineering: "a domineering streak",
  stuck: "being stuck",
};
export const asPhrase = (keyword: string) => COUNTED_WORDS[keyword] ?? keyword;

/** What a sentence can use of the theme and the card. */
type Scene = {
  ref: string;
  Ref: string;
  lead: Noun | null;
  isActor: boolean;
  place: Noun | null;
  where: string;
  /** The place as something already named: "the river", "your grandmother's seaside town". */
  thePlace: string;
  words: ThemeWords;
  gist: string;
  upright: string;
  reversed: string;
  counsel: string;
  counselReversed: string;
};

type Frame = (s: Scene) => string | null;

/** The card's gist told through the theme: every frame names a subject or the setting. */
const GIST_FRAMES: readonly Frame[] = [
  (s) => (s.lead ? `For the ${s.lead.many} of this deck, ${s.ref} stands for ${s.gist}.` : null),
  (s) => (s.lead && s.isActor ? `What the ${s.lead.one} on this card lives out is ${s.gist}.` : null),
  (s) => (s.lead && !s.isActor ? `The ${s.lead.many} of this deck ${s.lead.plural === false ? "lights" : "light"} up one idea here: ${s.gist}.` : null),
  (s) => (s.lead && s.isActor ? `Told among ${s.lead.many}, the card is about ${s.gist}.` : null),
  (s) => (s.lead && s.isActor ? `Any ${s.lead.one} who has lived a little would know this card: it is ${s.gist}.` : null),
  (s) => (s.place ? `${s.Ref} keeps its old sense in ${s.thePlace}: ${s.gist}.` : null),
  (s) => (s.place ? `The story ${s.thePlace} tells is ${s.gist}.` : null),
  (s) => (s.place && s.lead ? `Between the ${s.lead.many} and ${s.thePlace}, one idea comes through: ${s.gist}.` : null),
  (s) => (s.words.weather[0] ? `Even the ${s.words.weather[0].one} seems to know what the card is about: ${s.gist}.` : null),
];

/** The upright keywords; some frames set them in the deck's world. */
const UPRIGHT_FRAMES: readonly Frame[] = [
  (s) => `Upright, it speaks of ${s.upright}.`,
  (s) => `Drawn upright, it brings ${s.upright}.`,
  (s) => `Its upright words are ${s.upright}.`,
  (s) => `Read upright, it points to ${s.upright}.`,
  (s) => (s.lead && s.isActor ? `Upright, the ${s.lead.many} read it as ${s.upright}.` : null),
  (s) => (s.place ? `When it stands upright, ${s.thePlace} fills with ${s.upright}.` : null),
  (s) => (s.lead && s.isActor ? `A ${s.lead.one} drawing it upright would hear ${s.upright}.` : null),
];

/** The upright counsel, a verb phrase; some frames borrow the deck's figure. */
const COUNSEL_FRAMES: readonly Frame[] = [
  (s) => `If it comes to you, ${s.counsel}.`,
  (s) => `Its advice is to ${s.counsel}.`,
  (s) => `${capital(s.counsel)}: that is what ${s.ref} asks of you.`,
  (s) => `The counsel here is plain: ${s.counsel}.`,
  (s) => (s.lead && s.isActor ? `Like the ${s.lead.one} in the picture, ${s.counsel}.` : null),
  (s) => (s.lead && s.isActor ? `Ask the ${s.lead.one} what to do and the answer is to ${s.counsel}.` : null),
  (s) => (s.lead && !s.isActor ? `Let the ${s.lead.many} light the way: ${s.counsel}.` : null),
];

/** The reversed side: its words and its counsel, in one or two sentences. */
const REVERSED_FRAMES: readonly Frame[] = [
  (s) => `Reversed, it warns of ${s.reversed}; then the task is to ${s.counselReversed}.`,
  (s) => `Upside down, the picture tilts toward ${s.reversed}, and the advice becomes: ${s.counselReversed}.`,
  (s) => `Turned over, ${s.ref} speaks of ${s.reversed}. ${capital(s.counselReversed)}.`,
  (s) => `When it lands reversed, watch for ${s.reversed}, and try to ${s.counselReversed}.`,
  (s) => (s.place ? `Reversed, ${s.thePlace} darkens toward ${s.reversed}; ${s.counselReversed}.` : null),
  (s) => (s.lead && s.isActor ? `A reversed draw shows the ${s.lead.one}'s shadow side, ${s.reversed}: ${s.counselReversed}.` : null),
  (s) =>
    s.lead && !s.isActor
      ? `Reversed, the ${s.lead.many} ${s.lead.plural === false ? "falls" : "fall"} into shadow and the card warns of ${s.reversed}; ${s.counselReversed}.`
      : null,
  (s) => (s.words.time === "night" ? `Reversed, the night closes in with ${s.reversed}. The way through is to ${s.counselReversed}.` : null),
];

/** A last word that sends the reader back to the picture; often none. */
const CLOSING_FRAMES: readonly Frame[] = [
  () => null,
  () => null,
  (s) => `Sit with ${s.ref} a moment before you decide what it is saying.`,
  (s) => (s.words.details[0] ? `Look for the ${s.words.details[0].one} tucked into ${s.ref}; it is this deck's own sign for the card.` : null),
  (s) => (s.place ? `Let ${s.thePlace} around ${s.ref} tell you where the lesson lives.` : null),
  (s) => (s.words.time ? `The ${s.words.time === "day" ? "open" : s.words.time} light gives ${s.ref} its mood.` : null),
];

/** Picks one of the frames that has something to say, for this card and seed. */
function pick(frames: readonly Frame[], scene: Scene, choose: Chooser, salt: string, fallback?: Frame): string | null {
  const ready = frames.map((frame) => frame(scene)).filter((text): text is string => !!text);
  if (ready.length) return choose(ready, salt);
  return fallback ? fallback(scene) : null;
}

const wordCount = (parts: readonly string[]) => parts.join(" ").split(/\s+/).filter(Boolean).length;

/**
 * The description of one card of a themed deck: the picture, the gist told through the theme, its
 * upright words and counsel, and its reversed side, in one of several shapes. The same card, theme
 * and seed always give the same text; another seed or theme gives other sentences.
 */
export function writeCardDescription(card: TarotCard, theme: string, meaning: CardMeaningWords | null, seed = ""): string {
  const words = themeWords(theme);
  const base = `${seed}|${theme.trim().toLowerCase()}|${card.key}`;
  const choose: Chooser = (items, salt) => items[textHash(`${base}|${salt}`) % items.length]!;
  const lead = words.actor ?? words.emblem;
  // A place typed in the plural ("ramen stalls") is left to the picture's setting.
  const single = words.places.filter((p) => !p.plural);
  const place = single.length ? choose(single, "place") : null;
  const ref = cardRef(card);
  const scene: Scene = {
    ref,
    Ref: capital(ref),
    lead,
    isActor: !!words.actor,
    place,
    where: place ? placePhrase(place) : "",
    thePlace: place ? theNoun(place) : "",
    words,
    gist: gistOf(card),
    upright: list((meaning?.upright.keywords ?? []).slice(0, 3).map(asPhrase)),
    reversed: list((meaning?.reversed.keywords ?? []).slice(0, 2).map(asPhrase)),
    counsel: counselOf(card, false),
    counselReversed: counselOf(card, true),
  };

  const picture = pictureSentence(card, words, choose);
  const gist = pick(GIST_FRAMES, scene, choose, "gist", (s) => `At its core, ${s.ref} is about ${s.gist}.`)!;
  const upright = scene.upright ? pick(UPRIGHT_FRAMES, scene, choose, "upright") : null;
  const counsel = pick(COUNSEL_FRAMES, scene, choose, "counsel")!;
  const reversed = scene.reversed ? pick(REVERSED_FRAMES, scene, choose, "reversed") : null;
  const closing = pick(CLOSING_FRAMES, scene, choose, "closing");

  const shapes: (() => (string | null)[])[] = [
    () => [picture, gist, upright, counsel, reversed, closing],
    () => [picture, upright, gist, counsel, reversed, closing],
    // The gist and the upright words in one sentence.
    () => [picture, upright ? `${gist.slice(0, -1)}, which upright means ${scene.upright}.` : gist, counsel, reversed, closing],
    () => [picture, gist, counsel, upright, reversed],
  ];
  const parts = choose(shapes, "shape")().filter((part): part is string => !!part);
  // The closing line goes first when the description runs long.
  while (wordCount(parts) > 140 && parts.length > 3) parts.pop();
  return parts.join(" ");
}
