import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { formText, readForm, withDefaults } from "../lib/read-form.server";
import { createAi } from "../ai/ai.server";
import { createMailer, MailError } from "../mail/mail.server";
import { clientAddress, hitRateLimit } from "../security/rate-limit.server";
import type { Database } from "../db.server";
import { sha256Hex } from "../lib/crypto";
import { copyRemoteAvatar } from "../profile/avatar.server";
import {
  AccountConflictError,
  createMember,
  EMAIL_TAKEN_MESSAGE,
  findIdentityOwner,
  findUserByEmail,
  GOOGLE_TAKEN_MESSAGE,
  linkIdentity,
  mergeGuestInto,
  tellRoomsOfMerge,
  normalizeEmail,
  rememberDevice,
  upgradeGuest,
} from "./accounts.server";
import { finishGoogleSignIn, GOOGLE_ERRORS, googleSignInOffer, startGoogleSignIn } from "./google.server";
import {
  clearPendingSignIn,
  readPendingSignIn,
  savePendingSignIn,
  sendMagicLink,
  SIGN_IN_CODE_DIGITS,
  SIGN_IN_CODE_ERRORS,
  verifyMagicLink,
  verifySignInCode,
} from "./magic-link.server";
import { isSuspended, SUSPENDED_SIGN_IN_MESSAGE } from "./suspension.server";
import { cleanNameInput } from "./display-name";
import { safeRedirect } from "./redirect";
import { revokeSession, startSession } from "./session.server";
import { findUserById, getCurrentUser } from "./user.server";
import { welcomeCookie } from "./welcome.server";

export type SignInMode = "sign-in" | "create";

/** What the sign-in form shows after a submission. */
export type SignInActionData =
  | { state: "form"; errors: { email?: string; fullName?: string; form?: string }; values: { email: string; fullName: string } }
  | { state: "sent"; email: string; codeError?: string }
  | { state: "exists"; email: string; fullName: string };

const signInForm = lazySchema(() =>
  z.object({
    // A standard address (letters, digits, . _ ' + - before the @, a dotted domain after it): no markup, quotes or spaces.
    email: z
      .string({ error: "Email is required" })
      .trim()
      .min(1, "Email is required")
      .max(254, "Invalid email address")
      .regex(z.regexes.email, "Invalid email address"),
    fullName: z.preprocess(cleanNameInput, z.string().max(100, "Full name must be at most 100 characters").optional().default("")),
    mode: z.enum(["sign-in", "create"]).default("sign-in"),
    intent: z.enum(["send", "merge"]).default("send"),
    redirectTo: z.string().optional(),
  }),
);

/** The sign-in page's forms: asking for a link (`send`, or `merge` into a guest's account; a form naming none sends) and typing the e-mailed code. */
const signInPageForm = lazySchema(() =>
  withDefaults(
    { intent: "send" },
    z.discriminatedUnion("intent", [
      signInForm.extend({ intent: z.literal("send") }),
      signInForm.extend({ intent: z.literal("merge") }),
      codeForm.extend({ intent: z.literal("code") }),
    ]),
  ),
);

/** A code typed from the e-mail: its digits, spaces and dashes between them forgiven. */
const codeForm = lazySchema(() =>
  z.object({
    email: z.string().max(254).catch(""),
    code: z
      .string({ error: SIGN_IN_CODE_ERRORS.format })
      .transform((value) => value.replace(/[\s-]/g, ""))
      .pipe(z.string().regex(new RegExp(`^\\d{${SIGN_IN_CODE_DIGITS}}$`), SIGN_IN_CODE_ERRORS.format)),
  }),
);

/**
 * Limits on asking for magic links. The tight one is per e-mail *and* address, so an attacker who
 * asks for someone's links only spends their own address's allowance; the per-e-mail ceiling is
 * high and only counts requests the narrower limits let through, so one address cannot reach it.
 */
export const RATE_LIMITS = {
  perEmailAndAddress: { limit: 5, windowMs: 15 * 60 * 1000 },
  /** How many an address may ask for in this window is the app's setting (`signInsPerAddress`). */
  perAddressWindowMs: 15 * 60 * 1000,
  perEmail: { limit: 50, windowMs: 60 * 60 * 1000 },
};
export const RATE_LIMIT_MESSAGE = "Too many sign-in requests. Please wait a few minutes and try again.";

