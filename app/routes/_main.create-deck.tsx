import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { deckCreditsLabel } from "~/credits/badge";

export const meta: MetaFunction = () => [{ title: "Create a deck — Arcanum" }];

const query = z.object({ theme: z.string().trim().max(200).optional().catch(undefined) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { theme } = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { theme: theme ?? null, credits: user.deckCredits };
}

export default function CreateDeck() {
  const { theme, credits } = useLoaderData<typeof loader>();
  return (
    <div className="px-4">
      <PageHeader eyebrow="Create a deck" title={theme ? `“${theme}”` : "Your next deck"}>
        <p>You have {deckCreditsLabel(credits)} to create.</p>
      </PageHeader>
      <Panel>
        <p className="text-muted">
          The deck studio, where AI writes and paints your cards from a theme, is not open yet.
          {theme ? " Your theme is kept in this page's address, so you can come back to it." : ""}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/marketplace" className={buttonClasses("primary")}>Browse decks meanwhile</Link>
          <Link to="/collection" className={buttonClasses("secondary")}>My Collection</Link>
        </div>
      </Panel>
    </div>
  );
}
