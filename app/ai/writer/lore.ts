/**
 * What the local writer knows about each card beyond its keywords: the gist of the card as a noun
 * phrase, and the counsel it gives upright and reversed as verb phrases ("step back…"), so that a
 * sentence can say "its gist is …", "it asks you to …" or "… — that is the advice" in many shapes.
 * The Minor Arcana's counsel comes from the card's number, told in its suit's own realm.
 */
import type { Suit, TarotCard } from "../../tarot/cards";

/** The gist of each Major Arcana card, by number. */
const MAJOR_GIST: readonly string[] = [
  "a first step taken on trust, before the whole road is visible",
  "the moment when skill, will and the right tools meet in one aim",
  "a knowing that sits beneath words and waits to be heard",
  "care that makes things grow, and pleasure in what has grown",
  "the steady order that lets a plan stand up on its own",
  "the wisdom of a shared path and the teachers who keep it",
  "a choice of the heart that shows what you truly value",
  "willpower that holds two pulling forces to one course",
  "a quiet courage that calms what is wild instead of fighting it",
  "the clarity that only comes away from the crowd",
  "a turn of the wheel that nobody fully controls",
  "fairness, cause and effect, and an honest account of both sides",
  "a pause that turns the whole picture upside down, on purpose",
  "an ending that clears the ground for what comes next",
  "patience that blends opposites into something that lasts",
  "the chains we keep because they feel familiar",
  "a sudden break that brings down what was built on a false base",
  "hope returning after a storm, quietly and for real",
  "a path by half-light, where fears and dreams look alike",
  "plain joy, warmth, and being seen clearly",
  "a call to wake up and answer for the life you want",
  "a cycle brought whole, and the dance that closes it",
];

const MAJOR_COUNSEL: readonly string[] = [
  "take the first step without waiting to know every turn",
  "pick one aim and put every tool you have behind it",
  "get quiet enough to hear what you already know",
  "feed what you want to grow, yourself included",
  "set a plan and the boundaries that keep it standing",
  "lean on a tradition, a teacher or a community you trust",
  "choose by what you value, not by what looks easiest",
  "hold your course and steer the forces pulling at you",
  "meet the wild part of the situation with patience, not force",
  "step away from the noise long enough to hear your own answer",
  "work with the change instead of bracing against it",
  "weigh both sides honestly and accept what is fair",
  "let go of the push for a while and look from another angle",
  "let the finished thing end so the next can begin",
  "go slowly and mix the extremes into a middle way",
  "name the habit that holds you and loosen its grip",
  "let what is already cracking fall, and build on truer ground",
  "trust the slow return of hope and let yourself be renewed",
  "move carefully and check your fears against what is real",
  "show up openly and enjoy what is going well",
  "listen to the call you have been half-hearing and answer it",
  "finish what you started and celebrate how far it came",
];

const MAJOR_COUNSEL_REVERSED: readonly string[] = [
  "look before you leap, and leap once you have looked",
  "gather your scattered efforts back into one clear intent",
  "turn down the outside voices and trust your own",
  "give yourself some of the care you hand out to others",
  "loosen the grip where order has turned into control",
  "question the rules that no longer fit who you are",
  "be honest about the choice you keep putting off",
  "stop, take back the reins, and pick one direction",
  "be gentle with your own doubts instead of forcing them down",
  "come back from the solitude before it turns into hiding",
  "stop pushing against a turn you cannot stop",
  "look for the part of the account you would rather not see",
  "stop waiting and decide what the pause has taught you",
  "stop holding on to what has already ended",
  "find the excess that tips you off balance and ease it",
  "notice which chain you could lift off yourself today",
  "let the shake-up finish instead of propping up the ruins",
  "give hope something small and concrete to hold on to",
  "let the confusion clear before you act on it",
  "let the good in, even if it feels too bright at first",
  "forgive yourself enough to hear the call again",
  "tie up the loose end that keeps the circle open",
];

/** The gist of each Minor Arcana card, by suit and number (Ace 1 … King 14). */
const MINOR_GIST: Record<Suit, readonly string[]> = {
  wands: [
    "the first spark of an idea that wants to be acted on",
    "a plan held up to the horizon, and the choice of where to go",
    "ships sent out, and the wait for the first of them to return",
    "a homecoming or a celebration that marks solid ground",
    "a scuffle of wills, more noise than harm",
    "a win that others see and cheer",
    "standing your ground against many at once",
    "news and movement arriving all together",
    "the last stand of a tired but watchful heart",
    "a load carried too far, alone",
    "restless curiosity and a message full of sparks",
    "a charge forward, bold and a little headlong",
    "warm confidence that draws people in",
    "a leader's vision that others want to follow",
  ],
  cups: [
    "a heart filling to overflowing",
    "two people meeting as equals",
    "friends raising their glasses together",
    "a boredom that does not see the gift held out to it",
    "grief over what spilled, with something still standing behind",
    "a sweet memory of simpler days",
    "many dreams on offer, and not all of them real",
    "walking away from what no longer feeds you",
    "a wish come true and the contentment that follows",
    "a home full of lasting happiness",
    "a tender surprise and a message from the heart",
    "a romantic offer, carried in with care",
    "deep empathy that still knows its own shore",
    "calm mastery over strong feelings",
  ],
  swords: [
    "a clear thought that cuts through the fog",
    "a stalemate kept by refusing to look",
    "a sharp hurt, named and faced",
    "rest after the battle, and time to mend",
    "a victory that costs more than it wins",
    "a passage into calmer waters",
    "a clever move made in the shadows",
    "a trap built mostly of one's own thoughts",
    "the worry that keeps you awake",
    "a painful ending that has reached its lowest point",
    "a watchful mind, eager to learn and quick to speak",
    "a rush of ideas driven by a fierce will",
    "honest perception that sees through pretence",
    "clear authority grounded in truth",
  ],
  pentacles: [
    "a seed of prosperity put into your hand",
    "juggling what must be kept in balance",
    "good work done with others and well made",
    "holding on to what you have, perhaps too tightly",
    "hard times and help that is nearer than it seems",
    "give and take, and the fairness of sharing",
    "the patience of a gardener who waits for the harvest",
    "skill growing one careful task at a time",
    "comfort earned and enjoyed on your own terms",
    "wealth and belonging that last for generations",
    "a keen student with a practical plan",
    "slow, dependable work that gets the job done",
    "a nurturing hand that makes a home feel safe",
    "security built with patience and shared generously",
  ],
};

