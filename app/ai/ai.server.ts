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
import { piecesOf, sseData } from "./sse";
import { cleanProse, countWords, firstLine, limitWords, parseLines, parseStringArray, shortenQuestion } from "./text";

export type { PaintedImage } from "./images";
export type { QuestionCategory, ReadingCard } from "./prompts";
export { cardImagePrompt, QUESTION_CATEGORIES, READING_SECTIONS, usernamePrompt } from "./prompts";
export { CANNED_QUESTIONS, CANNED_THEMES, composeCardDescription, fallbackDeckDescription, fallbackReading } from "./fallbacks";
export { firstLine, shortenQuestion } from "./text";

export type CardQuality = "medium" | "high";
/**
 * `variant` counts the card's repaints: each one asks for a new picture of the same card.
 * `paintingSecret` is the deck's own: the local painter's picture of a deck's card comes from it.
 */
export type CardRequest = { card: TarotCard; theme: string; style: string; quality?: CardQuality; variant?: number; paintingSecret?: string };

/** Diffusion steps of the Workers AI image model per quality (FLUX schnell allows up to 8). */
export const WORKERS_AI_IMAGE_STEPS: Record<CardQuality, number> = { medium: 4, high: 8 };
/** A reading to interpret; `theme` is the theme of the deck on the table, when it has one. */
export type ReadingRequest = { question: string; cards: ReadingCard[]; spread: string; theme?: string | null };

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
  /** Questions for the reading room, at most `count` (default 4) of the category (default love). */
  suggestQuestions(input: { category?: QuestionCategory; count?: number }): Promise<string[]>;
  /** A reading of the drawn cards, under 600 words, in three sections. */
  interpretReading(input: ReadingRequest): Promise<string>;
  /**
   * The interpretation as it is written, piece by piece (under 600 words in all); our own reading
   * when the model gives nothing.
   */
  streamReading(input: ReadingRequest): AsyncIterable<string>;
}

export const GEMINI_TEXT_MODEL = "gemini-2.5-flash";
export const GEMINI_IMAGE_MODEL = "gemini-2.5-flash-image";
export const WORKERS_AI_TEXT_MODEL = "@cf/meta/llama-3.1-8b-instruct";
export const WORKERS_AI_IMAGE_MODEL = "@cf/black-forest-labs/flux-1-schnell";

const GEMINI_API = "https://generativelanguage.googleapis.com/v1beta/models";

/** How Gemini is asked to paint: a portrait card picture and nothing else. */
export const GEMINI_IMAGE_GENERATION_CONFIG = {
  temperature: 0.4,
  topK: 32,
  topP: 1,
  responseModalities: ["IMAGE"],
  imageConfig: { aspectRatio: "3:4" },
} as const;

/** Only content with a high probability of harm is blocked; tarot art has devils, death and swords. */
export const GEMINI_SAFETY_SETTINGS = [
  "HARM_CATEGORY_HARASSMENT",
  "HARM_CATEGORY_HATE_SPEECH",
  "HARM_CATEGORY_SEXUALLY_EXPLICIT",
  "HARM_CATEGORY_DANGEROUS_CONTENT",
].map((category) => ({ category, threshold: "BLOCK_ONLY_HIGH" }));

const DEFAULT_THEME_COUNT = 10;
const DEFAULT_QUESTION_COUNT = 4;

/** One text job for a model: an optional system line, the prompt and an output budget. */
export type TextTask = { prompt: string; system?: string; maxTokens?: number };

const normalCount = (count: number | undefined, fallback: number) =>
  Number.isFinite(count) ? Math.max(0, Math.floor(count!)) : fallback;

const normalCategory = (category: string | undefined): QuestionCategory =>
  (QUESTION_CATEGORIES as readonly string[]).includes(category ?? "") ? (category as QuestionCategory) : "love";

/** Reads model answers into the shapes the app wants; fills any gap with our own text. */
abstract class ModelAi implements AiService {
  abstract readonly kind: "gemini" | "workers-ai";

  /** The model's answer, or null; may throw. */
  protected abstract complete(task: TextTask): Promise<string | null>;
  /** The model's answer as it is written; may throw. */
  protected abstract completeStream(task: TextTask): AsyncIterable<string>;
  /** The painted picture, or null when there is none; may throw. */
  protected abstract render(prompt: string, quality: CardQuality): Promise<{ bytes: Uint8Array; mimeType?: string | null } | null>;
  /** Content type to assume when the bytes do not say. */
  protected readonly assumedImage: { contentType: string; ext: PaintedImage["ext"] } | null = null;

