import type { AppConfig } from "../env.server";
import { fallbackUsername } from "../profile/username";

/**
 * Everything the app asks of generative AI, one method per task. The real services build a
 * prompt and call a model; the local one answers on the machine, so the app works offline.
 */
export interface AiService {
  readonly kind: "gemini" | "workers-ai" | "local";
  /** A username idea for a new member; the caller validates it. Null when the model had nothing usable. */
  suggestUsername(input: { email: string; fullName?: string | null }): Promise<string | null>;
}

export const GEMINI_TEXT_MODEL = "gemini-2.5-flash";
export const WORKERS_AI_TEXT_MODEL = "@cf/meta/llama-3.1-8b-instruct";

export function usernamePrompt({ email, fullName }: { email: string; fullName?: string | null }) {
  const source = fullName?.trim() || email.split("@")[0] || "tarot reader";
  return [
    "Suggest one creative username for a member of a tarot app.",
    `Take inspiration from: ${source}.`,
    "It must be 5-15 characters, contain no spaces, and may use letters, digits, underscores and hyphens.",
    "Reply with the username only.",
  ].join(" ");
}

/** The first line of a model's answer, without quotes or markdown. */
export function firstLine(text: string): string {
  return (text.split("\n").find((line) => line.trim()) ?? "").replace(/[*`"]/g, "").trim();
}

export class GeminiAi implements AiService {
  readonly kind = "gemini";
  constructor(
    private readonly apiKey: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async generateText(prompt: string): Promise<string | null> {
    const url = `https://generativelanguage.googleapis.com/v1beta/models/${GEMINI_TEXT_MODEL}:generateContent`;
    const response = await this.fetcher(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": this.apiKey },
      body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: prompt }] }] }),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { candidates?: { content?: { parts?: { text?: string }[] } }[] };
    const text = body.candidates?.[0]?.content?.parts?.map((part) => part.text ?? "").join("") ?? "";
    return text.trim() || null;
  }

  async suggestUsername(input: { email: string; fullName?: string | null }) {
    const text = await this.generateText(usernamePrompt(input)).catch(() => null);
    return text ? firstLine(text) : null;
  }
}

export class WorkersAi implements AiService {
  readonly kind = "workers-ai";
  constructor(private readonly ai: Ai) {}

  async suggestUsername(input: { email: string; fullName?: string | null }) {
    try {
      const result = (await this.ai.run(WORKERS_AI_TEXT_MODEL as keyof AiModels, { prompt: usernamePrompt(input) } as never)) as {
        response?: string;
      };
      return result.response ? firstLine(result.response) : null;
    } catch {
      return null;
    }
  }
}

/** Offline answers built from tarot vocabulary: useful, varied, and never a network call. */
export class LocalAi implements AiService {
  readonly kind = "local";
  constructor(private readonly random: () => number = Math.random) {}

  async suggestUsername({ email, fullName }: { email: string; fullName?: string | null }) {
    const words = ["Moon", "Star", "Sun", "Tower", "Hermit", "Magus", "Chariot", "Wheel", "Empress", "Fool", "Lantern", "Raven"];
    const source = (fullName?.split(/\s+/)[0] || email.split("@")[0] || "").replace(/[^A-Za-z]/g, "");
    if (source.length < 2) return fallbackUsername(email, this.random);
    const name = source.charAt(0).toUpperCase() + source.slice(1, 9).toLowerCase();
    const word = words[Math.floor(this.random() * words.length)]!;
    return this.random() < 0.5 ? `${name}_of_${word}`.slice(0, 15) : `${word}${name}`.slice(0, 15);
  }
}

export function createAi(config: AppConfig, env: Cloudflare.Env, fetcher: typeof fetch = fetch): AiService {
  if (config.gemini) return new GeminiAi(config.gemini.apiKey, fetcher);
  if (env.AI) return new WorkersAi(env.AI);
  return new LocalAi();
}
