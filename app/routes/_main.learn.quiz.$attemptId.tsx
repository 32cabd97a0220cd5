import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { buttonClasses } from "~/components/ui/button";
import { answerField, answerValue, attemptParam, QUIZ_TOPIC_LABELS } from "~/learn/quiz";
import { answerQuiz, readAttempt, type ShownQuestion } from "~/learn/quiz.server";
import { CLASSIC, reviewPath } from "~/learn/rules";
import type { PageHandle } from "~/lib/page-handle";
import { answerWith } from "~/outbox/submission-keys.server";
import { cn } from "~/lib/cn";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { z } from "zod";

const QUESTIONS_READ = 50;

/** The quiz's answers as sent: an answer that is no choice's value reads as no answer, and the quiz then says which are missing. */
const answersForm = lazySchema(() =>
  z.object(Object.fromEntries(Array.from({ length: QUESTIONS_READ }, (_, position) => [answerField(position), answerValue.optional().catch(undefined)]))),
);

/**
 * Round trips: the person, then the attempt, its questions and its deck's pictures in one batch.
 * Answering: the person, the attempt and its questions, then the score, the answers and the missed cards in one batch.
 */
export const handle: PageHandle = { roundTrips: 2, actionRoundTrips: 3 };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.attempt.answeredAt ? "Your quiz result — Arcanum" : "Quiz yourself — Arcanum" },
  { name: "robots", content: "noindex" },
];

