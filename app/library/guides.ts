/**
 * The tarot guides: short lessons, each ending in a practice reading at the table with a spread
 * that fits it. Written in our own words; the card names link to the library.
 */
import type { SpreadId } from "../reading-room/spreads";

export type Guide = {
  slug: string;
  title: string;
  summary: string;
  /** Paragraphs under optional headings. */
  sections: { heading?: string; paragraphs: string[] }[];
  /** The spread the practice reading opens with. */
  spreadId: SpreadId;
  /** What to try at the table. */
  practice: string;
};

export const GUIDES: readonly Guide[] = [
  {
    slug: "how-to-read",
    title: "How to read the cards",
    summary: "A calm way into any reading: a question, a draw, and a conversation with what you see.",
    sections: [
      {
        paragraphs: [
          "A reading is a conversation, not a verdict. The cards give you pictures and ideas; you bring the situation and the honesty. Nothing on the table decides for you.",
          'Start with a question you can act on. "What do I need to understand about my new job?" opens more doors than "Will I be happy?". Write it down so you can come back to it.',
        ],
      },
      {
        heading: "Look before you look it up",
        paragraphs: [
          "When a card turns over, give it a moment before reaching for its meaning. What catches your eye? A colour, a gesture, an animal? First impressions often hold the part of the card that is yours today.",
          "Then read the traditional meaning and see where the two meet. If they pull apart, that tension is worth a sentence in your journal.",
        ],
      },
      {
        heading: "Tell it as a story",
        paragraphs: [
          "With more than one card, read them together. Which card is loudest? Do the figures face each other or turn away? A reading makes sense when you can say it aloud as a short story about your question.",
        ],
      },
    ],
    spreadId: "single",
    practice: "Ask one question you can act on, draw a single card, and write two sentences: what you noticed first, and what the meaning adds.",
  },
  {
    slug: "the-suits",
    title: "The four suits",
    summary: "Wands, cups, swords and pentacles: four elements, four corners of everyday life.",
    sections: [
      {
        paragraphs: [
          "The fifty-six cards of the Minor Arcana fall into four suits. Each suit carries an element and speaks about one side of ordinary life, so knowing the suit tells you where a card's story is taking place.",
        ],
      },
      {
        heading: "Fire, water, air, earth",
        paragraphs: [
          "Wands are fire: ambition, energy, creative projects and the courage to start. Cups are water: feelings, relationships, intuition and what we long for.",
          "Swords are air: thoughts, decisions, words and the conflicts they can stir. Pentacles are earth: money, work, health, home and the slow building of something solid.",
        ],
      },
      {
        heading: "Counting through a suit",
        paragraphs: [
          "The numbers tell how far along things are. An ace is a seed, the middle numbers are the work and the trouble, and the ten is the harvest or the weight of it. A spread full of one suit says where your energy is going right now.",
        ],
      },
    ],
    spreadId: "three-card",
    practice: "Draw three cards and, before reading any meanings, name each card's suit and element. Which corner of your life is this reading about?",
  },
  {
    slug: "major-arcana-journey",
    title: "The Major Arcana's journey",
    summary: "Twenty-two cards that tell one story, from the Fool's first step to the World's dance.",
    sections: [
      {
        paragraphs: [
          "The twenty-two Major Arcana are often read as a single journey. The Fool, numbered zero, sets out with nothing, and each card after is a lesson or a meeting along the way.",
        ],
      },
      {
        heading: "Three stretches of road",
        paragraphs: [
          "From the Magician to the Chariot, the traveller learns about the outer world: skill, intuition, care, rules, teachers, love and will. From Strength to Temperance the journey turns inward: patience, solitude, chance, fairness, surrender, endings and balance.",
          "From the Devil to the World come the great trials and releases: what binds us, what breaks, and the hope, confusion, joy and reckoning that lead to completion.",
        ],
      },
      {
        heading: "Reading with the big cards",
        paragraphs: [
          "When a Major Arcana card appears, the matter is larger than the day's events: it points to a stage of your own journey. Several in one reading suggest a turning point.",
        ],
      },
    ],
    spreadId: "three-card",
    practice: "Draw three cards as past, present and future. For each Major Arcana card, ask which stretch of the journey it belongs to.",
  },
  {
    slug: "reversals",
    title: "Reading reversed cards",
    summary: "A card upside down is not bad news: it is the same energy, blocked, turned inward or just beginning.",
    sections: [
      {
        paragraphs: [
          "When a card lands upside down it is called reversed. Some readers ignore reversals; others find they add nuance. Arcanum's table turns some cards by default, and you can turn reversals off.",
        ],
      },
      {
        heading: "Three ways to read a reversal",
        paragraphs: [
          "Blocked: the card's energy is present but stuck, so something is in its way. Inward: the energy is working privately, in thought or feeling rather than in events. Too much or too little: the card's gift has tipped into excess or is missing.",
          "Try each reading and keep the one that rings true. A reversed Sun might be joy you are not letting yourself feel, rather than sadness.",
        ],
      },
    ],
    spreadId: "single",
    practice: "Draw one card. Whichever way it falls, read it both ways: upright, then as if it were reversed. Which one speaks to your day?",
  },
  {
    slug: "court-cards",
    title: "Court cards",
    summary: "Pages, knights, queens and kings: people in your life, or sides of yourself.",
    sections: [
      {
        paragraphs: [
          "Each suit has four court cards. They are the hardest cards for many readers, because they can mean a person, a role you play, or an approach to the situation.",
        ],
      },
      {
        heading: "Four ranks",
        paragraphs: [
          "Pages are learners and messengers: curiosity and news. Knights are action: they chase the suit's aim, sometimes too fast. Queens hold the suit's gift inwardly, with care and understanding. Kings hold it outwardly, with authority and responsibility.",
        ],
      },
      {
        heading: "Rank meets suit",
        paragraphs: [
          "Combine the two. The Knight of Cups is feeling in pursuit, a romantic or an idealist; the Queen of Swords is clear thought held with compassion. Ask whether the card describes someone you know, or how you are acting right now.",
        ],
      },
    ],
    spreadId: "relationship",
    practice: "Lay the relationship spread for a bond in your life. If a court card appears, ask whether it is the other person, or you.",
  },
  {
    slug: "building-a-spread",
    title: "Building a spread",
    summary: "Why positions matter, and how the classic layouts ask their questions.",
    sections: [
      {
        paragraphs: [
          "A spread gives each card a job. The same card says one thing as an obstacle and another as advice, so the position is half of its meaning.",
        ],
      },
      {
        heading: "From one card to ten",
        paragraphs: [
          "A single card answers a focused question. Three cards tell a small story: past, present, future, or situation, action, result. The horseshoe widens that into seven steps, and the Celtic Cross reads a whole situation in ten: its heart, what crosses it, its roots and its possible outcome.",
        ],
      },
      {
        heading: "Making your own",
        paragraphs: [
          "To design a spread, write the questions first and give each its own position. Keep it short: four or five positions you truly want answered beat ten you skim. The table's free layout lets you place cards wherever your design needs them.",
        ],
      },
    ],
    spreadId: "celtic-cross",
    practice:
      "Lay a Celtic Cross and read only the first two cards, the heart and what crosses it, before going on. Notice how the positions shape what you see.",
  },
];

export function guideBySlug(slug: string): Guide | undefined {
  return GUIDES.find((guide) => guide.slug === slug);
}

/** The reading table opened for a lesson's practice, with its spread laid out. */
export function practicePath(guide: Pick<Guide, "spreadId">): string {
  return `/reading-room?create=true&spread=${guide.spreadId}`;
}
