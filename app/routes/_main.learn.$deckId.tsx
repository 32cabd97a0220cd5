import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { dateTimeFormat } from "~/lib/format";
import { useEffect } from "react";
import { requireUser } from "~/auth/guard.server";
import { buttonClasses } from "~/components/ui/button";
import { CardMeaningText } from "~/decks/card-meaning";
import { gradeCard, sessionOf, studyDeck } from "~/learn/flashcards.server";
import { CLASSIC, deckParam, dueIn, dueShort, GRADE_LABELS, gradeForm, GRADES, reviewPath, SCOPE_LABELS, scopeParam } from "~/learn/rules";
import { keepPageWhenKept, sendOrKeep } from "~/outbox/client-action";
import { requireSender, waitingFormFor } from "~/outbox/outbox.server";
import { answerWith, keyOf } from "~/outbox/submission-keys.server";
import { WaitingFormFields } from "~/outbox/waiting-form";
import type { PageHandle } from "~/lib/page-handle";
import { cn } from "~/lib/cn";
import { formFields, readForm } from "~/lib/read-form.server";

/**
 * Round trips: the person, then the deck, its cards and their standing with them in one batch.
 * A grade: the person, the card's standing beside the deck's check, then one batch (a repeat reads the first one's outcome).
 */
export const handle: PageHandle = { roundTrips: 2, actionRoundTrips: 4 };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Learn: ${data.deck.title} — Arcanum` : "Learn — Arcanum" }];

function deckOf(param: string | undefined): string | null {
  const parsed = deckParam.safeParse(param ?? "");
  if (!parsed.success) throw new Response("Deck not found", { status: 404 });
  return parsed.data === CLASSIC ? null : parsed.data;
}

/** "Tuesday 2 December at 09:10", in the person's time zone. */
function whenText(at: number, timeZone: string): string {
  return dateTimeFormat("en-GB", { timeZone, weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" }).format(at);
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const deckId = deckOf(params.deckId);
  const scope = scopeParam.parse(new URL(request.url).searchParams.get("scope") ?? undefined);
  const now = Date.now();
  const [study, waiting] = await Promise.all([studyDeck(context.db, user.id, deckId, now, context.timeZone), waitingFormFor(user.id)]);
  if (!study) throw new Response("Deck not found", { status: 404 });
  const session = sessionOf(study, scope, now);
  const next = session.next && {
    ...session.next,
    hints: Object.fromEntries(GRADES.map((grade) => [grade, dueShort(session.next!.previews[grade], now)])) as Record<(typeof GRADES)[number], string>,
  };
  const later = session.nextDueAt;
  return {
    deck: { id: deckId, title: study.title },
    scope,
    counts: { due: session.dueToday, new: session.newToday },
    next,
    later:
      later === null
        ? null
        : { laterToday: later < study.day.end, newCards: session.nextIsNew, inWords: dueIn(later, now), at: whenText(later, study.day.timeZone) },
    waiting,
  };
}

/** A grade sent over a connection that fails on the way waits in the outbox (decision 0060). */
export const clientAction = sendOrKeep;
export const shouldRevalidate = keepPageWhenKept;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireSender(request, context);
  const deckId = deckOf(params.deckId);
  const scope = scopeParam.parse(new URL(request.url).searchParams.get("scope") ?? undefined);
  const parsed = await readForm(request, gradeForm);
  const key = keyOf(formFields(parsed.formData));
  if (!key.ok) return data({ ok: false, message: key.message }, { status: 400 });
  if (!parsed.ok) return data({ ok: false, message: parsed.message }, { status: 400 });
  const outcome = await gradeCard(
    context.db,
    {
      userId: user.id,
      deckId,
      cardKey: parsed.data.card,
      revision: parsed.data.revision,
      grade: parsed.data.grade,
      key: key.key,
      now: Date.now(),
      timeZone: context.timeZone,
    },
    reviewPath(deckId, scope),
  );
  if (outcome.status === 404) throw new Response("Deck not found", { status: 404 });
  return answerWith<{ ok: boolean; message: string }>(outcome);
}

/** With a keyboard: Space shows the answer, 1 to 4 grade it (Again, Hard, Good, Easy). */
function useReviewKeys() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const answer = document.querySelector<HTMLDetailsElement>("[data-answer]");
      if (!answer) return;
      if (event.key === " " && !answer.open && event.target === document.body) {
        event.preventDefault();
        answer.open = true;
        return;
      }
      const grade = GRADES[Number(event.key) - 1];
      if (answer.open && grade && !(event.target instanceof HTMLInputElement)) answer.querySelector<HTMLButtonElement>(`button[value="${grade}"]`)?.click();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

function Counts({ due, fresh }: { due: number; fresh: number }) {
  return (
    <p className="text-sm text-muted" data-testid="review-counts">
      <strong className="text-ink">{due}</strong> due today · <strong className="text-ink">{fresh}</strong> new
    </p>
  );
}

export default function Review() {
  const { deck, scope, counts, next, later, waiting } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const grading = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const scopeTitle = SCOPE_LABELS[scope].title;
  useReviewKeys();
  return (
    <div className="mx-auto grid max-w-3xl gap-5 px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <div className="grid min-w-0">
          <Link to={`/learn?deck=${deck.id ?? CLASSIC}&scope=${scope}`} className="text-sm text-brand underline">
            ← Learn
          </Link>
          <h1 className="truncate text-2xl font-bold">{deck.title}</h1>
          <p className="text-sm text-muted">{scopeTitle}</p>
        </div>
        <Counts due={counts.due} fresh={counts.new} />
      </header>
      {result && "message" in result && !result.ok ? (
        <p role="status" className="rounded-2xl border border-line bg-surface p-3 text-sm">
          {result.message}
        </p>
      ) : null}
      {next ? (
        // A new card is a new element: the answer of the card before stays folded away.
        <article key={`${next.card.key}:${next.revision}`} className="group grid gap-4" data-testid="flashcard" data-card={next.card.key}>
          <figure className="mx-auto w-full max-w-[17rem]">
            <img
              src={next.card.imageUrl}
              alt="The card's picture: which card is it?"
              width={300}
              height={400}
              className="aspect-[3/4] w-full rounded-2xl border border-line object-cover shadow-lg"
            />
          </figure>
          <p className="-mt-1 text-center text-sm text-muted group-has-[details[open]]:hidden">What does this card mean, upright and reversed?</p>
          <details className="group grid gap-4" data-answer>
            <summary className={cn(buttonClasses("primary", "lg"), "mx-auto flex w-full max-w-[17rem] cursor-pointer list-none group-open:hidden")}>
              Show the answer
              <span className="hidden text-xs font-normal opacity-80 sm:inline">(Space)</span>
            </summary>
            <div className="grid gap-5 rounded-3xl border border-line bg-surface/80 p-5">
              <CardMeaningText
                card={{ key: next.card.key, name: next.card.name, description: next.card.description, descriptionByAi: next.card.descriptionByAi }}
                meaning={next.card.meaning}
                headingId="answer-heading"
              />
              {next.card.deckName ? (
                <p className="-mt-2 text-sm text-muted">
                  In {deck.title} this card is called “{next.card.deckName}”.
                </p>
              ) : null}
            </div>
            {/* The grades stay in reach at the foot of the screen while the answer is read. */}
            <Form
              method="post"
              className="sticky bottom-2 z-10 mt-4 grid gap-2 rounded-3xl border border-line bg-surface/95 p-2 shadow-lg backdrop-blur sm:p-3"
              data-outbox="flashcard-grade"
              data-outbox-account={waiting.account}
              data-outbox-label={`Flashcard: ${next.card.name}`}
            >
              <input type="hidden" name="card" value={next.card.key} />
              <input type="hidden" name="revision" value={next.revision} />
              <p className="text-center text-sm font-semibold" id="grade-question">
                How well did you know it?
                <span className="hidden text-xs font-normal text-muted sm:inline"> (keys 1 to 4)</span>
              </p>
              <div className="grid grid-cols-4 gap-1.5 sm:gap-2" role="group" aria-labelledby="grade-question">
                {GRADES.map((grade) => (
                  <button
                    key={grade}
                    type="submit"
                    name="grade"
                    value={grade}
                    disabled={grading}
                    title={GRADE_LABELS[grade].hint}
                    className={cn(
                      "inline-flex min-w-0 select-none flex-col items-center justify-center rounded-xl border px-1 py-1.5 text-sm font-medium transition disabled:cursor-not-allowed disabled:border-dashed disabled:bg-surface-2 disabled:text-muted",
                      grade === "good"
                        ? "border-transparent bg-brand text-brand-ink shadow-sm not-disabled:hover:brightness-110"
                        : "border-line bg-surface text-ink not-disabled:hover:bg-surface-2",
                    )}
                  >
                    <span>{GRADE_LABELS[grade].label}</span>
                    <span className="whitespace-nowrap text-xs font-normal opacity-80">{next.hints[grade]}</span>
                  </button>
                ))}
              </div>
              <WaitingFormFields submissionKey={waiting.key} kind="flashcard-grade" />
            </Form>
          </details>
        </article>
      ) : (
        <section className="grid gap-3 rounded-3xl border border-line bg-surface/80 p-6 text-center" data-testid="learn-done" aria-labelledby="done-heading">
          <h2 id="done-heading" className="text-2xl font-bold">
            {later?.laterToday ? "Nothing to review right now" : "Done for today"}
          </h2>
          <p>
            {later === null
              ? "There are no cards to learn here yet."
              : later.laterToday
                ? `The next card comes back ${later.inWords}, ${later.at}.`
                : later.newCards
                  ? `You have met today's new cards and reviewed every card due. New cards come ${later.inWords}, at midnight: ${later.at}.`
                  : `You have reviewed every card due today. The next one is due ${later.inWords}: ${later.at}.`}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            {later?.laterToday ? (
              <Link to={reviewPath(deck.id, scope)} className={buttonClasses("primary")}>
                Look again
              </Link>
            ) : null}
            <Link to={`/learn?deck=${deck.id ?? CLASSIC}&scope=${scope}`} className={buttonClasses("secondary")}>
              Back to Learn
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
