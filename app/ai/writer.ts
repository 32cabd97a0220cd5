/**
 * The local writer's voice: it reads a theme with the painter's own parser (app/art/subjects) and
 * writes about the subjects it found, the way the painter draws them: the main subject takes the
 * figure's part, places and weather are the setting, small things are details. Sentences are built
 * from word forms (a fox, foxes, the fox), never from the theme's text pasted into a frame, and the
 * frame is chosen per card by a hash, so a deck reads as many voices of one story. Deterministic.
 */
import { guessSubject, parseTheme } from "../art/subjects/parse-theme";
import type { Category } from "../art/subjects/types";
import { SUBJECT_BY_ID } from "../art/subjects/vocabulary";
import type { TarotCard } from "../tarot/cards";
import { textHash } from "./text";

/** A noun in the forms a sentence needs; a typed one keeps its owner ("your") and its number as typed. */
export type Noun = { one: string; many: string; typed?: string; plural?: boolean; owner?: string; proper?: boolean };

export type ThemeWords = {
  /** The subject that plays the figures, when the theme names a creature or a person. */
  actor: Noun | null;
  /** A thing or plant that leads when no creature or person does. */
  emblem: Noun | null;
  places: Noun[];
  weather: Noun[];
  details: Noun[];
  /** The time of day as typed ("dusk"), when the theme names one on its own. */
  time: string | null;
  era: string | null;
};

const UNCOUNTED = new Set([
  "fish",
  "sheep",
  "deer",
  "moose",
  "snow",
  "rain",
  "fog",
  "mist",
  "sand",
  "ice",
  "smoke",
  "water",
  "light",
  "grass",
  "moss",
  "silk",
  "gold",
  "silver",
  "glass",
  "clockwork",
  "neon",
  "reindeer",
  "yokai",
]);
const PLURAL_SPECIAL: Record<string, string> = {
  wolf: "wolves",
  leaf: "leaves",
  elf: "elves",
  thief: "thieves",
  knife: "knives",
  shelf: "shelves",
  mouse: "mice",
  goose: "geese",
  person: "people",
  man: "men",
  woman: "women",
  child: "children",
  octopus: "octopuses",
  cactus: "cacti",
  fungus: "fungi",
  dwarf: "dwarves",
  wife: "wives",
  life: "lives",
  calf: "calves",
};

