import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Wordmark } from "~/components/logo";
import { buttonClasses } from "~/components/ui/button";

export const inviteMeta: MetaFunction = () => [{ title: "Invitation — Arcanum" }];

export function InvitePage() {
  const { message } = useLoaderData<{ message: string }>();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <Link to="/" aria-label="Arcanum home" className="rounded-md">
        <Wordmark />
      </Link>
      <main id="main" className="max-w-md">
        <h1 className="text-5xl font-bold">Invitation</h1>
        <p className="mt-4 text-muted">{message}</p>
        <p className="mt-2 text-sm text-muted">Ask the host for a new link, or open a reading room of your own.</p>
        <Link to="/reading-room?create=true" className={`${buttonClasses("primary")} mt-6`}>Open a reading room</Link>
      </main>
    </div>
  );
}
