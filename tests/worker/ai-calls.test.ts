/**
 * Model calls that survive the real world, at the HTTP boundary (Gemini) and the binding boundary
 * (Workers AI): a model that never answers is abandoned at its deadline, a 429 or 5xx is tried
 * again with backoff, a 4xx is not, an unreadable answer is a logged failure and never a crash,
 * and every failure is logged once with who was called for what.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GEMINI_TEXT_MODEL, GeminiAi, LocalAi, WORKERS_AI_IMAGE_MODEL, WORKERS_AI_TEXT_MODEL, WorkersAi } from "../../app/ai/ai.server";
import { backoffMs, callModel, ModelFailure, retryAfterMs, TEXT_POLICY, type CallDeps } from "../../app/ai/model-call.server";
import { readConfig } from "../../app/env.server";
import { FULL_DECK } from "../../app/tarot/cards";

const FOOL = FULL_DECK[0]!;
const CARD = { card: FOOL, theme: "Moonlit Greenhouse", style: "art nouveau" };
const TEXT = (text: string) => Response.json({ candidates: [{ content: { parts: [{ text }] } }] });
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

// The chosen models are names the Workers types know: no cast stands between them and the binding.
const typedText: keyof AiModels = WORKERS_AI_TEXT_MODEL;
const typedImage: keyof AiModels = WORKERS_AI_IMAGE_MODEL;

/** Waits recorded instead of slept, failures kept instead of printed. */
function world(): { deps: Partial<CallDeps>; waits: number[]; logged: Record<string, unknown>[] } {
  const waits: number[] = [];
  const logged: Record<string, unknown>[] = [];
  return { waits, logged, deps: { sleep: async (ms) => void waits.push(ms), log: (line) => void logged.push(line), random: () => 0.5 } };
}

/** A Gemini whose answers are played in order (the last one repeats), with every request kept. */
function gemini(answers: (() => Response | Promise<Response>)[], options: { timeoutMs?: number } = {}) {
  const requests: { request: Request; signal: AbortSignal | null }[] = [];
  const w = world();
  const ai = new GeminiAi(
    "gm-key",
    async (input, init) => {
      requests.push({ request: new Request(input as RequestInfo, init), signal: init?.signal ?? null });
      const answer = answers[Math.min(requests.length, answers.length) - 1]!;
      return answer();
    },
    { deps: w.deps, text: { timeoutMs: options.timeoutMs ?? 5_000 }, image: { timeoutMs: options.timeoutMs ?? 5_000 } },
  );
  return { ai, requests, ...w };
}

/** A Workers AI binding whose answers are played in order (the last one repeats). */
function workersAi(answers: (() => unknown)[], options: { timeoutMs?: number; gatewayId?: string } = {}) {
  const calls: { model: string; input: Record<string, unknown>; options: AiOptions }[] = [];
  const w = world();
  const binding = {
    run: async (model: string, input: Record<string, unknown>, runOptions: AiOptions) => {
      calls.push({ model, input, options: runOptions });
      return answers[Math.min(calls.length, answers.length) - 1]!();
    },
  } as unknown as Ai;
  const ai = new WorkersAi(binding, {
    deps: w.deps,
    gatewayId: options.gatewayId,
    text: { timeoutMs: options.timeoutMs ?? 5_000 },
    image: { timeoutMs: options.timeoutMs ?? 5_000 },
  });
  return { ai, calls, ...w };
}

const never = () => new Promise<never>(() => {});

