/** Reads a theme's words against the vocabulary: which subjects it names, and which role each plays. */
import type { Category } from "./types";
import { once } from "../../lib/once";
import { SUBJECT_BY_ID, SUBJECTS } from "./vocabulary";

export type Found = { word: string; subject: string; category: Category; guessed?: true };

export type ParsedTheme = {
  /** The subject that takes the figure's role (a creature or a person), or leads the details. */
  main: string | null;
  /** Places and weather: the card backgrounds. */
  setting: string[];
  /** Smaller subjects: objects, plants, other creatures, things in the sky. */
  details: string[];
  /** Time of day the theme asks for, when it says. */
  time: "night" | "dawn" | "day" | null;
  era: string | null;
  /** Every subject found, in the order the theme names them; guessed ones came from unknown words. */
  found: Found[];
};

/** Words that carry no subject. */
const STOP = new Set(
  "a an the of in on under over above below beneath with without and or but at by for from into onto through across between among amid amidst to toward towards my our your their its his her is are was were be as like while who whom which that this these those all every each some any no not very so too than then there here where when how what why upon up down out off near far around about after before during against along beyond within own one two three many few more most much such only just also ever never always still again".split(
    " ",
  ),
);

/** Common describing words: they colour a theme but name nothing to draw. */
const DESCRIBING = /(?:ing|ed|ly|ous|ful|ish|ive|less|able|ible|ant|ent|est|ic|al|y)$/;

const IRREGULAR: Record<string, string> = {
  mice: "mouse",
  geese: "goose",
  people: "person",
  men: "man",
  women: "woman",
  children: "child",
  teeth: "tooth",
  feet: "foot",
  octopi: "octopus",
  cacti: "cactus",
  fungi: "fungus",
  wolves: "wolf",
  leaves: "leaf",
  knives: "knife",
  elves: "elf",
  thieves: "thief",
  dwarves: "dwarf",
  lives: "life",
  shelves: "shelf",
  calves: "calf",
};

/** Singular candidates for a word, most likely first. */
export function singulars(word: string): string[] {
  const out = [word];
  if (IRREGULAR[word]) out.push(IRREGULAR[word]);
  if (word.length > 3 && word.endsWith("ies")) out.push(`${word.slice(0, -3)}y`);
  if (word.length > 3 && word.endsWith("ves")) out.push(`${word.slice(0, -3)}f`, `${word.slice(0, -3)}fe`);
  if (word.length > 3 && /(?:ch|sh|ss|x|z|o)es$/.test(word)) out.push(word.slice(0, -2));
  if (word.length > 2 && word.endsWith("s") && !word.endsWith("ss")) out.push(word.slice(0, -1));
  if (word.endsWith("'s")) out.push(word.slice(0, -2));
  return out;
}

/** Every word and phrase of the vocabulary, to the subject it names (the first entry to claim a word keeps it). */
const index = once((): ReadonlyMap<string, string> => {
  const table = new Map<string, string>();
  const claim = (word: string, id: string) => {
    if (!table.has(word)) table.set(word, id);
  };
  for (const s of SUBJECTS) claim(s.id.replace(/-/g, " "), s.id);
  for (const s of SUBJECTS) for (const w of s.words ?? []) claim(w.toLowerCase(), s.id);
  return table;
});

const longestPhrase = once(() => Math.max(...[...index().keys()].map((k) => k.split(" ").length)));

function lookup(words: string[]): string | undefined {
  const direct = index().get(words.join(" "));
  if (direct) return direct;
  // Only the last word of a phrase takes a plural: "paper cranes", "sunken cities".
  const last = words[words.length - 1]!;
  for (const single of singulars(last).slice(1)) {
    const hit = index().get([...words.slice(0, -1), single].join(" "));
    if (hit) return hit;
  }
  return undefined;
}

/** The nearest category for a word the vocabulary does not know, and the subject standing in for it. */
export function guessSubject(word: string): string | null {
  if (word.length < 3 || STOP.has(word)) return null;
  if (/(?:er|ers|or|ors|ist|ists|ian|ians|ess|man|men|woman|women|smith|herd|keeper|maker|folk|ling|lings)$/.test(word) && word.length > 4) return "wanderer";
  if (/(?:land|lands|ia|polis|ville|burg|shire|ton|town|stan|grad|heim)$/.test(word)) return "village";
  if (DESCRIBING.test(word)) return null;
  return "talisman";
}

const memo = new Map<string, ParsedTheme>();

/** Parses a theme into subjects and their roles. Deterministic: the same text always gives the same answer. */
export function parseTheme(theme: string): ParsedTheme {
  const key = theme.trim().toLowerCase().slice(0, 300);
  const cached = memo.get(key);
  if (cached) return cached;
  const words = key
    .replace(/[’`]/g, "'")
    .replace(/[^a-z0-9'\- ]+/g, " ")
    .replace(/-/g, " ")
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, "").replace(/'s$/, ""))
    .filter(Boolean);
  const found: Found[] = [];
  const seen = new Set<string>();
  const add = (word: string, id: string, guessed = false) => {
    if (seen.has(id)) return;
    const subject = SUBJECT_BY_ID.get(id);
    if (!subject) return;
    seen.add(id);
    found.push(guessed ? { word, subject: id, category: subject.category, guessed: true } : { word, subject: id, category: subject.category });
  };
  const unknown: string[] = [];
  for (let i = 0; i < words.length;) {
    let matched = 0;
    for (let n = Math.min(longestPhrase(), words.length - i); n >= 1; n--) {
      const phrase = words.slice(i, i + n);
      const id = lookup(phrase);
      if (id) {
        add(phrase.join(" "), id);
        matched = n;
        break;
      }
    }
    if (matched) i += matched;
    else {
      unknown.push(words[i]!);
      i++;
    }
  }
  // What the named subjects bring along: a library its books, a harbour its sea.
  for (const f of [...found]) for (const id of SUBJECT_BY_ID.get(f.subject)?.brings ?? []) add(f.word, id);
  // Unknown words still count: each goes to the nearest category rather than to nothing.
  for (const word of unknown) {
    const guess = guessSubject(word);
    if (guess) add(word, guess, true);
  }

  const known = found.filter((f) => !f.guessed);
  const first = (cats: Category[], from = known) => from.find((f) => cats.includes(f.category))?.subject ?? null;
  const main = first(["creature"]) ?? first(["person"]) ?? first(["object"]) ?? first(["plant"]);
  // Things with a backdrop of their own (neon signs) dress the setting rather than a corner.
  const isSetting = (f: Found) => f.category === "place" || f.category === "weather" || (f.category === "object" && !!SUBJECT_BY_ID.get(f.subject)?.scene);
  const setting = known.filter((f) => isSetting(f) && f.subject !== main).map((f) => f.subject);
  const details = found
    .filter((f) => f.subject !== main && !isSetting(f) && f.category !== "place" && !(f.category === "time" && ["night", "dawn", "day"].includes(f.subject)))
    .map((f) => f.subject);
  const timeWord = known.find((f) => f.subject === "night" || f.subject === "dawn" || f.subject === "day")?.subject as ParsedTheme["time"] | undefined;
  const lit = known.some((f) => ["neon-signs", "lantern", "moon", "stars", "comet", "aurora", "candle"].includes(f.subject));
  const time = timeWord ?? (lit ? "night" : null);
  const era = first(["era"]);
  const parsed: ParsedTheme = { main, setting, details, time, era, found };
  if (memo.size > 500) memo.clear();
  memo.set(key, parsed);
  return parsed;
}
