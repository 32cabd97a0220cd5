import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { listOutbox } from "~/mail/mail.server";
import { formatDate } from "~/lib/format";
import { Input } from "~/components/ui/field";

export const meta: MetaFunction = () => [{ title: "Dev mailbox — Arcanum" }, { name: "robots", content: "noindex" }];

const query = lazySchema(() => z.object({ to: z.string().trim().max(254).optional() }));

/** The local outbox, so sign-in links can be followed with no mail server. Absent in production. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.config.isProduction) throw new Response("Not found", { status: 404 });
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const to = parsed.success && parsed.data.to ? parsed.data.to : undefined;
  const messages = await listOutbox(context.db, to);
  return {
    to: to ?? "",
    messages: messages.map((m) => ({ id: m.id, to: m.toAddress, subject: m.subject, text: m.text, link: m.link, createdAt: m.createdAt })),
  };
}

export default function DevMailbox() {
  const { to, messages } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16">
      <PageHeader eyebrow="Development" title="Mailbox">
        Mail this server would have sent. It exists only outside production.
      </PageHeader>
      <Form method="get" className="flex flex-col gap-3 sm:flex-row" role="search">
        <label className="flex-1 text-sm font-semibold">
          <span className="sr-only">Recipient</span>
          <Input name="to" type="email" defaultValue={to} placeholder="Filter by recipient" />
        </label>
        <button type="submit" className={buttonClasses("secondary")}>
          Filter
        </button>
      </Form>
      {messages.length === 0 ? (
        <p className="mt-10 text-center text-muted">No messages{to ? ` for ${to}` : ""} yet.</p>
      ) : (
        <ol className="mt-8 grid gap-4" aria-label="Messages">
          {messages.map((message) => (
            <li key={message.id} className="rounded-2xl border border-line bg-surface/80 p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">{message.subject}</h2>
                <time className="text-xs text-muted" dateTime={new Date(message.createdAt).toISOString()}>
                  {formatDate(message.createdAt, "mediumWithSeconds")} UTC
                </time>
              </div>
              <p className="mt-1 text-sm text-muted">To {message.to}</p>
              {message.link ? (
                <a href={message.link} className={`${buttonClasses("primary")} mt-4`}>
                  {/sign-in/i.test(message.subject) ? "Open sign-in link" : "Open the link"}
                </a>
              ) : null}
              <details className="mt-3 text-sm">
                <summary className="cursor-pointer text-muted">Message text</summary>
                <pre className="mt-2 whitespace-pre-wrap wrap-anywhere font-sans">{message.text}</pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
