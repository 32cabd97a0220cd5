import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser, returnPathOf } from "~/auth/guard.server";
import { PageHeader } from "~/components/page-header";
import { LocalTime } from "~/components/local-time";
import type { PageHandle } from "~/lib/page-handle";
import { CONVERSATIONS_PAGE, conversationsFrom, conversationsValues } from "~/messages/messages.server";
import { MESSAGE_WINDOW_DAYS } from "~/messages/rules";
import { messagePreview } from "~/messages/preview";

/** One round trip: the session's check, the person's conversations and the readings they can still write about, together. */
export const handle: PageHandle = { roundTrips: 1, renderMemo: true };

export const meta: MetaFunction = () => [{ title: "Messages — Arcanum" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const now = Date.now();
  const [user, rows] = await Promise.all([requireUser(request, context), context.read(CONVERSATIONS_PAGE, conversationsValues(now))]);
  // Messages are between a client and their reader: a guest has had no paid reading.
  if (user.isGuest) throw redirect(`/signup?redirectTo=${encodeURIComponent(returnPathOf(request))}`);
  const { conversations, readings } = conversationsFrom(rows, user.id);
  // Whether a conversation is still open is decided here, so the page renders from its data alone.
  return { conversations: conversations.map((conversation) => ({ ...conversation, open: conversation.closesAt > now })), readings };
}

export default function Messages() {
  const { conversations, readings } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16">
      <PageHeader eyebrow="Your readings" title="Messages">
        {`A client and their reader can write to each other about a reading for ${MESSAGE_WINDOW_DAYS} days after it.`}
      </PageHeader>
      {conversations.length === 0 && readings.length === 0 ? (
        <p className="rounded-3xl border border-line bg-surface/80 p-6 text-center text-muted" data-testid="no-messages">
          No messages yet. After a paid reading, you can write to your reader (or your client) here.{" "}
          <Link to="/readers" className="underline">
            Find a reader
          </Link>
        </p>
      ) : null}
      {conversations.length > 0 ? (
        <ul className="grid gap-2" aria-label="Conversations" data-testid="conversations">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <Link
                to={`/messages/${conversation.id}`}
                className="grid gap-1 rounded-2xl border border-line bg-surface/80 p-4 hover:border-brand"
                data-testid="conversation"
              >
                <span className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 truncate font-semibold">
                    {conversation.otherName}
                    {conversation.unread > 0 ? (
                      <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white" data-testid="unread">
                        {`${conversation.unread} new`}
                      </span>
                    ) : null}
                  </span>
                  <span className="shrink-0 text-xs text-muted">
                    <LocalTime at={conversation.lastAt} style="dayMonth" />
                  </span>
                </span>
                <span className={conversation.unread > 0 ? "truncate text-sm font-medium" : "truncate text-sm text-muted"}>
                  {conversation.lastFromMe ? "You: " : ""}
                  {messagePreview(conversation.lastBody)}
                </span>
                <span className="text-xs text-muted">
                  {conversation.kind === "written" ? "Written reading" : "Live reading"} ·{" "}
                  {conversation.open ? (
                    <>
                      open until <LocalTime at={conversation.closesAt} style="dayMonth" />
                    </>
                  ) : (
                    "closed"
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {readings.length > 0 ? (
        <section className="mt-8" aria-labelledby="recent-title">
          <h2 id="recent-title" className="text-lg font-semibold">
            Recent readings you can write about
          </h2>
          <ul className="mt-2 grid gap-2">
            {readings.map((reading) => (
              <li key={reading.id} className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-line bg-surface/60 p-4 text-sm">
                <span>
                  <span className="font-semibold">{reading.otherName}</span>
                  <span className="text-muted">
                    {" "}
                    · {reading.kind === "written" ? "written reading" : "live reading"}, <LocalTime at={reading.openedAt} style="dayMonth" />
                  </span>
                </span>
                <Link to={`/messages/${reading.id}`} className="font-semibold text-brand underline">
                  Write to {reading.otherName}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
