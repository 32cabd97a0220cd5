/**
 * The tarot library's card pages: everything said about a card beyond its meanings (which live in
 * tarot/meanings.ts): its element, what the classic deck's painting of it shows and why, and how it
 * reads in the positions spreads commonly use. All in our own words.
 */
import { FULL_DECK, cardNumeral, type Suit, type TarotCard } from "../tarot/cards";
import { meaningOf, type CardMeaning } from "../tarot/meanings";

export type Element = "Fire" | "Water" | "Air" | "Earth";

const SUIT_ELEMENT: Record<Suit, Element> = { wands: "Fire", cups: "Water", swords: "Air", pentacles: "Earth" };

/** What each suit's element governs, in a phrase. */
const SUIT_REALM: Record<Suit, string> = {
  wands: "drive, creativity and the spark that starts things",
  cups: "feeling, love and the inner life",
  swords: "thought, words and the conflicts they bring",
  pentacles: "work, money, the body and the things we build",
};

/** The Major Arcana's traditional attributions: an element and the planet or sign behind it. */
const MAJOR_ATTRIBUTION: Record<number, { element: Element; sign: string }> = {
  0: { element: "Air", sign: "Uranus / Air" },
  1: { element: "Air", sign: "Mercury" },
  2: { element: "Water", sign: "the Moon" },
  3: { element: "Earth", sign: "Venus" },
  4: { element: "Fire", sign: "Aries" },
  5: { element: "Earth", sign: "Taurus" },
  6: { element: "Air", sign: "Gemini" },
  7: { element: "Water", sign: "Cancer" },
  8: { element: "Fire", sign: "Leo" },
  9: { element: "Earth", sign: "Virgo" },
  10: { element: "Fire", sign: "Jupiter" },
  11: { element: "Air", sign: "Libra" },
  12: { element: "Water", sign: "Neptune / Water" },
  13: { element: "Water", sign: "Scorpio" },
  14: { element: "Fire", sign: "Sagittarius" },
  15: { element: "Earth", sign: "Capricorn" },
  16: { element: "Fire", sign: "Mars" },
  17: { element: "Air", sign: "Aquarius" },
  18: { element: "Water", sign: "Pisces" },
  19: { element: "Fire", sign: "the Sun" },
  20: { element: "Fire", sign: "Pluto / Fire" },
  21: { element: "Earth", sign: "Saturn" },
};

