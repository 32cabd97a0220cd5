import { FIRST_LEVEL } from "./levels";

/** The reader quiz's rules, shared by the server and the page. */
export const QUIZ_QUESTIONS = 12;
export const QUIZ_MINUTES = 15;
export const QUIZ_COOLDOWN_MS = 24 * 60 * 60 * 1000;
export const PASS_PERCENT = FIRST_LEVEL.minQuizPercent;
/** A graded attempt as its taker sees it: the score and how many were missed in each topic, never the right answers. */
export type GradedAttempt = { score: number; total: number; passed: boolean; missedTopics: Array<{ topic: string; count: number }> };

export const APPLICATION_FIRST = "Save your reader application first.";
