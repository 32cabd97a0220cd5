/**
 * The API's refusals: every error answers `{ "error": { "code", "message" } }` with the status its
 * code stands for, so a client can branch on the code and show the message.
 */
export const API_ERRORS = {
  unauthorized: 401,
  insufficient_scope: 403,
  plan_required: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  unsupported_media_type: 415,
  invalid_request: 400,
  validation_failed: 422,
  payment_required: 402,
  rate_limited: 429,
  internal_error: 500,
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

export type ApiErrorBody = { error: { code: ApiErrorCode; message: string; fields?: Record<string, string> } };

/** An error answer in the API's one shape. */
export function apiError(code: ApiErrorCode, message: string, init: { headers?: HeadersInit; fields?: Record<string, string> } = {}): Response {
  const body: ApiErrorBody = { error: { code, message, ...(init.fields ? { fields: init.fields } : {}) } };
  return apiJson(body, API_ERRORS[code], init.headers);
}

/** A JSON answer from the API: never cached, never guessed at by the browser. */
export function apiJson(body: unknown, status = 200, headers?: HeadersInit): Response {
  const response = Response.json(body, { status, headers });
  response.headers.set("cache-control", "no-store");
  return response;
}

/** The code for a refusal a domain module gave with its status (a plan rule, no credits, a conflict). */
export function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400:
      return "invalid_request";
    case 402:
      return "payment_required";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 422:
      return "validation_failed";
    case 429:
      return "rate_limited";
    default:
      return status >= 500 ? "internal_error" : "invalid_request";
  }
}
