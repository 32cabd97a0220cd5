import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { isGoogleCallback } from "~/auth/google.server";
import { safeRedirect } from "~/auth/redirect";
import { completeGoogle, completeMagicLink } from "~/auth/sign-in.server";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import type { PageHandle } from "~/lib/page-handle";

/**
 * Round trips: signing in checks and spends the link (or Google's answer), finds or makes the
 * account, merges a guest's into it and tells their open rooms, then starts the session, each step
 * after the last: once a sign-in. The rooms are told side by side, but each is named in a call of
 * its own before it is told, so telling them is two waits (decision 0132).
 */
export const handle: PageHandle = { roundTrips: 12 };

export const meta: MetaFunction = () => [{ title: "Signing in — Arcanum" }, { name: "robots", content: "noindex" }];

const NO_SESSION = "No session found";

/**
 * Where sign-in links and Google return to. A magic link (`?t=`) or a Google answer
 * (`?state&code`) signs in and goes back to the remembered page; a member who lands here
 * goes on; anyone else learns that there is no session.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("t")) return completeMagicLink(context, request);
  if (isGoogleCallback(url)) return completeGoogle(context, request);
  const user = await context.currentUser();
  if (user && !user.isGuest) throw redirect(safeRedirect(url.searchParams.get("redirectTo"), "/"));
  return { error: NO_SESSION };
}

export default function AuthCallback() {
  const { error } = useLoaderData<typeof loader>();
  return (
    <div className="px-4">
      <PageHeader title="Sign in" />
      <Panel>
        <p role="alert" className="text-center text-muted">
          {error}
        </p>
        <div className="mt-6 text-center">
          <Link to="/login" className={buttonClasses("primary")}>
            Sign In
          </Link>
        </div>
      </Panel>
    </div>
  );
}
