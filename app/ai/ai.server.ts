import { paintCardSvg, paintDeckCardSvg } from "../art/local-art";
import type { AppConfig } from "../env.server";
import { fallbackUsername } from "../profile/username";
import type { TarotCard } from "../tarot/cards";
import {
  composeCardDescription,
  fallbackDeckDescription,
  fallbackQuestions,
  fallbackReading,
  fallbackThemes,
  placeholderImage,
} from "./fallbacks";
import { decodeBase64, imageBytes, imageFormat, sniffImage, svgImage, type PaintedImage } from "./images";
import {
  CARD_DESCRIPTION_MAX_WORDS,
  cardImagePrompt,
  DESCRIBE_CARD_SYSTEM,
  describeCardPrompt,
  ELABORATE_SYSTEM,
  elaborateThemePrompt,
  interpretReadingPrompt,
  QUESTION_CATEGORIES,
  QUESTIONS_SYSTEM,
  READING_MAX_WORDS,
  READING_SYSTEM,
  suggestQuestionsPrompt,
  suggestThemesPrompt,
  THEME_DESCRIPTION_MAX_WORDS,
  THEMES_SYSTEM,
  usernamePrompt,
  type QuestionCategory,
  type ReadingCard,
} from "./prompts";
import {
  callModel,
  defaultCallDeps,
  failureOfBindingError,
  failureOfResponse,
  IMAGE_POLICY,
  ModelFailure,
  STREAM_IDLE_MS,
  TEXT_POLICY,
  withIdleTimeout,
  type CallDeps,
  type CallPolicy,
} from "./model-call.server";
import { piecesOf, sseData } from "./sse";
import { cleanProse, countWords, firstLine, limitWords, parseLines, parseStringArray, shortenQuestion } from "./text";

export type { PaintedImage } from "./images";
export type { QuestionCategory, ReadingCard } from "./prompts";
export { cardImagePrompt, QUESTION_CATEGORIES, READING_SECTIONS, usernamePrompt } from "./prompts";
export { CANNED_QUESTIONS, CANNED_THEMES, composeCardDescription, fallbackDeckDescription, fallbackReading } from "./fallbacks";
export { firstLine, shortenQuestion } from "./text";

export type { CardImageQuality as CardQuality } from "../decks/vocabulary";
import type { CardImageQuality as CardQuality } from "../decks/vocabulary";
/**
 * `variant` counts the card's repaints: each one asks for a new picture of the same card.
 * `paintingSecret` is the deck's own: the local painter's picture of a deck's card comes from it.
 */
export type CardRequest = { card: TarotCard; theme: string; style: string; quality?: CardQuality; variant?: number; paintingSecret?: string };

/** Diffusion steps of the Workers AI image model per quality: more steps, a finer finish, a longer wait. */
export const WORKERS_AI_IMAGE_STEPS: Record<CardQuality, number> = { medium: 20, high: 40 };
/** A reading to interpret; `theme` is the theme of the deck on the table, when it has one; `seed` varies our own wording between readings. */
export type ReadingRequest = { question: string; cards: ReadingCard[]; spread: string; theme?: string | null; seed?: string };
/** Question ideas: a category, how many, and what the person has typed so far (ideas build on it). */
export type QuestionRequest = { category?: QuestionCategory; count?: number; typed?: string };

/**
 * Everything the app asks of generative AI, one method per task. The real services build a
 * prompt and call a model; the local one answers on the machine, so the app works offline.
 * Apart from `suggestUsername`, no method throws: a failed or empty answer becomes fallback text
 * or, for pictures, the "artwork unavailable" placeholder.
 */
export interface AiService {
  readonly kind: "gemini" | "workers-ai" | "local";
  /** A username idea for a new member; the caller validates it. Null when the model had nothing usable. */
  suggestUsername(input: { email: string; fullName?: string | null }): Promise<string | null>;
  /** This deck's version of a card, in under 150 words. */
  describeCard(input: CardRequest): Promise<string>;
  /** Deck theme ideas, at most `count` (default 10). */
  /** Theme ideas; with `typed`, variations on what the person typed. */
  suggestThemes(count?: number, typed?: string): Promise<string[]>;
  /** A 2–3 sentence description of a deck built on the theme. */
  elaborateTheme(theme: string): Promise<string>;
  /** The card's picture; `placeholder` is true when painting failed. */
  paintCard(input: CardRequest): Promise<PaintedImage>;
  /** Questions for the reading room, at most `count` (default 4) of the category (default love), built on what was typed. */
  suggestQuestions(input: QuestionRequest): Promise<string[]>;
  /** A reading of the drawn cards, under 600 words, in three sections. */
  interpretReading(input: ReadingRequest): Promise<string>;
  /**
   * The interpretation as it is written, piece by piece (under 600 words in all); our own reading
   * when the model gives nothing.
   */
  streamReading(input: ReadingRequest): AsyncIterable<string>;
}

