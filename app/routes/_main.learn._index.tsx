import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { buttonClasses } from "~/components/ui/button";
import { LEARN_PAGE, learnPageFrom, learnPageValues } from "~/learn/flashcards.server";
import { LearningStreak } from "~/learn/learning-streak";
import { LearnReminder } from "~/learn/learn-reminder";
import { learningStreak, reminderText } from "~/learn/streak.server";
import { CLASSIC, deckParam, NEW_PER_DAY, reviewPath, SCOPE_LABELS, scopeParam, SCOPES } from "~/learn/rules";
import { CLASSIC_CHOICE } from "~/reading-room/deck-art.server";
import type { PageHandle } from "~/lib/page-handle";
import { cardCount } from "~/lib/format";
import { cn } from "~/lib/cn";

/**
 * One round trip of three statements: the session's check, the person's decks, and one row with
 * what the chosen deck's counts come from, their learning days and reminder (decision 0123).
 * Without a deck in the address, the newest deck of their own is chosen in the same statement. The
 * page shows its data and nothing else (counts, not "due in 3 minutes"), so a render is reused
 * while the data is the same (decision 0047).
 */
export const handle: PageHandle = { roundTrips: 1, renderMemo: true };

export const meta: MetaFunction = () => [
  { title: "Learn the cards — Arcanum" },
  { name: "description", content: "Flashcards with your own tarot deck: each card comes back just before you would forget it." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const scope = scopeParam.parse(url.searchParams.get("scope") ?? undefined);
  const asked = url.searchParams.get("deck");
  const named = asked === null ? null : deckParam.safeParse(asked);
  if (named && !named.success) throw new Response("Deck not found", { status: 404 });
  const now = Date.now();
  const values = learnPageValues(named ? (named.data === CLASSIC ? null : named.data) : undefined, now);
  const [, rows] = await Promise.all([requireUser(request, context), context.read(LEARN_PAGE, values)]);
  const { decks, study } = learnPageFrom(rows, scope, now, context.timeZone);
  if (!study) throw new Response("Deck not found", { status: 404 });
  const { counts } = study;
  return {
    decks,
    classic: { title: CLASSIC_CHOICE.title, coverUrl: CLASSIC_CHOICE.coverUrl, cards: CLASSIC_CHOICE.cards },
    chosen: { id: study.deckId, title: study.title },
    scope,
    counts: { due: counts.dueToday, new: counts.newToday, unseen: counts.unseen, now: counts.now },
    review: reviewPath(study.deckId, scope),
    streak: learningStreak(study.days, study.day.timeZone, now),
    // The reminder is offered once the person has learnt something (decision 0112).
    reminder: study.days.length > 0 || study.met > 0 ? { time: reminderText(study.reminder) } : null,
  };
}

function DeckOption({ value, title, detail, coverUrl, checked }: { value: string; title: string; detail: string; coverUrl: string | null; checked: boolean }) {
  return (
    <label
      className={cn(
        "flex min-w-0 cursor-pointer items-center gap-3 rounded-2xl border p-2 pr-3 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand",
        checked ? "border-brand bg-brand-soft" : "border-line bg-surface hover:bg-surface-2",
      )}
    >
      <input type="radio" name="deck" value={value} defaultChecked={checked} className="sr-only" />
      {coverUrl ? (
        <img src={coverUrl} alt="" width={45} height={60} loading="lazy" className="aspect-[3/4] w-11 shrink-0 rounded-md object-cover" />
      ) : (
        <span aria-hidden="true" className="aspect-[3/4] w-11 shrink-0 rounded-md bg-surface-2" />
      )}
      <span className="grid min-w-0">
        <span className="truncate font-semibold">{title}</span>
        <span className="text-sm text-muted">{detail}</span>
      </span>
    </label>
  );
}

export default function Learn() {
  const { decks, classic, chosen, scope, counts, review, streak, reminder } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const scopeTitle = SCOPE_LABELS[scope].title;
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 pb-16 pt-10 sm:px-6">
      <header className="grid gap-3">
        <h1 className="text-4xl font-bold">Learn the cards</h1>
        <p className="text-muted">
          Flashcards with a deck of your own: look at a card, recall its name and meaning, then say how well you knew it. Each card comes back just before you
          would forget it.
        </p>
      </header>
      <section aria-labelledby="today-heading" className="grid gap-4 rounded-3xl border border-line bg-surface/80 p-5" data-testid="learn-today">
        <h2 id="today-heading" className="text-xl font-semibold">
          {chosen.title} <span className="font-normal text-muted">· {scopeTitle}</span>
        </h2>
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-2xl bg-surface-2 p-3">
            <dt className="text-sm text-muted">Due today</dt>
            <dd className="text-3xl font-bold" data-testid="due-count">
              {counts.due}
            </dd>
          </div>
          <div className="rounded-2xl bg-surface-2 p-3">
            <dt className="text-sm text-muted">New</dt>
            <dd className="text-3xl font-bold" data-testid="new-count">
              {counts.new}
            </dd>
          </div>
        </dl>
        {counts.now ? (
          <Link to={review} className={cn(buttonClasses("primary", "lg"), "justify-self-start")}>
            Review
          </Link>
        ) : (
          <p className="text-sm">
            Nothing to review right now.{" "}
            <Link to={review} className="text-brand underline">
              See when the next card is due
            </Link>
          </p>
        )}
        <p className="text-sm">
          <Link to={`/learn/quiz?deck=${chosen.id ?? CLASSIC}`} className="text-brand underline" data-testid="learn-quiz-link">
            Quiz yourself
          </Link>{" "}
          on names, meanings and spreads: the cards you miss come back here. Or follow the{" "}
          <Link to="/learn/lessons" className="text-brand underline" data-testid="learn-lessons-link">
            lessons
          </Link>
          , from the basics to the spreads.
        </p>
        <p className="text-xs text-muted">
          Up to {NEW_PER_DAY} new cards a day for each deck.{counts.unseen > 0 ? ` ${cardCount(counts.unseen)} more wait for the days ahead.` : ""}
        </p>
      </section>
      <LearningStreak days={streak} link={false} />
      {reminder ? <LearnReminder time={reminder.time} /> : null}
      <Form method="get" className="grid gap-6" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}>
        <fieldset className="grid gap-3">
          <legend className="mb-3 text-lg font-semibold">Learn with</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {decks.map((deck) => (
              <DeckOption
                key={deck.id}
                value={deck.id}
                title={deck.title}
                detail={`${deck.own ? "Yours" : "Bought"} · ${cardCount(deck.cards)}`}
                coverUrl={deck.coverUrl}
                checked={chosen.id === deck.id}
              />
            ))}
            <DeckOption
              value={CLASSIC}
              title={classic.title}
              detail={`Everyone's · ${cardCount(classic.cards)}`}
              coverUrl={classic.coverUrl}
              checked={chosen.id === null}
            />
          </div>
          {decks.length === 0 ? (
            <p className="text-sm text-muted">
              Your own decks appear here once they are painted.{" "}
              <Link to="/create-deck" className="text-brand underline">
                Create a deck
              </Link>
            </p>
          ) : null}
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-3 text-lg font-semibold">Cards</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {SCOPES.map((one) => (
              <label
                key={one}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-2xl border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand",
                  one === scope ? "border-brand bg-brand-soft" : "border-line bg-surface hover:bg-surface-2",
                )}
              >
                <input type="radio" name="scope" value={one} defaultChecked={one === scope} className="accent-current" />
                <span className="grid">
                  <span className="font-semibold">{SCOPE_LABELS[one].title}</span>
                  <span className="text-sm text-muted">{SCOPE_LABELS[one].detail}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={cn(buttonClasses("secondary"), "justify-self-start")}>
          Show today's cards
        </button>
      </Form>
    </div>
  );
}
