import { paintCardSvg, paintDeckCardSvg } from "../art/local-art";
import { fallbackUsername } from "../lib/username";
import { composeCardDescription, fallbackDeckDescription, fallbackQuestions, fallbackReading, fallbackThemes, placeholderImage } from "./fallbacks";
import { svgImage, type PaintedImage } from "./images";
import {
  DEFAULT_QUESTION_COUNT,
  DEFAULT_THEME_COUNT,
  normalCategory,
  normalCount,
  type AiService,
  type CardRequest,
  type QuestionRequest,
  type ReadingRequest,
} from "./service";
import { piecesOf } from "./sse";

export type LocalLatency = { textMs: number; imageMs: number };

/** The local writer's pause between pieces of a streamed interpretation. */
const LOCAL_WRITING_PACE_MS = 25;

const wait = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** Offline answers built from tarot vocabulary: useful, varied, and never a network call. */
export class LocalAi implements AiService {
  readonly kind = "local";
  constructor(
    private readonly random: () => number = Math.random,
    private readonly latency: LocalLatency = { textMs: 0, imageMs: 0 },
  ) {}

  async suggestUsername({ email, fullName }: { email: string; fullName?: string | null }) {
    const words = ["Moon", "Star", "Sun", "Tower", "Hermit", "Magus", "Chariot", "Wheel", "Empress", "Fool", "Lantern", "Raven"];
    const source = (fullName?.split(/\s+/)[0] || email.split("@")[0] || "").replace(/[^A-Za-z]/g, "");
    if (source.length < 2) return fallbackUsername(email, this.random);
    const name = source.charAt(0).toUpperCase() + source.slice(1, 9).toLowerCase();
    const word = words[Math.floor(this.random() * words.length)]!;
    return this.random() < 0.5 ? `${name}_of_${word}`.slice(0, 15) : `${word}${name}`.slice(0, 15);
  }

  async describeCard(input: CardRequest) {
    await wait(this.latency.textMs);
    return composeCardDescription(input);
  }

  async suggestThemes(count = DEFAULT_THEME_COUNT, typed = "") {
    return fallbackThemes(normalCount(count, DEFAULT_THEME_COUNT), this.random, typed);
  }

  async elaborateTheme(theme: string) {
    return fallbackDeckDescription(theme);
  }

  async paintCard(input: CardRequest): Promise<PaintedImage> {
    await wait(this.latency.imageMs);
    try {
      return svgImage(input.paintingSecret ? await paintDeckCardSvg(input, input.paintingSecret) : paintCardSvg(input));
    } catch {
      return placeholderImage(input.card.name, input.theme);
    }
  }

  async suggestQuestions(input: QuestionRequest = {}) {
    return fallbackQuestions(normalCategory(input.category), normalCount(input.count, DEFAULT_QUESTION_COUNT), this.random, input.typed);
  }

  async interpretReading(input: ReadingRequest) {
    return fallbackReading(input);
  }

  /** Writes our own reading out at a reading pace, a few words at a time. */
  async *streamReading(input: ReadingRequest): AsyncGenerator<string> {
    for (const piece of piecesOf(fallbackReading(input))) {
      await wait(LOCAL_WRITING_PACE_MS);
      yield piece;
    }
  }
}