/**
 * The models (decision 0069). Gemini 2.5 Flash is retired on 1 December 2026; 3.5 Flash and
 * 3.1 Flash Image are the current ones. On Workers AI, Llama 3.1 8B and FLUX.1 schnell were in
 * the catalogue refresh of 30 May 2026; Gemma 4 26B A4B writes well at a small model's speed,
 * and Leonardo's Lucid Origin paints at the size asked, so a card comes back at 3:4 uncropped.
 */
export const GEMINI_TEXT_MODEL = "gemini-3.5-flash";
export const GEMINI_IMAGE_MODEL = "gemini-3.1-flash-image";
export const WORKERS_AI_TEXT_MODEL = "@cf/google/gemma-4-26b-a4b-it" satisfies keyof AiModels;
export const WORKERS_AI_IMAGE_MODEL = "@cf/leonardo/lucid-origin" satisfies keyof AiModels;
/** The card picture Workers AI is asked for: 3:4, as the cards are shown and printed. */
export const WORKERS_AI_IMAGE_SIZE = { width: 768, height: 1024 } as const;

const GEMINI_API = "https://generativelanguage.googleapis.com/v1beta/models";

/** How Gemini is asked to paint: a portrait card picture and nothing else. */
export const GEMINI_IMAGE_GENERATION_CONFIG = {
  temperature: 0.4,
  topK: 32,
  topP: 1,
  responseModalities: ["IMAGE"],
  imageConfig: { aspectRatio: "3:4" },
} as const;

/**
 * Gemini 3 thinks before it writes, and its thinking is paid from the same output budget: little
 * thinking for prose, and room for it above the words the task may have.
 */
export const GEMINI_THINKING = { thinkingLevel: "low" } as const;
export const GEMINI_THINKING_ALLOWANCE_TOKENS = 512;

/** Only content with a high probability of harm is blocked; tarot art has devils, death and swords. */
export const GEMINI_SAFETY_SETTINGS = [
  "HARM_CATEGORY_HARASSMENT",
  "HARM_CATEGORY_HATE_SPEECH",
  "HARM_CATEGORY_SEXUALLY_EXPLICIT",
  "HARM_CATEGORY_DANGEROUS_CONTENT",
].map((category) => ({ category, threshold: "BLOCK_ONLY_HIGH" }));

const DEFAULT_THEME_COUNT = 10;
const DEFAULT_QUESTION_COUNT = 4;

/** One text job for a model: what it is (for the log), an optional system line, the prompt and an output budget. */
export type TextTask = { name: string; prompt: string; system?: string; maxTokens: number };

/** Tests (and only tests) change the deadlines, the waits and where failures are logged. */
export type ModelOptions = { deps?: Partial<CallDeps>; text?: Partial<CallPolicy>; image?: Partial<CallPolicy>; streamIdleMs?: number };

const normalCount = (count: number | undefined, fallback: number) =>
  Number.isFinite(count) ? Math.max(0, Math.floor(count!)) : fallback;

const normalCategory = (category: string | undefined): QuestionCategory =>
  (QUESTION_CATEGORIES as readonly string[]).includes(category ?? "") ? (category as QuestionCategory) : "love";

const noText = () => new ModelFailure("malformed", "the answer held no text");

/** Reads model answers into the shapes the app wants; fills any gap with our own text. */
abstract class ModelAi implements AiService {
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
      for await (const piece of withIdleTimeout(this.completeStream({ name: "reading-stream", system: READING_SYSTEM, prompt: interpretReadingPrompt(input), maxTokens: 1200 }), this.streamIdleMs)) {
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
      if (written) this.deps.log({ level: "error", event: "ai-stream-broken", provider: this.kind, task: "reading-stream", writtenWords: countWords(written), message: String(error).slice(0, 300) });
      // What was written stays; nothing written falls back below.
    }
    if (!written.trim()) yield* piecesOf(fallbackReading(input));
  }
}