describe("a model that never answers", () => {
  it("is abandoned at the deadline, tried again, then logged, and the person gets our own text", async () => {
    const { ai, requests, logged } = gemini([never], { timeoutMs: 40 });
    const description = await ai.describeCard(CARD);
    expect(description).toContain("The Fool");
    expect(requests).toHaveLength(TEXT_POLICY.attempts);
    // Each try was told to stop when its time was up.
    for (const { signal } of requests) expect(signal?.aborted).toBe(true);
    expect(logged).toEqual([
      expect.objectContaining({
        event: "ai-call-failed",
        provider: "gemini",
        model: GEMINI_TEXT_MODEL,
        task: "card-description",
        kind: "timeout",
        attempts: 3,
      }),
    ]);
  });

  it("is abandoned even when it does not listen to the signal (a binding that hangs)", async () => {
    const { ai, calls, logged } = workersAi([never], { timeoutMs: 40 });
    const picture = await ai.paintCard(CARD);
    // The placeholder: the card is marked failed and can be repainted for free.
    expect(picture.placeholder).toBe(true);
    expect(calls).toHaveLength(3);
    expect(logged).toEqual([expect.objectContaining({ provider: "workers-ai", model: WORKERS_AI_IMAGE_MODEL, task: "card-image", kind: "timeout" })]);
  });

  it("abandons a stream that falls silent midway, keeping what was written", async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text: "## Overall Energy\nThe Star " }] } }] })}\n\n`));
        // …and then nothing, for ever.
      },
    });
    const w = world();
    const ai = new GeminiAi("gm-key", async () => new Response(body), { deps: w.deps, streamIdleMs: 40 });
    const pieces: string[] = [];
    for await (const piece of ai.streamReading({ question: "What now?", spread: "One card", cards: [{ name: "The Star", position: "Now", reversed: false }] }))
      pieces.push(piece);
    expect(pieces.join("")).toBe("## Overall Energy\nThe Star ");
    expect(w.logged).toEqual([expect.objectContaining({ event: "ai-stream-broken", provider: "gemini", writtenWords: 5 })]);
  });
});

describe("retries", () => {
  it("tries again after a 429 and takes the answer that follows, waiting at least what the service asked", async () => {
    const { ai, requests, waits, logged } = gemini([
      () => new Response("slow down", { status: 429, headers: { "retry-after": "2" } }),
      () => TEXT("Moonlit Fool"),
    ]);
    expect(await ai.describeCard(CARD)).toBe("Moonlit Fool");
    expect(requests).toHaveLength(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(2_000);
    expect(logged).toEqual([]);
  });

  it("tries again after a 503 or a dropped connection, with growing, jittered waits", async () => {
    const { ai, requests, waits } = gemini([
      () => new Response("busy", { status: 503 }),
      () => Promise.reject(new TypeError("connection reset")),
      () => TEXT("Third time"),
    ]);
    expect(await ai.elaborateTheme("Moonlit Greenhouse")).toBe("Third time");
    expect(requests).toHaveLength(3);
    expect(waits).toEqual([backoffMs(TEXT_POLICY, 1, () => 0.5), backoffMs(TEXT_POLICY, 2, () => 0.5)]);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
  });

  it("does not try a 400 again, and logs it as refused", async () => {
    const { ai, requests, waits, logged } = gemini([() => new Response('{"error":{"message":"API key not valid"}}', { status: 400 })]);
    expect(await ai.suggestThemes(3)).toHaveLength(3);
    expect(requests).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(logged).toEqual([expect.objectContaining({ task: "themes", kind: "refused", status: 400, attempts: 1 })]);
    expect(String(logged[0]!.message)).toContain("API key not valid");
    // Never the key itself.
    expect(JSON.stringify(logged)).not.toContain("gm-key");
  });

  it("gives up after the last try of a service that stays down, and logs once", async () => {
    const { ai, requests, logged } = gemini([() => new Response("down", { status: 500 })]);
    expect((await ai.paintCard(CARD)).placeholder).toBe(true);
    expect(requests).toHaveLength(3);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ task: "card-image", kind: "unavailable", status: 500, attempts: 3 });
  });

  it("reads Workers AI's error codes: out of capacity is tried again, an unknown model and a spent day are not", async () => {
    const capacity = workersAi([
      () => Promise.reject(new Error("3040: Capacity temporarily exceeded, please try again.")),
      () => ({ image: btoa(String.fromCharCode(...JPEG)) }),
    ]);
    expect((await capacity.ai.paintCard(CARD)).placeholder).toBe(false);
    expect(capacity.calls).toHaveLength(2);

    for (const message of ["5007: No such model @cf/none or task", "3036: You have used up your daily free allocation of 10,000 neurons."]) {
      const refused = workersAi([() => Promise.reject(new Error(message))]);
      expect((await refused.ai.paintCard(CARD)).placeholder).toBe(true);
      expect(refused.calls).toHaveLength(1);
      expect(refused.logged[0]).toMatchObject({ kind: "refused", attempts: 1 });
    }
  });
});

describe("answers that cannot be read", () => {
  it("logs a body that is not JSON as malformed, without retrying or crashing", async () => {
    const { ai, requests, logged } = gemini([() => new Response("<html>proxy error</html>", { status: 200, headers: { "content-type": "text/html" } })]);
    expect(await ai.interpretReading({ question: "Love?", spread: "One card", cards: [{ name: "The Lovers", position: "Now", reversed: false }] })).toContain(
      "Overall Energy",
    );
    expect(requests).toHaveLength(1);
    expect(logged).toEqual([expect.objectContaining({ task: "reading", kind: "malformed" })]);
  });

  it("logs an answer with no text, and a blocked prompt, as failures of their own", async () => {
    const empty = gemini([() => Response.json({ candidates: [{ content: { parts: [] } }] })]);
    expect(await empty.ai.suggestUsername({ email: "moon@example.com" })).toBeNull();
    expect(empty.logged[0]).toMatchObject({ kind: "malformed" });

    const blocked = gemini([() => Response.json({ promptFeedback: { blockReason: "SAFETY" } })]);
    expect((await blocked.ai.paintCard(CARD)).placeholder).toBe(true);
    expect(blocked.logged[0]).toMatchObject({ kind: "refused", message: "blocked: SAFETY" });
  });

  it("logs a Workers AI answer of the wrong shape", async () => {
    const { ai, calls, logged } = workersAi([() => ({ response: 42 })]);
    expect(await ai.describeCard(CARD)).toContain("The Fool");
    expect(calls).toHaveLength(1);
    expect(logged[0]).toMatchObject({ provider: "workers-ai", model: WORKERS_AI_TEXT_MODEL, kind: "malformed" });
  });
});

describe("what the models are asked", () => {
  it("gives Gemini the task's token limit, with room for its thinking", async () => {
    const { ai, requests } = gemini([() => TEXT("Three themes")]);
    await ai.describeCard(CARD);
    const body = (await requests[0]!.request.json()) as { generationConfig: Record<string, unknown> };
    expect(body.generationConfig).toEqual({ maxOutputTokens: 400 + 512, thinkingConfig: { thinkingLevel: "low" } });
    expect(requests[0]!.request.url).toBe(`https://generativelanguage.googleapis.com/v1beta/models/${GEMINI_TEXT_MODEL}:generateContent`);
  });

  it("sends Workers AI chat messages with the token limit, and reads its chat-completions stream", async () => {
    const { ai, calls } = workersAi([() => ({ choices: [{ message: { role: "assistant", content: "A card" } }] })]);
    await ai.describeCard(CARD);
    expect(calls[0]!.model).toBe(typedText);
    expect(calls[0]!.input).toMatchObject({ max_tokens: 400, messages: [{ role: "system" }, { role: "user" }] });

    const events =
      ["## Overall", " Energy"].map((content) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`).join("") + "data: [DONE]\n\n";
    const streaming = workersAi([() => new Response(events).body]);
    const pieces: string[] = [];
    for await (const piece of streaming.ai.streamReading({ question: "", spread: "One card", cards: [{ name: "The Sun", position: "Now", reversed: false }] }))
      pieces.push(piece);
    expect(pieces.join("")).toBe("## Overall Energy");
    expect(streaming.calls[0]!.input.stream).toBe(true);
  });

  it("builds question ideas on what the person typed, in the model's prompt and in our own", async () => {
    const { ai, requests } = gemini([() => TEXT('["What do I owe my sister?"]')]);
    await ai.suggestQuestions({ category: "relationships", count: 1, typed: "my sister's wedding" });
    const body = (await requests[0]!.request.json()) as { contents: { parts: { text: string }[] }[] };
    expect(body.contents[0]!.parts[0]!.text).toContain(`They have started to write: "my sister's wedding".`);
    const own = await new LocalAi(() => 0.3).suggestQuestions({ category: "relationships", count: 4, typed: "my sister's wedding" });
    expect(own.some((question) => /sister/i.test(question))).toBe(true);
  });

  it("asks Workers AI for a 3:4 picture", async () => {
    const { ai, calls } = workersAi([() => ({ image: btoa(String.fromCharCode(...JPEG)) })]);
    await ai.paintCard(CARD);
    expect(calls[0]!.model).toBe(typedImage);
    expect((calls[0]!.input.width as number) / (calls[0]!.input.height as number)).toBe(3 / 4);
  });
});

describe("the AI Gateway", () => {
  it("is read from AI_GATEWAY_ID (and CLOUDFLARE_ACCOUNT_ID for Gemini), and refused when malformed", () => {
    expect(readConfig({ ...env, AI_GATEWAY_ID: "arcanum", CLOUDFLARE_ACCOUNT_ID: "0123456789abcdef0123456789abcdef" }).aiGateway).toEqual({
      id: "arcanum",
      accountId: "0123456789abcdef0123456789abcdef",
    });
    expect(readConfig({ ...env, AI_GATEWAY_ID: undefined }).aiGateway).toBeNull();
    expect(() => readConfig({ ...env, AI_GATEWAY_ID: "no spaces/please" })).toThrow(/AI_GATEWAY_ID/);
  });

  it("carries Workers AI calls through the gateway, and Gemini calls through its Google AI Studio route", async () => {
    const { ai, calls } = workersAi([() => ({ choices: [{ message: { role: "assistant", content: "A card" } }] })], { gatewayId: "arcanum" });
    await ai.describeCard(CARD);
    expect(calls[0]!.options.gateway).toEqual({ id: "arcanum" });
    expect(calls[0]!.options.signal).toBeInstanceOf(AbortSignal);

    const urls: string[] = [];
    const viaGateway = new GeminiAi("gm-key", async (input) => (urls.push(String(input)), TEXT("ok")), { gateway: { accountId: "acc", gatewayId: "arcanum" } });
    await viaGateway.elaborateTheme("Moonlit Greenhouse");
    expect(urls[0]).toBe(`https://gateway.ai.cloudflare.com/v1/acc/arcanum/google-ai-studio/v1beta/models/${GEMINI_TEXT_MODEL}:generateContent`);
  });
});

