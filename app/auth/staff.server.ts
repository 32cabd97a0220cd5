/**
 * The Arcanum staff: members whose verified e-mail the configuration names (STAFF_EMAILS). Nobody
 * becomes staff through a form. Staff pages answer 404 to everyone else, so they do not say they exist.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { AppConfig } from "../env.server";
import type { CurrentUser } from "./user.server";

/** Whether this person is staff: a member (a guest has no e-mail) whose e-mail is on the staff list. */
export function isStaff(user: Pick<CurrentUser, "email" | "isGuest"> | null | undefined, config: Pick<AppConfig, "staffEmails">): boolean {
  if (!user || user.isGuest || !user.email) return false;
  return config.staffEmails.includes(user.email.trim().toLowerCase());
}

/** The signed-in staff member, or a 404 for anyone else (nobody, a guest, a member). */
export async function requireStaff(context: AppLoadContext): Promise<CurrentUser> {
  const user = await context.currentUser();
  if (!user || !isStaff(user, context.config)) throw new Response("Not found", { status: 404 });
  return user;
}
