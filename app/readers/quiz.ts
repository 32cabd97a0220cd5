import { FIRST_LEVEL } from "./levels";

/** The reader quiz's rules, shared by the server and the page. */
export const QUIZ_QUESTIONS = 12;
export const QUIZ_MINUTES = 15;
export const QUIZ_COOLDOWN_MS = 24 * 60 * 60 * 1000;
export const PASS_PERCENT = FIRST_LEVEL.minQuizPercent;
/**
 * Card-image questions per attempt, at most. Someone who cannot place a picture can still pass:
 * 12 questions at 70% need 9 right, and 10 remain without pictures.
 */
export const MAX_IMAGE_QUESTIONS = 2;

/** The opaque address of a card-image question's picture; the token is drawn per question per attempt. */
export const quizImagePath = (token: string) => `/tarot-quiz/image/${token}`;

export type GradedAttempt = { score: number; total: number; passed: boolean; missed: Array<{ prompt: string; chosen: string | null; right: string }> };

export const APPLICATION_FIRST = "Save your reader application first.";