/** What the classic painting of each Major Arcana card shows, and what its details carry. */
const MAJOR_SYMBOLISM: Record<number, string[]> = {
  0: [
    "A traveller walks toward the edge of a cliff under a bright sun, a small bundle slung on a staff and a white rose in hand, while a little dog leaps at their heels.",
    "The cliff is the unknown the Fool does not yet see; the rose stands for an open, unspoiled heart; the dog is the instinct that warns or urges on. The sun behind says the moment is blessed, even if it is risky.",
  ],
  1: [
    "A figure stands behind a table laid with the four suit tools, one hand raising a wand to the sky and the other pointing to the ground, framed by a garland of flowers.",
    "As above, so below: the raised and lowered hands show power drawn down and put to use. The four tools on the table say that everything needed is already at hand.",
  ],
  2: [
    "A seated priestess rests between a dark pillar and a light one, a veil hung behind her, a scroll half hidden in her lap and a crescent moon at her feet, water glimpsed beyond.",
    "The two pillars are the opposites she holds in balance; the veil hides knowledge that is felt rather than told; the moon and the water point to the tides of intuition and dream.",
  ],
  3: [
    "A woman sits at ease on a cushioned throne in a field of ripe wheat beside a stream, a sceptre in her hand and a shield bearing the sign of Venus at her side.",
    "The wheat and running water are growth and plenty; the Venus shield ties her to love, beauty and the senses. She rules by nurturing, not by force.",
  ],
  4: [
    "A crowned ruler sits on a stone throne before bare mountains, an ankh-topped sceptre in one hand and an orb in the other.",
    "Stone and mountain speak of permanence and hard-won order; the sceptre and orb are authority over life and over the world. Little grows here: structure comes first.",
  ],
  5: [
    "A robed teacher sits between two pillars raising a hand in blessing, a triple cross in the other, while two acolytes kneel before him.",
    "The pillars again mark a threshold, now of shared tradition; the triple cross is teaching handed down; the kneeling pair show knowledge passed from one to another.",
  ],
  6: [
    "Two lovers stand beneath a great sun, an angel spreading its wings above them; behind one grows a tree of fruit with a serpent, behind the other a tree of flames.",
    "The angel joins what is human to what is higher; the two trees hold temptation and passion. The card is less about romance alone than about a choice made with the whole heart.",
  ],
  7: [
    "A charioteer stands under a starry canopy in a chariot drawn by two sphinxes, one dark and one light, holding a wand rather than reins.",
    "The sphinxes pull in different directions and are kept on course by will alone; the canopy of stars puts the victory under heaven's eye.",
  ],
  8: [
    "A woman gently closes the jaws of a lion, an infinity sign floating above her head.",
    "The lion is raw passion and fear; she masters it with calm hands, not chains. The infinity sign says this patience draws on something without end.",
  ],
  9: [
    "An old man in a grey cloak stands alone on a snowy peak, holding up a lantern with a star inside and leaning on a staff.",
    "The height is the distance he has travelled inward; the lantern's star is wisdom he carries for himself and for those who climb after him.",
  ],
  10: [
    "A great wheel turns in the sky, a serpent sliding down one side, a jackal-headed figure rising on the other and a sphinx seated on top, with winged creatures in the four corners.",
    "What goes down comes up again: the serpent and the jackal ride the turning while the sphinx keeps its balance above it. The four creatures, one per corner, stand for the fixed points of a changing world.",
  ],
  11: [
    "A judge sits between two pillars before a veil, holding upright a double-edged sword in one hand and balanced scales in the other.",
    "The scales weigh, the sword decides, and both edges cut: every choice has consequences in two directions. The veil behind says truth is found by looking, not by guessing.",
  ],
  12: [
    "A man hangs upside down by one foot from a living tau-shaped tree, hands behind his back, his face calm and his head ringed with light.",
    "He is held, not punished: the halo shows the insight that comes from seeing the world reversed. The living tree says the pause itself is growing something.",
  ],
  13: [
    "A skeleton in armour rides a pale horse carrying a black banner with a white rose; a sun rises between two towers in the distance.",
    "Death rides over everyone alike, but the rose on the banner and the rising sun say that an ending clears the ground for what is new.",
  ],
  14: [
    "A winged angel stands with one foot on land and one in a pool, pouring water between two cups; a triangle is marked on the robe and a path leads toward a distant crown of light.",
    "Water flowing between the cups is the slow blending of opposites; one foot on earth and one in water is the middle way. The path shows patience going somewhere.",
  ],
  15: [
    "A horned figure crouches on a dark pedestal beneath an inverted pentagram, a torch lowered in its hand, and two chained figures stand below it.",
    "The chains hang loose enough to lift off: the card shows bonds we could leave but do not. The lowered torch is desire burning without light.",
  ],
  16: [
    "Lightning strikes a tall tower on a rocky height; its crown blows off, flames pour from its windows and figures fall through the air.",
    "The tower is a structure built on false ground; the lightning is truth arriving all at once. What falls could not have stood for long.",
  ],
  17: [
    "A kneeling figure pours water from two jugs, one into a pool and one onto the land, under a great star ringed by smaller ones; a bird rests in a tree behind her.",
    "After the Tower, calm: the water given back to earth and pool is renewal shared freely; the stars are guidance that does not hurry. The bird is thought at rest.",
  ],
  18: [
    "A moon with a face hangs between two towers; below it a dog and a wolf howl, and a crayfish creeps out of a pool onto a path that winds into the hills.",
    "The tame dog and the wild wolf are the two sides of our nature answering the same moonlight; the crayfish is something rising from the depths. The path goes on, but it is hard to see.",
  ],
  19: [
    "A child rides a white horse beneath a blazing sun, sunflowers turning toward it over a garden wall and a red banner streaming behind.",
    "Everything here faces the light: the child is joy without disguise, the wall a safe place in which to play. Nothing is hidden in the Sun's clear day.",
  ],
  20: [
    "An angel blows a trumpet hung with a banner from the clouds, and figures rise from open coffins below, arms raised to the call.",
    "The trumpet is a call that cannot be ignored; the rising figures answer it by leaving the old life behind. It is a reckoning that ends in release.",
  ],
  21: [
    "A dancer moves within a great oval wreath, a wand in each hand, with the four winged creatures of the Wheel watching from the corners.",
    "The wreath closes the circle the Fool began; the creatures, now at peace, show the world in balance. The dance is completion that is also the next beginning.",
  ],
};