  private async ask(task: TextTask): Promise<string | null> {
    try {
      return (await this.complete(task))?.trim() || null;
    } catch {
      return null;
    }
  }

  async suggestUsername(input: { email: string; fullName?: string | null }) {
    const text = await this.ask({ prompt: usernamePrompt(input) });
    return text ? firstLine(text) : null;
  }

  async describeCard(input: CardRequest) {
    const text = await this.ask({ system: DESCRIBE_CARD_SYSTEM, prompt: describeCardPrompt(input), maxTokens: 400 });
    const clean = text ? limitWords(cleanProse(text), CARD_DESCRIPTION_MAX_WORDS) : "";
    return clean || composeCardDescription(input);
  }

  async suggestThemes(count = DEFAULT_THEME_COUNT, typed = "") {
    const wanted = normalCount(count, DEFAULT_THEME_COUNT);
    if (!wanted) return [];
    const text = await this.ask({ system: THEMES_SYSTEM, prompt: suggestThemesPrompt(wanted, typed), maxTokens: 400 });
    const themes = text ? parseLines(text).slice(0, wanted) : [];
    return themes.length ? themes : fallbackThemes(wanted, Math.random, typed);
  }

  async elaborateTheme(theme: string) {
    const text = await this.ask({ system: ELABORATE_SYSTEM, prompt: elaborateThemePrompt(theme), maxTokens: 300 });
    const clean = text ? limitWords(cleanProse(text), THEME_DESCRIPTION_MAX_WORDS) : "";
    return clean || fallbackDeckDescription(theme);
  }

  async paintCard(input: CardRequest): Promise<PaintedImage> {
    try {
      const picture = await this.render(cardImagePrompt(input), input.quality ?? "medium");
      if (picture?.bytes.length) {
        const format = imageFormat(picture.bytes, picture.mimeType) ?? this.assumedImage;
        if (format) return { bytes: picture.bytes, ...format, placeholder: false };
      }
    } catch {
      // Falls through to the placeholder.
    }
    return placeholderImage(input.card.name, input.theme);
  }

  async suggestQuestions(input: { category?: QuestionCategory; count?: number } = {}) {
    const category = normalCategory(input.category);
    const count = normalCount(input.count, DEFAULT_QUESTION_COUNT);
    if (!count) return [];
    const text = await this.ask({ system: QUESTIONS_SYSTEM, prompt: suggestQuestionsPrompt(category, count), maxTokens: 300 });
    const questions = text ? (parseStringArray(text) ?? []).map(shortenQuestion).filter(Boolean).slice(0, count) : [];
    return questions.length ? questions : fallbackQuestions(category, count, Math.random);
  }

  async interpretReading(input: ReadingRequest) {
    const text = await this.ask({ system: READING_SYSTEM, prompt: interpretReadingPrompt(input), maxTokens: 1200 });
    const clean = text ? limitWords(text.replace(/^```[a-z]*\s*|\s*```$/gi, ""), READING_MAX_WORDS) : "";
    return clean || fallbackReading(input);
  }

  async *streamReading(input: ReadingRequest): AsyncGenerator<string> {
    let written = "";
    try {
      for await (const piece of this.completeStream({ system: READING_SYSTEM, prompt: interpretReadingPrompt(input), maxTokens: 1200 })) {
        const next = written + piece;
        if (countWords(next) > READING_MAX_WORDS) {
          const cut = limitWords(next, READING_MAX_WORDS).slice(written.length);
          if (cut) yield cut;
          return;
        }
        written = next;
        if (piece) yield piece;
      }
    } catch {
      // What was written stays; nothing written falls back below.
    }
    if (!written.trim()) yield* piecesOf(fallbackReading(input));
  }
}

type GeminiPart = { text?: string; inlineData?: { mimeType?: string; data?: string } };
type GeminiAnswer = { candidates?: { content?: { parts?: GeminiPart[] } }[] };

