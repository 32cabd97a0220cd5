import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { decodeBase64 } from "./images";
import { callModel, failureOfResponse, ModelFailure, type CallPolicy } from "./model-call.server";
import { ModelAi, noText } from "./model-ai.server";
import type { ModelOptions, TextTask } from "./service";
import { sseData } from "./sse";

/** The models (decision 0069): Gemini 2.5 Flash is retired on 1 December 2026; 3.5 Flash and 3.1 Flash Image are the current ones. */
export const GEMINI_TEXT_MODEL = "gemini-3.5-flash";
export const GEMINI_IMAGE_MODEL = "gemini-3.1-flash-image";

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

/**
 * What is read of a `generateContent` answer (whole, or one streamed event); other fields are
 * ignored. An answer of another shape is a "malformed" failure, logged with the call.
 */
const geminiAnswer = lazySchema(() =>
  z.object({
    candidates: z
      .array(
        z.object({
          content: z
            .object({
              parts: z
                .array(
                  z.object({ text: z.string().optional(), inlineData: z.object({ mimeType: z.string().optional(), data: z.string().optional() }).optional() }),
                )
                .optional(),
            })
            .optional(),
          finishReason: z.string().optional(),
        }),
      )
      .optional(),
    promptFeedback: z.object({ blockReason: z.string().optional() }).optional(),
  }),
);
type GeminiAnswer = z.infer<typeof geminiAnswer>;

/** The answer as `geminiAnswer` reads it, or a "malformed" failure. */
function readAnswer(json: unknown): GeminiAnswer {
  const answer = geminiAnswer.safeParse(json);
  if (!answer.success) throw new ModelFailure("malformed", `an answer of another shape: ${z.prettifyError(answer.error).slice(0, 200)}`);
  return answer.data;
}

/** The text of the first candidate's parts, empty when it has none. */
const candidateText = (answer: GeminiAnswer) => answer.candidates?.[0]?.content?.parts?.map((part) => part.text ?? "").join("") ?? "";

/** The text of the first candidate, or a failure saying why there is none. */
function geminiText(answer: GeminiAnswer): string {
  const text = candidateText(answer);
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
        return read(readAnswer(await response.json()));
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
      const text = candidateText(readAnswer(JSON.parse(data)));
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
        if (!bytes)
          throw answer.promptFeedback?.blockReason
            ? new ModelFailure("refused", `blocked: ${answer.promptFeedback.blockReason}`)
            : new ModelFailure("malformed", "the answer held no image");
        return { bytes, mimeType: inline?.mimeType };
      },
    );
  }
}