const SUIT_EMBLEM: Record<Suit, { one: string; many: string }> = {
  wands: { one: "a flowering wand", many: "flowering wands" },
  cups: { one: "a cup", many: "cups" },
  swords: { one: "an upright sword", many: "swords" },
  pentacles: { one: "a pentacle", many: "pentacles" },
};

/** What a court card's landscape shows, by suit. */
const SUIT_LANDSCAPE: Record<Suit, string> = {
  wands: "pointed hills like pyramids, the warm ground of fire",
  cups: "a still pool of water, the element of feeling",
  swords: "clouds and birds on the wind, the element of thought",
  pentacles: "green shrubs in flower, the fertile earth",
};

/** What each number brings to a suit. */
const NUMBER_SENSE: Record<number, string> = {
  2: "Two is a pair held in tension: balance, a choice, a partnership.",
  3: "Three is the first growth: two things meet and something new appears.",
  4: "Four is the square: stability, rest and sometimes standing still.",
  5: "Five breaks the square: conflict, loss or the change that unsettles.",
  6: "Six is harmony regained: giving, receiving and moving on together.",
  7: "Seven is a test: a pause to assess, defend or choose among options.",
  8: "Eight is movement and effort: things are under way and demand attention.",
  9: "Nine is nearly there: the suit's energy at its fullest before it ends.",
  10: "Ten is the end of a cycle: fulfilment, or a load carried too far.",
};

const COURT: Record<number, { picture: string; sense: string }> = {
  11: {
    picture: "A young page stands on foot and holds out the suit's emblem, studying it.",
    sense: "Pages are students and messengers: the suit's first curious contact with the world.",
  },
  12: {
    picture: "A knight in armour rides a horse with the suit's emblem raised.",
    sense: "Knights are the suit in motion: pursuit, action and sometimes excess.",
  },
  13: {
    picture: "A crowned queen sits on a throne carved with the suit's emblem, holding it close.",
    sense: "Queens hold the suit's gift inwardly: mastery that nurtures and understands.",
  },
  14: {
    picture: "A king sits on a throne carved with the suit's emblem and holds it up to be seen.",
    sense: "Kings hold the suit's gift outwardly: mastery that leads, decides and takes responsibility.",
  },
};

function minorSymbolism(card: TarotCard): string[] {
  const suit = card.suit!;
  const emblem = SUIT_EMBLEM[suit];
  const element = SUIT_ELEMENT[suit].toLowerCase();
  if (card.number === 1) {
    return [
      `${emblem.one[0]!.toUpperCase()}${emblem.one.slice(1)} floats alone in a ring of light above the clouds, with nothing else in the picture.`,
      `An ace is the whole of its suit's element, ${element}, offered as a gift: ${SUIT_REALM[suit]} in its purest, newest form, not yet spent on anything.`,
    ];
  }
  if (card.number <= 10) {
    return [
      `${card.number} ${emblem.many} are laid out in a balanced pattern over a quiet landscape, the way the oldest decks drew their number cards.`,
      `${NUMBER_SENSE[card.number]} Here it works through ${element}: ${SUIT_REALM[suit]}.`,
    ];
  }
  const court = COURT[card.number]!;
  return [`${court.picture} Behind them lie ${SUIT_LANDSCAPE[suit]}.`, `${court.sense} In ${card.suit}, that means ${SUIT_REALM[suit]}.`];
}