type GeminiPart = { text?: string; inlineData?: { mimeType?: string; data?: string } };
type GeminiAnswer = { candidates?: { content?: { parts?: GeminiPart[] }; finishReason?: string }[]; promptFeedback?: { blockReason?: string } };

/** The text of the first candidate, or a failure saying why there is none. */
function geminiText(answer: GeminiAnswer): string {
  const text = answer.candidates?.[0]?.content?.parts?.map((part) => part.text ?? "").join("") ?? "";
  if (text.trim()) return text;
  if (answer.promptFeedback?.blockReason) throw new ModelFailure("refused", `blocked: ${answer.promptFeedback.blockReason}`);
  throw noText();
}

/** Where Gemini is reached: directly, or through a Cloudflare AI Gateway for caching, limits and logs. */
export function geminiBase(gateway: { accountId: string; gatewayId: string } | null): string {
  return gateway ? `https://gateway.ai.cloudflare.com/v1/${gateway.accountId}/${gateway.gatewayId}/google-ai-studio/v1beta/models` : GEMINI_API;
}

export class GeminiAi extends ModelAi {
  readonly kind = "gemini";
  private readonly base: string;

  constructor(
    private readonly apiKey: string,
    private readonly fetcher: typeof fetch = fetch,
    options: ModelOptions & { gateway?: { accountId: string; gatewayId: string } | null } = {},
  ) {
    super(options);
    this.base = geminiBase(options.gateway ?? null);
  }

  /** One call: the answer read by `read` inside the deadline, so an unreadable one is a logged failure too. */
  private post<T>(model: string, task: string, policy: CallPolicy, body: unknown, read: (answer: GeminiAnswer) => T): Promise<T> {
    return callModel(
      { provider: "gemini", model, task },
      policy,
      async (signal) => {
        const response = await this.fetcher(`${this.base}/${model}:generateContent`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-goog-api-key": this.apiKey },
          body: JSON.stringify(body),
          signal,
        });
        if (!response.ok) throw failureOfResponse(response, await response.text().catch(() => ""));
        return read((await response.json()) as GeminiAnswer);
      },
      this.deps,
    );
  }

  private textBody(task: TextTask) {
    return {
      ...(task.system ? { systemInstruction: { parts: [{ text: task.system }] } } : {}),
      contents: [{ role: "user", parts: [{ text: task.prompt }] }],
      generationConfig: { maxOutputTokens: task.maxTokens + GEMINI_THINKING_ALLOWANCE_TOKENS, thinkingConfig: GEMINI_THINKING },
    };
  }

  protected complete(task: TextTask) {
    return this.post(GEMINI_TEXT_MODEL, task.name, this.textPolicy, this.textBody(task), geminiText);
  }

  protected async *completeStream(task: TextTask): AsyncGenerator<string> {
    const body = await callModel(
      { provider: "gemini", model: GEMINI_TEXT_MODEL, task: task.name },
      this.textPolicy,
      async (signal) => {
        const response = await this.fetcher(`${this.base}/${GEMINI_TEXT_MODEL}:streamGenerateContent?alt=sse`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-goog-api-key": this.apiKey },
          body: JSON.stringify(this.textBody(task)),
          signal,
        });
        if (!response.ok) throw failureOfResponse(response, await response.text().catch(() => ""));
        if (!response.body) throw noText();
        return response.body;
      },
      this.deps,
    );
    for await (const data of sseData(body)) {
      const answer = JSON.parse(data) as GeminiAnswer;
      const text = answer.candidates?.[0]?.content?.parts?.map((part) => part.text ?? "").join("") ?? "";
      if (text) yield text;
    }
  }

  protected render(prompt: string) {
    return this.post(
      GEMINI_IMAGE_MODEL,
      "card-image",
      this.imagePolicy,
      { contents: [{ role: "user", parts: [{ text: prompt }] }], generationConfig: GEMINI_IMAGE_GENERATION_CONFIG, safetySettings: GEMINI_SAFETY_SETTINGS },
      (answer) => {
        const inline = answer.candidates?.[0]?.content?.parts?.find((part) => part.inlineData?.data)?.inlineData;
        const bytes = decodeBase64(inline?.data);
        if (!bytes) throw answer.promptFeedback?.blockReason ? new ModelFailure("refused", `blocked: ${answer.promptFeedback.blockReason}`) : new ModelFailure("malformed", "the answer held no image");
        return { bytes, mimeType: inline?.mimeType };
      },
    );
  }
}

