import { data, redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { tellAccountChanged } from "~/auth/account-channel.server";
import { requireUser } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import { acceptRequest, closeRequest, getRequest } from "~/paid-readings/requests.server";
import { blockFromRequest } from "~/paid-readings/blocks.server";
import { BlockClient } from "~/paid-readings/incoming-requests";
import { PAID_READING_MESSAGES, READING_MODE_LABELS, paidRoomPath } from "~/paid-readings/rules";
import { openRoom } from "~/reading-room/room.server";
import type { PageHandle } from "~/lib/page-handle";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { z } from "zod";

/** Round trips: accepting a request opens the paid reading's room and tells both people's tabs. */
export const handle: PageHandle = { actionRoundTrips: 7 };

export const meta: MetaFunction = () => [{ title: "Your reading request — Arcanum" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const found = await getRequest(context.db, user.id, params.requestId ?? "");
  if (!found) throw new Response("Request not found", { status: 404 });
  if (found.status === "accepted" && found.paidReadingId) throw redirectDocument(paidRoomPath(found.paidReadingId, found.mode));
  return { request: found, now: Date.now() };
}

/** The request's buttons: the reader accepts, declines or blocks the client; the client cancels. */
const requestForm = lazySchema(() => z.object({ intent: z.enum(["accept", "block", "decline", "cancel"]) }));

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, requestForm);
  if (!read.ok) return data({ error: "Unknown action." }, { status: 400 });
  const { intent } = read.data;
  const id = params.requestId ?? "";
  const env = context.cloudflare.env;
  if (intent === "accept") {
    if (!user.isReader) return data({ error: PAID_READING_MESSAGES.readerOnly }, { status: 403 });
    const accepted = await acceptRequest(context.db, user, id);
    if (!accepted.ok) return data({ error: accepted.message }, { status: accepted.status });
    await Promise.all([openRoom(env, accepted.value.paidReadingId), tellAccountChanged(env, accepted.value.clientId, "reading")]);
    throw redirectDocument(paidRoomPath(accepted.value.paidReadingId, accepted.value.mode));
  }
  if (intent === "block") {
    if (!user.isReader) return data({ error: PAID_READING_MESSAGES.readerOnly }, { status: 403 });
    const blocked = await blockFromRequest(context.db, user.id, id);
    if (!blocked.ok) return data({ error: blocked.message }, { status: blocked.status });
    await tellAccountChanged(env, blocked.value.clientId, "reading");
    // The dashboard lists the client among those blocked, with the way to unblock them.
    return redirect("/reader-dashboard");
  }
  const closed = await closeRequest(context.db, user, id, intent);
  if (!closed.ok) return data({ error: closed.message }, { status: closed.status });
  await tellAccountChanged(env, closed.value.otherId, "reading");
  return intent === "decline" ? redirect("/reader-dashboard") : { error: null };
}

/** Seconds left before the request lapses, counted down on screen; the page looks again when it reaches zero. */
function useSecondsLeft(expiresAt: number, serverNow: number) {
  const [offset] = useState(() => Date.now() - serverNow);
  const [now, setNow] = useState(serverNow);
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() - offset), 500);
    return () => clearInterval(timer);
  }, [offset]);
  const left = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  useEffect(() => {
    if (left === 0 && revalidator.state === "idle") revalidator.revalidate();
    // Only the moment it reaches zero matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left === 0]);
  return left;
}

const ENDED: Record<string, { title: string; text: (name: string) => string }> = {
  declined: {
    title: "The reader declined",
    text: (name) => `${name} cannot take your reading right now. Nothing was charged. Try another reader, or ask again later.`,
  },
  lapsed: { title: "No answer in time", text: (name) => `${name} did not answer in time. Nothing was charged. Try another reader, or ask again later.` },
  cancelled: { title: "Request cancelled", text: () => "You cancelled this request. Nothing was charged." },
};

export default function ReadingRequest() {
  const { request, now } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const left = useSecondsLeft(request.expiresAt, now);
  const ended = ENDED[request.status];
  const choice = useSearchParams()[0].get("choice");
  return (
    <div className="px-4 pb-16">
      {/* Without JavaScript the page looks again every few seconds while it waits. */}
      {request.status === "pending" ? (
        <noscript>
          <meta httpEquiv="refresh" content="5" />
        </noscript>
      ) : null}
      <PageHeader
        eyebrow="Paid reading"
        title={ended ? ended.title : request.isClient ? `Waiting for ${request.readerName}` : `${request.clientName} asks for a reading`}
      />
      <Panel>
        <div data-testid="request-status" data-status={request.status}>
          {ended ? (
            <>
              <p>{ended.text(request.readerName)}</p>
              <div className="mt-5 flex flex-wrap gap-3">
                <Link to="/readers" className={buttonClasses("primary")}>
                  See who is online
                </Link>
                {request.readerUsername ? (
                  <Link to={`/readers/${request.readerUsername}`} className={buttonClasses("secondary")}>
                    Back to {request.readerName}
                  </Link>
                ) : null}
              </div>
            </>
          ) : (
            <>
              <p className="text-lg">
                {READING_MODE_LABELS[request.mode]} · {formatMoney(request.pricePerMinuteCents)} a minute
                {request.freeMinutes > 0 ? `, the first ${request.freeMinutes} free` : ""}
              </p>
              {request.question ? <p className="mt-2 text-muted">“{request.question}”</p> : null}
              <p className="mt-4" aria-live="polite">
                {request.isClient ? `${request.readerName} has ` : "You have "}
                <span className="font-semibold tabular-nums" data-testid="request-countdown">
                  {left} seconds
                </span>{" "}
                to answer.
                {request.isClient ? " This page opens the reading room as soon as they accept." : ""}
              </p>
              {result?.error ? (
                <p role="alert" className="mt-3 font-semibold text-danger">
                  {result.error}
                </p>
              ) : null}
              <Form method="post" className="mt-5 flex flex-wrap gap-3">
                {request.isClient ? (
                  <button type="submit" name="intent" value="cancel" className={buttonClasses("secondary")}>
                    Cancel the request
                  </button>
                ) : (
                  <>
                    {/* A notification's Accept or Decline opens this page with `?choice=`: that button has the focus, one press away. */}
                    {/* eslint-disable-next-line jsx-a11y/no-autofocus -- asked for by the person's own choice in the notification */}
                    <button type="submit" name="intent" value="accept" autoFocus={choice === "accept"} className={buttonClasses("primary")}>
                      Accept and open the room
                    </button>
                    {/* eslint-disable-next-line jsx-a11y/no-autofocus -- as above */}
                    <button type="submit" name="intent" value="decline" autoFocus={choice === "decline"} className={buttonClasses("secondary")}>
                      Decline
                    </button>
                  </>
                )}
              </Form>
            </>
          )}
          {request.isClient ? null : (
            <div className="mt-6 border-t border-line pt-4">
              <p className="text-sm text-muted">
                Block {request.clientName} and they can no longer ask you for a reading, live, booked or written; a request of theirs still waiting is declined.
                You can unblock them on your dashboard.
              </p>
              <BlockClient requestId={request.id} className="mt-3" />
            </div>
          )}
        </div>
      </Panel>
    </div>
  );
}