const NUMBER_WORDS = ["", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"];

/**
 * What the classic deck's picture of a card shows, in a sentence: the text a picture of it is
 * described by (its `alt`), from the card's traditional imagery.
 */
export function classicPicture(card: TarotCard): string {
  if (card.arcana === "major") return MAJOR_SYMBOLISM[card.number]![0]!;
  const emblem = SUIT_EMBLEM[card.suit!];
  if (card.number === 1 || card.number > 10) return minorSymbolism(card)[0]!.replace("the suit's emblem", emblem.one.replace(/^an? /, "the "));
  return `${NUMBER_WORDS[card.number]} ${emblem.many} laid out in a balanced pattern over a quiet landscape.`;
}

/** The positions a library page reads the card in. */
export const POSITIONS = ["Past", "Present", "Obstacle", "Advice", "Outcome"] as const;

function inPositions(card: TarotCard, meaning: CardMeaning): { position: (typeof POSITIONS)[number]; text: string }[] {
  const [a = "change", b = a, c = b] = meaning.upright.keywords;
  const [shadow = "doubt", shadow2 = shadow] = meaning.reversed.keywords;
  const name = card.name;
  return [
    {
      position: "Past",
      text: `Behind you, ${name} points to a time shaped by ${a} and ${b}. Ask what that season taught you, and what of it you still carry.`,
    },
    { position: "Present", text: `Right now, ${name} says ${a} is the thread to follow. Notice where ${c} is already at work in what you are living.` },
    {
      position: "Obstacle",
      text: `Crossing you, ${name} turns to its shadow: ${shadow} or ${shadow2} may be what blocks the way. Naming it is the first step past it.`,
    },
    { position: "Advice", text: `As advice, ${name} asks you to lean into ${b}. Let it guide the next small decision rather than the whole plan.` },
    {
      position: "Outcome",
      text: `As an outcome, ${name} suggests that things move toward ${a}, if you keep on as you are. An outcome is a direction, not a sentence.`,
    },
  ];
}

export type LibraryCard = {
  card: TarotCard;
  numeral: string;
  arcanaName: string;
  suitName: string | null;
  element: Element;
  /** The Major Arcana's planet or sign; null for the minors. */
  sign: string | null;
  meaning: CardMeaning;
  symbolism: string[];
  positions: { position: (typeof POSITIONS)[number]; text: string }[];
  previous: TarotCard | null;
  next: TarotCard | null;
};

const capitalize = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** A card's library entry; null for a key that names no card. */
export function libraryCard(key: string): LibraryCard | null {
  const index = FULL_DECK.findIndex((card) => card.key === key);
  const card = FULL_DECK[index];
  if (!card) return null;
  const meaning = meaningOf(card);
  const major = card.arcana === "major";
  return {
    card,
    numeral: cardNumeral(card),
    arcanaName: major ? "Major Arcana" : "Minor Arcana",
    suitName: card.suit ? capitalize(card.suit) : null,
    element: major ? MAJOR_ATTRIBUTION[card.number]!.element : SUIT_ELEMENT[card.suit!],
    sign: major ? MAJOR_ATTRIBUTION[card.number]!.sign : null,
    meaning,
    symbolism: major ? MAJOR_SYMBOLISM[card.number]! : minorSymbolism(card),
    positions: inPositions(card, meaning),
    previous: FULL_DECK[index - 1] ?? null,
    next: FULL_DECK[index + 1] ?? null,
  };
}

/** The library's index: the Major Arcana, then each suit, with each card's upright keywords. */
export function libraryIndex() {
  const entry = (card: TarotCard) => ({ key: card.key, name: card.name, numeral: cardNumeral(card), picture: classicPicture(card) });
  return [
    {
      id: "major",
      title: "Major Arcana",
      about: "Twenty-two cards of the great turns of a life, from the Fool's first step to the World's completed dance.",
      cards: FULL_DECK.filter((card) => card.arcana === "major").map(entry),
    },
    ...(["wands", "cups", "swords", "pentacles"] as const).map((suit) => ({
      id: suit,
      title: capitalize(suit),
      about: `${SUIT_ELEMENT[suit]}: ${SUIT_REALM[suit]}.`,
      cards: FULL_DECK.filter((card) => card.suit === suit).map(entry),
    })),
  ];
}
