import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { requireUser } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { FIRST_LEVEL } from "~/readers/levels";
import { APPLICATION_FIRST, PASS_PERCENT, QUIZ_MINUTES, QUIZ_QUESTIONS } from "~/readers/quiz";
import { quizState, startAttempt, submitAttempt, type ReaderMark, type Submitted } from "~/readers/quiz.server";
import type { PageHandle } from "~/lib/page-handle";
import { readForm } from "~/lib/read-form.server";

/** Round trips: submitting the quiz marks it, may promote the reader and issue a certificate, each step reading the last. */
export const handle: PageHandle = { actionRoundTrips: 10 };

export const meta: MetaFunction = () => [{ title: "Tarot quiz — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (user.isGuest) return { guest: true as const, state: null, now: Date.now() };
  return { guest: false as const, state: await quizState(context.db, user), now: Date.now() };
}

/** One answer as the form sends it: the number of the option chosen, or none. */
const answerField = lazySchema(() =>
  z.preprocess((value) => (value == null || value === "" ? null : Number(value)), z.number().int().min(0).max(9).nullable()),
);

/** The page's buttons: start an attempt, or hand in its answers (one field per question, `q0`, `q1`…). */
const quizForm = lazySchema(() =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("start") }),
    z
      .looseObject({ intent: z.literal("submit"), attempt: z.string().min(1).max(64) })
      .transform(({ intent, attempt, ...fields }) => ({ intent, attempt, answers: Array.from({ length: QUIZ_QUESTIONS }, (_, i) => fields[`q${i}`]) }))
      .pipe(z.object({ intent: z.literal("submit"), attempt: z.string(), answers: z.array(answerField) })),
  ]),
);

type ActionData = { ok: boolean; message: string; result?: Submitted; needsApplication?: boolean };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, quizForm);
  if (!read.ok) {
    if (read.unknownIntent) return data<ActionData>({ ok: false, message: "Unknown action." }, { status: 400 });
    return data<ActionData>({ ok: false, message: "Those answers could not be read. Choose one option per question." }, { status: 400 });
  }
  const form = read.data;
  switch (form.intent) {
    case "start": {
      const started = await startAttempt(context.db, user);
      if (!started.ok)
        return data<ActionData>({ ok: false, message: started.message, needsApplication: started.message === APPLICATION_FIRST }, { status: started.status });
      throw redirect("/tarot-quiz");
    }
    case "submit": {
      const outcome = await submitAttempt(context.db, user, form.attempt, form.answers, Date.now(), context.cloudflare.env);
      if (!outcome.ok) return data<ActionData>({ ok: false, message: outcome.message }, { status: outcome.status });
      return data<ActionData>({ ok: true, message: outcome.value.passed ? "You passed." : "Not this time.", result: outcome.value });
    }
  }
}

const when = (ms: number) => new Date(ms).toUTCString().replace(" GMT", " UTC");

function Countdown({ deadlineAt, serverNow }: { deadlineAt: number; serverNow: number }) {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    const skew = Date.now() - serverNow;
    const tick = () => setLeft(Math.max(0, deadlineAt - (Date.now() - skew)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadlineAt, serverNow]);
  if (left == null) return <p className="text-muted">Submit before {when(deadlineAt)}.</p>;
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  return (
    <p
      role="timer"
      aria-live="off"
      className="sticky top-3 z-10 w-fit rounded-full border border-line bg-surface/95 px-4 py-1.5 font-semibold tabular-nums shadow-sm backdrop-blur"
    >
      Time left: {minutes}:{String(seconds).padStart(2, "0")}
    </p>
  );
}

function Result({ result }: { result: NonNullable<ActionData["result"]> }) {
  const { reader } = result;
  return (
    <Panel>
      <p className="font-semibold">
        You scored {result.score} of {result.total}.{" "}
        {reader && !result.certificateId
          ? `Your best mark is now ${reader.bestPercent}%.`
          : result.passed
            ? `You passed and are now a reader at the ${FIRST_LEVEL.name} level.`
            : `The pass mark is ${PASS_PERCENT}%.`}
      </p>
      {reader?.promotedTo && <p className="mt-2">You have been promoted to {reader.promotedTo}, with a new certificate for the level.</p>}
      {result.missedTopics.length > 0 && (
        <>
          <p className="mt-4 text-sm">Where to read up before the next try:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="missed-topics">
            {result.missedTopics.map((m) => (
              <li key={m.topic}>
                {m.topic}: {m.count} missed
              </li>
            ))}
          </ul>
        </>
      )}
      {reader && !result.certificateId ? (
        <p className="mt-4 text-muted">
          Your reader level stays as it is whatever a retake scores. You may take the quiz again 24 hours after you started this attempt.
        </p>
      ) : null}
      {!reader ? <p className="mt-4 text-muted">You may try again 24 hours after you started this attempt.</p> : null}
      {result.certificateId || reader ? (
        <div className="mt-4 flex flex-wrap gap-3" data-testid="result-actions">
          {result.certificateId ? (
            <Link to={`/certificate/${result.certificateId}`} className={buttonClasses("gold")} data-testid="certificate-link">
              See and share your certificate
            </Link>
          ) : null}
          {reader ? (
            <Link to="/reader-dashboard" className={buttonClasses("primary")}>
              Go to your dashboard
            </Link>
          ) : null}
        </div>
      ) : null}
    </Panel>
  );
}

