import { FIRST_LEVEL } from "./levels";

/** The reader quiz's rules, shared by the server and the page. */
export const QUIZ_QUESTIONS = 12;
export const QUIZ_MINUTES = 15;
export const QUIZ_COOLDOWN_MS = 24 * 60 * 60 * 1000;
export const PASS_PERCENT = FIRST_LEVEL.minQuizPercent;

export type GradedAttempt = { score: number; total: number; passed: boolean; missed: Array<{ prompt: string; chosen: string | null; right: string }> };
