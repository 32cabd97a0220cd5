// A page's HTML is a pure function of what its loaders returned, its address and the day: the
// same inputs render the same bytes. So each isolate keeps the last documents it rendered, keyed
// by exactly those inputs written out, and a request whose loaders return what they returned
// before gets the stored bytes instead of a second render (docs/decisions/0047-members-pages.md).
// Nothing is ever served from here that its loaders did not just confirm.
import type { EntryContext } from "@remix-run/cloudflare";
import type { PageHandle } from "../lib/page-handle";

/**
 * A stored document: its bytes as sent, cut where the nonce was. Kept as UTF-8 rather than as text,
 * a hit is a copy of bytes: joining a page's text and encoding it again for the response cost
 * several times more (a page with any character outside ASCII is held as two bytes a character).
 */
type Stored = { parts: Uint8Array[]; bytes: number };

/** What a stored key costs: its text is kept as it is (a UTF-16 string), which is cheaper than hashing it on every request. */
const keyBytes = (key: string) => key.length * 2;

/** Bounds of one isolate's store: a few hundred pages, a few megabytes. */
const MAX_ENTRIES = 400;
const MAX_BYTES = 6 * 1024 * 1024;

const stored = new Map<string, Stored>();
const encoder = new TextEncoder();
let storedBytes = 0;

function remember(key: string, entry: Stored) {
  const previous = stored.get(key);
  if (previous) {
    storedBytes -= previous.bytes;
    stored.delete(key);
  }
  stored.set(key, entry);
  storedBytes += entry.bytes;
  for (const [oldest, old] of stored) {
    if (stored.size <= MAX_ENTRIES && storedBytes <= MAX_BYTES) break;
    stored.delete(oldest);
    storedBytes -= old.bytes;
  }
}

class NotPlainData extends Error {}

/**
 * Whether `value` is made only of strings, finite numbers, booleans, null, arrays and plain
 * objects without undefined members: data JSON writes out exactly as it is, on its fast path.
 */
function isPlain(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object": {
      if (Array.isArray(value)) return value.every(isPlain);
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const key in value) if (!isPlain((value as Record<string, unknown>)[key])) return false;
      return true;
    }
    default:
      return false;
  }
}

/** Serialises loader data exactly, refusing anything whose rendering it could not vouch for. */
function serialise(value: unknown): string {
  if (isPlain(value)) return JSON.stringify(value);
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    const original = this[key];
    if (original instanceof Date) return { $date: original.getTime() };
    if (original === undefined) return { $undefined: true };
    if (typeof original === "number" && !Number.isFinite(original)) return { $number: String(original) };
    if (typeof original === "function" || typeof original === "symbol" || typeof original === "bigint") throw new NotPlainData();
    if (original !== null && typeof original === "object" && (original instanceof Promise || typeof (original as { then?: unknown }).then === "function")) {
      throw new NotPlainData();
    }
    if (original instanceof Map || original instanceof Set || original instanceof Error) throw new NotPlainData();
    return v;
  });
}

/**
 * The key of this document render, or null when it must be rendered afresh: only successful GETs
 * of routes that declare `renderMemo`, whose data is plain (no deferred parts, no errors).
 */
export function documentMemoKey(request: Request, status: number, context: EntryContext): string | null {
  if (request.method !== "GET" || status !== 200) return null;
  const handler = context.staticHandlerContext;
  if (handler.errors || handler.actionData) return null;
  const leaf = handler.matches[handler.matches.length - 1];
  if (!leaf) return null;
  const handle = context.routeModules[leaf.route.id]?.handle as PageHandle | undefined;
  if (!handle?.renderMemo) return null;
  const url = new URL(request.url);
  try {
    return serialise({
      path: url.pathname + url.search,
      // The footer's year and anything else that reads today's date.
      day: new Date().toISOString().slice(0, 10),
      routes: handler.matches.map((match) => match.route.id),
      data: handler.loaderData,
    });
  } catch (error) {
    if (error instanceof NotPlainData) return null;
    throw error;
  }
}

/** The stored document for this key, with this response's nonce on its scripts, or null. */
export function memoisedDocument(key: string, nonce: string): Uint8Array<ArrayBuffer> | null {
  const entry = stored.get(key);
  if (!entry) return null;
  // Most recently used last.
  stored.delete(key);
  stored.set(key, entry);
  const { parts } = entry;
  const stamp = encoder.encode(nonce);
  let length = stamp.byteLength * (parts.length - 1);
  for (const part of parts) length += part.byteLength;
  const document = new Uint8Array(length);
  let at = 0;
  for (const [index, part] of parts.entries()) {
    if (index > 0) {
      document.set(stamp, at);
      at += stamp.byteLength;
    }
    document.set(part, at);
    at += part.byteLength;
  }
  return document;
}

/** Stores a complete render for `key`, with the nonce cut out so the copy can carry any later one. */
export function memoiseDocument(key: string, nonce: string, chunks: Uint8Array[]) {
  const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0) + keyBytes(key);
  if (size > MAX_BYTES / 8) return;
  const decoder = new TextDecoder();
  let html = "";
  for (const chunk of chunks) html += decoder.decode(chunk, { stream: true });
  html += decoder.decode();
  remember(key, { parts: html.split(nonce).map((part) => encoder.encode(part)), bytes: size });
}
