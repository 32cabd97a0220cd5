import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import type { PageHandle } from "~/lib/page-handle";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { z } from "zod";
import { draftOf, spreadBuilderForm, type SpreadProblems } from "~/reading-room/custom-spreads";
import { deleteSpread, ownSpread, updateSpread } from "~/reading-room/custom-spreads.server";
import { SpreadBuilder } from "~/reading-room/spread-builder";

/**
 * Round trips: the person, then their spread; saving or deleting is one statement that checks the owner.
 * Adding or removing a position without JavaScript checks the owner, then renders the page (its loader reads the spread): three.
 */
export const handle: PageHandle = { roundTrips: 2, actionRoundTrips: 3 };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Edit ${data.spread.name} — Arcanum` : "Spread — Arcanum" }];

const notFound = () => new Response("Spread not found", { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // Someone else's spread is not found here: its link shows it, only its owner changes it.
  const spread = await ownSpread(context.db, params.spreadId ?? "", user.id);
  if (!spread) throw notFound();
  return { spread: { id: spread.id, name: spread.name, draft: draftOf(spread) } };
}

/** The page's posts: the spread deleted, or a step of the builder (a position added or removed, or the spread saved). */
const editSpreadForm = lazySchema(() =>
  z.union([z.object({ intent: z.literal("delete") }), spreadBuilderForm.transform((step) => ({ intent: "build" as const, step }))]),
);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const id = params.spreadId ?? "";
  const read = await readForm(request, editSpreadForm);
  if (!read.ok) throw new Response(read.message, { status: 400 });
  if (read.data.intent === "delete") {
    if (!(await deleteSpread(context.db, user.id, id))) throw notFound();
    throw redirect("/spreads");
  }
  const { step } = read.data;
  if (!step.save) {
    // Showing the layout again (without JavaScript) is for the owner too.
    if (!(await ownSpread(context.db, id, user.id))) throw notFound();
    return { draft: step.draft, problems: {} as SpreadProblems };
  }
  const saved = await updateSpread(context.db, user.id, id, step.draft);
  if (!saved.ok && saved.status === 404) throw notFound();
  if (!saved.ok) return data({ draft: step.draft, problems: saved.problems }, { status: saved.status });
  throw redirect(`/spreads/${id}`);
}

export default function EditSpread() {
  const { spread } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Your own spread" title={`Edit ${spread.name}`}>
        <p>Readings already laid with it keep the spread as it was then.</p>
      </PageHeader>
      <p className="mb-6 text-center text-sm">
        <Link to={`/spreads/${spread.id}`} className="text-brand underline">
          ← {spread.name}
        </Link>
      </p>
      <SpreadBuilder key={JSON.stringify(sent ?? null)} draft={sent?.draft ?? spread.draft} problems={sent?.problems ?? {}} submitLabel="Save changes" />
      <Form method="post" className="mt-10 border-t border-line pt-6">
        <button type="submit" name="intent" value="delete" className={buttonClasses("secondary")}>
          Delete this spread
        </button>
      </Form>
    </div>
  );
}
