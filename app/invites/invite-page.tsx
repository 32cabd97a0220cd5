import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Wordmark } from "~/components/logo";
import { buttonClasses } from "~/components/ui/button";
import type { loadInvite } from "./invite.server";

export const inviteMeta: MetaFunction = () => [{ title: "Invitation — Arcanum" }];

const ROLE_TEXT: Record<string, string> = {
  participant: "You will sit at the table and watch the cards fall as they are drawn.",
  "co-reader": "You will read alongside the host, and may shuffle, draw and reveal too.",
  spectator: "You will watch the reading quietly.",
};

export function InvitePage() {
  const loaded = useLoaderData<typeof loadInvite>();
  const failed = useActionData<{ ok: false; message: string }>();
  const navigation = useNavigation();
  const message = failed?.message ?? (loaded.ok ? null : loaded.message);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <Link to="/" aria-label="Arcanum home" className="rounded-md">
        <Wordmark />
      </Link>
      <main id="main" className="max-w-md">
        {loaded.ok && !failed ? (
          <>
            <h1 className="text-5xl font-bold">You are invited</h1>
            <p className="mt-4 text-lg">{loaded.hostName} invites you to a live tarot reading.</p>
            <p className="mt-2 text-muted">
              {ROLE_TEXT[loaded.role] ?? ROLE_TEXT.participant}
              {loaded.video ? " A video call is part of this reading; your camera stays off until you turn it on." : ""}
            </p>
            <Form method="post" className="mt-6">
              <button type="submit" className={buttonClasses("primary")} disabled={navigation.state === "submitting"}>
                Join the reading
              </button>
            </Form>
            {!loaded.signedIn ? <p className="mt-3 text-sm text-muted">You can join as a guest; sign in first to keep the reading in your journal.</p> : null}
          </>
        ) : (
          <>
            <h1 className="text-5xl font-bold">Invitation</h1>
            <p className="mt-4 text-muted" role="alert">
              {message}
            </p>
            <Link reloadDocument to="/reading-room?create=true" className={`${buttonClasses("primary")} mt-6`}>
              Open a reading room
            </Link>
          </>
        )}
      </main>
    </div>
  );
}
