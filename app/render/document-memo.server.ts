// A page's HTML is a pure function of what its loaders returned, its address and the day: the
// same inputs render the same bytes. So each isolate keeps the last documents it rendered, keyed
// by a digest of exactly those inputs, and a request whose loaders return what they returned
// before gets the stored bytes instead of a second render (docs/decisions/0047-members-pages.md).
// Nothing is ever served from here that its loaders did not just confirm.
import type { EntryContext } from "@remix-run/cloudflare";
import type { PageHandle } from "../lib/page-handle";

type Stored = { parts: string[]; bytes: number };

/** Bounds of one isolate's store: a few hundred pages, a few megabytes. */
const MAX_ENTRIES = 400;
const MAX_BYTES = 6 * 1024 * 1024;

const stored = new Map<string, Stored>();
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

/** Serialises loader data exactly, refusing anything whose rendering it could not vouch for. */
function serialise(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    const original = this[key];
    if (original instanceof Date) return { $date: original.getTime() };
    if (original === undefined) return { $undefined: true };
    if (typeof original === "function" || typeof original === "symbol" || typeof original === "bigint") throw new NotPlainData();
    if (original !== null && typeof original === "object" && (original instanceof Promise || typeof (original as { then?: unknown }).then === "function")) {
      throw new NotPlainData();
    }
    if (original instanceof Map || original instanceof Set || original instanceof Error) throw new NotPlainData();
    return v;
  });
}

async function digest(text: string): Promise<string> {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(hash)));
}

/**
 * The key of this document render, or null when it must be rendered afresh: only successful GETs
 * of routes that declare `renderMemo`, whose data is plain (no deferred parts, no errors).
 */
export async function documentMemoKey(request: Request, status: number, context: EntryContext): Promise<string | null> {
  if (request.method !== "GET" || status !== 200) return null;
  const handler = context.staticHandlerContext;
  if (handler.errors || handler.actionData) return null;
  const leaf = handler.matches[handler.matches.length - 1];
  if (!leaf) return null;
  const handle = context.routeModules[leaf.route.id]?.handle as PageHandle | undefined;
  if (!handle?.renderMemo) return null;
  const url = new URL(request.url);
  let text: string;
  try {
    text = serialise({
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
  return digest(text);
}

/** The stored document for this key, with this response's nonce on its scripts, or null. */
export function memoisedDocument(key: string, nonce: string): string | null {
  const entry = stored.get(key);
  if (!entry) return null;
  // Most recently used last.
  stored.delete(key);
  stored.set(key, entry);
  return entry.parts.join(nonce);
}

/** Stores a complete render for `key`, with the nonce cut out so the copy can carry any later one. */
export function memoiseDocument(key: string, nonce: string, chunks: Uint8Array[]) {
  const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  if (size > MAX_BYTES / 8) return;
  const decoder = new TextDecoder();
  let html = "";
  for (const chunk of chunks) html += decoder.decode(chunk, { stream: true });
  html += decoder.decode();
  remember(key, { parts: html.split(nonce), bytes: size });
}