function attemptOf(param: string | undefined): string {
  const parsed = attemptParam.safeParse(param ?? "");
  if (!parsed.success) throw new Response("Quiz not found", { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const attempt = await readAttempt(context.db, user.id, attemptOf(params.attemptId));
  if (!attempt) throw new Response("Quiz not found", { status: 404 });
  return { attempt };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const attemptId = attemptOf(params.attemptId);
  const read = await readForm(request, answersForm);
  const answers: Record<number, string | undefined> = {};
  const chosen: Record<string, string> = {};
  for (let position = 0; position < QUESTIONS_READ; position++) {
    const answer = read.ok ? read.data[answerField(position)] : undefined;
    if (answer !== undefined) {
      answers[position] = answer;
      chosen[answerField(position)] = answer;
    }
  }
  const outcome = await answerQuiz(context.db, { userId: user.id, attemptId, answers, now: Date.now() });
  if (outcome.status === 404) throw new Response("Quiz not found", { status: 404 });
  if (outcome.status >= 400) return data({ ok: false, message: String(outcome.body.message), chosen }, { status: outcome.status });
  return answerWith<{ ok: boolean; message: string; chosen: Record<string, string> }>(outcome);
}

function Picture({ url }: { url: string | null }) {
  if (!url) return <p className="text-sm text-muted">The picture of this card is no longer yours to see.</p>;
  // The painting alone: the frame's name along the foot and the numeral at the head are cut off, so the picture is what is named.
  return (
    <div className="aspect-[3/2.9] w-40 overflow-hidden rounded-xl border border-line shadow sm:w-48">
      <img
        src={url}
        alt="The card's picture, without its name: which card is it?"
        width={300}
        height={400}
        loading="lazy"
        className="-mt-[16%] w-full max-w-none"
      />
    </div>
  );
}

function Question({ question, chosen }: { question: ShownQuestion; chosen: string | undefined }) {
  const name = answerField(question.position);
  return (
    <fieldset className="grid scroll-mt-20 gap-3 rounded-3xl border border-line bg-surface/80 p-4 sm:p-5" data-testid="quiz-question" data-kind={question.kind}>
      <legend className="float-left mb-1 w-full font-semibold">
        <span className="text-muted">{question.position + 1}.</span> {question.prompt}
      </legend>
      {question.kind === "picture" ? <Picture url={question.imageUrl} /> : null}
      <div className="grid gap-2">
        {question.choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-start gap-3 rounded-2xl border border-line bg-surface p-3 hover:bg-surface-2 has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand"
          >
            <input type="radio" name={name} value={choice.value} required defaultChecked={chosen === choice.value} className="mt-1 accent-current" />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Outcome({ question }: { question: ShownQuestion }) {
  const result = question.result!;
  const label = (value: string | null) => question.choices.find((choice) => choice.value === value)?.label ?? "No answer";
  return (
    <li
      className={cn("grid gap-2 rounded-3xl border p-4 sm:p-5", result.right ? "border-line bg-surface/80" : "border-brand/60 bg-brand-soft/40")}
      data-testid="quiz-outcome"
      data-right={result.right ? "yes" : "no"}
    >
      <p className="font-semibold">
        <span aria-hidden="true" className={result.right ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400"}>
          {result.right ? "✓" : "✗"}
        </span>{" "}
        <span className="sr-only">{result.right ? "Right:" : "Missed:"}</span>
        {question.prompt}
      </p>
      {question.kind === "picture" && question.imageUrl ? (
        <img src={question.imageUrl} alt="" width={300} height={400} loading="lazy" className="aspect-[3/4] w-20 rounded-lg border border-line object-cover" />
      ) : null}
      {result.right ? (
        <p className="text-sm">{label(result.answer)}</p>
      ) : (
        <div className="grid gap-1 text-sm">
          <p>
            <span className="text-muted">You answered:</span> {label(result.chosen)}
          </p>
          <p>
            <span className="text-muted">The answer:</span> <strong>{label(result.answer)}</strong>
          </p>
        </div>
      )}
      {result.card ? (
        <Link to={`/cards/${result.card.key}`} className="text-sm text-brand underline">
          Read about {result.card.name}
        </Link>
      ) : null}
    </li>
  );
}

export default function QuizAttempt() {
  const { attempt } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const topic = QUIZ_TOPIC_LABELS[attempt.topic]?.title ?? "Quiz";
  const deck = attempt.deckId ?? CLASSIC;
  const again = `/learn/quiz?deck=${deck}&topic=${attempt.topic}`;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
      <header className="grid gap-1">
        <Link to="/learn/quiz" className="text-sm text-brand underline">
          ← Quiz
        </Link>
        <h1 className="text-3xl font-bold">{attempt.answeredAt === null ? "Quiz yourself" : "Your result"}</h1>
        <p className="text-sm text-muted">
          {topic} · {attempt.deckTitle}
        </p>
      </header>
      {attempt.answeredAt === null ? (
        <Form method="post" className="grid gap-4" data-testid="quiz-form">
          {sent && !sent.ok ? (
            <p role="alert" className="rounded-2xl border border-line bg-surface p-3 text-sm">
              {sent.message}
            </p>
          ) : null}
          {attempt.questions.map((question) => (
            <Question key={question.position} question={question} chosen={sent?.chosen?.[answerField(question.position)]} />
          ))}
          <button type="submit" disabled={sending} className={cn(buttonClasses("primary", "lg"), "justify-self-start")}>
            See my result
          </button>
        </Form>
      ) : (
        <>
          <section
            className="grid gap-3 rounded-3xl border border-line bg-surface/80 p-5"
            aria-labelledby="score-heading"
            data-testid="quiz-result"
            data-missed={attempt.missed.map((card) => card.key).join(" ")}
          >
            <h2 id="score-heading" className="text-xl font-semibold">
              <span data-testid="quiz-score">{attempt.score}</span> of {attempt.questions.length} right
            </h2>
            {attempt.missed.length > 0 ? (
              <>
                <p className="text-sm">
                  {attempt.missed.length === 1 ? "The card you missed is" : `The ${attempt.missed.length} cards you missed are`} due now in your flashcards for{" "}
                  {attempt.deckTitle}: {attempt.missed.map((card) => card.name).join(", ")}.
                </p>
                <Link to={reviewPath(attempt.deckId, "all")} className={cn(buttonClasses("primary"), "justify-self-start")}>
                  Review them now
                </Link>
              </>
            ) : (
              <p className="text-sm">No card missed.</p>
            )}
            <Link to={again} className={cn(buttonClasses("secondary"), "justify-self-start")}>
              Take another quiz
            </Link>
          </section>
          <ol className="grid gap-3" aria-label="Your answers">
            {attempt.questions.map((question) => (
              <Outcome key={question.position} question={question} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