export class GeminiAi extends ModelAi {
  readonly kind = "gemini";
  constructor(
    private readonly apiKey: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {
    super();
  }

  private async post(model: string, body: unknown): Promise<GeminiAnswer | null> {
    const response = await this.fetcher(`${GEMINI_API}/${model}:generateContent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": this.apiKey },
      body: JSON.stringify(body),
    });
    if (!response.ok) return null;
    return (await response.json()) as GeminiAnswer;
  }

  /** The text of the first candidate, or null when there is none. */
  async generateText(prompt: string, system?: string): Promise<string | null> {
    const body = await this.post(GEMINI_TEXT_MODEL, {
      ...(system ? { systemInstruction: { parts: [{ text: system }] } } : {}),
      contents: [{ role: "user", parts: [{ text: prompt }] }],
    });
    const text = body?.candidates?.[0]?.content?.parts?.map((part) => part.text ?? "").join("") ?? "";
    return text.trim() || null;
  }

  protected complete(task: TextTask) {
    return this.generateText(task.prompt, task.system);
  }

  protected async *completeStream(task: TextTask): AsyncGenerator<string> {
    const response = await this.fetcher(`${GEMINI_API}/${GEMINI_TEXT_MODEL}:streamGenerateContent?alt=sse`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": this.apiKey },
      body: JSON.stringify({
        ...(task.system ? { systemInstruction: { parts: [{ text: task.system }] } } : {}),
        contents: [{ role: "user", parts: [{ text: task.prompt }] }],
      }),
    });
    if (!response.ok || !response.body) throw new Error(`Gemini answered ${response.status}`);
    for await (const data of sseData(response.body)) {
      const answer = JSON.parse(data) as GeminiAnswer;
      const text = answer.candidates?.[0]?.content?.parts?.map((part) => part.text ?? "").join("") ?? "";
      if (text) yield text;
    }
  }

  protected async render(prompt: string) {
    const body = await this.post(GEMINI_IMAGE_MODEL, {
      contents: [{ role: "user", parts: [{ text: prompt }] }],
      generationConfig: GEMINI_IMAGE_GENERATION_CONFIG,
      safetySettings: GEMINI_SAFETY_SETTINGS,
    });
    const inline = body?.candidates?.[0]?.content?.parts?.find((part) => part.inlineData?.data)?.inlineData;
    const bytes = decodeBase64(inline?.data);
    return bytes ? { bytes, mimeType: inline?.mimeType } : null;
  }
}

export class WorkersAi extends ModelAi {
  readonly kind = "workers-ai";
  /** The image model answers with JPEG. */
  protected override readonly assumedImage = { contentType: "image/jpeg", ext: "jpg" as const };

  constructor(private readonly ai: Ai) {
    super();
  }

  protected async complete(task: TextTask) {
    const input = task.system
      ? {
          messages: [
            { role: "system", content: task.system },
            { role: "user", content: task.prompt },
          ],
          ...(task.maxTokens ? { max_tokens: task.maxTokens } : {}),
        }
      : { prompt: task.prompt, ...(task.maxTokens ? { max_tokens: task.maxTokens } : {}) };
    const result = (await this.ai.run(WORKERS_AI_TEXT_MODEL as keyof AiModels, input as never)) as { response?: unknown } | null;
    return typeof result?.response === "string" ? result.response : null;
  }

  protected async *completeStream(task: TextTask): AsyncGenerator<string> {
    const messages = [...(task.system ? [{ role: "system", content: task.system }] : []), { role: "user", content: task.prompt }];
    const stream = (await this.ai.run(WORKERS_AI_TEXT_MODEL as keyof AiModels, {
      messages,
      stream: true,
      ...(task.maxTokens ? { max_tokens: task.maxTokens } : {}),
    } as never)) as unknown;
    if (!(stream instanceof ReadableStream)) throw new Error("Workers AI did not stream");
    for await (const data of sseData(stream as ReadableStream<Uint8Array>)) {
      const piece = (JSON.parse(data) as { response?: unknown }).response;
      if (typeof piece === "string" && piece) yield piece;
    }
  }

  protected async render(prompt: string, quality: CardQuality) {
    const answer = await this.ai.run(WORKERS_AI_IMAGE_MODEL as keyof AiModels, { prompt, steps: WORKERS_AI_IMAGE_STEPS[quality] } as never);
    const bytes = await imageBytes(answer);
    return bytes ? { bytes, mimeType: sniffImage(bytes)?.contentType } : null;
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

  async suggestQuestions(input: { category?: QuestionCategory; count?: number } = {}) {
    return fallbackQuestions(normalCategory(input.category), normalCount(input.count, DEFAULT_QUESTION_COUNT), this.random);
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
  if (config.gemini) return new GeminiAi(config.gemini.apiKey, fetcher);
  if (env.AI) return new WorkersAi(env.AI);
  return new LocalAi(Math.random, config.localAiLatency);
}
