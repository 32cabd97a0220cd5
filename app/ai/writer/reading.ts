/**
 * The local writer's reading of a spread: it reads the actual cards — each position, each card
 * upright or reversed, the suits and numbers that dominate, the Major Arcana when their count says
 * something — and the words of the question, in the three sections every reading has. Phrasings
 * are dealt per card from banks, so neighbouring cards never share a sentence shape; the same
 * reading and seed always give the same text. The whole stays under the reading's word limit by
 * leaving out optional sentences, never by cutting a section off.
 */
import { FULL_DECK, SUITS, type Suit, type TarotCard } from "../../tarot/cards";
import { meaningOf } from "../../tarot/meanings";
import { READING_MAX_WORDS, READING_SECTIONS, type ReadingCard } from "../prompts";
import { countWords, textHash } from "../text";
import { capital, readingPicture } from "../writer";
import { asPhrase } from "./card";
import { counselOf, gistOf, RANK_LORE, RANK_PLURALS, SUIT_LORE } from "./lore";

export type ReadingInput = { question: string; cards: ReadingCard[]; spread: string; theme?: string | null; seed?: string };

const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const numberWord = (n: number) => NUMBER_WORDS[n] ?? String(n);
const list = (items: readonly string[]) => (items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

/** The deck card with this name, matched loosely (case and a leading "The" do not matter). */
export function cardNamed(name: string): TarotCard | undefined {
  const norm = (value: string) =>
    value
      .trim()
      .toLowerCase()
      .replace(/^the\s+/, "")
      .replace(/\s+/g, " ");
  const wanted = norm(name);
  return FULL_DECK.find((card) => norm(card.name) === wanted);
}

/* ------------------------------------------------------------------ the question's own words */

const PRONOUNS: Record<string, string> = {
  i: "you",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  am: "are",
  "i'm": "you're",
  "i've": "you've",
  we: "you",
  us: "you",
  our: "your",
  ours: "yours",
};
const DETERMINERS = new Set(["the", "a", "an", "your", "this", "that", "these", "those", "his", "her", "their", "its"]);
const OWNED = new Set(["your", "his", "her", "their", "its"]);
/** Words that carry no subject of a question: question words, helpers, small verbs, prepositions, pronouns. */
const QUESTION_STOP = new Set(
  (
    "what which who whom whose where when why how whether if is are was were be been being do does did done doing have has had can could should would will shall may might must " +
    "you you're you've yours yourself he she it they them him himself herself itself themselves someone something anything everything anyone everyone " +
    "need know knowing want wants get getting make go going come coming happen happening feel feeling think see look find take give keep let tell ask learn understand bring move moving " +
    "mend fix heal improve handle deal choose decide start stop trust open deepen build balance release set grow change leave stay win lose say try things thing way ways best better " +
    "to of in on at by for from with about into onto over under between through toward towards after before during without within around up down out off back " +
    "and or but so than then there here now still just really more most much many some any all very too also not no ever never again right next"
  ).split(" "),
);

/** The question's subjects as a phrase ("Lisbon and the new job"), from the pronoun-turned question; null when it names none. */
export function questionFocus(question: string): string | null {
  const tokens = question
    .trim()
    .replace(/[“”"?!.;:()]+/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => PRONOUNS[word.toLowerCase()] ?? word);
  type Chunk = { words: string[]; score: number; at: number };
  const chunks: Chunk[] = [];
  let current: Chunk | null = null;
  tokens.forEach((word, i) => {
    const lower = word.toLowerCase().replace(/,$/, "");
    const clean = word.replace(/,$/, "");
    if (DETERMINERS.has(lower)) {
      current = { words: [lower], score: OWNED.has(lower) ? 3 : 1, at: i };
      chunks.push(current);
    } else if (QUESTION_STOP.has(lower) || !/^[\p{L}][\p{L}'’-]*$/u.test(clean)) {
      current = null;
    } else {
      if (!current) {
        current = { words: [], score: 0, at: i };
        chunks.push(current);
      }
      current.words.push(/^[A-Z]/.test(clean) && i > 0 ? clean : clean.toLowerCase());
      if (/^[A-Z]/.test(clean) && i > 0) current.score = Math.max(current.score, 2);
    }
    if (word.endsWith(",")) current = null;
  });
  const named = chunks
    .map((chunk) => {
      const words = [...chunk.words];
      // "your work heading": a trailing -ing word is the question's verb, not its subject.
      while (words.length > 1 && /ing$/.test(words[words.length - 1]!) && words[words.length - 1] !== "wedding") words.pop();
      const content = words.filter((w) => !DETERMINERS.has(w));
      return { ...chunk, words, content, score: chunk.score + (content.length > 1 ? 1 : 0) };
    })
    .filter((chunk) => chunk.content.length && !(chunk.content.length === 1 && /ing$/.test(chunk.content[0]!) && chunk.score < 2));
  if (!named.length) return null;
  const best = [...named].sort((a, b) => b.score - a.score || b.at - a.at);
  const chosen = best.filter((chunk) => chunk.score > 0).slice(0, 2);
  const picked = (chosen.length ? chosen : [best[0]!]).sort((a, b) => a.at - b.at);
  return list(picked.map((chunk) => chunk.words.join(" ")));
}

/* ------------------------------------------------------------------ positions */

type Kind =
  | "heart"
  | "past"
  | "present"
  | "future"
  | "challenge"
  | "foundation"
  | "crown"
  | "self"
  | "environment"
  | "hopes"
  | "outcome"
  | "hidden"
  | "advice"
  | "other"
  | "connection"
  | "feelings"
  | "their-feelings"
  | "free";

const KINDS: Record<string, Kind> = {
  "the card": "heart",
  past: "past",
  "recent past": "past",
  present: "present",
  now: "present",
  future: "future",
  "near future": "future",
  challenge: "challenge",
  challenges: "challenge",
  obstacles: "challenge",
  foundation: "foundation",
  crown: "crown",
  yourself: "self",
  you: "self",
  environment: "environment",
  "external influences": "environment",
  "hopes and fears": "hopes",
  outcome: "outcome",
  "where it is heading": "outcome",
  "hidden influences": "hidden",
  advice: "advice",
  "the other person": "other",
  "the connection": "connection",
  "your feelings": "feelings",
  "their feelings": "their-feelings",
};
const kindOf = (position: string): Kind => KINDS[position.trim().toLowerCase()] ?? "free";

/** What a drawn card gives a sentence: `what` is its words on the side it fell, `gist` its upright sense. */
type Drawn = {
  name: string;
  position: string;
  reversed: boolean;
  card: TarotCard | null;
  kind: Kind;
  ref: string;
  what: string;
  gist: string;
  counsel: string;
  /** The counsel turned to the question's subject ("it") rather than the suit's field. */
  counselHere: string;
  first: string | null;
};

type Line = (d: Drawn) => string;

/** The first sentence of a card's line: what the card says in its position. */
const POSITION_LINES: Record<Kind, readonly Line[]> = {
  heart: [
    (d) => `The heart of the matter is ${d.what}.`,
    (d) => `One card, and it goes straight to ${d.what}.`,
    (d) => `What matters most right now is ${d.what}.`,
  ],
  past: [
    (d) => `What brought you here carries ${d.what}.`,
    (d) => `Behind you lies ${d.what}, and it still colours the question.`,
    (d) => `The roots of this are in ${d.what}.`,
    (d) => `You are walking out of a time of ${d.what}.`,
  ],
  present: [
    (d) => `Right now the situation turns on ${d.what}.`,
    (d) => `This is where you stand: ${d.what}.`,
    (d) => `Today's mood is one of ${d.what}.`,
    (d) => `At the centre of everything sits ${d.what}.`,
  ],
  future: [
    (d) => `If nothing changes, the road leads toward ${d.what}.`,
    (d) => `What is stepping in next looks like ${d.what}.`,
    (d) => `The coming weeks lean toward ${d.what}.`,
  ],
  challenge: [
    (d) => `What crosses you is ${d.what}.`,
    (d) => `The friction comes from ${d.what}; it asks to be faced rather than avoided.`,
    (d) => `In your way stands ${d.what}, not always the enemy it seems.`,
  ],
  foundation: [(d) => `Underneath it all lies ${d.what}.`, (d) => `The ground beneath the matter is ${d.what}, older than the question itself.`],
  crown: [(d) => `At its best, this could become ${d.what}.`, (d) => `What you are reaching for is ${d.what}.`],
  self: [(d) => `You bring ${d.what} to this.`, (d) => `Your own part in the story is ${d.what}.`, (d) => `The card shows you standing in ${d.what}.`],
  environment: [(d) => `Around you, people and events bring ${d.what}.`, (d) => `The world around the question carries ${d.what}.`],
  hopes: [(d) => `Your hopes and fears gather around ${d.what}.`, (d) => `What you long for and what you dread meet in ${d.what}.`],
  outcome: [
    (d) => `If the present course holds, it points toward ${d.what}.`,
    (d) => `Where this is heading: ${d.what}.`,
    (d) => `The path ends, for now, in ${d.what}, a direction rather than a verdict.`,
  ],
  hidden: [(d) => `Out of sight, ${d.what} is quietly at work.`, (d) => `What nobody has said aloud is ${d.what}.`],
  advice: [(d) => `The cards' advice comes through ${d.what}.`, (d) => `The way forward runs through ${d.what}.`],
  other: [(d) => `They seem to bring ${d.what}.`, (d) => `As far as the cards can see, the other person stands in ${d.what}.`],
  connection: [(d) => `What holds the two of you together is ${d.what}.`, (d) => `Between you runs ${d.what}.`],
  feelings: [(d) => `What you feel and bring to the bond is ${d.what}.`, (d) => `Your heart here holds ${d.what}.`],
  "their-feelings": [(d) => `Their side of it seems to hold ${d.what}.`, (d) => `What they feel looks like ${d.what}.`],
  free: [
    (d) => `This card brings ${d.what}.`,
    (d) => `Here the cards show ${d.what}.`,
    (d) => `Laid here, it speaks of ${d.what}.`,
    (d) => `It adds ${d.what} to the picture.`,
  ],
};

/** The second sentence: the card's own sense, upright or reversed. */
const UPRIGHT_LINES: readonly Line[] = [
  (d) => `${capital(d.ref)} is ${d.gist}.`,
  (d) => `This is the card of ${d.gist}.`,
  (d) => `In tarot terms, that is ${d.gist}.`,
];
const REVERSED_LINES: readonly Line[] = [
  (d) => `Reversed, its usual gift comes out blocked, late or turned inward: ${d.gist}.`,
  (d) => `Because it is reversed, this is harder to reach than usual: ${d.gist}.`,
  (d) => `Upside down, ${d.ref} holds back what it normally gives, ${d.gist}.`,
];

/** A line that brings the card back to the question's own words. */
const FOCUS_LINES: readonly ((d: Drawn, focus: string) => string)[] = [
  (d, focus) => `For ${focus}, that means: ${d.counselHere}.`,
  (d, focus) => `As for ${focus}, ${d.counselHere}.`,
  (d, focus) => `When it comes to ${focus}, the card asks you to ${d.counselHere}.`,
  (d, focus) => `Bring this to ${focus}: ${d.counselHere}.`,
];
const COUNSEL_LINES: readonly Line[] = [(d) => `It asks you to ${d.counsel}.`, (d) => `Its counsel: ${d.counsel}.`, (d) => `${capital(d.counsel)}.`];

/* ------------------------------------------------------------------ the reading */

const CLOSINGS: readonly string[] = [
  "Treat the cards as a mirror rather than a prophecy: they show tendencies, and your choices shape what comes next.",
  "None of this is fixed. The cards describe a current, and you decide how to swim in it.",
  "Come back to this spread in a week or two and see which card has moved.",
  "Read this again tomorrow; the line that stays with you is the one to act on.",
  "The cards point; you walk. Take what rings true and leave the rest.",
];

const spreadLabelOf = (spread: string) => {
  const name = spread.trim();
  if (!name) return "this spread";
  return /spread|draw|layout|cross/i.test(name) ? `your ${name}` : `your ${name} spread`;
};

/** A reading in three sections from the drawn cards, their positions and the question's words. */
export function writeReading(input: ReadingInput): string {
  const asked = input.question.trim();
  const focus = asked ? questionFocus(asked) : null;
  const base = `${input.seed ?? ""}|${asked.toLowerCase()}|${input.spread}|${input.cards.map((c) => `${c.name}:${c.position}:${c.reversed ? 1 : 0}`).join(",")}`;
  const hash = (salt: string) => textHash(`${base}|${salt}`);
  // Each bank deals its phrasings in turn from a seeded start, so no two cards of a spread share one until the bank runs out.
  const turns = new Map<string, number>();
  const dealt = <T>(items: readonly T[], salt: string) => {
    const turn = turns.get(salt) ?? 0;
    turns.set(salt, turn + 1);
    return items[(hash(salt) + turn) % items.length]!;
  };
  const n = input.cards.length;

  const drawn: Drawn[] = input.cards.map((c, i) => {
    const card = cardNamed(c.name) ?? null;
    let side: { keywords: string[] } | null = null;
    try {
      side = card ? (c.reversed ? meaningOf(card).reversed : meaningOf(card).upright) : null;
    } catch {
      side = null;
    }
    const keywords = (side?.keywords ?? []).slice(0, 2).map(asPhrase);
    const gist = card ? gistOf(card) : "something the cards leave for you to name";
    return {
      name: card?.name ?? c.name,
      position: c.position.trim(),
      reversed: c.reversed,
      card,
      kind: kindOf(c.position),
      ref: card ? (card.arcana === "major" ? card.name : `the ${card.name}`) : c.name,
      // Upright cards alternate between their gist and their words; reversed ones speak in their reversed words.
      what: keywords.length && (c.reversed || hash(`what${i}`) % 2 === 0) ? list(keywords) : gist,
      gist,
      counsel: card ? counselOf(card, c.reversed) : "take a moment with this card and notice what it stirs in you",
      counselHere: card ? counselOf(card, c.reversed, "it") : "take a moment with this card and notice what it stirs in you",
      first: keywords[0] ?? null,
    };
  });

  /* Overall Energy: the question, the spread, and what the cards have in common. */
  const opening = asked
    ? dealt(
        [
          `You asked: “${asked}”${/[.!?]$/.test(asked) ? "" : "."} ${capital(spreadLabelOf(input.spread))} answers with ${n === 1 ? "one card" : `${numberWord(n)} cards`}.`,
          `Your question, “${asked.replace(/[.!?]+$/, "")}”, meets ${n === 1 ? "a single card" : `${numberWord(n)} cards`} laid out in ${spreadLabelOf(input.spread)}.`,
          `“${asked}” — that is the question on the table, and ${spreadLabelOf(input.spread)} gives it ${n === 1 ? "one card" : `${numberWord(n)} cards`}.`,
        ],
        "opening",
      )
    : `With no question spoken, ${spreadLabelOf(input.spread)} reads the energy around you now.`;
  const energy: string[] = [];
  const known = drawn.filter((d) => d.card);
  const minors = known.filter((d) => d.card!.suit);
  const suitCount = (suit: Suit) => minors.filter((d) => d.card!.suit === suit).length;
  const ranked = [...SUITS].sort((a, b) => suitCount(b) - suitCount(a));
  const top = ranked[0]!;
  const lead: Suit | null = suitCount(top) >= 2 && suitCount(top) > suitCount(ranked[1]!) ? top : null;
  if (lead) {
    const lore = SUIT_LORE[lead];
    const count = suitCount(lead);
    energy.push(
      dealt(
        [
          `${capital(numberWord(count))} of the cards are ${lore.name}, so ${lore.realm} carry most of the weight.`,
          `${lore.name} lead with ${numberWord(count)} cards: this reading is about ${lore.realm}.`,
          `The suit of ${lore.name} turns up ${count === 2 ? "twice" : `${numberWord(count)} times`}, and with it the element of ${lore.element}: ${lore.realm}.`,
        ],
        "suit",
      ),
    );
  } else if (minors.length >= 2 && suitCount(top) >= 2) {
    const tied = ranked.filter((suit) => suitCount(suit) === suitCount(top));
    energy.push(
      `${list(tied.map((suit) => SUIT_LORE[suit].name))} turn up equally, so ${list(tied.map((suit) => SUIT_LORE[suit].element))} pull on the question together.`,
    );
  }
  const missing = n >= 7 ? SUITS.find((suit) => suitCount(suit) === 0) : undefined;
  if (missing) energy.push(`No ${SUIT_LORE[missing].name} appear, so ${SUIT_LORE[missing].realm.split(",")[0]} is not where the answer lies this time.`);

  const ranks = new Map<number, number>();
  for (const d of minors) ranks.set(d.card!.number, (ranks.get(d.card!.number) ?? 0) + 1);
  const repeated = [...ranks].filter(([, count]) => count >= 2).sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
  if (repeated) {
    const [rank, count] = repeated;
    energy.push(`${capital(numberWord(count))} ${RANK_PLURALS[rank]} appear, a sign of ${RANK_LORE[rank - 1]!.idea}.`);
  }
  const courts = minors.filter((d) => d.card!.number > 10).length;
  if (courts >= 2 && !(repeated && repeated[0] > 10))
    energy.push(`${capital(numberWord(courts))} court cards suggest that other people, or different sides of you, have a say in this.`);

  const majors = known.filter((d) => d.card!.arcana === "major").length;
  if (n === 1 && majors === 1) energy.push("A Major Arcana card on its own marks this as more than a passing question.");
  else if (n >= 3 && majors >= 2 && majors / n >= 0.4) {
    energy.push(
      majors === n
        ? `Every card is from the Major Arcana: this question touches the larger story of your life, not just the week ahead.`
        : `${capital(numberWord(majors))} of the ${numberWord(n)} cards belong to the Major Arcana, so this touches the larger story of your life, not just the week ahead.`,
    );
  } else if (n >= 5 && majors === 0) energy.push("Not one Major Arcana card appears: this is about everyday choices, well within your hands.");

  const reversed = drawn.filter((d) => d.reversed);
  if (n >= 3 && reversed.length === 0) energy.push("Every card lies upright, so the energy here flows openly.");
  else if (n >= 2 && reversed.length === 1) energy.push(`Only ${reversed[0]!.ref} lies reversed, and that is where the knot is.`);
  else if (reversed.length >= 2 && reversed.length >= n / 2)
    energy.push(
      `${capital(numberWord(reversed.length))} of the ${numberWord(n)} cards are reversed, so some of this energy is held back, delayed or turned inward.`,
    );
  else if (reversed.length >= 2) energy.push(`${list(reversed.map((d) => d.ref))} lie reversed; look there for what is stuck.`);
  if (!n) energy.push("No cards were drawn, so sit with the question itself and notice what answer comes first.");
  const threads = drawn.map((d) => d.first).filter((k): k is string => !!k);
  const threadLine = threads.length >= 2 && n <= 5 ? `The threads to follow are ${list([...new Set(threads)].slice(0, 4))}.` : null;

  /* Key Insights: one line per card, in the order drawn. */
  const tieAt = new Set<number>();
  const lastIndex = n - 1;
  const tieKinds: Kind[] = ["heart", "present", "advice", "outcome", "self"];
  drawn.forEach((d, i) => {
    if (tieKinds.includes(d.kind)) tieAt.add(i);
  });
  if (!tieAt.size && n) tieAt.add(lastIndex);
  const lines = drawn.map((d, i) => {
    const label = `${d.position ? `${d.position}: ` : ""}**${d.name}**${d.reversed ? " (reversed)" : ""}.`;
    if (!d.card) return { label, position: `${capital(d.counsel)}.`, extra: [] as string[], tie: null, counsel: null };
    // The position's line always; the card's own sense and the deck's picture when the words allow; then the counsel.
    const position = dealt(POSITION_LINES[d.kind], `position-${d.kind}`)(d);
    const extra: string[] = [];
    if (d.reversed) extra.push(dealt(REVERSED_LINES, "reversed")(d));
    else if (d.what !== d.gist) extra.push(dealt(UPRIGHT_LINES, "upright")(d));
    const picture = readingPicture(d.card, input.theme);
    if (picture) extra.push(picture);
    const tie = focus && tieAt.has(i) ? dealt(FOCUS_LINES, "focus")(d, focus) : d.kind === "advice" ? `${capital(d.counsel)}.` : null;
    const counsel = !tie && hash(`counsel${i}`) % 3 === 0 ? dealt(COUNSEL_LINES, "counsel")(d) : null;
    return { label, position, extra, tie, counsel };
  });

  /* Guidance Moving Forward: the card that points the way, the question, a step, a closing word. */
  const pivot =
    drawn.find((d) => d.kind === "advice" && d.card) ??
    drawn.find((d) => d.kind === "outcome" && d.card) ??
    [...drawn].reverse().find((d) => d.kind === "future" && d.card) ??
    [...drawn].reverse().find((d) => d.card);
  const guidance: string[] = [];
  if (pivot) {
    const where =
      !pivot.position || n < 2 ? "" : pivot.position.split(" ").length > 2 ? ` in the place of “${pivot.position}”` : ` in the ${pivot.position} position`;
    guidance.push(
      dealt(
        [
          `${capital(pivot.ref)}${where} points the way: ${pivot.counsel}.`,
          `Take your lead from ${pivot.ref}${where}, which asks you to ${pivot.counsel}.`,
          `If you keep one card in mind, make it ${pivot.ref}${where}: ${pivot.counsel}.`,
        ],
        "pivot",
      ),
    );
  } else guidance.push("Trust what you already sense about the situation.");
  const guidanceExtra: string[] = [];
  if (focus)
    guidance.push(
      dealt(
        [
          `Start with ${focus}, where the change will show soonest.`,
          `Hold ${focus} up against that advice and see what moves.`,
          `Let that shape your next move on ${focus}.`,
        ],
        "guidance-focus",
      ),
    );
  const challenge = drawn.find((d) => d.kind === "challenge" && d.card && d !== pivot);
  if (challenge) guidanceExtra.push(`Where ${challenge.ref} pushes back, ${challenge.counsel}.`);
  if (lead) guidanceExtra.push(`${dealt(["One concrete step:", "Something to try this week:", "To make it real:"], "step")} ${SUIT_LORE[lead].step}.`);
  else if (majors >= 2 && majors / Math.max(1, n) >= 0.4) guidanceExtra.push("Give the bigger changes time; they unfold over months, not days.");
  const closing = dealt(CLOSINGS, "closing");

  /* Assembled, with optional sentences left out from the end until the reading fits. */
  const render = (withThreads: boolean, extras: number, withGuidanceExtra: boolean) =>
    [
      `## ${READING_SECTIONS[0]}`,
      [opening, ...energy, ...(withThreads && threadLine ? [threadLine] : [])].join(" "),
      "",
      `## ${READING_SECTIONS[1]}`,
      lines.length
        ? lines
            .map(
              (line) =>
                `- ${line.label} ${[line.position, ...line.extra.slice(0, extras), ...(extras >= 2 && line.counsel ? [line.counsel] : []), ...(line.tie ? [line.tie] : [])].filter(Boolean).join(" ")}`,
            )
            .join("\n")
        : "- The cards are quiet for now.",
      "",
      `## ${READING_SECTIONS[2]}`,
      [...guidance, ...(withGuidanceExtra ? guidanceExtra : []), closing].join(" "),
    ].join("\n");
  const attempts: [boolean, number, boolean][] = [
    [true, 2, true],
    [false, 2, true],
    [false, 1, true],
    [false, 1, false],
    [false, 0, true],
    [false, 0, false],
  ];
  for (const [threads, extras, more] of attempts) {
    const text = render(threads, extras, more);
    if (countWords(text) <= READING_MAX_WORDS - 10) return text;
  }
  return render(false, 0, false);
}
