/**
 * `POST /api/v1/decks`: a deck from a theme, made and charged by the create form's own domain
 * function, once per Idempotency-Key.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDeck } from "../decks/create.server";
import { defaultQuality } from "../entitlements/entitlements";
import { fieldErrors, originOf } from "./api.server";
import { apiError, apiJson, codeForStatus } from "./errors";
import { requestDigest, runOnce, type StoredAnswer } from "./idempotency.server";
import { createDeckBody, IDEMPOTENCY_KEY } from "./schemas.server";
import { deckSummaryOf } from "./decks.server";
import type { ApiCaller } from "./tokens.server";

const REPLAYED_HEADER = "idempotent-replayed";

async function readJson(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    return { ok: false, response: apiError("unsupported_media_type", "Send the deck as JSON (Content-Type: application/json).") };
  try {
    return { ok: true, value: await request.json() };
  } catch {
    return { ok: false, response: apiError("invalid_request", "The body is not valid JSON.") };
  }
}

function answerOf(response: Response, body: string): StoredAnswer {
  return { status: response.status, body };
}

export async function createDeckThroughApi(context: AppLoadContext, request: Request, caller: ApiCaller): Promise<Response> {
  const keyHeader = request.headers.get("idempotency-key");
  const key = keyHeader === null ? null : IDEMPOTENCY_KEY.safeParse(keyHeader);
  if (key && !key.success) return apiError("invalid_request", "The Idempotency-Key must be 1 to 200 printable characters without spaces.");
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const parsed = createDeckBody.safeParse(json.value);
  if (!parsed.success) return apiError("validation_failed", "The deck could not be made from this request.", { fields: fieldErrors(parsed.error) });
  const input = { ...parsed.data, quality: parsed.data.quality ?? defaultQuality(caller.tier) };

  const make = async (): Promise<StoredAnswer> => {
    const result = await createDeck(context, { id: caller.userId, isGuest: false }, input);
    if (!result.ok) {
      const refusal = apiError(codeForStatus(result.status), result.message);
      return answerOf(refusal, await refusal.text());
    }
    const deck = await deckSummaryOf(context.db, caller.userId, result.deckId, originOf(request));
    return { status: 201, body: JSON.stringify({ deck }) };
  };

  if (!key) return toResponse(await make(), false, request);
  const outcome = await runOnce(context.db, caller.userId, key.data, await requestDigest(input), make);
  if (outcome.kind === "conflict") return apiError("conflict", outcome.message);
  return toResponse(outcome.answer, outcome.replayed, request);
}

function toResponse(answer: StoredAnswer, replayed: boolean, request: Request): Response {
  const response = apiJson(JSON.parse(answer.body), answer.status);
  if (answer.status === 201) {
    const id = (JSON.parse(answer.body) as { deck?: { id?: string } }).deck?.id;
    if (id) response.headers.set("location", new URL(`/api/v1/decks/${id}`, originOf(request)).toString());
  }
  if (replayed) response.headers.set(REPLAYED_HEADER, "true");
  return response;
}
