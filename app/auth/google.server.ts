import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import type { AppConfig } from "../env.server";
import { cookieNamesStartingWith } from "../lib/cookies";
import { randomToken } from "../lib/crypto";
import { flowCookie } from "./flow-cookie.server";
import { CALLBACK_PATH } from "./magic-link.server";
import { safeRedirect } from "./redirect";
import { isSecureRequest } from "./session-cookie";
import { log } from "../observe/log.server";

export const GOOGLE = {
  authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenEndpoint: "https://oauth2.googleapis.com/token",
  userInfoEndpoint: "https://openidconnect.googleapis.com/v1/userinfo",
  issuers: ["https://accounts.google.com", "accounts.google.com"],
  scopes: ["openid", "email", "profile"],
} as const;

/**
 * Whether the sign-in forms offer Google: the button when it is set up; outside production a
 * disabled button that says it is not set up; in production nothing, since it cannot work.
 */
export function googleSignInOffer(config: Pick<AppConfig, "google" | "isProduction">) {
  return { googleEnabled: Boolean(config.google), googleNotice: !config.google && !config.isProduction };
}

export const GOOGLE_ERRORS = {
  failed: "Failed to sign in with Google",
  generic: "An error occurred with Google sign-in",
  unverified: "Your Google account's e-mail address is not verified, so it cannot be used to sign in.",
  notConfigured: "Google sign-in is not configured on this server.",
} as const;

/** What the rest of the app learns from Google. */
export type GoogleProfile = {
  subject: string;
  email: string;
  fullName: string | null;
  picture: string | null;
};

const FLOW_TTL_S = 10 * 60;
const STATE_COOKIE = "arcanum_oauth";

/** The nonce and the page to return to, signed, for the length of one Google round trip. */
const roundTripCookie = (config: AppConfig, request: Request) => flowCookie("arcanum_google", config, request, FLOW_TTL_S);

class GoogleStrategy extends OAuth2Strategy<GoogleProfile> {
  /** The nonce of the authorization URL this instance built last. */
  nonce: string | null = null;

  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    const next = new URLSearchParams(params);
    this.nonce = randomToken(24);
    next.set("nonce", this.nonce);
    next.set("access_type", "offline");
    next.set("prompt", "consent");
    next.set("include_granted_scopes", "true");
    return next;
  }
}

function strategy(config: AppConfig, request: Request, verify: (tokens: { idToken: string | null; accessToken: string }) => Promise<GoogleProfile>) {
  const google = config.google;
  if (!google) throw new Error(GOOGLE_ERRORS.notConfigured);
  const secure = isSecureRequest(request);
  return new GoogleStrategy(
    {
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      authorizationEndpoint: GOOGLE.authorizationEndpoint,
      tokenEndpoint: GOOGLE.tokenEndpoint,
      redirectURI: new URL(CALLBACK_PATH, request.url).toString(),
      scopes: [...GOOGLE.scopes],
      cookie: { name: STATE_COOKIE, httpOnly: true, sameSite: "Lax", path: "/", maxAge: FLOW_TTL_S, ...(secure ? { secure: true as const } : {}) },
    },
    async ({ tokens }) =>
      verify({ idToken: tokens.data && "id_token" in tokens.data ? String(tokens.data.id_token) : null, accessToken: tokens.accessToken() }),
  );
}

/**
 * Starts the round trip: a redirect to Google with state and PKCE (kept by remix-auth-oauth2
 * in its cookie), a nonce, offline access and the consent prompt.
 */
export async function startGoogleSignIn(config: AppConfig, request: Request, redirectTo: string): Promise<Response> {
  const google = strategy(config, request, async () => {
    throw new Error("not reached");
  });
  const begin = new Request(new URL(CALLBACK_PATH, request.url), { headers: { cookie: request.headers.get("cookie") ?? "" } });
  try {
    await google.authenticate(begin);
  } catch (thrown) {
    if (!(thrown instanceof Response) || !google.nonce) throw thrown;
    const headers = new Headers(thrown.headers);
    headers.append("Set-Cookie", await roundTripCookie(config, request).serialize({ nonce: google.nonce, redirectTo: safeRedirect(redirectTo, "/") }));
    return new Response(null, { status: 302, headers });
  }
  throw new Error("The Google strategy did not redirect");
}

