/**
 * The root route's loader, apart from the root's components so that the hooks reading its data
 * (`root-data.ts`) and the components using them depend on this module, never on `root.tsx`.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { accountPromptFor } from "~/auth/account-prompt.server";
import { googleSignInOffer } from "~/auth/google.server";
import { guestSavedHintUpdate } from "~/auth/guest-saved.server";
import { returnPathOf } from "~/auth/guard.server";
import { loginPath } from "~/auth/redirect";
import { isStaff } from "~/auth/staff.server";
import { takeWelcome } from "~/auth/welcome.server";
import { readTheme } from "~/theme/theme.server";

/** What every page gets from the root route: the person, their theme, and the app-wide offers and prompts. */
export async function rootLoader({ request, context }: LoaderFunctionArgs) {
  const user = await context.currentUser();
  const theme = readTheme(request);
  if (!user && new URL(request.url).searchParams.get("auth") === "required") {
    throw redirect(loginPath(returnPathOf(request)));
  }
  // Read from cookies and the user row already loaded: no extra wait on the database.
  const welcome = takeWelcome(request, user, (cookie) => context.responseCookies.push(cookie));
  const accountPrompt = accountPromptFor(user, request);
  const savedHint = guestSavedHintUpdate(user, request);
  if (savedHint) context.responseCookies.push(savedHint);
  // Whether to show the staff pages' link; the staff list itself never leaves the server.
  // A reader who chose to be available is kept online by each tab they have open.
  const readerPresence = user?.readerAvailable ? { heartbeatMs: context.config.readerPresence.heartbeatMs } : null;
  // The browser reports its errors to Sentry itself when a DSN is set (a DSN is public by design).
  const errorReports = context.config.errorReports?.dsn ?? null;
  return { user, theme, ...googleSignInOffer(context.config), isStaff: isStaff(user, context.config), readerPresence, welcome, accountPrompt, errorReports };
}
