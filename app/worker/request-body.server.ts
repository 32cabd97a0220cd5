import { textResponse } from "../lib/http";
import { IMPORT_MAX_BYTES } from "../journal/practice";
import { AVATAR_MAX_BYTES } from "../profile/avatar";
import { isApiPath } from "../api/paths";
import { BROWSER_REPORT_BYTES } from "../observe/browser-reports.server";
import { PAYMENT_WEBHOOK_PATH } from "../payments/paths";

/** Forms carry text: the longest field (journal notes, a deck description) fits many times over. */
export const FORM_BODY_LIMIT = 256 * 1024;
/** The profile page takes an avatar upload: the image's limit plus room for the form around it. */
export const UPLOAD_BODY_LIMIT = AVATAR_MAX_BYTES + 64 * 1024;
/** The journal takes a journal file to import: its limit plus room for the form around it. */
export const JOURNAL_IMPORT_BODY_LIMIT = IMPORT_MAX_BYTES + 64 * 1024;

/** The pages that take a file, and how much; every other form is text. */
const UPLOADS = new Map([
  ["/profile", UPLOAD_BODY_LIMIT],
  ["/journal", JOURNAL_IMPORT_BODY_LIMIT],
  // A browser's error report is a few short fields.
  ["/errors", BROWSER_REPORT_BYTES],
]);

export function bodyLimitFor(pathname: string): number {
  return UPLOADS.get(pathname.replace(/\.data$/, "")) ?? FORM_BODY_LIMIT;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Every action reads a form (the JSON API under `/api/v1` and the payment webhook read their own bodies): a request with no form at all (no body, an empty body without a form
 * type) is refused with 400, a body of another kind with 415, and a multipart body that cannot be
 * parsed with 400, before any route sees it (a route's `formData()` would throw).
 */
export async function refuseUnreadableForm(request: Request): Promise<Response | null> {
  const { pathname } = new URL(request.url);
  if (pathname === PAYMENT_WEBHOOK_PATH || isApiPath(pathname)) return null;
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    if (!request.body || request.headers.get("content-length") === "0") return textResponse(400, "Nothing was sent. Please send the form again from its page.");
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
 * The most a request may carry on the platform (Cloudflare refuses a larger body before the Worker
 * sees it): a refused streamed body is read and thrown away up to here, never kept.
 */
export const DISCARD_LIMIT = 100 * 1024 * 1024;

/**
 * Reads the rest of a refused streamed body and throws it away: a connection whose body was left
 * half read cannot carry its next request (the local server held it for a minute).
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, read: number): Promise<void> {
  let total = read;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value.byteLength;
    if (total > DISCARD_LIMIT) return reader.cancel();
  }
}

/**
 * Refuses a body over `limit` before the app reads it: at once from a declared Content-Length,
 * else while it streams in, so an oversized upload costs at most `limit` bytes of memory (the rest
 * of a refused stream is read and dropped, see `discardRest`).
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
      await discardRest(reader, total).catch(() => undefined);
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
