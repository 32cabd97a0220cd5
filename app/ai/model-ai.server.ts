import { composeCardDescription, fallbackDeckDescription, fallbackQuestions, fallbackReading, fallbackThemes, placeholderImage } from "./fallbacks";
import { imageFormat, type PaintedImage } from "./images";
import {
  CARD_DESCRIPTION_MAX_WORDS,
  cardImagePrompt,
  DESCRIBE_CARD_SYSTEM,
  describeCardPrompt,
  ELABORATE_SYSTEM,
  elaborateThemePrompt,
  interpretReadingPrompt,
  QUESTIONS_SYSTEM,
  READING_MAX_WORDS,
  READING_SYSTEM,
  suggestQuestionsPrompt,
  suggestThemesPrompt,
  THEME_DESCRIPTION_MAX_WORDS,
  THEMES_SYSTEM,
  usernamePrompt,
} from "./prompts";
import { defaultCallDeps, IMAGE_POLICY, ModelFailure, STREAM_IDLE_MS, TEXT_POLICY, withIdleTimeout, type CallDeps, type CallPolicy } from "./model-call.server";
import {
  DEFAULT_QUESTION_COUNT,
  DEFAULT_THEME_COUNT,
  normalCategory,
  normalCount,
  type AiService,
  type CardQuality,
  type CardRequest,
  type ModelOptions,
  type QuestionRequest,
  type ReadingRequest,
  type TextTask,
} from "./service";
import { piecesOf } from "./sse";
import { cleanProse, countWords, firstLine, limitWords, parseLines, parseStringArray, shortenQuestion } from "./text";

export const noText = () => new ModelFailure("malformed", "the answer held no text");

/** Reads model answers into the shapes the app wants; fills any gap with our own text. */
export abstract class ModelAi implements AiService {
  abstract readonly kind: "gemini" | "workers-ai";
  protected readonly deps: CallDeps;
  protected readonly textPolicy: CallPolicy;
  protected readonly imagePolicy: CallPolicy;
  protected readonly streamIdleMs: number;

  constructor(options: ModelOptions = {}) {
    this.deps = { ...defaultCallDeps, ...options.deps };
    this.textPolicy = { ...TEXT_POLICY, ...options.text };
    this.imagePolicy = { ...IMAGE_POLICY, ...options.image };
    this.streamIdleMs = options.streamIdleMs ?? STREAM_IDLE_MS;
  }

  /** The model's answer; throws a `ModelFailure`, already logged, when there is none. */
  protected abstract complete(task: TextTask): Promise<string>;
  /** The model's answer as it is written; throws when it cannot start or breaks. */
  protected abstract completeStream(task: TextTask): AsyncIterable<string>;
  /** The painted picture; throws a `ModelFailure`, already logged, when there is none. */
  protected abstract render(prompt: string, quality: CardQuality): Promise<{ bytes: Uint8Array; mimeType?: string | null }>;
  /** Content type to assume when the bytes do not say. */
  protected readonly assumedImage: { contentType: string; ext: PaintedImage["ext"] } | null = null;

  /** The answer, or null when the model failed (the failure is logged where it happened). */
  private async ask(task: TextTask): Promise<string | null> {
    try {
      return (await this.complete(task)).trim() || null;
    } catch {
      return null;
    }
  }

  async suggestUsername(input: { email: string; fullName?: string | null }) {
    const text = await this.ask({ name: "username", prompt: usernamePrompt(input), maxTokens: 30 });
    return text ? firstLine(text) : null;
  }

  async describeCard(input: CardRequest) {
    const text = await this.ask({ name: "card-description", system: DESCRIBE_CARD_SYSTEM, prompt: describeCardPrompt(input), maxTokens: 400 });
    const clean = text ? limitWords(cleanProse(text), CARD_DESCRIPTION_MAX_WORDS) : "";
    return clean || composeCardDescription(input);
  }

  async suggestThemes(count = DEFAULT_THEME_COUNT, typed = "") {
    const wanted = normalCount(count, DEFAULT_THEME_COUNT);
    if (!wanted) return [];
    const text = await this.ask({ name: "themes", system: THEMES_SYSTEM, prompt: suggestThemesPrompt(wanted, typed), maxTokens: 400 });
    const themes = text ? parseLines(text).slice(0, wanted) : [];
    return themes.length ? themes : fallbackThemes(wanted, Math.random, typed);
  }

  async elaborateTheme(theme: string) {
    const text = await this.ask({ name: "deck-description", system: ELABORATE_SYSTEM, prompt: elaborateThemePrompt(theme), maxTokens: 300 });
    const clean = text ? limitWords(cleanProse(text), THEME_DESCRIPTION_MAX_WORDS) : "";
    return clean || fallbackDeckDescription(theme);
  }

  /** A picture that could not be had is the placeholder: the card is marked failed and repaints for free. */
  async paintCard(input: CardRequest): Promise<PaintedImage> {
    try {
      const picture = await this.render(cardImagePrompt(input), input.quality ?? "medium");
      const format = imageFormat(picture.bytes, picture.mimeType) ?? this.assumedImage;
      if (format) return { bytes: picture.bytes, ...format, placeholder: false };
    } catch {
      // Logged where it failed; falls through to the placeholder.
    }
    return placeholderImage(input.card.name, input.theme);
  }

  async suggestQuestions(input: QuestionRequest = {}) {
    const category = normalCategory(input.category);
    const count = normalCount(input.count, DEFAULT_QUESTION_COUNT);
    if (!count) return [];
    const text = await this.ask({ name: "questions", system: QUESTIONS_SYSTEM, prompt: suggestQuestionsPrompt(category, count, input.typed), maxTokens: 300 });
    const questions = text ? (parseStringArray(text) ?? []).map(shortenQuestion).filter(Boolean).slice(0, count) : [];
    return questions.length ? questions : fallbackQuestions(category, count, Math.random, input.typed);
  }

  async interpretReading(input: ReadingRequest) {
    const text = await this.ask({ name: "reading", system: READING_SYSTEM, prompt: interpretReadingPrompt(input), maxTokens: 1200 });
    const clean = text ? limitWords(text.replace(/^```[a-z]*\s*|\s*```$/gi, ""), READING_MAX_WORDS) : "";
    return clean || fallbackReading(input);
  }

  async *streamReading(input: ReadingRequest): AsyncGenerator<string> {
    let written = "";
    try {
      for await (const piece of withIdleTimeout(
        this.completeStream({ name: "reading-stream", system: READING_SYSTEM, prompt: interpretReadingPrompt(input), maxTokens: 1200 }),
        this.streamIdleMs,
      )) {
        const next = written + piece;
        if (countWords(next) > READING_MAX_WORDS) {
          const cut = limitWords(next, READING_MAX_WORDS).slice(written.length);
          if (cut) yield cut;
          return;
        }
        written = next;
        if (piece) yield piece;
      }
    } catch (error) {
      // A stream that could not start was logged by `callModel`; one that broke midway is logged here.
      if (written)
        this.deps.log({
          level: "error",
          event: "ai-stream-broken",
          provider: this.kind,
          task: "reading-stream",
          writtenWords: countWords(written),
          message: String(error).slice(0, 300),
        });
      // What was written stays; nothing written falls back below.
    }
    if (!written.trim()) yield* piecesOf(fallbackReading(input));
  }
}
