import { textResponse } from "../lib/http";
import { AVATAR_MAX_BYTES } from "../profile/avatar";

/** Forms carry text: the longest field (journal notes, a deck description) fits many times over. */
export const FORM_BODY_LIMIT = 256 * 1024;
/** The profile page takes an avatar upload: the image's limit plus room for the form around it. */
export const UPLOAD_BODY_LIMIT = AVATAR_MAX_BYTES + 64 * 1024;

export function bodyLimitFor(pathname: string): number {
  return pathname === "/profile" || pathname === "/profile.data" ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Where the payment provider posts its signed JSON events; the only bodies that are not forms. */
export const PAYMENT_WEBHOOK_PATH = "/webhooks/stripe";

/**
 * Every action reads a form: a body of another kind is refused with 415, and a multipart body
 * that cannot be parsed with 400, before any route sees it (a route's `formData()` would throw).
 */
export async function refuseUnreadableForm(request: Request): Promise<Response | null> {
  if (!request.body || new URL(request.url).pathname === PAYMENT_WEBHOOK_PATH) return null;
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    if (request.headers.get("content-length") === "0") return null;
    return textResponse(415, "Send this as a form (application/x-www-form-urlencoded or multipart/form-data).");
  }
  if (type === "multipart/form-data") {
    try {
      await request.clone().formData();
    } catch {
      return textResponse(400, "This form could not be read. Please try again.");
    }
  }
  return null;
}

function tooLarge(limit: number) {
  const size = limit >= 1024 * 1024 ? `${Math.floor(limit / (1024 * 1024))} MB` : `${Math.floor(limit / 1024)} KB`;
  return textResponse(413, `This request is too large: at most ${size} can be sent here.`);
}

/**
 * Refuses a body over `limit` before the app reads it: at once from a declared Content-Length,
 * else while it streams in, so an oversized upload costs at most `limit` bytes of memory.
 * Returns the request to go on with, or the 413 answer.
 */
export async function limitRequestBody(request: Request, limit: number): Promise<Request | Response> {
  if (!request.body) return request;
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0 || length > limit) return tooLarge(limit);
    return request;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return tooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const headers = new Headers(request.headers);
  headers.set("content-length", String(total));
  return new Request(request.url, { method: request.method, headers, body, redirect: request.redirect, signal: request.signal });
}
