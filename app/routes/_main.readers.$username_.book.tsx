import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { tellAccountChanged } from "~/auth/account-channel.server";
import { requireUser, returnPathOf } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { LevelBadge, OnlineBadge, ReaderAvatar } from "~/readers/reader-cards";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney, formatPerMinute } from "~/lib/format";
import { createRequest, quoteReading } from "~/paid-readings/requests.server";
import { aboutEntry, entryToAskAbout } from "~/paid-readings/second-opinion.server";
import { SharingChoices } from "~/paid-readings/second-opinions";
import { ticked } from "~/paid-readings/written";
import { MINIMUM_PAID_MINUTES, QUESTION_MAX, READING_MODE_CHOICE, READING_MODES } from "~/paid-readings/rules";
import { getPublicReader } from "~/readers/queries.server";
import { useReaderPresence } from "~/readers/use-reader-presence";
import { useOnline } from "~/outbox/use-online";
import type { PageHandle } from "~/lib/page-handle";
import { readingRequestNews } from "~/paid-readings/news.server";
import { notify, pushTargetOf } from "~/push/notify.server";
import { Textarea } from "~/components/ui/field";
import { ModePicker } from "~/paid-readings/mode-picker";
import { readForm } from "~/lib/read-form.server";

/**
 * Round trips: a reading request checks the balance and the reader, writes the request, and tells the
 * reader's tabs; one about a journal entry reads the entry first.
 */
