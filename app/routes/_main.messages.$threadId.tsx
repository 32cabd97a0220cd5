import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireUser } from "~/auth/guard.server";
import { LocalTime } from "~/components/local-time";
import { buttonClasses } from "~/components/ui/button";
import { Select, Textarea } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { PageHandle } from "~/lib/page-handle";
import { conversationFor, reportMessage, sendMessage } from "~/messages/messages.server";
import { MESSAGE_MAX, MESSAGE_REPORT_REASONS, MESSAGE_TEXTS, messageForm, readingPath, reportForm } from "~/messages/rules";
import { messageNews } from "~/messages/notices.server";
import { notify, pushTargetOf } from "~/push/notify.server";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm, withMainIntent } from "~/lib/read-form.server";
import { z } from "zod";

/**
 * Round trips: the person, then the conversation (its messages marked read, the reading and the
 * messages in one batch). Sending is one batch; the page is read again after it.
 */
export const handle: PageHandle = { roundTrips: 2, actionRoundTrips: 3 };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Messages with ${data.conversation.otherName} — Arcanum` : "Messages — Arcanum" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const conversation = await conversationFor(context.db, user.id, params.threadId ?? "");
  if (!conversation) throw new Response(MESSAGE_TEXTS.notFound, { status: 404 });
  return { conversation };
}

type ActionData = { ok: boolean; message: string; form: "send" | "report" };

/** The page's forms: a message sent (the main button), and one reported. */
const threadForm = lazySchema(() =>
  withMainIntent(
    "send",
    ["report"],
    z.discriminatedUnion("intent", [messageForm.extend({ intent: z.literal("send") }), reportForm.extend({ intent: z.literal("report") })]),
  ),
);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, threadForm);
  if (!read.ok) return data<ActionData>({ ok: false, message: read.message, form: read.intent === "report" ? "report" : "send" }, { status: 400 });
  const threadId = params.threadId ?? "";
  const form = read.data;
  switch (form.intent) {
    case "report": {
      const done = await reportMessage(context.db, user.id, form.messageId, form.reason);
      if (!done.ok) return data<ActionData>({ ok: false, message: done.message, form: "report" }, { status: done.status });
      return data<ActionData>({ ok: true, message: MESSAGE_TEXTS.reported, form: "report" });
    }
    case "send": {
      const sent = await sendMessage(context.db, user.id, threadId, form.body);
      if (!sent.ok) {
        if (sent.status === 404) throw new Response(sent.message, { status: 404 });
        return data<ActionData>({ ok: false, message: sent.message, form: "send" }, { status: sent.status });
      }
      notify(
        pushTargetOf(context),
        messageNews({
          threadId,
          senderId: user.id,
          recipientId: sent.value.recipientId,
          senderName: sent.value.senderName,
          body: form.body,
          origin: new URL(request.url).origin,
        }),
      );
      return data<ActionData>({ ok: true, message: MESSAGE_TEXTS.sent, form: "send" });
    }
  }
}

export default function MessageThread() {
  const { conversation } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "send";
  // A sent message clears the box, so the next one starts empty.
  useEffect(() => {
    if (result?.ok && result.form === "send") formRef.current?.reset();
  }, [result]);
  const fresh = new Set(conversation.fresh);
  return (
    <div className="mx-auto grid max-w-2xl gap-4 px-4 pb-16 pt-8">
      <Link to="/messages" className="text-sm text-brand underline">
        ← Messages
      </Link>
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold">{conversation.otherName}</h1>
        <p className="text-sm text-muted">
          {conversation.role === "client" ? "Your reader" : "Your client"} ·{" "}
          <Link to={readingPath(conversation.kind, conversation.id)} className="underline">
            {conversation.kind === "written" ? "the written reading" : "the reading"} of <LocalTime at={conversation.openedAt} style="long" />
          </Link>
          {conversation.role === "client" && conversation.readerUsername ? (
            <>
              {" "}
              ·{" "}
              <Link to={`/readers/${conversation.readerUsername}`} className="underline">
                profile
              </Link>
            </>
          ) : null}
        </p>
      </header>

      <ol className="grid gap-3" aria-label="Messages" data-testid="messages">
        {conversation.messages.length === 0 ? <li className="text-sm text-muted">No messages yet: write the first one below.</li> : null}
        {conversation.messages.map((message) => (
          <li
            key={message.id}
            className={cn("grid max-w-[85%] gap-1", message.mine ? "justify-self-end text-right" : "justify-self-start")}
            data-testid="message"
          >
            <p
              className={cn(
                "whitespace-pre-line rounded-2xl px-4 py-2 text-left",
                message.mine ? "bg-brand text-white" : "border border-line bg-surface",
                fresh.has(message.id) && "ring-2 ring-gold",
              )}
            >
              {message.body}
            </p>
            <p className="text-xs text-muted">
              {message.mine ? "You" : conversation.otherName} · <LocalTime at={message.createdAt} style="mediumWithTime" />
              {message.mine && message.readAt ? " · seen" : ""}
            </p>
            {!message.mine ? (
              message.reportedAt ? (
                <p className="text-xs text-muted">Reported</p>
              ) : (
                <details className="text-xs">
                  <summary className="cursor-pointer text-muted underline">Report</summary>
                  <Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="report" />
                    <input type="hidden" name="messageId" value={message.id} />
                    <label className="sr-only" htmlFor={`reason-${message.id}`}>
                      Why are you reporting it?
                    </label>
                    <Select look="inline" narrow id={`reason-${message.id}`} name="reason" defaultValue="contact">
                      {Object.entries(MESSAGE_REPORT_REASONS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </Select>
                    <button type="submit" className={buttonClasses("ghost", "sm")}>
                      Report it
                    </button>
                  </Form>
                </details>
              )
            ) : null}
          </li>
        ))}
      </ol>
      {result?.form === "report" ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-sm" : "text-sm text-danger"}>
          {result.message}
        </p>
      ) : null}

      {conversation.open ? (
        <Form ref={formRef} method="post" className="grid gap-2 rounded-3xl border border-line bg-surface/80 p-4" data-testid="message-form">
          <input type="hidden" name="intent" value="send" />
          <label htmlFor="body" className="font-semibold">
            Write to {conversation.otherName}
          </label>
          <Textarea id="body" name="body" required maxLength={MESSAGE_MAX} rows={3} aria-describedby="message-help" />
          <p id="message-help" className="text-xs text-muted">
            Text only. Keep contact details, links and payments on Arcanum: they keep you both safe. Open until{" "}
            <LocalTime at={conversation.closesAt} style="long" />.
          </p>
          <button type="submit" className={`${buttonClasses("primary")} justify-self-start`} disabled={sending}>
            Send
          </button>
          {result?.form === "send" ? (
            <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-sm" : "text-sm text-danger"} data-testid="message-said">
              {result.message}
            </p>
          ) : null}
        </Form>
      ) : (
        <p className="rounded-2xl bg-surface p-4 text-sm text-muted" data-testid="conversation-closed">
          {conversation.blocked ? MESSAGE_TEXTS.unavailable : MESSAGE_TEXTS.closed}
        </p>
      )}
    </div>
  );
}
