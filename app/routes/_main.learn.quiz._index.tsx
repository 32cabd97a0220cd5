import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { buttonClasses } from "~/components/ui/button";
import { learnableDecks } from "~/learn/flashcards.server";
import { attemptPath, QUESTIONS_PER_QUIZ, QUIZ_TOPIC_LABELS, QUIZ_TOPICS, startForm, topicParam } from "~/learn/quiz";
import { recentAttempts, startQuiz } from "~/learn/quiz.server";
import { CLASSIC, deckParam } from "~/learn/rules";
import { newId } from "~/lib/crypto";
import { dateTimeFormat } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { answerWith } from "~/outbox/submission-keys.server";
import { cn } from "~/lib/cn";
import { readForm } from "~/lib/read-form.server";

/**
 * Round trips: the person, then their decks beside their latest attempts.
 * Starting: the person, the deck's cards, then the attempt and its questions in one batch (a repeat reads whose the attempt is).
 */
export const handle: PageHandle = { roundTrips: 2, actionRoundTrips: 4 };

export const meta: MetaFunction = () => [
  { title: "Quiz yourself — Arcanum" },
  {
    name: "description",
    content: "A free tarot quiz with your own deck's pictures: name the card, its meaning upright and reversed, and the positions of a spread.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const asked = deckParam.safeParse(url.searchParams.get("deck") ?? "");
  const topic = topicParam.parse(url.searchParams.get("topic") ?? undefined);
  const [decks, attempts] = await Promise.all([learnableDecks(context.db, user.id), recentAttempts(context.db, user.id)]);
  const named = asked.success ? asked.data : null;
  const chosen = named === CLASSIC ? CLASSIC : (decks.find((deck) => deck.id === named)?.id ?? decks.find((deck) => deck.own)?.id ?? CLASSIC);
  return {
    // Drawn here, posted back: a second press of the button, or a reload of the post, starts nothing new.
    attemptId: newId(),
    decks: decks.map(({ id, title, own, cards }) => ({ id, title, own, cards })),
    chosen,
    topic,
    attempts: attempts.map((attempt) => ({
      ...attempt,
      when: dateTimeFormat("en-GB", { timeZone: context.timeZone, day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(
        attempt.createdAt,
      ),
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, startForm);
  if (!read.ok) return data({ ok: false, message: read.message }, { status: 400 });
  const { attempt, deck, topic, size } = read.data;
  const outcome = await startQuiz(context.db, { userId: user.id, attemptId: attempt, deckId: deck === CLASSIC ? null : deck, topic, size, now: Date.now() });
  if (outcome.status === 404) throw new Response("Deck not found", { status: 404 });
  return answerWith<{ ok: boolean; message: string }>(outcome);
}

function Choice({ name, value, checked, title, detail }: { name: string; value: string; checked: boolean; title: string; detail: string }) {
  return (
    <label
      className={cn(
        "flex min-w-0 cursor-pointer items-center gap-3 rounded-2xl border p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand",
        "border-line bg-surface hover:bg-surface-2",
      )}
    >
      <input type="radio" name={name} value={value} defaultChecked={checked} className="accent-current" />
      <span className="grid min-w-0">
        <span className="truncate font-semibold">{title}</span>
        <span className="text-sm text-muted">{detail}</span>
      </span>
    </label>
  );
}

export default function QuizStart() {
  const { attemptId, decks, chosen, topic, attempts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const starting = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
      <header className="grid gap-3">
        <Link to="/learn" className="text-sm text-brand underline">
          ← Learn
        </Link>
        <h1 className="text-4xl font-bold">Quiz yourself</h1>
        <p className="text-muted">
          {QUESTIONS_PER_QUIZ} questions drawn for you each time: name a card from its picture, its meaning upright and reversed, and what the positions of a
          spread speak to. Free, as often as you like. The cards you miss come back in your flashcards today.
        </p>
      </header>
      {result && !result.ok ? (
        <p role="alert" className="rounded-2xl border border-line bg-surface p-3 text-sm">
          {result.message}
        </p>
      ) : null}
      <Form method="post" className="grid gap-6" data-testid="quiz-start">
        <input type="hidden" name="attempt" value={attemptId} />
        <fieldset className="grid gap-3">
          <legend className="mb-3 text-lg font-semibold">Pictures from</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {decks.map((deck) => (
              <Choice key={deck.id} name="deck" value={deck.id} checked={chosen === deck.id} title={deck.title} detail={deck.own ? "Yours" : "Bought"} />
            ))}
            <Choice name="deck" value={CLASSIC} checked={chosen === CLASSIC} title="Classic deck" detail="Everyone's" />
          </div>
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-3 text-lg font-semibold">About</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {QUIZ_TOPICS.map((one) => (
              <Choice key={one} name="topic" value={one} checked={one === topic} title={QUIZ_TOPIC_LABELS[one].title} detail={QUIZ_TOPIC_LABELS[one].detail} />
            ))}
          </div>
        </fieldset>
        <button type="submit" disabled={starting} className={cn(buttonClasses("primary", "lg"), "justify-self-start")}>
          Start the quiz
        </button>
      </Form>
      {attempts.length > 0 ? (
        <section aria-labelledby="attempts-heading" className="grid gap-3">
          <h2 id="attempts-heading" className="text-lg font-semibold">
            Your quizzes
          </h2>
          <ul className="grid gap-2" data-testid="quiz-attempts">
            {attempts.map((attempt) => (
              <li key={attempt.id}>
                <Link
                  to={attemptPath(attempt.id)}
                  className="flex items-center justify-between gap-3 rounded-2xl border border-line bg-surface px-4 py-3 hover:bg-surface-2"
                >
                  <span className="grid min-w-0">
                    <span className="truncate font-semibold">
                      {QUIZ_TOPIC_LABELS[attempt.topic]?.title ?? "Quiz"} · {attempt.deckTitle}
                    </span>
                    <span className="text-sm text-muted">{attempt.when}</span>
                  </span>
                  <span className="shrink-0 text-sm font-semibold">
                    {attempt.score === null ? "Not finished" : `${attempt.score} / ${attempt.questionCount}`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
