import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { formatDate } from "~/lib/format";
import { listErrorGroups } from "~/observe/errors.server";
import { readForm } from "~/lib/read-form.server";

export const meta: MetaFunction = () => [{ title: "Dev errors — Arcanum" }, { name: "robots", content: "noindex" }];

/** Thrown on purpose, to see a report arrive here (or at Sentry, with a DSN) end to end. */
export class TestError extends Error {
  constructor(where: "loader" | "action") {
    super(`A test error thrown on purpose by the ${where} of /dev/errors`);
    this.name = "TestError";
  }
}

const query = lazySchema(() => z.object({ throw: z.literal("loader").optional() }));
const form = lazySchema(() => z.object({ intent: z.literal("throw") }));

/** The error reports this server kept (no SENTRY_DSN), grouped and counted. Absent in production. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.config.isProduction) throw new Response("Not found", { status: 404 });
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (parsed.success && parsed.data.throw === "loader") throw new TestError("loader");
  const groups = await listErrorGroups(context.db);
  return { sentry: context.config.errorReports !== null, groups };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (context.config.isProduction) throw new Response("Not found", { status: 404 });
  const read = await readForm(request, form);
  if (!read.ok) return data({ message: "Unknown action." }, { status: 400 });
  throw new TestError("action");
}

export default function DevErrors() {
  const { sentry, groups } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16">
      <PageHeader eyebrow="Development" title="Errors">
        {sentry
          ? "SENTRY_DSN is set: new reports go to Sentry; these are older ones kept here."
          : "Uncaught errors of this server and its pages, grouped by kind. It exists only outside production."}
      </PageHeader>
      <div className="flex flex-wrap gap-3">
        <a href="/dev/errors?throw=loader" className={buttonClasses("secondary")}>
          Throw in a loader
        </a>
        <Form method="post">
          <button type="submit" name="intent" value="throw" className={buttonClasses("secondary")}>
            Throw in an action
          </button>
        </Form>
      </div>
      {groups.length === 0 ? (
        <p className="mt-10 text-center text-muted">No errors yet.</p>
      ) : (
        <ol className="mt-8 grid gap-4" aria-label="Error groups">
          {groups.map((group) => (
            <li key={group.fingerprint} className="min-w-0 rounded-2xl border border-line bg-surface/80 p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="min-w-0 break-words text-lg font-semibold">{group.type}</h2>
                <span className="rounded-full bg-brand/10 px-3 py-1 text-sm font-semibold" aria-label={`Seen ${group.count} times`}>
                  ×{group.count}
                </span>
              </div>
              <p className="mt-1 break-words">{group.message}</p>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-muted">
                <dt>Where</dt>
                <dd className="min-w-0 break-words">
                  {group.source} · {group.route}
                </dd>
                {group.frame ? (
                  <>
                    <dt>Frame</dt>
                    <dd className="min-w-0 break-all font-mono text-xs">{group.frame}</dd>
                  </>
                ) : null}
                <dt>Last</dt>
                <dd>
                  {formatDate(group.lastSeen, "mediumWithSeconds")} UTC · request <code className="break-all">{group.requestId}</code>
                </dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
