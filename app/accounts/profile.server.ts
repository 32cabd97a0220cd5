import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { parseForm } from "../lib/read-form.server";
import { users } from "../../db/schema";
import { deleteAccount } from "./delete.server";
import { requireUser } from "../auth/guard.server";
import { clearedSessionCookieHeader } from "../auth/session.server";
import type { Database } from "../db.server";
import { noticeTargetOf } from "../mail/notices.server";
import { readShape } from "../lib/page-reads.server";
import { tokensQuery } from "../api/tokens.server";
import { balanceQuery } from "../paid-readings/wallet.server";
import { pushPreferencesQueries } from "../push/subscriptions.server";
import { cleanNameInput } from "../auth/display-name";
import { AVATAR_ERRORS, AVATAR_MAX_BYTES } from "../profile/avatar";
import { checkAvatar, removeAvatar, saveAvatar } from "../profile/avatar.server";
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from "../lib/username";

/** What the profile page reads of the session's person, beside the session's check: their row, balance, API tokens and notification settings. */
export const PROFILE_PAGE = readShape((db, me) => [
  db.select().from(users).where(eq(users.id, me)).limit(1),
  balanceQuery(db, me),
  tokensQuery(db, me),
  ...pushPreferencesQueries(db, me),
]);

export const PROFILE_LIMITS = { fullName: 100, bio: 500 } as const;
export const USERNAME_TAKEN = "That username is already taken. Please choose another.";

const optionalText = (max: number, label: string) =>
  z
    .string()
    .default("")
    .transform((value) => value.trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .transform((value) => value || null);

const username = lazySchema(() =>
  z
    .string()
    .trim()
    .min(USERNAME_MIN, `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`)
    .max(USERNAME_MAX, `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`)
    .regex(USERNAME_PATTERN, "Username may use letters, numbers, underscores and hyphens only"),
);

const profileForm = lazySchema(() =>
  z.object({
    /** A guest may leave it empty: one is made for them when they create their account. */
    username: z.preprocess((value) => (value === "" ? null : value), username.nullable()),
    fullName: z.preprocess(cleanNameInput, optionalText(PROFILE_LIMITS.fullName, "Full name")),
    bio: optionalText(PROFILE_LIMITS.bio, "Bio"),
  }),
);

export type ProfileActionData =
  | { ok: true; intent: "profile" | "avatar" | "remove-avatar"; message: string }
  | { ok: false; intent: "profile" | "avatar" | "remove-avatar" | "delete-account"; errors: Record<string, string> };

/** Where the browser lands once its account is deleted; the home page says so. */
export const ACCOUNT_DELETED_PATH = "/?account=deleted";

async function usernameTaken(db: Database, userId: string, username: string) {
  const row = await db.query.users.findFirst({
    columns: { id: true },
    where: and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, userId)),
  });
  return Boolean(row);
}

/** Saves username, full name and bio. Usernames are unique regardless of letter case. */
export async function updateProfile(db: Database, user: { id: string; isGuest: boolean }, input: Record<string, unknown>, now = Date.now()) {
  const userId = user.id;
  const parsed = profileForm.safeParse({ ...input, username: typeof input.username === "string" ? input.username.trim() : input.username });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
    return { ok: false as const, errors };
  }
  const { username, fullName, bio } = parsed.data;
  if (username === null && !user.isGuest) {
    return { ok: false as const, errors: { username: `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters` } };
  }
  if (username !== null && (await usernameTaken(db, userId, username))) return { ok: false as const, errors: { username: USERNAME_TAKEN } };
  try {
    await db.update(users).set({ username, fullName, bio, updatedAt: now }).where(eq(users.id, userId));
  } catch (error) {
    // Two people claiming one name at once: the unique index decides.
    if (username !== null && (await usernameTaken(db, userId, username))) return { ok: false as const, errors: { username: USERNAME_TAKEN } };
    throw error;
  }
  return { ok: true as const };
}

/** Multipart overhead allowed on top of the file itself before the body is refused unread. */
const FORM_OVERHEAD = 64 * 1024;

/** The profile page's forms, by intent: the profile's fields and the deletion's confirmation are checked by their own modules; the picture is the form's file. */
const profilePageForm = lazySchema(() =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("avatar") }),
    z.object({ intent: z.literal("remove-avatar") }),
    z.looseObject({ intent: z.literal("profile") }),
    z.object({ intent: z.literal("delete-account"), confirm: z.unknown() }),
  ]),
);

export async function profileAction({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > AVATAR_MAX_BYTES + FORM_OVERHEAD) {
    return data<ProfileActionData>({ ok: false, intent: "avatar", errors: { avatar: AVATAR_ERRORS.size } }, { status: 413 });
  }
  // Read once: the picture is taken from the same form.
  const form = await request.formData();
  const read = parseForm(form, profilePageForm);
  if (!read.ok) return data<ProfileActionData>({ ok: false, intent: "profile", errors: { form: "Unknown action." } }, { status: 400 });
  const { intent } = read.data;

  if (intent === "avatar") {
    const file = form.get("avatar");
    if (!(file instanceof File) || file.size === 0) {
      return data<ProfileActionData>({ ok: false, intent, errors: { avatar: AVATAR_ERRORS.missing } }, { status: 400 });
    }
    if (file.size > AVATAR_MAX_BYTES) {
      return data<ProfileActionData>({ ok: false, intent, errors: { avatar: AVATAR_ERRORS.size } }, { status: 413 });
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const check = checkAvatar(bytes);
    if (!check.ok) {
      return data<ProfileActionData>({ ok: false, intent, errors: { avatar: check.message } }, { status: check.message === AVATAR_ERRORS.size ? 413 : 415 });
    }
    await saveAvatar(context.db, context.cloudflare.env.MEDIA, user.id, bytes, check.type);
    return data<ProfileActionData>({ ok: true, intent, message: "Your new picture is saved." });
  }

  if (intent === "remove-avatar") {
    await removeAvatar(context.db, context.cloudflare.env.MEDIA, user.id);
    return data<ProfileActionData>({ ok: true, intent, message: "Your picture is removed." });
  }

  if (intent === "profile") {
    const result = await updateProfile(context.db, user, read.data);
    if (!result.ok) return data<ProfileActionData>({ ok: false, intent, errors: result.errors }, { status: 400 });
    return data<ProfileActionData>({ ok: true, intent, message: "Profile saved." });
  }

  if (read.data.intent === "delete-account") {
    const result = await deleteAccount(context.db, context.cloudflare.env.MEDIA, user, { confirm: read.data.confirm }, noticeTargetOf(context));
    if (!result.ok) return data<ProfileActionData>({ ok: false, intent, errors: { [result.field]: result.message } }, { status: result.status });
    throw redirect(ACCOUNT_DELETED_PATH, { headers: { "Set-Cookie": clearedSessionCookieHeader(request) } });
  }
  return data<ProfileActionData>({ ok: false, intent: "profile", errors: { form: "Unknown action." } }, { status: 400 });
}
