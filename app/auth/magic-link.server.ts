import { lt } from "drizzle-orm";
import { TOTPStrategy } from "remix-auth-totp";
import { usedMagicLinks } from "../../db/schema";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { cookieValue } from "../lib/cookies";
import { sha256Hex } from "../lib/crypto";
import type { Mailer } from "../mail/mail.server";
import { hitRateLimit } from "../security/rate-limit.server";
import { flowCookie } from "./flow-cookie.server";
import { isSecureRequest } from "./session-cookie";

/** Links expire after 15 minutes. */
export const MAGIC_LINK_TTL_S = 15 * 60;
/** The code in the same e-mail, for a browser the link cannot reach: six digits, typed where the person asked. */
export const SIGN_IN_CODE_DIGITS = 6;
/** Wrong codes a browser may type for one e-mail before it must ask again (with 6 digits, 5 guesses in a million). */
export const SIGN_IN_CODE_ATTEMPTS = 5;
export const CALLBACK_PATH = "/auth/callback";
const TOTP_COOKIE = "_totp";

export const MAGIC_LINK_ERRORS = {
  requiredEmail: "Email is required",
  invalidEmail: "Invalid email address",
  invalidTotp: "This sign-in link is not valid. Please request a new one.",
  expiredTotp: "This sign-in link has expired. Please request a new one.",
  rateLimitExceeded: "Too many attempts with this link. Please request a new one.",
  missingSessionEmail:
    "This sign-in link was already used, or it was opened in a different browser from the one that asked for it. Type the code from the e-mail in the browser that asked, or request a new link from this browser.",
  missingSessionTotp: "This sign-in link was already used or has expired. Please request a new one.",
  usedLink: "This sign-in link has already been used. Please request a new one.",
} as const;

/** The same refusals, said of a typed code. */
export const SIGN_IN_CODE_ERRORS = {
  format: `Enter the ${SIGN_IN_CODE_DIGITS}-digit code from the e-mail.`,
  wrong: "That code is not the one we sent. Check the e-mail and try again.",
  expired: "This code has expired. Please request a new one.",
  tooMany: "Too many wrong codes. Please request a new one.",
  noRequest: "This browser has no code waiting: it was already used, or the code was asked for in another browser. Please request a new one.",
} as const;

const CODE_ERROR_FOR: Record<string, string> = {
  [MAGIC_LINK_ERRORS.invalidTotp]: SIGN_IN_CODE_ERRORS.wrong,
  [MAGIC_LINK_ERRORS.expiredTotp]: SIGN_IN_CODE_ERRORS.expired,
  [MAGIC_LINK_ERRORS.rateLimitExceeded]: SIGN_IN_CODE_ERRORS.tooMany,
  [MAGIC_LINK_ERRORS.missingSessionEmail]: SIGN_IN_CODE_ERRORS.noRequest,
  [MAGIC_LINK_ERRORS.missingSessionTotp]: SIGN_IN_CODE_ERRORS.noRequest,
  [MAGIC_LINK_ERRORS.usedLink]: SIGN_IN_CODE_ERRORS.noRequest,
};

/** Where the strategy's redirects point; the routes turn them into pages, so the paths are only markers. */
const SENT = "/auth/magic-link/sent";
const SUCCESS = "/auth/magic-link/success";
const FAILURE = "/auth/magic-link/failure";

/** What the sign-in form asked for, kept in a signed cookie until the link comes back. */
export type PendingSignIn = { redirectTo: string; fullName: string | null };

const pendingCookie = (config: AppConfig, request: Request) => flowCookie("arcanum_pending", config, request, MAGIC_LINK_TTL_S);

export async function readPendingSignIn(config: AppConfig, request: Request): Promise<PendingSignIn | null> {
  const value = await pendingCookie(config, request).parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object" || typeof value.redirectTo !== "string") return null;
  return { redirectTo: value.redirectTo, fullName: typeof value.fullName === "string" ? value.fullName : null };
}

export function savePendingSignIn(config: AppConfig, request: Request, pending: PendingSignIn) {
  return pendingCookie(config, request).serialize(pending);
}

export function clearPendingSignIn(config: AppConfig, request: Request) {
  return pendingCookie(config, request).serialize("", { maxAge: 0 });
}

/** The sealed link state the browser holds in its `_totp` cookie, if any. */
function sealedState(request: Request): string | null {
  const value = cookieValue(request, TOTP_COOKIE);
  if (value === null) return null;
  try {
    const totp = new URLSearchParams(value).get("totp");
    return totp ? ((JSON.parse(totp) as { jwe?: string }).jwe ?? null) : null;
  } catch {
    return null;
  }
}

/** Marks the request's link as used; false if it was used before. Only a hash of the link state is stored. */
async function consumeLink(db: Database, request: Request, now: number) {
  const sealed = sealedState(request);
  if (!sealed) return false;
  const rows = await db
    .insert(usedMagicLinks)
    .values({ id: await sha256Hex(sealed), expiresAt: now + MAGIC_LINK_TTL_S * 1000 })
    .onConflictDoNothing()
    .returning({ id: usedMagicLinks.id });
  return rows.length === 1;
}

export async function deleteExpiredMagicLinks(db: Database, now: number) {
  await db.delete(usedMagicLinks).where(lt(usedMagicLinks.expiresAt, now));
}

/** The code as the e-mail shows it: two groups of three digits, easier to read across from a phone. */
const spacedCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

