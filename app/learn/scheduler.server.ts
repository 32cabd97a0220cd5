/**
 * When a card comes back (decision 0107): FSRS through `ts-fsrs`, with its parameters written down
 * here so that a new version of the library cannot move anyone's schedule without a test noticing.
 * Pure arithmetic: no clock and no randomness (fuzz off), so the same grades at the same moments
 * give the same due dates.
 */
import { fsrs, generatorParameters, Rating, State, type Card, type Grade as FsrsGrade } from "ts-fsrs";
import type { Grade } from "./rules";

/** The 21 weights of FSRS-6 as ts-fsrs 5.4.2 ships them, trained on many people's reviews. */
const WEIGHTS = [
  0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658,
  0.1542,
] as const;

/** Nine answers in ten right when a card comes due; nothing further off than ten years; steps of 1 and 10 minutes while learning. */
export const SCHEDULE_PARAMETERS = generatorParameters({
  w: WEIGHTS,
  request_retention: 0.9,
  maximum_interval: 3650,
  enable_fuzz: false,
  enable_short_term: true,
  learning_steps: ["1m", "10m"],
  relearning_steps: ["10m"],
});

const scheduler = fsrs(SCHEDULE_PARAMETERS);

export type MemoryState = "new" | "learning" | "review" | "relearning";

/** A card's memory as stored (the `flashcards` row's columns), or null for a card never graded. */
export type StoredMemory = {
  due: number;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: MemoryState;
  lastReview: number;
};

const STATE_OF: Record<State, MemoryState> = {
  [State.New]: "new",
  [State.Learning]: "learning",
  [State.Review]: "review",
  [State.Relearning]: "relearning",
};
const FSRS_STATE: Record<MemoryState, State> = { new: State.New, learning: State.Learning, review: State.Review, relearning: State.Relearning };
const RATING: Record<Grade, FsrsGrade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

const DAY_MS = 86_400_000;

function toCard(memory: StoredMemory | null, now: number): Card {
  if (!memory)
    return { due: new Date(now), stability: 0, difficulty: 0, elapsed_days: 0, scheduled_days: 0, learning_steps: 0, reps: 0, lapses: 0, state: State.New };
  return {
    due: new Date(memory.due),
    stability: memory.stability,
    difficulty: memory.difficulty,
    elapsed_days: Math.max(0, Math.floor((now - memory.lastReview) / DAY_MS)),
    scheduled_days: memory.scheduledDays,
    learning_steps: memory.learningSteps,
    reps: memory.reps,
    lapses: memory.lapses,
    state: FSRS_STATE[memory.state],
    last_review: new Date(memory.lastReview),
  };
}

function fromCard(card: Card, now: number): StoredMemory {
  return {
    due: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_OF[card.state],
    lastReview: card.last_review?.getTime() ?? now,
  };
}

/** The card's memory before the review, as the log keeps it. */
export type ReviewedFrom = { state: MemoryState; stability: number; difficulty: number; scheduledDays: number; learningSteps: number; dueBefore: number };

/** A grade given at `now`: the card's next memory, and what it was before. */
export function schedule(memory: StoredMemory | null, grade: Grade, now: number): { next: StoredMemory; before: ReviewedFrom } {
  const { card, log } = scheduler.next(toCard(memory, now), new Date(now), RATING[grade]);
  return {
    next: fromCard(card, now),
    before: {
      state: STATE_OF[log.state],
      stability: log.stability,
      difficulty: log.difficulty,
      scheduledDays: log.scheduled_days,
      learningSteps: log.learning_steps,
      dueBefore: memory?.due ?? now,
    },
  };
}

/** When each grade would bring the card back, for the buttons' hints. */
export function previewDue(memory: StoredMemory | null, now: number): Record<Grade, number> {
  const preview = scheduler.repeat(toCard(memory, now), new Date(now));
  return {
    again: preview[Rating.Again].card.due.getTime(),
    hard: preview[Rating.Hard].card.due.getTime(),
    good: preview[Rating.Good].card.due.getTime(),
    easy: preview[Rating.Easy].card.due.getTime(),
  };
}
