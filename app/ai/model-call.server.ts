import { log } from "../observe/log.server";
import { METRICS, recordMetric } from "../observe/metrics.server";

// Every call to a model goes through `callModel`: a deadline, a few retries with backoff and jitter
// for what may pass (429, 5xx, timeouts, dropped connections) and none for what will not (other
// 4xx, answers we cannot read), and one log line when a call finally fails (decision 0069).

/** Why a call failed, as the retry rule and the log see it. */
export type FailureKind = "timeout" | "rate-limited" | "unavailable" | "network" | "refused" | "malformed";

export class ModelFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status?: number,
    /** From a Retry-After header, when the service said how long to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ModelFailure";
  }

  /** What may pass on its own: worth another try. */
  get retryable(): boolean {
    return this.kind === "timeout" || this.kind === "rate-limited" || this.kind === "unavailable" || this.kind === "network";
  }
}

/** How long one try may take, how many tries in all, and the waits between them. */
export type CallPolicy = { timeoutMs: number; attempts: number; baseDelayMs: number; maxDelayMs: number };

/** Text: a model that has not answered in 25 s is not going to help a person waiting on a page. */
export const TEXT_POLICY: CallPolicy = { timeoutMs: 25_000, attempts: 3, baseDelayMs: 600, maxDelayMs: 5_000 };
/** Pictures take longer, and run in the deck generator's background work, not in front of a person. */
export const IMAGE_POLICY: CallPolicy = { timeoutMs: 90_000, attempts: 3, baseDelayMs: 1_500, maxDelayMs: 10_000 };
/** A stream: its first answer within the text deadline, then no silence longer than this between pieces. */
export const STREAM_IDLE_MS = 20_000;

/** Who is called for what, for the log. */
export type CallLabel = { provider: "gemini" | "workers-ai"; model: string; task: string };

export type CallLog = (line: Record<string, unknown>) => void;

/** What the retry loop needs from the world; tests pass their own. */
export type CallDeps = { sleep: (ms: number) => Promise<void>; random: () => number; now: () => number; log: CallLog };

export const defaultCallDeps: CallDeps = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
  now: () => Date.now(),
  log: ({ event, level: _level, ...fields }) => log.error(String(event), fields),
};

/** A Retry-After header (seconds or an HTTP date) in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** An HTTP answer that is not a success, as a failure of the right kind. */
export function failureOfResponse(response: Response, detail = ""): ModelFailure {
  const status = response.status;
  const kind: FailureKind = status === 429 ? "rate-limited" : status >= 500 || status === 408 ? "unavailable" : "refused";
  return new ModelFailure(kind, `answered ${status}${detail ? `: ${detail.slice(0, 200)}` : ""}`, status, retryAfterMs(response.headers.get("retry-after")));
}

/**
 * Workers AI's binding throws errors whose message starts with its internal code
 * (developers.cloudflare.com/workers-ai/platform/errors): 3007/3008 timed out, 3040 is out of
 * capacity for now, 3036 is the day's allocation used up (no use retrying today), 5xxx and other
 * 3xxx codes are requests the model will never accept. An error without a code is the platform's
 * own trouble and may pass.
 */
export function failureOfBindingError(error: unknown): ModelFailure {
  if (error instanceof ModelFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = Number(/\b([35]\d{3})\b/.exec(message)?.[1]);
  if (code === 3007 || code === 3008) return new ModelFailure("timeout", message, 408);
  if (code === 3040) return new ModelFailure("rate-limited", message, 429);
  if (code === 3036) return new ModelFailure("refused", message, 429);
  if (code >= 3000) return new ModelFailure("refused", message, 400);
  return new ModelFailure("unavailable", message);
}

/** Anything thrown on the way, as a failure: a fetch that could not connect is a network failure. */
function asFailure(error: unknown): ModelFailure {
  if (error instanceof ModelFailure) return error;
  if (error instanceof TypeError) return new ModelFailure("network", error.message);
  if (error instanceof SyntaxError) return new ModelFailure("malformed", `unreadable answer: ${error.message}`);
  return new ModelFailure("unavailable", error instanceof Error ? error.message : String(error));
}

/** Exponential backoff with full jitter, at most `maxDelayMs`, and never shorter than the service asked for. */
export function backoffMs(policy: CallPolicy, attempt: number, random: () => number, askedMs?: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.round(ceiling / 2 + (random() * ceiling) / 2);
  return askedMs !== undefined ? Math.min(Math.max(jittered, askedMs), policy.maxDelayMs * 2) : jittered;
}

/** One try with a deadline: the try is told to stop (its signal) and, whether it listens or not, abandoned. */
async function within<T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const failure = new ModelFailure("timeout", `no answer within ${timeoutMs} ms`);
      controller.abort(failure);
      reject(failure);
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls a model under the policy. Resolves with the answer, or rejects with the last
 * `ModelFailure` after logging it once with who was called, for what, how often and how long.
 */
export async function callModel<T>(
  label: CallLabel,
  policy: CallPolicy,
  run: (signal: AbortSignal) => Promise<T>,
  deps: CallDeps = defaultCallDeps,
): Promise<T> {
  const started = deps.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await within(policy.timeoutMs, run);
      recordMetric(METRICS.aiCall, label.model, deps.now() - started);
      return answer;
    } catch (error) {
      const failure = asFailure(error);
      if (!failure.retryable || attempt >= policy.attempts) {
        recordMetric(METRICS.aiFailure, label.model);
        deps.log({
          level: "error",
          event: "ai-call-failed",
          ...label,
          kind: failure.kind,
          status: failure.status ?? null,
          attempts: attempt,
          elapsedMs: deps.now() - started,
          message: failure.message.slice(0, 300),
        });
        throw failure;
      }
      await deps.sleep(backoffMs(policy, attempt, deps.random, failure.retryAfterMs));
    }
  }
}

/**
 * Pieces of a stream, abandoned when none comes for `idleMs`: a model that stops mid-answer
 * does not hold the reading open for ever.
 */
export async function* withIdleTimeout<T>(pieces: AsyncIterable<T>, idleMs: number): AsyncGenerator<T> {
  const iterator = pieces[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await within(idleMs, () => iterator.next());
      if (next.done) return;
      yield next.value;
    }
  } finally {
    void iterator.return?.();
  }
}
