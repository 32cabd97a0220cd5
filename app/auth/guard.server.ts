import { redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { CurrentUser } from "./user.server";
import { loginPath } from "./redirect";

/** The current path with the `auth` marker removed, so a return after sign-in does not loop. */
export function returnPathOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("auth");
  const search = url.searchParams.toString();
  return url.pathname + (search ? `?${search}` : "");
}

/** For pages that need a user (a guest counts): sends a visitor with none to sign in, then back here. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await context.currentUser();
  if (!user) throw redirect(loginPath(returnPathOf(request)));
  return user;
}
