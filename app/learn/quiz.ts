/**
 * A learner's quiz (decision 0112): free, as often as the person likes, no certificate. What it asks
 * about (a topic), how many questions an attempt holds, and the forms that start and answer one.
 * Shared by the pages and the server.
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import type { TarotCard } from "../tarot/cards";
import { deckParam } from "./rules";

export const QUIZ_TOPICS = ["all", "major", "wands", "cups", "swords", "pentacles", "spreads"] as const;
export type QuizTopic = (typeof QUIZ_TOPICS)[number];

export const QUIZ_TOPIC_LABELS: Record<QuizTopic, { title: string; detail: string }> = {
  all: { title: "Everything", detail: "Pictures, meanings and spreads" },
  major: { title: "The Major Arcana", detail: "The 22 trumps" },
  wands: { title: "Wands", detail: "Fire: drive and ambition" },
  cups: { title: "Cups", detail: "Water: feelings and bonds" },
  swords: { title: "Swords", detail: "Air: thought and conflict" },
  pentacles: { title: "Pentacles", detail: "Earth: work, body, money" },
  spreads: { title: "Spreads", detail: "What each position speaks to" },
};

/** Questions in an attempt: enough to see where one stands, few enough for a bus ride. */
export const QUESTIONS_PER_QUIZ = 10;

/** Questions in the short quiz that closes a group of lessons. */
export const QUESTIONS_PER_GROUP_QUIZ = 5;

/** Whether a card belongs to the topic's cards (the spreads' topic asks about no card). */
export function inTopic(card: Pick<TarotCard, "arcana" | "suit">, topic: QuizTopic): boolean {
  if (topic === "all") return true;
  if (topic === "spreads") return false;
  if (topic === "major") return card.arcana === "major";
  return card.suit === topic;
}

/** The topic in a page's query; anything else is the whole quiz. */
export const topicParam = lazySchema(() => z.enum(QUIZ_TOPICS).catch("all"));

const attemptId = () => z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "This quiz's key is not valid: reload the page and start again.");

/** The attempt's id in the address. */
export const attemptParam = lazySchema(attemptId);

/** Starting a quiz: the attempt's id, drawn by the server into the form, makes a second press the same attempt. */
export const startForm = lazySchema(() =>
  z.object({
    attempt: attemptId(),
    deck: deckParam,
    topic: z.enum(QUIZ_TOPICS, "Choose what the quiz is about."),
    size: z.coerce
      .number()
      .refine((size) => size === QUESTIONS_PER_QUIZ || size === QUESTIONS_PER_GROUP_QUIZ, "A quiz has 5 or 10 questions.")
      .default(QUESTIONS_PER_QUIZ),
  }),
);

/** The name of question `position`'s field in the answer form. */
export const answerField = (position: number) => `q${position}`;

/** An answer as posted: one of the question's choices' values. */
export const answerValue = lazySchema(() => z.string().trim().min(1).max(80));

export const QUIZ_TEXTS = {
  unanswered: "Answer every question before you send the quiz.",
  notAChoice: "One answer is not among its question's choices: reload the page and answer again.",
  noCards: "This deck has no painted cards in that group yet. Choose another group or deck.",
  otherAttempt: "This quiz was started already. Reload the page to start a new one.",
} as const;

/** Where an attempt is taken and its result shown. */
export const attemptPath = (attemptId: string) => `/learn/quiz/${attemptId}`;