/** Counts a magic-link request against the limits; the first limit it exceeds, or null. */
async function checkSignInLimits(db: Database, email: string, address: string, perAddress: number) {
  const [emailHash, addressHash, pairHash] = await Promise.all([sha256Hex(email), sha256Hex(address), sha256Hex(`${email}\n${address}`)]);
  const narrow = await Promise.all([
    hitRateLimit(db, `magic-link:email-address:${pairHash}`, RATE_LIMITS.perEmailAndAddress),
    hitRateLimit(db, `magic-link:address:${addressHash}`, { limit: perAddress, windowMs: RATE_LIMITS.perAddressWindowMs }),
  ]);
  const refused = narrow.find((limit) => !limit.allowed);
  if (refused) return refused;
  const ceiling = await hitRateLimit(db, `magic-link:email:${emailHash}`, RATE_LIMITS.perEmail);
  return ceiling.allowed ? null : ceiling;
}

export async function signInLoader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  const user = await context.currentUser();
  if (user && !user.isGuest) throw redirect(redirectTo);
  return { redirectTo, isGuest: Boolean(user?.isGuest), ...googleSignInOffer(context.config) };
}

export type SignInLoaderData = Awaited<ReturnType<typeof signInLoader>>;

/** Asks for a magic link; answers with the form's next state (errors, Magic Link Sent!, or Account Already Exists). */
export async function signInAction({ request, context }: ActionFunctionArgs) {
  const read = await readForm(request, signInPageForm);
  const raw = formText(read.formData);
  const codeEmail = (raw.email ?? "").slice(0, 254);
  const values = { email: raw.email ?? "", fullName: raw.fullName ?? "" };
  if (!read.ok) {
    if (read.intent === "code") return data<SignInActionData>({ state: "sent", email: codeEmail, codeError: read.message }, { status: 400 });
    const errors: Record<string, string> = {};
    for (const issue of read.issues) errors[issue.field || "form"] ??= issue.message;
    return data<SignInActionData>({ state: "form", errors, values }, { status: 400 });
  }
  if (read.data.intent === "code") return signInWithCode(context, request, codeEmail, read.data.code);
  const form = read.data;
  const email = normalizeEmail(form.email);
  const { db, config } = context;

  const blocked = await checkSignInLimits(db, email, clientAddress(request), config.signInsPerAddress);
  if (blocked) {
    return data<SignInActionData>(
      { state: "form", errors: { form: RATE_LIMIT_MESSAGE }, values },
      { status: 429, headers: { "Retry-After": String(Math.ceil(blocked.retryAfterMs / 1000)) } },
    );
  }

  if (form.mode === "create" && form.intent !== "merge" && (await findUserByEmail(db, email))) {
    return data<SignInActionData>({ state: "exists", email, fullName: form.fullName });
  }

  const mailer = createMailer(config, db);
  let outcome;
  try {
    outcome = await sendMagicLink(config, request, mailer, email);
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    return data<SignInActionData>(
      { state: "form", errors: { form: "We could not send the e-mail just now. Please try again in a moment." }, values },
      { status: 502 },
    );
  }
  if (outcome.kind !== "sent") {
    return data<SignInActionData>(
      { state: "form", errors: { email: outcome.kind === "failed" ? outcome.message : "Authentication failed" }, values },
      { status: 400 },
    );
  }
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  headers.append(
    "Set-Cookie",
    await savePendingSignIn(config, request, {
      redirectTo: safeRedirect(form.redirectTo, "/"),
      fullName: form.fullName || null,
    }),
  );
  return data<SignInActionData>({ state: "sent", email }, { headers });
}

/** Who is signing in, as the provider vouches for them. */
export type VerifiedSignIn = {
  email: string;
  fullName?: string | null;
  /** A Google account: linked to the user, and its picture copied when the user has none. */
  google?: { subject: string; picture: string | null };
};

/**
 * Signs the browser in as the owner of a verified e-mail (or Google account), carrying its
 * guest along: a new e-mail turns the guest into that member on the same id; a known account
 * gets the guest merged into it. Always ends with a brand-new member session; the old one is
 * revoked. Conflicts (a Google account linked to someone else) throw AccountConflictError.
 */
