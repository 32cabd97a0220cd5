/**
 * The lessons' path (decision 0112): the guides and the library's pages, grouped in the order a
 * learner meets them, each group closed by a short quiz on its own cards. Shared by the page and
 * the server.
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { GUIDES } from "../library/guides";
import type { QuizTopic } from "./quiz";

export type Lesson = { id: string; title: string; summary: string; href: string };
export type LessonGroup = { id: string; title: string; about: string; lessons: Lesson[]; quiz: QuizTopic };

function guide(slug: string): Lesson {
  const found = GUIDES.find((one) => one.slug === slug);
  if (!found) throw new Error(`No guide ${slug}`);
  return { id: `guide:${slug}`, title: found.title, summary: found.summary, href: `/guides/${slug}` };
}

function library(group: "major" | "wands" | "cups" | "swords" | "pentacles", title: string, summary: string): Lesson {
  return { id: `cards:${group}`, title, summary, href: `/cards#${group}` };
}

export const LESSON_GROUPS: readonly LessonGroup[] = [
  {
    id: "basics",
    title: "Basics",
    about: "How a reading goes, and what a card turned upside down adds.",
    lessons: [guide("how-to-read"), guide("reversals")],
    quiz: "all",
  },
  {
    id: "major",
    title: "The Major Arcana",
    about: "The twenty-two trumps, from the Fool's first step to the World.",
    lessons: [guide("major-arcana-journey"), library("major", "The trumps in the library", "Look at each of the 22 cards and read its meaning.")],
    quiz: "major",
  },
  {
    id: "wands",
    title: "Wands",
    about: "Fire: drive, ambition and the spark of a new start.",
    lessons: [guide("the-suits"), library("wands", "The Wands in the library", "The fourteen cards of fire, Ace to King.")],
    quiz: "wands",
  },
  {
    id: "cups",
    title: "Cups",
    about: "Water: feelings, bonds and what the heart holds.",
    lessons: [guide("court-cards"), library("cups", "The Cups in the library", "The fourteen cards of water, Ace to King.")],
    quiz: "cups",
  },
  {
    id: "swords",
    title: "Swords",
    about: "Air: thought, words and conflict.",
    lessons: [library("swords", "The Swords in the library", "The fourteen cards of air, Ace to King.")],
    quiz: "swords",
  },
  {
    id: "pentacles",
    title: "Pentacles",
    about: "Earth: work, the body and money.",
    lessons: [library("pentacles", "The Pentacles in the library", "The fourteen cards of earth, Ace to King.")],
    quiz: "pentacles",
  },
  {
    id: "spreads",
    title: "Spreads",
    about: "Why positions matter, and what each one of the classic layouts asks.",
    lessons: [guide("building-a-spread")],
    quiz: "spreads",
  },
];

export const LESSON_IDS = LESSON_GROUPS.flatMap((group) => group.lessons.map((lesson) => lesson.id)) as [string, ...string[]];

/** Marking a lesson read, or unread again. */
export const lessonForm = lazySchema(() =>
  z.object({
    lesson: z.enum(LESSON_IDS, "There is no such lesson."),
    intent: z.enum(["read", "unread"], "Mark the lesson read or unread."),
  }),
);

/** Where a group sits on the lessons' page. */
export const groupPath = (groupId: string) => `/learn/lessons#${groupId}`;
