// Names the account a document or `.data` answer was made for, for the service worker's saved copies
// (app/sw/account.sw.ts): a keyed hash of the user id, so the name says nothing about the person and
// cannot be made up for another account; "" when nobody is signed in. The same name is kept in a
// cookie beside the session, as long-lived as one, for the worker to check with no network.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { SESSION_TTL_MS } from "../auth/session.server";
import { isSecureRequest } from "../auth/session-cookie";
import { cookieValue } from "../lib/cookies";
import { ACCOUNT_HEADER, accountCookieName } from "./policy";

const encoder = new TextEncoder();
let key: { secret: string; key: Promise<CryptoKey> } | null = null;

function keyFor(secret: string): Promise<CryptoKey> {
  if (key?.secret !== secret) {
    const bytes = Uint8Array.from(secret.match(/../g) ?? [], (pair) => parseInt(pair, 16));
    key = { secret, key: crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]) };
  }
  return key.key;
}

/** Names already made in this isolate, for the secret they were made with (a few hundred people at most). */
let made: { secret: string; tags: Map<string, string> } = { secret: "", tags: new Map() };
const MADE_MAX = 500;

/** The opaque name of an account: 128 bits of HMAC-SHA-256 over its id, in base64url; made once per isolate and person. */
export async function accountTag(userId: string, secret: string): Promise<string> {
  if (made.secret !== secret) made = { secret, tags: new Map() };
  const known = made.tags.get(userId);
  if (known !== undefined) return known;
  const tag = await signedTag(userId, secret);
  if (made.tags.size >= MADE_MAX) made.tags.delete(made.tags.keys().next().value!);
  made.tags.set(userId, tag);
  return tag;
}

async function signedTag(userId: string, secret: string): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await keyFor(secret), encoder.encode(`saved-copies:${userId}`)));
  return btoa(String.fromCharCode(...mac.subarray(0, 16)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const isPageAnswer = (request: Request, response: Response) =>
  request.method === "GET" && (new URL(request.url).pathname.endsWith(".data") || (response.headers.get("content-type") ?? "").startsWith("text/html"));

/**
 * Adds the account's name to a page or `.data` answer when this request looked its person up
 * (every document does, in the root loader). Answers that never asked (shared copies rendered as
 * nobody, in-app loads of public pages) carry none, and the worker leaves its copies as they are.
 */
export async function withAccountHeader(response: Response, request: Request, context: AppLoadContext | undefined): Promise<Response> {
  const asked = context?.askedUser();
  if (!asked || !isPageAnswer(request, response)) return response;
  const user = await asked.catch(() => null);
  const tag = user ? await accountTag(user.id, context!.config.authSecret) : "";
  const named = new Response(response.body, response);
  named.headers.set(ACCOUNT_HEADER, tag);
  const cookie = accountCookie(request, tag);
  if (cookie) {
    named.headers.append("set-cookie", cookie);
    named.headers.set("cache-control", "private, no-store");
  }
  return named;
}

/**
 * The cookie naming the account, when the browser's differs from `tag`: set for a session's length
 * (not HttpOnly: the service worker reads it), taken back when the page names nobody.
 */
function accountCookie(request: Request, tag: string): string | null {
  const secure = isSecureRequest(request);
  const name = accountCookieName(secure);
  if ((cookieValue(request, name) ?? "") === tag) return null;
  const parts = [`${name}=${tag}`, "Path=/", "SameSite=Lax", `Max-Age=${tag ? SESSION_TTL_MS / 1000 : 0}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