export async function completeSignIn(context: AppLoadContext, request: Request, who: VerifiedSignIn) {
  const { db } = context;
  const ai = createAi(context.config, context.cloudflare.env);
  const current = await getCurrentUser(db, request);
  const email = normalizeEmail(who.email);

  let target: string | null = null;
  if (who.google) {
    target = await findIdentityOwner(db, "google", who.google.subject);
    if (target && current && !current.isGuest && current.id !== target) throw new AccountConflictError(GOOGLE_TAKEN_MESSAGE);
  }
  if (!target && current && !current.isGuest) {
    // A signed-in member linking Google: the Google e-mail must not be someone else's account.
    const owner = await findUserByEmail(db, email);
    if (owner && owner.id !== current.id) throw new AccountConflictError(EMAIL_TAKEN_MESSAGE);
    target = current.id;
  }
  target ??= (await findUserByEmail(db, email))?.id ?? null;
  if (target && (await isSuspended(db, target))) throw new AccountConflictError(SUSPENDED_SIGN_IN_MESSAGE);

  let userId: string;
  if (target) {
    if (current?.isGuest) {
      const readings = await mergeGuestInto(db, current.id, target);
      await tellRoomsOfMerge(context.cloudflare.env, readings, current.id, target);
    }
    userId = target;
  } else if (current?.isGuest) {
    userId = await upgradeGuest(db, ai, current.id, { email, fullName: who.fullName });
  } else {
    userId = await createMember(db, ai, { email, fullName: who.fullName });
  }

  if (who.google) {
    await linkIdentity(db, userId, "google", who.google.subject, email);
    const user = await findUserById(db, userId);
    if (who.google.picture && user && !user.avatarUrl) {
      await copyRemoteAvatar(db, context.cloudflare.env.MEDIA, userId, who.google.picture);
    }
  }

  const deviceCookies = await rememberDevice(db, request, userId);
  await revokeSession(db, request);
  const session = await startSession(db, request, userId, "member");
  return { userId, cookies: [session.cookie, ...deviceCookies, welcomeCookie(target ? "back" : "new")] };
}

/**
 * Finishes a verified link or code: signs in with the e-mail, and goes back where the visitor was
 * (thrown redirect); otherwise the cookies to send with the refusal and its message.
 */
async function finishEmailSignIn(
  context: AppLoadContext,
  request: Request,
  verify: (signIn: (email: string) => Promise<void>) => Promise<{ kind: string; message?: string; cookies: string[] }>,
) {
  const { config } = context;
  const pending = await readPendingSignIn(config, request);
  let sessionCookies = null as string[] | null;
  const outcome = await verify(async (email) => {
    try {
      sessionCookies = (await completeSignIn(context, request, { email, fullName: pending?.fullName })).cookies;
    } catch (error) {
      if (error instanceof AccountConflictError) throw new Error(error.message);
      throw error;
    }
  });
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  if (outcome.kind === "signed-in" && sessionCookies) {
    for (const cookie of sessionCookies) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", await clearPendingSignIn(config, request));
    throw redirect(safeRedirect(pending?.redirectTo, "/"), { headers });
  }
  return { message: outcome.kind === "failed" && outcome.message ? outcome.message : "Authentication failed", headers };
}

/** The magic link's landing: verify, sign in, and go back to where the visitor was. */
export async function completeMagicLink(context: AppLoadContext, request: Request) {
  const { db, config } = context;
  const { message, headers } = await finishEmailSignIn(context, request, (signIn) => verifyMagicLink(config, db, request, createMailer(config, db), signIn));
  return data({ error: message }, { status: 400, headers });
}

/** The code from the e-mail, typed in the browser that asked: the same sign-in as the link's, or the sent page again with why not. */
async function signInWithCode(context: AppLoadContext, request: Request, email: string, code: string) {
  const { db, config } = context;
  const { message, headers } = await finishEmailSignIn(context, request, (signIn) =>
    verifySignInCode(config, db, request, createMailer(config, db), code, signIn),
  );
  return data<SignInActionData>({ state: "sent", email, codeError: message }, { status: message === SIGN_IN_CODE_ERRORS.tooMany ? 429 : 400, headers });
}

/** The "Continue with Google" button: off to Google, or a clear answer when it is not set up. */
export async function googleAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"), "/");
  if (!context.config.google) {
    return new Response(GOOGLE_ERRORS.notConfigured, { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  return startGoogleSignIn(context.config, request, redirectTo);
}

/** Google's return to the callback: verify the round trip, sign in, and go back to where the visitor was. */
export async function completeGoogle(context: AppLoadContext, request: Request) {
  if (!context.config.google) return data({ error: GOOGLE_ERRORS.notConfigured }, { status: 503 });
  const outcome = await finishGoogleSignIn(context.config, request);
  const headers = new Headers();
  for (const cookie of outcome.clearCookies) headers.append("Set-Cookie", cookie);
  if (!outcome.ok) return data({ error: outcome.message }, { status: 400, headers });
  const { profile } = outcome;
  try {
    const { cookies } = await completeSignIn(context, request, {
      email: profile.email,
      fullName: profile.fullName,
      google: { subject: profile.subject, picture: profile.picture },
    });
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  } catch (error) {
    if (!(error instanceof AccountConflictError)) throw error;
    return data({ error: error.message }, { status: 409, headers });
  }
  throw redirect(outcome.redirectTo, { headers });
}
