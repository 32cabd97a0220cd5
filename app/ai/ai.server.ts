import type { AppConfig } from "../env.server";
import { GeminiAi } from "./gemini.server";
import { LocalAi } from "./local.server";
import type { AiService } from "./service";
import { WorkersAi } from "./workers-ai.server";

// The adapter's pieces: the interface (service.ts), one module per provider, and here the chooser.
export type { AiService, CardQuality, CardRequest, ModelOptions, QuestionRequest, ReadingRequest, TextTask } from "./service";
export type { PaintedImage } from "./images";
export type { QuestionCategory, ReadingCard } from "./prompts";
export { cardImagePrompt, QUESTION_CATEGORIES, READING_SECTIONS, usernamePrompt } from "./prompts";
export { CANNED_QUESTIONS, CANNED_THEMES, composeCardDescription, fallbackDeckDescription, fallbackReading } from "./fallbacks";
export { firstLine, shortenQuestion } from "./text";
export {
  GEMINI_IMAGE_GENERATION_CONFIG,
  GEMINI_IMAGE_MODEL,
  GEMINI_SAFETY_SETTINGS,
  GEMINI_TEXT_MODEL,
  GEMINI_THINKING,
  GEMINI_THINKING_ALLOWANCE_TOKENS,
  GeminiAi,
  geminiBase,
} from "./gemini.server";
export { WORKERS_AI_IMAGE_MODEL, WORKERS_AI_IMAGE_SIZE, WORKERS_AI_IMAGE_STEPS, WORKERS_AI_TEXT_MODEL, WorkersAi } from "./workers-ai.server";
export { LocalAi, type LocalLatency } from "./local.server";

export function createAi(config: AppConfig, env: Cloudflare.Env, fetcher: typeof fetch = fetch): AiService {
  if (config.gemini)
    return new GeminiAi(config.gemini.apiKey, fetcher, {
      gateway: config.aiGateway?.accountId ? { accountId: config.aiGateway.accountId, gatewayId: config.aiGateway.id } : null,
    });
  if (env.AI) return new WorkersAi(env.AI, { gatewayId: config.aiGateway?.id ?? null });
  return new LocalAi(Math.random, config.localAiLatency);
}