/** A reader's mark against what their next level asks, above the retake button or the time it opens. */
function ReaderStanding({ reader }: { reader: ReaderMark }) {
  return (
    <>
      <p>
        You are a reader at the {reader.levelName} level. Your best quiz mark is <span className="font-semibold">{reader.bestPercent}%</span>.
      </p>
      <p className="mt-2 text-muted">
        {reader.next
          ? reader.bestPercent >= reader.next.minQuizPercent
            ? `That meets the ${reader.next.minQuizPercent}% the ${reader.next.name} level asks for; the other thresholds are on your dashboard.`
            : `The ${reader.next.name} level asks for ${reader.next.minQuizPercent}%. You may retake the quiz to raise your mark; a lower score changes nothing.`
          : "You are at the highest level."}
      </p>
      {reader.certificateId && (
        <Link to={`/certificate/${reader.certificateId}`} className="mt-2 inline-block text-sm underline">
          Your certificate
        </Link>
      )}
    </>
  );
}

export default function TarotQuiz() {
  const { guest, state, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="px-4">
      <PageHeader eyebrow="Reader application" title="Tarot quiz">
        <p>
          {QUIZ_QUESTIONS} questions on reading the cards: spreads and their positions, cards in real situations, how cards combine and turn, and the care a
          querent is owed. You have {QUIZ_MINUTES} minutes, one attempt a day, and need {PASS_PERCENT}% to pass.
        </p>
      </PageHeader>
      {actionData && !actionData.ok && (
        <p role="alert" className="mx-auto mb-6 max-w-3xl rounded-2xl border border-danger/50 px-4 py-3 text-sm text-danger">
          {actionData.message}
        </p>
      )}
      {actionData?.result ? (
        <Result result={actionData.result} />
      ) : guest || !state ? (
        <Panel>
          <p>Create an account before taking the reader quiz.</p>
          <Link to="/signup?returnTo=%2Ftarot-quiz" className={`${buttonClasses("primary")} mt-4`}>
            Create an account
          </Link>
        </Panel>
      ) : state.kind === "no-application" || actionData?.needsApplication ? (
        <Panel>
          <p>The quiz is the second step of becoming a reader. Save your reader application first: it tells people who you are and how you read.</p>
          <Link to="/become-reader" className={`${buttonClasses("primary")} mt-4`}>
            Write your application
          </Link>
        </Panel>
      ) : state.kind === "cooldown" ? (
        <Panel>
          {state.reader && (
            <div className="mb-4">
              <ReaderStanding reader={state.reader} />
            </div>
          )}
          {state.last ? (
            <p>
              Your last attempt scored {state.last.score} of {state.last.total}.
            </p>
          ) : (
            <p>Your last attempt ran out of time.</p>
          )}
          <p className="mt-2 text-muted">
            You may {state.reader ? "retake the quiz" : "try again"} after {when(state.retryAt)}.
          </p>
        </Panel>
      ) : state.kind === "ready" ? (
        <Panel>
          {state.reader && (
            <div className="mb-4">
              <ReaderStanding reader={state.reader} />
            </div>
          )}
          <p className="text-muted">The clock starts when you press the button and keeps running if you leave or reload the page.</p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="start" />
            <button type="submit" className={buttonClasses("primary")}>
              {state.reader ? "Retake to raise your mark" : "Start the quiz"}
            </button>
          </Form>
        </Panel>
      ) : (
        <Panel>
          <Countdown deadlineAt={state.deadlineAt} serverNow={now} />
          <Form method="post" className="mt-4 space-y-6">
            <input type="hidden" name="intent" value="submit" />
            <input type="hidden" name="attempt" value={state.attemptId} />
            {state.questions.map((q, i) => (
              <fieldset key={i} className="space-y-2">
                <legend className="font-medium">
                  {i + 1}. {q.prompt}
                </legend>
                {q.choices.map((choice, c) => (
                  <label key={c} className="flex items-center gap-2">
                    <input type="radio" name={`q${i}`} value={c} />
                    <span>{choice}</span>
                  </label>
                ))}
              </fieldset>
            ))}
            <button type="submit" className={buttonClasses("primary")}>
              Submit answers
            </button>
          </Form>
        </Panel>
      )}
    </div>
  );
}