const idTokenClaims = lazySchema(() =>
  z.object({
    iss: z.string(),
    aud: z.union([z.string(), z.array(z.string())]),
    exp: z.number(),
    nonce: z.string().optional(),
    sub: z.string(),
  }),
);

const userInfo = lazySchema(() =>
  z.object({
    sub: z.string().min(1),
    email: z.string().email(),
    email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]).optional(),
    name: z.string().optional(),
    picture: z.string().url().optional(),
  }),
);

function decodeJwtPayload(token: string): unknown {
  const part = token.split(".")[1];
  if (!part) throw new Error("malformed id_token");
  const base64 = part
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(part.length / 4) * 4, "=");
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

class GoogleSignInError extends Error {}

export type GoogleOutcome =
  { ok: true; profile: GoogleProfile; redirectTo: string; clearCookies: string[] } | { ok: false; message: string; clearCookies: string[] };

export function isGoogleCallback(url: URL) {
  return url.searchParams.has("state") && (url.searchParams.has("code") || url.searchParams.has("error"));
}

/**
 * Finishes the round trip on the callback: state matches the browser's cookie, the code is
 * exchanged with its PKCE verifier, the ID token is Google's, for us, fresh and carries our
 * nonce, and the user-info endpoint gives a verified e-mail.
 */
export async function finishGoogleSignIn(config: AppConfig, request: Request, now = Date.now()): Promise<GoogleOutcome> {
  const flow = await roundTripCookie(config, request).parse(request.headers.get("cookie"));
  // remix-auth-oauth2 keeps one state cookie per started sign-in (`arcanum_oauth:<id>`); all go now.
  const stateCookies = cookieNamesStartingWith(request, `${STATE_COOKIE}:`);
  const clearCookies = [
    await roundTripCookie(config, request).serialize("", { maxAge: 0 }),
    ...stateCookies.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${isSecureRequest(request) ? "; Secure" : ""}`),
  ];
  if (!flow || typeof flow.nonce !== "string") return { ok: false, message: GOOGLE_ERRORS.failed, clearCookies };
  const clientId = config.google?.clientId;

  const google = strategy(config, request, async ({ idToken, accessToken }) => {
    if (!idToken) throw new GoogleSignInError(GOOGLE_ERRORS.failed);
    const claims = idTokenClaims.safeParse(decodeJwtPayload(idToken));
    if (!claims.success) throw new GoogleSignInError(GOOGLE_ERRORS.failed);
    const { iss, aud, exp, nonce, sub } = claims.data;
    const audiences = Array.isArray(aud) ? aud : [aud];
    if (!(GOOGLE.issuers as readonly string[]).includes(iss) || !clientId || !audiences.includes(clientId)) {
      throw new GoogleSignInError(GOOGLE_ERRORS.failed);
    }
    if (exp * 1000 < now || nonce !== flow.nonce) throw new GoogleSignInError(GOOGLE_ERRORS.failed);

    const response = await fetch(GOOGLE.userInfoEndpoint, { headers: { authorization: `Bearer ${accessToken}` } });
    if (!response.ok) throw new GoogleSignInError(GOOGLE_ERRORS.generic);
    const info = userInfo.safeParse(await response.json());
    if (!info.success || info.data.sub !== sub) throw new GoogleSignInError(GOOGLE_ERRORS.generic);
    if (info.data.email_verified === false || info.data.email_verified === "false") {
      throw new GoogleSignInError(GOOGLE_ERRORS.unverified);
    }
    return {
      subject: sub,
      email: info.data.email.toLowerCase(),
      fullName: info.data.name?.trim() || null,
      picture: info.data.picture ?? null,
    };
  });

  const redirectTo = safeRedirect(flow.redirectTo, "/");
  try {
    const profile = await google.authenticate(request);
    return { ok: true, profile, redirectTo, clearCookies };
  } catch (error) {
    const message = error instanceof GoogleSignInError ? error.message : GOOGLE_ERRORS.failed;
    if (!(error instanceof GoogleSignInError)) log.warn("Google sign-in failed", { error });
    return { ok: false, message, clearCookies };
  }
}
