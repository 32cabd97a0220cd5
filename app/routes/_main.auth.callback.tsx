import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { safeRedirect } from "~/auth/redirect";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: "Signing in — Arcanum" }];

/** Where sign-in links and providers return to. Signed in: on to the remembered page; otherwise say so. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await context.currentUser();
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/"));
  return null;
}

export default function AuthCallback() {
  return (
    <div className="px-4">
      <PageHeader title="Sign in" />
      <Panel>
        <p role="alert" className="text-center text-muted">No session found</p>
        <div className="mt-6 text-center">
          <Link to="/login" className={buttonClasses("primary")}>Sign In</Link>
        </div>
      </Panel>
    </div>
  );
}
