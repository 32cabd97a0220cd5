/**
 * Suggestions that build on what the person typed: deck themes that keep the typed subjects and
 * move them to other places, times, ages and company, and reading questions about the typed
 * matter. Every idea carries a word of what was typed (in the typed form for places: "Tokyo", not
 * the painter's "city street"). The random source picks among the ideas, so one source gives one list.
 */
import { parseTheme } from "../../art/subjects/parse-theme";
import { SUBJECT_BY_ID } from "../../art/subjects/vocabulary";
import type { QuestionCategory } from "../prompts";
import { pickSome } from "../text";
import { capital, pluralOf, themeWords, withArticle } from "../writer";
import { questionFocus } from "./reading";

const PLACES_ELSEWHERE = [
  "in a harbour town",
  "in a mountain monastery",
  "in a sunken city",
  "at a night market",
  "in a glass greenhouse",
  "with a desert caravan",
  "in an old library",
  "on a lighthouse island",
  "in a birch forest",
  "in a snowy village",
  "in a clockwork observatory",
  "in a floating tea house",
  "on a salt marsh",
  "in a cathedral of ice",
];
const TIMES_ELSEWHERE = [
  "at first light",
  "under a comet",
  "on the longest night",
  "at the turn of the tide",
  "after the first snow",
  "during the harvest moon",
  "in a summer storm",
  "before the eclipse",
];
const ERAS_ELSEWHERE = ["Victorian", "medieval", "clockwork", "art deco", "far-future", "folk-tale", "Edo-period", "Bronze Age"];
const COMPANIONS = ["paper lanterns", "moths", "teacups", "keys", "owls", "koi", "lotus flowers", "kites", "ravens", "bells", "star charts", "music boxes"];
const ROLES = ["lamp-keepers", "star-readers", "cartographers", "tea merchants", "bell-ringers", "map-makers", "night gardeners", "ferrymen"];
const MOODS = ["A quiet", "A stormy", "A golden", "A candlelit", "A moonlit", "A forgotten"];

/** The word a theme used for a subject, as typed ("Tokyo", "forest"). */
function typedWord(theme: string, subject: string): string | null {
  const found = parseTheme(theme).found.find((f) => f.subject === subject && !f.guessed);
  if (!found) return null;
  const at = theme.toLowerCase().indexOf(found.word);
  // The first word of a theme is capitalised as a sentence is, not as a name.
  return at > 0 ? theme.slice(at, at + found.word.length) : found.word;
}

const isProper = (word: string) => /^[A-Z]/.test(word);
const the = (word: string) => (isProper(word) ? word : `the ${word}`);
const aOr = (word: string) => (isProper(word) ? word : withArticle(word));

