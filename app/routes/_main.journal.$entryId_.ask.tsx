import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser, returnPathOf } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { ReaderAvatar } from "~/readers/reader-cards";
import { buttonClasses } from "~/components/ui/button";
import { Textarea } from "~/components/ui/field";
import { newId } from "~/lib/crypto";
import { formatMoney, formatPerMinute } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { noticeTargetOf } from "~/mail/notices.server";
import { askSecondOpinion, entryToAskAbout, readersFor, secondOpinionOffers } from "~/paid-readings/second-opinion.server";
import { availableBalanceOf } from "~/paid-readings/wallet.server";
import { secondOpinionForm, WRITTEN_QUESTION_MAX, WRITTEN_QUESTION_MIN } from "~/paid-readings/written";
import { tellAsked } from "~/paid-readings/written.server";
import { SharingChoices } from "~/paid-readings/second-opinions";
import { browseReaders } from "~/readers/queries.server";
import { readForm } from "~/lib/read-form.server";

/**
 * Round trips: the person, then the entry, the readers' offers and the balance at once. Asking: the
 * person, the entry beside the offer, one batch, then the facts for the reader's e-mail and the e-mail.
 */
export const handle: PageHandle = { roundTrips: 2, actionRoundTrips: 5 };

export const meta: MetaFunction = () => [{ title: "Ask a reader about this reading — Arcanum" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // A paid reading needs an account: a guest creates one first and comes back here.
  if (user.isGuest) throw redirect(`/signup?redirectTo=${encodeURIComponent(returnPathOf(request))}`);
  const entryId = params.entryId ?? "";
  const [entry, balanceCents, offers, online] = await Promise.all([
    entryToAskAbout(context.db, user.id, entryId),
    availableBalanceOf(context.db, user.id),
    secondOpinionOffers(context.db, user.id),
    browseReaders(context.db, { online: true, sort: "recommended", page: 1 }),
  ]);
  if (!entry.ok) throw new Response(entry.message, { status: entry.status });
  const readers = readersFor(offers, entry.value.cards.length);
  // Readers who can take a live reading now: online, with a price, and not the person themselves.
  const liveReaders = online.readers
    .filter((reader) => reader.pricePerMinuteCents !== null && reader.username !== user.username)
    .slice(0, 5)
    .map(({ username, fullName, avatarUrl, levelName, pricePerMinuteCents, rating, ratingCount }) => ({
      username,
      name: fullName || username,
      avatarUrl,
      levelName,
      pricePerMinuteCents: pricePerMinuteCents!,
      rating,
      ratingCount,
    }));
  const { id, question, spreadName, cards, interpretation, interpretationBy } = entry.value;
  return {
    entry: { id, question, spreadName, cards, hasAiInterpretation: Boolean(interpretation) && interpretationBy === "ai" },
    readers,
    liveReaders,
    balanceCents,
    chosen: new URL(request.url).searchParams.get("reader"),
    // One key per drawing of the form: sending it twice makes one request.
    formKey: newId(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, secondOpinionForm);
  if (!read.ok) return data({ error: read.message }, { status: 400 });
  const asked = await askSecondOpinion(context.db, user, params.entryId ?? "", read.data);
  if (!asked.ok) return data({ error: asked.message }, { status: asked.status });
  if (asked.value.created) await tellAsked(noticeTargetOf(context), asked.value.id, new URL(request.url).origin);
  throw redirect(`/written/${asked.value.id}`);
}

export default function AskAboutReading() {
  const { entry, readers, liveReaders, balanceCents, chosen, formKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const back = `/journal/${entry.id}`;
  const cheapest = readers[0]?.priceCents ?? 0;
  const count = entry.cards.length;
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Your reading" title="Ask a reader about it">
        A certified reader reads the same cards you drew and writes you their answer. It appears on this reading in your journal.
      </PageHeader>
      <Panel>
        <section aria-label="The reading" className="rounded-2xl border border-line p-4 text-sm" data-testid="ask-reading">
          <p className="font-semibold">{entry.spreadName}</p>
          {entry.question ? <p className="mt-1 italic">“{entry.question}”</p> : null}
          <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-muted">
            {entry.cards.map((card) => (
              <li key={`${card.position}-${card.key}`}>
                {card.positionName}: <span className="text-ink">{card.name}</span>
                {card.reversed ? " (reversed)" : ""}
              </li>
            ))}
          </ul>
        </section>
        {readers.length === 0 ? (
          <p className="mt-8" data-testid="no-readers">
            {`No reader offers a written reading of ${count} ${count === 1 ? "card" : "cards"} or more right now.`}{" "}
            <Link to="/readers" className="underline">
              Find a reader for a live reading
            </Link>
          </p>
        ) : (
          <Form method="post" className="mt-6 space-y-5">
            <input type="hidden" name="key" value={formKey} />
            <fieldset>
              <legend className="font-semibold">Choose a reader</legend>
              <p className="text-sm text-muted">Each reader’s price is their written reading for as many cards as yours, or more.</p>
              <div className="mt-2 grid gap-2">
                {readers.map((reader, i) => (
                  <label
                    key={reader.offerId}
                    className="flex cursor-pointer items-center gap-3 rounded-2xl border border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-brand/5 sm:p-4"
                  >
                    <input type="radio" name="offerId" value={reader.offerId} defaultChecked={chosen ? chosen === reader.username : i === 0} />
                    <ReaderAvatar name={reader.name} url={reader.avatarUrl} online={false} size={40} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold">{reader.name}</span>
                      <span className="block text-sm text-muted">
                        {[
                          reader.levelName,
                          reader.rating !== null ? `★ ${reader.rating.toFixed(1)} (${reader.ratingCount})` : null,
                          `within ${reader.answerHours} hours`,
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    </span>
                    <span className="shrink-0 font-display text-xl font-bold text-gold">{formatMoney(reader.priceCents)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="block">
              <span className="font-semibold">What would you like the reader to look at?</span>
              <Textarea
                name="question"
                required
                minLength={WRITTEN_QUESTION_MIN}
                maxLength={WRITTEN_QUESTION_MAX}
                rows={4}
                placeholder="The card that puzzles you, what you make of it so far, where you stand."
              />
            </label>
            <fieldset className="space-y-2 text-sm">
              <legend className="font-semibold">What the reader sees</legend>
              <p className="text-muted">The spread and the cards, always. Your notes, never.</p>
              <SharingChoices entry={entry} />
            </fieldset>
            <p className="text-sm" data-testid="written-balance">
              Your balance available: <strong>{formatMoney(balanceCents)}</strong> ·{" "}
              <Link to={`/balance?returnTo=${encodeURIComponent(`${back}/ask`)}`} className="underline">
                Top up
              </Link>
            </p>
            {balanceCents < cheapest ? (
              <p className="rounded-2xl bg-gold/15 p-4 text-sm" role="status">
                Your balance does not cover these readings yet: top up first.
              </p>
            ) : null}
            {result?.error ? (
              <p role="alert" className="font-semibold text-danger" data-testid="written-error">
                {result.error}
              </p>
            ) : null}
            <button type="submit" className={buttonClasses("primary")} disabled={navigation.state !== "idle"}>
              Pay and ask
            </button>
            <p className="text-sm text-muted">
              The price leaves your balance now. If the reader does not answer in time, it comes back to your balance automatically.
            </p>
          </Form>
        )}
        <section className="mt-10 border-t border-line pt-6" aria-labelledby="live-title" data-testid="ask-live">
          <h2 id="live-title" className="font-semibold">
            Or talk it through live
          </h2>
          <p className="text-sm text-muted">
            A reader online now joins you at a table with these cards already laid, face up. Billed by the minute, after any free minutes.
          </p>
          {liveReaders.length === 0 ? (
            <p className="mt-3 text-sm">
              No reader is online right now.{" "}
              <Link to="/readers" className="underline">
                See all readers
              </Link>
            </p>
          ) : (
            <ul className="mt-3 grid gap-2">
              {liveReaders.map((reader) => (
                <li key={reader.username} className="flex items-center gap-3 rounded-2xl border border-line p-3">
                  <ReaderAvatar name={reader.name} url={reader.avatarUrl} online size={40} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">{reader.name}</span>
                    <span className="block text-sm text-muted">
                      {[
                        reader.levelName,
                        reader.rating !== null ? `★ ${reader.rating.toFixed(1)} (${reader.ratingCount})` : null,
                        formatPerMinute(reader.pricePerMinuteCents),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </span>
                  <Link
                    to={`/readers/${reader.username}/book?entry=${entry.id}`}
                    className={`${buttonClasses("secondary", "sm")} shrink-0`}
                    data-testid="ask-live-link"
                  >
                    Ask live
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <Link to={back} className="mt-6 inline-block text-sm underline">
          Back to your reading
        </Link>
      </Panel>
    </div>
  );
}