/** A piece of a Workers AI stream: chat-completions deltas, or the older `response` field. */
function streamedPiece(data: string): string {
  const event = JSON.parse(data) as { response?: unknown; choices?: { delta?: { content?: unknown } }[] };
  const piece = event.choices?.[0]?.delta?.content ?? event.response;
  return typeof piece === "string" ? piece : "";
}

export class WorkersAi extends ModelAi {
  readonly kind = "workers-ai";
  /** The image model answers with JPEG. */
  protected override readonly assumedImage = { contentType: "image/jpeg", ext: "jpg" as const };
  private readonly gatewayId: string | null;

  constructor(
    private readonly ai: Ai,
    options: ModelOptions & { gatewayId?: string | null } = {},
  ) {
    super(options);
    this.gatewayId = options.gatewayId ?? null;
  }

  /** The binding's options: the deadline's signal, and the AI Gateway when there is one. */
  private runOptions(signal: AbortSignal): AiOptions {
    return { signal, ...(this.gatewayId ? { gateway: { id: this.gatewayId } } : {}) };
  }

  private messages(task: TextTask): ChatCompletionsInput["messages"] {
    return [...(task.system ? [{ role: "system" as const, content: task.system }] : []), { role: "user" as const, content: task.prompt }];
  }

  private call<T>(model: string, task: string, policy: CallPolicy, run: (options: AiOptions) => Promise<T>): Promise<T> {
    return callModel(
      { provider: "workers-ai", model, task },
      policy,
      async (signal) => {
        try {
          return await run(this.runOptions(signal));
        } catch (error) {
          throw error instanceof ModelFailure || error instanceof SyntaxError ? error : failureOfBindingError(error);
        }
      },
      this.deps,
    );
  }

  protected complete(task: TextTask) {
    return this.call(WORKERS_AI_TEXT_MODEL, task.name, this.textPolicy, async (options) => {
      const answer = await this.ai.run(WORKERS_AI_TEXT_MODEL, { messages: this.messages(task), max_tokens: task.maxTokens }, options);
      const text = answer.choices?.[0]?.message?.content;
      if (typeof text !== "string" || !text.trim()) throw noText();
      return text;
    });
  }

  protected async *completeStream(task: TextTask): AsyncGenerator<string> {
    const stream = await this.call(WORKERS_AI_TEXT_MODEL, task.name, this.textPolicy, async (options) => {
      const answer: unknown = await this.ai.run(WORKERS_AI_TEXT_MODEL, { messages: this.messages(task), max_tokens: task.maxTokens, stream: true }, options);
      if (!(answer instanceof ReadableStream)) throw new ModelFailure("malformed", "the model did not stream");
      return answer as ReadableStream<Uint8Array>;
    });
    for await (const data of sseData(stream)) {
      const piece = streamedPiece(data);
      if (piece) yield piece;
    }
  }

  protected render(prompt: string, quality: CardQuality) {
    return this.call(WORKERS_AI_IMAGE_MODEL, "card-image", this.imagePolicy, async (options) => {
      const answer: unknown = await this.ai.run(WORKERS_AI_IMAGE_MODEL, { prompt, ...WORKERS_AI_IMAGE_SIZE, steps: WORKERS_AI_IMAGE_STEPS[quality] }, options);
      const bytes = await imageBytes(answer);
      if (!bytes) throw new ModelFailure("malformed", "the answer held no image");
      return { bytes, mimeType: sniffImage(bytes)?.contentType };
    });
  }
}

/** Simulated model latency for the local adapter, so progress and concurrency can be seen offline. */
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

export function createAi(config: AppConfig, env: Cloudflare.Env, fetcher: typeof fetch = fetch): AiService {
  if (config.gemini) return new GeminiAi(config.gemini.apiKey, fetcher, { gateway: config.aiGateway?.accountId ? { accountId: config.aiGateway.accountId, gatewayId: config.aiGateway.id } : null });
  if (env.AI) return new WorkersAi(env.AI, { gatewayId: config.aiGateway?.id ?? null });
  return new LocalAi(Math.random, config.localAiLatency);
}