function magicLinkMail(email: string, link: string, code: string) {
  const text = [
    "Hello,",
    "",
    "Open this link to sign in to Arcanum:",
    link,
    "",
    `It works once, for ${MAGIC_LINK_TTL_S / 60} minutes, in the browser where you asked for it.`,
    "",
    `Reading this on another device? Type this code in the browser where you asked to sign in: ${spacedCode(code)}`,
    "",
    "If you did not ask to sign in, you can ignore this message.",
  ].join("\n");
  const html = `<p>Hello,</p><p><a href="${link}">Sign in to Arcanum</a></p><p>The link works once, for ${MAGIC_LINK_TTL_S / 60} minutes, in the browser where you asked for it.</p><p>Reading this on another device? Type this code in the browser where you asked to sign in:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${spacedCode(code)}</p><p>If you did not ask to sign in, you can ignore this message.</p>`;
  return { to: email, subject: "Your Arcanum sign-in link and code", text, html, link };
}

type Outcome = { kind: "sent"; cookies: string[] } | { kind: "signed-in"; cookies: string[] } | { kind: "failed"; message: string; cookies: string[] };

function strategy(config: AppConfig, request: Request, mailer: Mailer, verify: (email: string) => Promise<void>) {
  return new TOTPStrategy(
    {
      secret: config.authSecret,
      magicLinkPath: CALLBACK_PATH,
      emailSentRedirect: SENT,
      successRedirect: SUCCESS,
      failureRedirect: FAILURE,
      totpGeneration: { period: MAGIC_LINK_TTL_S, charSet: "0123456789", digits: SIGN_IN_CODE_DIGITS },
      customErrors: MAGIC_LINK_ERRORS,
      cookieOptions: { maxAge: MAGIC_LINK_TTL_S, ...(isSecureRequest(request) ? { secure: true as const } : {}) },
      sendTOTP: async ({ email, magicLink, code }) => mailer.send(magicLinkMail(email, magicLink, code)),
    },
    async ({ email }) => verify(email),
  );
}

function readError(cookies: string[]): string {
  for (const cookie of cookies) {
    if (!cookie.startsWith(`${TOTP_COOKIE}=`)) continue;
    const value = cookie.slice(TOTP_COOKIE.length + 1).split(";")[0] ?? "";
    const error = new URLSearchParams(decodeURIComponent(value)).get("error");
    if (error) return error;
  }
  return MAGIC_LINK_ERRORS.invalidTotp;
}

async function run(promise: Promise<unknown>): Promise<Outcome> {
  try {
    await promise;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const cookies = thrown.headers.getSetCookie();
    const location = thrown.headers.get("location");
    if (location === SENT) return { kind: "sent", cookies };
    if (location === SUCCESS) return { kind: "signed-in", cookies };
    return { kind: "failed", message: readError(cookies), cookies };
  }
  throw new Error("The magic-link strategy ended without a redirect");
}

/** The strategy reads forms: a form post to `url` carrying `fields` and the browser's cookies (its sealed state). */
function formPost(request: Request, url: string | URL, fields: Record<string, string>) {
  return new Request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: request.headers.get("cookie") ?? "" },
    body: new URLSearchParams(fields),
  });
}

/** Sends a sign-in link to `email`; the browser gets the sealed state that the link must come back to. */
export function sendMagicLink(config: AppConfig, request: Request, mailer: Mailer, email: string) {
  return run(strategy(config, request, mailer, async () => {}).authenticate(formPost(request, request.url, { email })));
}

/** The strategy for checking a link or a code: once right, the credential is spent (the first use wins), then `signIn` runs. */
function spendingStrategy(config: AppConfig, db: Database, request: Request, mailer: Mailer, signIn: (email: string) => Promise<void>, now: number) {
  return strategy(config, request, mailer, async (email) => {
    if (!(await consumeLink(db, request, now))) throw new Error(MAGIC_LINK_ERRORS.usedLink);
    await signIn(email);
  });
}

/**
 * Checks the link the browser came back with: sealed state present, code right, not expired,
 * never used before. Then `signIn` runs with the verified e-mail.
 */
export function verifyMagicLink(config: AppConfig, db: Database, request: Request, mailer: Mailer, signIn: (email: string) => Promise<void>, now = Date.now()) {
  return run(spendingStrategy(config, db, request, mailer, signIn, now).authenticate(request));
}

/**
 * Checks a code typed in the browser that asked for it, against the same sealed state as the link:
 * right, in time, never used (the link and the code are one credential, used once), and at most
 * `SIGN_IN_CODE_ATTEMPTS` tries per request. Then `signIn` runs with the verified e-mail.
 */
export async function verifySignInCode(
  config: AppConfig,
  db: Database,
  request: Request,
  mailer: Mailer,
  code: string,
  signIn: (email: string) => Promise<void>,
  now = Date.now(),
): Promise<Outcome> {
  const sealed = sealedState(request);
  if (!sealed) return { kind: "failed", message: SIGN_IN_CODE_ERRORS.noRequest, cookies: [] };
  const tries = await hitRateLimit(db, `sign-in-code:${await sha256Hex(sealed)}`, { limit: SIGN_IN_CODE_ATTEMPTS, windowMs: MAGIC_LINK_TTL_S * 1000 }, now);
  if (!tries.allowed) return { kind: "failed", message: SIGN_IN_CODE_ERRORS.tooMany, cookies: [] };
  const outcome = await run(
    spendingStrategy(config, db, request, mailer, signIn, now).authenticate(formPost(request, new URL(CALLBACK_PATH, request.url), { code })),
  );
  return outcome.kind === "failed" ? { ...outcome, message: CODE_ERROR_FOR[outcome.message] ?? outcome.message } : outcome;
}