export const handle: PageHandle = { actionRoundTrips: 7 };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Start a reading with ${data.reader.fullName || data.reader.username} — Arcanum` : "Reader not found — Arcanum" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [user, found] = await Promise.all([requireUser(request, context), getPublicReader(context.db, params.username ?? "")]);
  if (!found) throw new Response("Reader not found", { status: 404 });
  // Paid readings need an account: a guest creates one first and comes back here.
  if (user.isGuest) throw redirect(`/signup?redirectTo=${encodeURIComponent(returnPathOf(request))}`);
  // A live second opinion names a journal entry of the person's own (decision 0104).
  const entryId = new URL(request.url).searchParams.get("entry");
  const [quote, about] = await Promise.all([
    quoteReading(context.db, user, params.username ?? ""),
    entryId ? entryToAskAbout(context.db, user.id, entryId) : Promise.resolve(null),
  ]);
  if (about && !about.ok) throw new Response(about.message, { status: about.status });
  const { username, fullName, avatarUrl, levelName, pricePerMinuteCents, online } = found;
  return {
    reader: { username, fullName, avatarUrl, levelName, pricePerMinuteCents, online },
    quote: quote ? { ...quote, readerId: undefined, self: quote.readerId === user.id } : null,
    entry: about?.ok
      ? {
          id: about.value.id,
          spreadName: about.value.spreadName,
          question: about.value.question,
          cards: about.value.cards,
          hasAiInterpretation: Boolean(about.value.interpretation) && about.value.interpretationBy === "ai",
        }
      : null,
  };
}

const requestForm = lazySchema(() =>
  z.object({
    mode: z.enum(READING_MODES, { error: READING_MODE_CHOICE }),
    question: z.string().trim().max(QUESTION_MAX, `Keep the question under ${QUESTION_MAX} characters.`).default(""),
    entryId: z.string().max(64).optional(),
    shareQuestion: ticked,
    shareInterpretation: ticked,
  }),
);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, requestForm);
  if (!read.ok) return data({ error: read.message }, { status: 400 });
  const { entryId, shareQuestion, shareInterpretation, ...asked } = read.data;
  const entry = entryId ? await entryToAskAbout(context.db, user.id, entryId) : null;
  if (entry && !entry.ok) return data({ error: entry.message }, { status: entry.status });
  const about = entry?.ok ? aboutEntry(entry.value, { shareQuestion, shareInterpretation }) : null;
  const made = await createRequest(context.db, user, { username: params.username ?? "", ...asked, about }, context.config.paidReadings.requestTtlMs);
  if (!made.ok) return data({ error: made.message }, { status: made.status });
  await tellAccountChanged(context.cloudflare.env, made.value.readerId, "reading");
  const { id, readerId, pricePerMinuteCents } = made.value;
  notify(
    pushTargetOf(context),
    readingRequestNews({
      requestId: id,
      readerId,
      clientId: user.id,
      clientName: user.fullName || user.username || "A member",
      pricePerMinuteCents,
      mode: read.data.mode,
      ttlMs: context.config.paidReadings.requestTtlMs,
    }),
  );
  throw redirect(`/readings/requests/${made.value.id}`);
}

export default function BookReader() {
  const { reader, quote, entry } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const live = useReaderPresence(reader.online ? [reader.username] : []);
  const online = live.has(reader.username);
  // A reading request needs the reader now: unlike a note, it never waits in the outbox (decision 0060).
  const connected = useOnline();
  const name = reader.fullName || reader.username;
  const back = `/readers/${reader.username}/book`;
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Readers" title="Start a reading" />
      <Panel>
        {/* The name is whole on a phone: the price goes below it when both do not fit on one line. */}
        <div className="flex flex-wrap items-center gap-4">
          <ReaderAvatar name={name} url={reader.avatarUrl} online={online} size={64} />
          <div className="min-w-[11rem] flex-1">
            <p className="break-words text-2xl font-bold" data-testid="reader-name">
              {name}
            </p>
            <p className="text-sm text-muted">@{reader.username}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <LevelBadge levelName={reader.levelName} />
              <OnlineBadge online={online} />
            </div>
          </div>
          <p className="shrink-0 font-display text-2xl font-bold text-gold sm:ml-auto">{formatPerMinute(reader.pricePerMinuteCents)}</p>
        </div>
        {!quote ? (
          <p className="mt-8 text-muted">{name} has not set a price yet, so readings with them cannot be booked.</p>
        ) : quote.self ? (
          <p className="mt-8 text-muted">This is you. Clients see this page when they book you.</p>
        ) : (
          <>
            <dl className="mt-8 grid gap-3 sm:grid-cols-3" data-testid="booking-quote">
              <div className="rounded-2xl border border-line p-4">
                <dt className="text-xs uppercase tracking-wide text-muted">Free minutes</dt>
                <dd className="mt-1 text-xl font-bold">{quote.freeMinutes > 0 ? `First ${quote.freeMinutes} free` : "None"}</dd>
                <dd className="text-xs text-muted">{quote.freeMinutes > 0 ? `Your first reading with ${name}` : "For a first reading with a reader"}</dd>
              </div>
              <div className="rounded-2xl border border-line p-4">
                <dt className="text-xs uppercase tracking-wide text-muted">Your balance</dt>
                <dd className="mt-1 text-xl font-bold" data-testid="booking-balance">
                  {formatMoney(quote.balanceCents)}
                </dd>
                <dd className="text-xs text-muted">
                  <Link to={`/balance?returnTo=${encodeURIComponent(back)}`} className="underline">
                    Top up
                  </Link>
                </dd>
              </div>
              <div className="rounded-2xl border border-line p-4">
                <dt className="text-xs uppercase tracking-wide text-muted">It covers</dt>
                <dd className="mt-1 text-xl font-bold" data-testid="booking-minutes">
                  {quote.minutesCovered} minutes
                </dd>
                <dd className="text-xs text-muted">Billed by the started minute</dd>
              </div>
            </dl>
            {!quote.enough ? (
              <div className="mt-6 rounded-2xl bg-gold/15 p-4" role="status">
                <p className="font-semibold">Top up to book {name}</p>
                <p className="mt-1 text-sm">
                  A reading needs a balance for at least {MINIMUM_PAID_MINUTES} paid minutes: {formatMoney(quote.minimumCents)} at this price.
                </p>
                <Link to={`/balance?returnTo=${encodeURIComponent(back)}`} className={`${buttonClasses("primary")} mt-3`}>
                  Top up your balance
                </Link>
              </div>
            ) : null}
            <Form method="post" className="mt-6 space-y-4">
              {entry ? (
                <fieldset className="rounded-2xl border border-line p-4 text-sm" data-testid="booking-about">
                  <legend className="px-1 font-semibold">About your reading</legend>
                  <p>
                    {`${entry.spreadName}: `}
                    {entry.cards.map((card) => `${card.name}${card.reversed ? " (reversed)" : ""}`).join(", ")}
                  </p>
                  <p className="mt-1 text-muted">{`These cards are on the table, face up, when ${name} joins. Your notes stay yours.`}</p>
                  <input type="hidden" name="entryId" value={entry.id} />
                  <SharingChoices entry={entry} />
                </fieldset>
              ) : null}
              <ModePicker />
              <label className="block">
                <span className="font-semibold">Your question (optional)</span>
                <Textarea name="question" maxLength={QUESTION_MAX} rows={2} placeholder="What would you like the cards to look at?" />
              </label>
              {result?.error ? (
                <p role="alert" className="font-semibold text-danger" data-testid="booking-error">
                  {result.error}
                </p>
              ) : null}
              <div className="flex flex-wrap items-center gap-3">
                <button
                  type="submit"
                  className={buttonClasses("primary")}
                  disabled={!connected || !quote.enough || !online || quote.readerBusy || navigation.state !== "idle"}
                  aria-describedby={connected ? undefined : "booking-offline"}
                >
                  Ask {name} for a reading
                </button>
                {!connected ? (
                  <span id="booking-offline" role="alert" className="text-sm font-semibold" data-testid="booking-offline">
                    You are offline. A reading request needs {name} now, so it cannot wait to be sent: try again when you are connected.
                  </span>
                ) : !online ? (
                  <span className="text-sm text-muted">{name} is offline right now.</span>
                ) : quote.readerBusy ? (
                  <span className="text-sm text-muted" data-testid="reader-busy">
                    {name} is in a reading right now. Ask again when it ends.
                  </span>
                ) : null}
              </div>
              <p className="text-sm text-muted">
                {name} has a moment to accept. You pay nothing until you are both in the room, and you can end the reading at any time. Not what you hoped for?
                The{" "}
                <Link to="/guarantee" className="underline">
                  satisfaction guarantee
                </Link>{" "}
                covers it.
              </p>
            </Form>
          </>
        )}
        <Link to={`/readers/${reader.username}`} className="mt-6 inline-block text-sm underline">
          Back to {name}’s profile
        </Link>
      </Panel>
    </div>
  );
}