export function pluralOf(word: string): string {
  const last = word.split(" ").pop()!;
  const head = word.slice(0, word.length - last.length);
  if (PLURAL_SPECIAL[last]) return head + PLURAL_SPECIAL[last];
  if (UNCOUNTED.has(last) || (last.endsWith("s") && !last.endsWith("ss"))) return word;
  if (/[^aeiou]y$/.test(last)) return `${head}${last.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|z)$/.test(last)) return `${head}${last}es`;
  return `${head}${last}s`;
}

/** "a fox", "an owl", "snow". */
export function withArticle(word: string): string {
  if (UNCOUNTED.has(word.split(" ").pop()!)) return word;
  return `${/^[aeiou]/i.test(word) && !/^(?:uni|eu|one|use)/i.test(word) ? "an" : "a"} ${word}`;
}

export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One of a noun in a sentence: "a yokai spirit", "your grandmother's seaside town", "Lagos rush hour". */
export const aNoun = (noun: Noun) => (noun.owner ? `${noun.owner} ${noun.one}` : noun.proper ? noun.one : withArticle(noun.one));
/** The noun as something already named: "the river", "your grandmother's seaside town". */
export const theNoun = (noun: Noun) => (noun.owner ? `${noun.owner} ${noun.one}` : noun.proper ? noun.one : `the ${noun.one}`);
/** The noun in the number it was typed in, with its verb: "ramen stalls fill", "a bakery fills". */
export const asTyped = (noun: Noun) => (noun.plural ? noun.many : aNoun(noun));

const ERA_WORDS: Record<string, string> = {
  medieval: "medieval",
  ancient: "ancient",
  victorian: "Victorian",
  futuristic: "far-future",
  "clockwork-age": "clockwork",
  prehistoric: "prehistoric",
  edo: "Edo-period",
  "art-deco-age": "art deco",
  "folk-tale": "folk-tale",
};

/** Words that end one typed subject and start the next: they name nothing themselves. */
const BREAKS = new Set(
  "a an the of in on under over above below beneath with without and or but at by for from into onto through across between among amid along beside near around about after before during against beyond within upon to toward towards is are was were as like while who which that this these those where when".split(
    " ",
  ),
);
const OWNERS: Record<string, string> = { my: "your", our: "your", your: "your", his: "his", her: "her", their: "their" };
const TIME_WORDS = new Set([
  "dawn",
  "dusk",
  "night",
  "midnight",
  "twilight",
  "sunrise",
  "sunset",
  "daybreak",
  "nightfall",
  "noon",
  "day",
  "evening",
  "morning",
]);

type Chunk = { words: string[]; owner: string | null; after: string | null };

/** The theme cut into the phrases the person typed between small words: "Yokai spirits", "misty river", "dusk". */
function typedChunks(theme: string): Chunk[] {
  const tokens = theme
    .replace(/[’`]/g, "'")
    .replace(/([,.;:!?()"“”—–]|\s-\s)/g, " | ")
    .split(/\s+/)
    .filter(Boolean);
  const chunks: Chunk[] = [];
  let current: string[] = [];
  let owner: string | null = null;
  let after: string | null = null;
  const close = () => {
    // A trailing verb form ("cats ruling") says what the subject does, not what it is.
    while (current.length > 1 && /ing$/i.test(current[current.length - 1]!)) current.pop();
    if (current.length) chunks.push({ words: current, owner, after });
    current = [];
    owner = null;
  };
  tokens.forEach((token, i) => {
    const lower = token.toLowerCase();
    if (token === "|" || BREAKS.has(lower) || OWNERS[lower]) {
      close();
      if (OWNERS[lower]) owner = OWNERS[lower]!;
      else if (token !== "|") after = lower;
      return;
    }
    const word = token.replace(/^'+|'+$/g, "");
    if (!word) return;
    // The theme's first word is capitalised as a sentence is, unless the painter does not know it (a name, perhaps).
    const known = parseTheme(lower.replace(/'s$/, "")).found.some((f) => !f.guessed);
    current.push(i === 0 && known ? lower : word);
  });
  close();
  return chunks;
}

const singularOf = (word: string) => {
  const lower = word.toLowerCase();
  const back = Object.entries(PLURAL_SPECIAL).find(([, many]) => many === lower)?.[0];
  if (back) return back;
  if (/ies$/.test(lower) && lower.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|z)es$/.test(lower)) return word.slice(0, -2);
  return word.slice(0, -1);
};
const isPluralWord = (word: string) => (/[^s'u]s$/i.test(word) && !/^\d/.test(word)) || Object.values(PLURAL_SPECIAL).includes(word.toLowerCase());

/** A typed phrase as a noun: "yokai spirits" gives a yokai spirit and yokai spirits. */
function typedNoun(chunk: Chunk): Noun {
  const words = chunk.words;
  const head = words[words.length - 1]!;
  const plural = isPluralWord(head);
  const typed = words.join(" ");
  const one = plural ? [...words.slice(0, -1), singularOf(head)].join(" ") : typed;
  return { one, many: plural ? typed : pluralOf(typed), typed, plural, owner: chunk.owner ?? undefined, proper: !plural && /^[A-Z0-9]/.test(words[0]!) };
}

/** The painter's category for a typed phrase, which decides the part it plays in the text. */
function categoryOf(chunk: Chunk): Category | null {
  const found = parseTheme(chunk.words.join(" ").replace(/'s\b/g, "")).found;
  const head = chunk.words[chunk.words.length - 1]!.toLowerCase();
  const endsHere = (f: { word: string }) => f.word.split(" ").pop() === head;
  const known = found.filter((f) => !f.guessed);
  const headKnown = known.find(endsHere);
  if (headKnown) return headKnown.category;
  const living = known.find((f) => f.category === "creature" || f.category === "person");
  if (living) return living.category;
  // A name after "of" or "in" ("1950s Harlem") is where things happen.
  if (/^[A-Z]/.test(chunk.words[chunk.words.length - 1]!) && chunk.after && ["of", "in", "at", "from", "across", "around"].includes(chunk.after))
    return "place";
  const guessed = found.find(endsHere) ?? (guessSubject(head) ? { category: SUBJECT_BY_ID.get(guessSubject(head)!)?.category } : null);
  return guessed?.category ?? known[known.length - 1]?.category ?? null;
}

/**
 * The theme's subjects in the words the person typed, in the roles the painter gives them: the painter
 * may draw a nearer motif it knows ("angel" for "Yokai spirits"), but the text never names one.
 */
export function themeWords(theme: string): ThemeWords {
  const parsed = parseTheme(theme);
  const typed = typedChunks(theme).map((chunk) => ({ chunk, noun: typedNoun(chunk), category: categoryOf(chunk) }));
  const timeChunk = typed.find((t) => t.chunk.words.length === 1 && TIME_WORDS.has(t.chunk.words[0]!.toLowerCase()));
  const subjects = typed.filter((t) => t !== timeChunk && t.category !== "era" && t.category !== "time");
  const actor = subjects.find((t) => t.category === "creature" || t.category === "person") ?? null;
  const things = subjects.filter((t) => t !== actor && t.category !== "place" && t.category !== "weather");
  const emblem = actor ? null : (things[0] ?? null);
  const places = subjects.filter((t) => t.category === "place").map((t) => t.noun);
  const weather = subjects.filter((t) => t.category === "weather").map((t) => t.noun);
  const details = things.filter((t) => t !== emblem).map((t) => t.noun);
  const time = timeChunk ? timeChunk.chunk.words[0]!.toLowerCase() : null;
  return {
    actor: actor?.noun ?? null,
    // A thing typed in the singular stays one: "the bakery of this deck", not "the bakeries".
    emblem: emblem ? { ...emblem.noun, many: emblem.noun.plural ? emblem.noun.many : emblem.noun.one } : null,
    places,
    weather,
    details,
    time,
    era: parsed.era ? (ERA_WORDS[parsed.era] ?? parsed.era.replace(/-/g, " ")) : null,
  };
}

const WEATHER_CLAUSE: Record<string, string> = {
  snow: "as snow comes down",
  snowfall: "as snow comes down",
  rain: "in steady rain",
  storm: "under a breaking storm",
  fog: "in drifting fog",
  mist: "in drifting mist",
  wind: "in a hard wind",
  lightning: "under lightning",
  aurora: "beneath a shimmering aurora",
  rainbow: "under a rainbow",
};
const TIME_CLAUSE: Record<string, string> = { night: "by night", day: "in full daylight" };
const timeClause = (time: string) => TIME_CLAUSE[time] ?? `at ${time}`;

const ON = new Set(["street", "city street", "road", "bridge", "rooftop", "rooftops", "deck", "ship", "mountain", "peak", "cliff", "ice", "island"]);
const BY = new Set(["sea", "ocean", "shore", "beach", "river", "lake", "harbour", "harbor", "waterfall"]);

/** A place with its preposition: "in a forest", "by the sea", "on a city street". */
export function placePhrase(place: Noun): string {
  const last = place.one.split(" ").pop()!.toLowerCase();
  if (place.plural) return `among ${place.owner ?? "the"} ${place.many}`;
  if (BY.has(place.one) || BY.has(last)) return `by ${theNoun(place)}`;
  if (ON.has(place.one) || ON.has(last)) return `on ${aNoun(place)}`;
  return `in ${aNoun(place)}`;
}

/** Where a card's scene takes place: "in a forest as snow comes down". `pick` chooses among several places. */
export function settingClause(words: ThemeWords, pick: number): string {
  const parts: string[] = [];
  // The first place typed is always there; a second one joins it on some cards.
  const [place, other] = words.places;
  if (place) parts.push(placePhrase(place));
  if (other && pick % 2 === 1) parts.push(placePhrase(other));
  const weather = words.weather[0];
  if (weather) parts.push(WEATHER_CLAUSE[weather.one] ?? `among ${weather.many}`);
  else if (words.time) parts.push(timeClause(words.time));
  return parts.join(" ");
}

/** What each Major Arcana figure does, in a verb phrase that fits any subject playing the part. */
const MAJOR_ROLE: readonly string[] = [
  "sets out light-footed at the edge of a drop, a small bundle over one shoulder",
  "stands at a table laid with a wand, a cup, a blade and a coin",
  "sits veiled between a dark pillar and a pale one, a scroll held close",
  "rests among cushions in a ripening field beside a running stream",
  "rules from a stone throne carved with rams' heads, bare mountains behind",
  "raises a blessing over two kneeling students, crossed keys below",
  "stands with a companion beneath a radiant winged figure",
  "drives a canopied chariot drawn by one dark and one light sphinx",
  "closes the jaws of a lion with a gentle hand",
  "climbs a lonely height holding up a lantern with a star inside",
  "rides the rim of a great turning wheel among the clouds",
  "holds an upright sword in one hand and level scales in the other",
  "hangs calmly upside down from a living tree, a glow around the head",
  "rides a pale horse under a black banner marked with a white rose",
  "pours water from one cup into another, one foot on land and one in a pool",
  "crouches horned on a dark pedestal above two loosely chained figures",
  "falls from a tall tower whose crown the lightning has just struck",
  "kneels to pour water into a pool beneath one great star and seven small ones",
  "howls at a full moon from a path that winds between two towers",
  "rides a white horse beneath a blazing sun, sunflowers along the wall",
  "rises with open arms at the call of a trumpet from the clouds",
  "dances inside a laurel wreath with a wand in each hand",
];

const SUIT_ITEM: Record<string, Noun> = {
  wands: { one: "wand", many: "wands" },
  cups: { one: "cup", many: "cups" },
  swords: { one: "sword", many: "swords" },
  pentacles: { one: "coin", many: "coins" },
};
const COUNT = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const COURT_ROLE: Record<number, (item: Noun) => string> = {
  11: (item) => `studies a single ${item.one} with the eagerness of a page`,
  12: (item) => `rides out as a knight, ${item.one} held high`,
  13: (item) => `sits enthroned as a queen, a ${item.one} resting in both hands`,
  14: (item) => `presides as a king, a ${item.one} held with calm authority`,
};
/** Who keeps the pip card's objects company: a creature or person acts, a thing only sits in the scene. */
const PIP_SCENE: readonly ((who: string, single: boolean) => string)[] = [
  (who) => `while ${who} watches from below`,
  (who, single) => `and ${who} rests at ${single ? "its" : "their"} foot`,
  (who) => `as ${who} passes by without hurry`,
  (who, single) => `with ${who} reaching for ${single ? "it" : "the nearest"}`,
];
const PIP_THING: readonly ((what: string) => string)[] = [
  (what) => `while ${what} glows close by`,
  (what) => `with ${what} set beside them`,
  (what) => `and ${what} waits in the corner`,
];

/** How a card is named inside a sentence: "The Hermit", "Justice", "the Three of Cups". */
export const cardRef = (card: TarotCard) => (card.arcana === "major" ? card.name : `the ${card.name}`);

/** Picks one of `items` for this card and deck; `salt` keeps the choices of different sentences apart. */
export type Chooser = <T>(items: readonly T[], salt: string) => T;

/** Company for the traditional figure when the theme names a thing rather than a creature or person. */
const COMPANY: readonly ((many: string) => string)[] = [
  (many) => `with ${many} gathered all around`,
  (many) => `while ${many} glow at the edges of the scene`,
  (many) => `${many} scattered at the figure's feet`,
  (many) => `among ${many} set out like offerings`,
];

/** Company for the figure from a thing the theme names, in the number it was typed in. */
function emblemCompany(emblem: Noun, choose: Chooser): string {
  if (emblem.plural) return choose(COMPANY, "company")(emblem.many);
  return choose([`in the middle of ${aNoun(emblem)}`, `at the heart of ${aNoun(emblem)}`], "company");
}

/** The picture of a card in this deck, as one sentence that names the card and places it in the theme. */
export function pictureSentence(card: TarotCard, words: ThemeWords, choose: Chooser): string {
  const where = settingClause(words, choose([0, 1, 2, 3, 4, 5], "place"));
  const tail = where ? ` ${where}` : "";
  if (card.arcana === "major") {
    const role = MAJOR_ROLE[card.number] ?? "stands at the centre of the card";
    if (words.actor) {
      const a = aNoun(words.actor);
      const frames = [
        () => (where ? `${capital(where)}, ${a} ${role}: this is ${card.name}.` : `${capital(a)} ${role}: this is ${card.name}.`),
        () => `Here, as ${card.name}, ${a} ${role}${tail}.`,
        () => `In this deck ${card.name} belongs to ${a} who ${role}${tail}.`,
        () => `Picture ${a} that ${role}${tail}, and you have ${card.name}.`,
        () => `${card.name} is played by ${a}, who ${role}${tail}.`,
        () => `The figure of ${card.name} is ${a}: it ${role}${tail}.`,
      ];
      return choose(frames, "picture")();
    }
    const company = words.emblem ? `, ${emblemCompany(words.emblem, choose)}` : words.details[0] ? `, ${words.details[0].many} close by` : "";
    const frames = [
      () => `${where ? `${capital(where)}, the` : "The"} traditional figure of ${card.name} ${role}${company}.`,
      () => `${card.name} keeps its old figure, who ${role}${tail}${company}.`,
      () => `As in every tarot, the figure of ${card.name} ${role}; here it happens ${where || "in a world of its own"}${company}.`,
    ];
    return choose(frames, "picture")();
  }
  const item = SUIT_ITEM[card.suit ?? "cups"]!;
  if (card.number > 10) {
    const role = COURT_ROLE[card.number]!(item);
    const who = words.actor
      ? aNoun(words.actor)
      : words.emblem
        ? `a figure ${words.emblem.plural ? `among ${words.emblem.many}` : `in the middle of ${aNoun(words.emblem)}`}`
        : "a figure";
    const frames = [
      () => `The ${card.name} is ${who} who ${role}${tail}.`,
      () => `As the ${card.name}, ${who} ${role}${tail}.`,
      () => `${where ? `${capital(where)}, the` : "The"} ${card.name} appears as ${who} who ${role}.`,
      () => `Meet the ${card.name}: ${who} who ${role}${tail}.`,
    ];
    return choose(frames, "picture")();
  }
  const things = card.number === 1 ? `a single ${item.one} held out by a hand from a cloud` : `${COUNT[card.number]!} ${item.many} set out in a pattern`;
  const small = words.actor ?? words.emblem ?? words.details[0];
  const scene = !small
    ? ""
    : words.actor
      ? ` ${choose(PIP_SCENE, "pip-scene")(aNoun(small), card.number === 1)}`
      : ` ${choose(PIP_THING, "pip-scene")(aNoun(small))}`;
  const frames = [
    () => (where ? `${capital(where)}, the ${card.name} shows ${things}${scene}.` : `The ${card.name} shows ${things}${scene}.`),
    () =>
      `On the ${card.name}, ${things}${tail}${scene}.`
        .replace(/ set out in a pattern/, " are set out in a pattern")
        .replace(/a single (\w+) held out/, "a single $1 is held out"),
    () => `The ${card.name} lays out ${things.replace(" set out in a pattern", " in a pattern")}${tail}${scene}.`,
    () => `What the ${card.name} holds is ${things}${tail}${scene}.`,
  ];
  return choose(frames, "picture")();
}

const list = (items: string[]) => (items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

/** A few sentences that open the theme into a deck: who plays the cards, where, and in what light. */
export function writeDeckDescription(theme: string): string {
  const words = themeWords(theme);
  const hash = textHash(theme.trim().toLowerCase());
  const where = settingClause(words, hash);
  const tail = where ? ` ${where}` : "";
  const era = words.era ? `${words.era} ` : "";
  if (words.actor) {
    const many = words.actor.many;
    const one = words.actor.one;
    const openings = [
      `In this deck ${era}${many} take up the tarot's old parts${tail}.`,
      `${capital(era + many)} play every figure of this tarot${tail}.`,
      `This is a tarot told by ${era}${many}${tail}.`,
    ];
    const cast = `The Fool is ${withArticle(`young ${one}`)} setting out, the Hermit ${withArticle(`old ${one}`)} with a lantern, and the Star ${withArticle(one)} kneeling by the water.`;
    const detail = words.details.length ? ` ${capital(list(words.details.slice(0, 3).map((d) => d.many)))} turn up in the corners of the cards.` : "";
    return `${openings[hash % openings.length]} ${cast}${detail} Every card keeps its traditional symbols, so the deck reads like any tarot while telling a story of its own.`;
  }
  if (words.emblem || words.places.length || words.details.length) {
    const things = words.emblem ?? words.details[0];
    const first = !things
      ? `This deck is set${tail}.`
      : things.plural
        ? `${capital(things.many)} fill this deck${tail}.`
        : `This deck is set in ${aNoun(things)}${tail}.`;
    return `${first} The traditional figures keep their places and their symbols, while the world around them belongs to the theme, from the great scenes of the Major Arcana to the smallest pip card. Readers will find the old meanings where they expect them, told in a new light.`;
  }
  return "This deck follows the tarot's journey through a world of its own, from the Fool's first step to the dancer of the World. The traditional figures and symbols stay where a reader expects them, while colour, setting and small details give each card a fresh story to tell.";
}

const PICTURE_IN_READING: readonly ((a: string, role: string) => string)[] = [
  (a, role) => `In this deck it is ${a} who ${role}.`,
  (a, role) => `Here ${a} ${role}.`,
  (a, role) => `On the table, ${a} ${role}.`,
];

/** One sentence that puts the deck's subject into a drawn Major Arcana card, for the reading; null when the theme has no figure to offer. */
export function readingPicture(card: TarotCard, theme: string | null | undefined): string | null {
  if (!theme?.trim() || card.arcana !== "major") return null;
  const words = themeWords(theme);
  if (!words.actor) return null;
  const role = MAJOR_ROLE[card.number];
  if (!role) return null;
  const hash = textHash(`${theme.trim().toLowerCase()}|reading|${card.key}`);
  return PICTURE_IN_READING[hash % PICTURE_IN_READING.length]!(aNoun(words.actor), role);
}