describe("the retry rule", () => {
  it("reads Retry-After in seconds or as a date", () => {
    expect(retryAfterMs("3")).toBe(3_000);
    expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(10_000);
    expect(retryAfterMs("soon")).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });

  it("waits between half and all of a doubling ceiling, never beyond the cap", () => {
    const policy = { timeoutMs: 1, attempts: 9, baseDelayMs: 100, maxDelayMs: 1_000 };
    for (let attempt = 1; attempt <= 8; attempt++) {
      const ceiling = Math.min(1_000, 100 * 2 ** (attempt - 1));
      expect(backoffMs(policy, attempt, () => 0)).toBe(ceiling / 2);
      expect(backoffMs(policy, attempt, () => 0.999_999)).toBeLessThanOrEqual(ceiling);
    }
  });

  it("passes other errors on as failures with a kind, and never retries a refusal", async () => {
    const w = world();
    let tries = 0;
    const refused = callModel(
      { provider: "gemini", model: "m", task: "t" },
      { ...TEXT_POLICY, timeoutMs: 1_000 },
      async () => {
        tries++;
        throw new ModelFailure("refused", "no", 403);
      },
      { ...(w.deps as CallDeps), now: () => 0 },
    );
    await expect(refused).rejects.toMatchObject({ kind: "refused", status: 403 });
    expect(tries).toBe(1);
  });
});
