import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader } from "~/components/page-header";
import type { PageHandle } from "~/lib/page-handle";
import { readForm } from "~/lib/read-form.server";
import { spreadBuilderForm, STARTER_SPREAD, type SpreadProblems } from "~/reading-room/custom-spreads";
import { createSpread } from "~/reading-room/custom-spreads.server";
import { SpreadBuilder } from "~/reading-room/spread-builder";

/** Round trips: the person; saving adds the spread in one conditional statement. */
export const handle: PageHandle = { roundTrips: 1, actionRoundTrips: 2 };

export const meta: MetaFunction = () => [{ title: "Build a spread — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, spreadBuilderForm);
  if (!read.ok) throw new Response(read.message, { status: 400 });
  const step = read.data;
  if (!step.save) return { draft: step.draft, problems: {} as SpreadProblems };
  const saved = await createSpread(context.db, user.id, step.draft);
  if (!saved.ok) return data({ draft: step.draft, problems: saved.problems }, { status: saved.status });
  throw redirect(`/spreads/${saved.id}`);
}

export default function NewSpread() {
  const sent = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Your own spread" title="Build a spread">
        <p>Give it a name, name each position and what it speaks to, and lay the positions out on the table.</p>
      </PageHeader>
      <p className="mb-6 text-center text-sm">
        <Link to="/spreads" className="text-brand underline">
          ← Spreads
        </Link>
      </p>
      <SpreadBuilder key={JSON.stringify(sent ?? null)} draft={sent?.draft ?? STARTER_SPREAD} problems={sent?.problems ?? {}} submitLabel="Save the spread" />
    </div>
  );
}
