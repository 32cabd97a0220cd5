import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import type { PageHandle } from "~/lib/page-handle";
import { laidSpread } from "~/reading-room/custom-spreads";
import { createSpread, spreadByLink } from "~/reading-room/custom-spreads.server";
import { SpreadPicture } from "~/reading-room/spread-picture";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { z } from "zod";

/** Round trips: the person and the spread at once; saving a copy finds the person, reads the spread and adds the copy. */
export const handle: PageHandle = { roundTrips: 1, actionRoundTrips: 3 };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.spread.name} — a spread on Arcanum` : "Spread — Arcanum" }];

const notFound = () => new Response("Spread not found", { status: 404 });

/** Anyone with the link sees the spread (its id is unguessable); only its owner is offered to edit it. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const [user, spread] = await Promise.all([context.currentUser(), spreadByLink(context.db, params.spreadId ?? "")]);
  if (!spread) throw notFound();
  return { spread: laidSpread(spread.id, spread), id: spread.id, mine: user?.id === spread.ownerId };
}

/** "Save to my spreads": a copy of the definition becomes the person's own. */
/** The page's one form: a copy of the spread to make one's own. */
const copyForm = lazySchema(() => z.object({ intent: z.literal("copy") }));

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, copyForm);
  if (!read.ok) return data({ error: "That is not something this page does." }, { status: 400 });
  const spread = await spreadByLink(context.db, params.spreadId ?? "");
  if (!spread) throw notFound();
  const saved = await createSpread(context.db, user.id, { name: spread.name, description: spread.description, positions: spread.positions });
  if (!saved.ok) return data({ error: Object.values(saved.problems)[0] ?? "The spread could not be saved." }, { status: saved.status });
  throw redirect(`/spreads/${saved.id}`);
}

export default function SharedSpread() {
  const { spread, id, mine } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow={mine ? "Your spread" : "A spread shared with you"} title={spread.name}>
        {spread.description ? <p>{spread.description}</p> : null}
      </PageHeader>
      <p className="mb-6 text-center text-sm">
        <Link to="/spreads" className="text-brand underline">
          ← Spreads
        </Link>
      </p>
      <SpreadPicture spread={spread} className="mx-auto w-full max-w-xl" />
      <div className="my-6 flex flex-wrap justify-center gap-3">
        <Link reloadDocument to={`/reading-room?create=true&spread=custom:${id}`} className={buttonClasses("primary")}>
          Use in a reading
        </Link>
        {mine ? (
          <Link to={`/spreads/${id}/edit`} className={buttonClasses("secondary")}>
            Edit
          </Link>
        ) : (
          <Form method="post">
            <button type="submit" name="intent" value="copy" className={buttonClasses("secondary")}>
              Save to my spreads
            </button>
          </Form>
        )}
      </div>
      {sent?.error ? (
        <p role="alert" className="mb-4 text-center text-sm text-danger">
          {sent.error}
        </p>
      ) : null}
      {mine ? <p className="mb-6 text-center text-sm text-muted">Anyone with this page’s address can see this spread and save a copy of it.</p> : null}
      <ol className="grid gap-3" data-testid="spread-positions">
        {spread.positions.map((position) => (
          <li key={position.index} className="rounded-2xl border border-line bg-surface/80 p-4">
            <p className="font-semibold">
              <span className="text-gold">{position.index + 1}.</span> {position.name}
              {position.rotation ? <span className="text-sm font-normal text-muted"> (lies across)</span> : null}
            </p>
            {position.meaning ? <p className="mt-1 text-sm text-muted">{position.meaning}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
