import { imageBytes, sniffImage } from "./images";
import { callModel, failureOfBindingError, ModelFailure, type CallPolicy } from "./model-call.server";
import { ModelAi, noText } from "./model-ai.server";
import type { CardQuality, ModelOptions, TextTask } from "./service";
import { sseData } from "./sse";

/** Diffusion steps of the Workers AI image model per quality: more steps, a finer finish, a longer wait. */
export const WORKERS_AI_IMAGE_STEPS: Record<CardQuality, number> = { medium: 20, high: 40 };

/**
 * The models (decision 0069). Llama 3.1 8B and FLUX.1 schnell were in the catalogue refresh of
 * 30 May 2026; Gemma 4 26B A4B writes well at a small model's speed, and Leonardo's Lucid Origin
 * paints at the size asked, so a card comes back at 3:4 uncropped.
 */
export const WORKERS_AI_TEXT_MODEL = "@cf/google/gemma-4-26b-a4b-it" satisfies keyof AiModels;
export const WORKERS_AI_IMAGE_MODEL = "@cf/leonardo/lucid-origin" satisfies keyof AiModels;
/** The card picture Workers AI is asked for: 3:4, as the cards are shown and printed. */
export const WORKERS_AI_IMAGE_SIZE = { width: 768, height: 1024 } as const;

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