/** Each suit's realm of life, its element, and how a sentence names it. */
export const SUIT_LORE: Record<Suit, { name: string; element: string; realm: string; field: string; step: string }> = {
  wands: {
    name: "Wands",
    element: "fire",
    realm: "drive, ambition and creative fire",
    field: "your plans",
    step: "put a date on the one idea that excites you most",
  },
  cups: {
    name: "Cups",
    element: "water",
    realm: "feeling, love and the bonds between people",
    field: "your feelings",
    step: "say one true feeling aloud to someone who matters",
  },
  swords: {
    name: "Swords",
    element: "air",
    realm: "thought, words and hard truths",
    field: "your thinking",
    step: "write down the thought that keeps circling and test it against the facts",
  },
  pentacles: {
    name: "Pentacles",
    element: "earth",
    realm: "work, money, the body and the home",
    field: "your work and money",
    step: "take one practical step with your time or money",
  },
};

/** What each rank brings, whatever its suit: a short idea and its counsel. */
export const RANK_LORE: readonly { idea: string; counsel: (field: string) => string; reversed: (field: string) => string }[] = [
  {
    idea: "a beginning",
    counsel: (f) => `say yes to the new start waiting in ${f}`,
    reversed: (f) => `give the new start in ${f} a little more time to take root`,
  },
  { idea: "a choice or a balance", counsel: (f) => `choose, and let ${f} find its balance`, reversed: (f) => `stop sitting on the fence about ${f}` },
  { idea: "growth through others", counsel: (f) => `let others in on ${f}`, reversed: (f) => `mend the ties around ${f} before going further` },
  {
    idea: "stability, or standing still",
    counsel: (f) => `secure ${f} before building higher`,
    reversed: (f) => `notice where keeping ${f} safe has turned into keeping it stuck`,
  },
  { idea: "friction and change", counsel: (f) => `face the friction in ${f} instead of avoiding it`, reversed: (f) => `let the quarrel over ${f} end` },
  { idea: "harmony after strain", counsel: (f) => `accept the help or recognition coming to ${f}`, reversed: (f) => `look at what is still uneven in ${f}` },
  { idea: "a test of faith", counsel: (f) => `trust ${f} and hold your position`, reversed: (f) => `check whether you are defending ${f} out of habit` },
  { idea: "movement and mastery", counsel: (f) => `keep ${f} moving while the momentum is there`, reversed: (f) => `untangle what is slowing ${f} down` },
  {
    idea: "a peak before the end",
    counsel: (f) => `take stock of how far you have come with ${f}`,
    reversed: (f) => `ease the worry or weariness wrapped around ${f}`,
  },
  { idea: "a cycle completed", counsel: (f) => `carry ${f} through to the end`, reversed: (f) => `put down what you carry around ${f} that was never yours` },
  {
    idea: "a message or a student's first try",
    counsel: (f) => `stay curious about ${f}`,
    reversed: (f) => `turn the first news about ${f} into one real step`,
  },
  { idea: "action and pursuit", counsel: (f) => `act on ${f} with purpose`, reversed: (f) => `slow the charge and aim before you move on ${f}` },
  { idea: "inner mastery", counsel: (f) => `tend ${f} with quiet confidence`, reversed: (f) => `give yourself the care you put into ${f}` },
  { idea: "outer mastery and command", counsel: (f) => `hold ${f} with a steady hand`, reversed: (f) => `use your authority over ${f} more gently` },
];

export const RANK_WORDS = ["", "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Page", "Knight", "Queen", "King"];
export const RANK_PLURALS = [
  "",
  "Aces",
  "Twos",
  "Threes",
  "Fours",
  "Fives",
  "Sixes",
  "Sevens",
  "Eights",
  "Nines",
  "Tens",
  "Pages",
  "Knights",
  "Queens",
  "Kings",
];

/** The card's gist as a noun phrase. */
export function gistOf(card: TarotCard): string {
  if (card.arcana === "major" || !card.suit) return MAJOR_GIST[card.number] ?? "a turning point in the story";
  return MINOR_GIST[card.suit][card.number - 1] ?? "a moment in the story of its suit";
}

/**
 * What the card asks of the person who draws it, as a verb phrase in the base form ("take…"). A
 * Minor Arcana card's counsel is about its suit's field ("your feelings") unless `field` names another.
 */
export function counselOf(card: TarotCard, reversed: boolean, field?: string): string {
  if (card.arcana === "major" || !card.suit) return (reversed ? MAJOR_COUNSEL_REVERSED : MAJOR_COUNSEL)[card.number] ?? "pause and look again";
  const rank = RANK_LORE[card.number - 1]!;
  const realm = field ?? SUIT_LORE[card.suit].field;
  return reversed ? rank.reversed(realm) : rank.counsel(realm);
}