/** Theme ideas around what was typed, `count` of them when there is anything to build on; null when nothing was typed. */
export function themeIdeasFrom(typed: string, count: number, random?: () => number): string[] | null {
  const text = typed.trim().replace(/\s+/g, " ").slice(0, 200);
  if (!text) return null;
  const words = themeWords(text);
  const parsed = parseTheme(text);
  const lead = words.actor ?? words.emblem ?? words.details[0] ?? null;
  // A person alongside a creature makes one subject: "octopus librarians".
  const partner = words.actor ? parsed.details.map((id) => SUBJECT_BY_ID.get(id)).find((s) => s?.category === "person") : undefined;
  const placeId = parsed.setting.find((id) => SUBJECT_BY_ID.get(id)?.category === "place");
  const place = placeId ? typedWord(text, placeId) : null;
  const ideas: string[] = [];
  const add = (idea: string) => {
    if (idea.toLowerCase() !== text.toLowerCase()) ideas.push(capital(idea));
  };
  if (lead) {
    // The lead in the typed word when the vocabulary knows it by another name ("kitsune", "jazz").
    const leadId = parsed.main ?? parsed.details[0] ?? "";
    const leadTyped = new RegExp(`\\b${lead.one}`, "i").test(text) ? lead.many : (typedWord(text, leadId) ?? lead.many);
    const subjects = [leadTyped];
    const partnerWord = partner ? typedWord(text, partner.id) : null;
    if (partnerWord) subjects.push(`${leadTyped === lead.many ? lead.one : leadTyped} ${pluralOf(partnerWord.replace(/s$/, ""))}`);
    if (place && !place.includes(" ") && !isProper(place) && words.actor) subjects.push(`${place} ${leadTyped}`);
    for (const [i, subject] of subjects.entries()) {
      for (const where of PLACES_ELSEWHERE) if (!place || !where.includes(place.toLowerCase())) add(`${subject} ${where}`);
      for (const when of TIMES_ELSEWHERE) add(`${subject} ${when}`);
      if (i === 0) {
        for (const era of ERAS_ELSEWHERE) add(`${era} ${subject}`);
        for (const with_ of COMPANIONS) if (!with_.includes(lead.one) && !subject.includes(with_)) add(`${subject} and ${with_}`);
      }
    }
    if (words.actor) {
      for (const role of ROLES) add(`${leadTyped} as ${role}`);
      if (place) {
        add(`a court of ${leadTyped} in ${the(place)}`);
        if (leadTyped === lead.many) add(`the ${lead.one} oracle of ${the(place)}`);
      }
    }
  }
  if (place) {
    for (const when of TIMES_ELSEWHERE) add(`${the(place)} ${when}`);
    for (const era of ERAS_ELSEWHERE) add(`${era} ${isProper(place) ? place : pluralOf(place)}`);
    for (const with_ of COMPANIONS) if (!lead || !with_.includes(lead.one)) add(`${aOr(place)} full of ${with_}`);
  }
  if (!ideas.length) {
    // Nothing the vocabulary knows: the typed words themselves take the subject's place.
    const phrase = text
      .split(" ")
      .slice(0, 5)
      .join(" ")
      .replace(/[.,;:!?]+$/, "");
    for (const where of PLACES_ELSEWHERE) add(`${phrase} ${where}`);
    for (const when of TIMES_ELSEWHERE) add(`${phrase} ${when}`);
    for (const mood of MOODS) add(`${mood.toLowerCase()} ${phrase.toLowerCase()}`);
    for (const with_ of COMPANIONS) add(`${phrase} with ${with_}`);
  }
  const unique = [...new Set(ideas)];
  // Without a random source the first ideas of each kind lead, in a fixed order.
  return random ? pickSome(unique, count, random) : pickSome(unique.filter((_, i) => i % 7 === 0).concat(unique.filter((_, i) => i % 7 !== 0)), count);
}

/** "your love life" as the person would say it: "my love life". */
const inFirstPerson = (phrase: string) =>
  phrase
    .replace(/\byour\b/g, "my")
    .replace(/\byours\b/g, "mine")
    .replace(/\byourself\b/g, "myself")
    .replace(/\byou\b/g, "me");

const QUESTION_FRAMES: Record<QuestionCategory | "any", readonly ((f: string) => string)[]> = {
  any: [
    (f) => `What do I need to know about ${f}?`,
    (f) => `What is ${f} asking of me now?`,
    (f) => `How can I move forward with ${f}?`,
    (f) => `What am I not seeing about ${f}?`,
    (f) => `Where is ${f} heading?`,
    (f) => `What would help ${f} most right now?`,
  ],
  love: [(f) => `How can I open my heart around ${f}?`, (f) => `What does ${f} teach me about love?`],
  career: [(f) => `What does ${f} mean for my work?`, (f) => `How can ${f} help me grow professionally?`],
  finance: [(f) => `How does ${f} affect my finances?`, (f) => `What should I weigh about ${f} and money?`],
  relationships: [(f) => `How can I show up better around ${f}?`, (f) => `What do the people in ${f} need from me?`],
  "spiritual-growth": [(f) => `What is ${f} teaching my soul?`, (f) => `How can ${f} deepen my practice?`],
  "past-lives": [(f) => `What old pattern lives on in ${f}?`, (f) => `Why does ${f} feel so familiar?`],
};

/** Questions about what the person typed, in their own words; null when nothing was typed. */
export function questionIdeasFrom(typed: string, category: QuestionCategory, count: number, random?: () => number): string[] | null {
  const text = typed.trim().replace(/\s+/g, " ").slice(0, 200);
  if (!text) return null;
  const focus =
    questionFocus(text) ??
    text
      .replace(/[.?!]+$/, "")
      .split(" ")
      .slice(0, 4)
      .join(" ");
  const mine = inFirstPerson(focus);
  const ideas = [...QUESTION_FRAMES[category], ...QUESTION_FRAMES.any].map((frame) => frame(mine));
  return pickSome(ideas, count, random);
}
