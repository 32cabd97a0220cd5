import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { buttonClasses } from "~/components/ui/button";
import { learnableDecks } from "~/learn/flashcards.server";
import { groupPath, LESSON_GROUPS, lessonForm } from "~/learn/lessons";
import { lessonsRead, markLesson } from "~/learn/lessons.server";
import { attemptPath, QUESTIONS_PER_GROUP_QUIZ } from "~/learn/quiz";
import { recentAttempts } from "~/learn/quiz.server";
import { CLASSIC } from "~/learn/rules";
import { newId } from "~/lib/crypto";
import type { PageHandle } from "~/lib/page-handle";
import { cn } from "~/lib/cn";
import { readForm } from "~/lib/read-form.server";

/**
 * Round trips: the person, then the lessons they read beside their decks and latest quizzes.
 * Marking a lesson: the person, then one write.
 */
export const handle: PageHandle = { roundTrips: 2, actionRoundTrips: 2 };

export const meta: MetaFunction = () => [
  { title: "Lessons — Arcanum" },
  { name: "description", content: "A path through the tarot: the basics, the Major Arcana, each suit and the spreads, each closed by a short quiz." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [read, decks, attempts] = await Promise.all([
    lessonsRead(context.db, user.id),
    learnableDecks(context.db, user.id),
    recentAttempts(context.db, user.id, 50),
  ]);
  const deck = decks.find((one) => one.own) ?? null;
  const groups = LESSON_GROUPS.map((group) => {
    const last = attempts.find((attempt) => attempt.topic === group.quiz && attempt.questionCount === QUESTIONS_PER_GROUP_QUIZ && attempt.score !== null);
    return {
      id: group.id,
      title: group.title,
      about: group.about,
      topic: group.quiz,
      lessons: group.lessons.map((lesson) => ({ ...lesson, read: read.has(lesson.id) })),
      // Drawn here, posted back: a second press starts nothing new (decision 0112).
      attemptId: newId(),
      last: last ? { id: last.id, score: last.score!, of: last.questionCount } : null,
    };
  });
  const total = groups.reduce((sum, group) => sum + group.lessons.length, 0);
  const done = groups.reduce((sum, group) => sum + group.lessons.filter((lesson) => lesson.read).length, 0);
  return { groups, progress: { done, total }, deck: deck ? { id: deck.id, title: deck.title } : { id: CLASSIC, title: "the classic deck" } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, lessonForm);
  if (!read.ok) return data({ ok: false, message: read.message }, { status: 400 });
  await markLesson(context.db, user.id, read.data.lesson, read.data.intent === "read", Date.now());
  const group = LESSON_GROUPS.find((one) => one.lessons.some((lesson) => lesson.id === read.data.lesson))!;
  return redirect(groupPath(group.id), 303);
}

function Bar({ done, total, label }: { done: number; total: number; label: string }) {
  return (
    <div
      className="h-2 overflow-hidden rounded-full bg-surface-2"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
    >
      <div className="h-full rounded-full bg-brand" style={{ width: `${total === 0 ? 0 : Math.round((done / total) * 100)}%` }} />
    </div>
  );
}

export default function Lessons() {
  const { groups, progress, deck } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
      <header className="grid gap-3">
        <Link to="/learn" className="text-sm text-brand underline">
          ← Learn
        </Link>
        <h1 className="text-4xl font-bold">Lessons</h1>
        <p className="text-muted">
          A path through the tarot: the basics, the Major Arcana, each suit, then the spreads. Read each lesson, mark it read, and close each part with a short
          quiz on its cards.
        </p>
        <div className="grid gap-2" data-testid="lessons-progress">
          <p className="text-sm font-semibold">{`${progress.done} of ${progress.total} lessons read`}</p>
          <Bar done={progress.done} total={progress.total} label="Lessons read" />
        </div>
      </header>
      {result && !result.ok ? (
        <p role="alert" className="rounded-2xl border border-line bg-surface p-3 text-sm">
          {result.message}
        </p>
      ) : null}
      <ol className="grid gap-6">
        {groups.map((group, index) => {
          const read = group.lessons.filter((lesson) => lesson.read).length;
          return (
            <li key={group.id} id={group.id} className="grid scroll-mt-20 gap-4 rounded-3xl border border-line bg-surface/80 p-5" data-testid="lesson-group">
              <div className="grid gap-1">
                <h2 className="text-2xl font-bold">
                  <span className="font-display text-gold">{index + 1}</span> {group.title}
                </h2>
                <p className="text-sm text-muted">{group.about}</p>
                <p className="text-xs text-muted">{`${read} of ${group.lessons.length} read`}</p>
              </div>
              <ul className="grid gap-2">
                {group.lessons.map((lesson) => (
                  <li
                    key={lesson.id}
                    className={cn(
                      "flex flex-wrap items-center justify-between gap-3 rounded-2xl border p-3",
                      lesson.read ? "border-brand/50 bg-brand-soft/40" : "border-line bg-surface",
                    )}
                    data-testid="lesson"
                    data-lesson={lesson.id}
                    data-read={lesson.read ? "yes" : "no"}
                  >
                    <span className="grid min-w-0 flex-1 basis-48">
                      <Link to={lesson.href} className="font-semibold text-brand underline-offset-4 hover:underline">
                        {lesson.title}
                      </Link>
                      <span className="text-sm text-muted">{lesson.summary}</span>
                    </span>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="lesson" value={lesson.id} />
                      {lesson.read ? (
                        <button
                          type="submit"
                          name="intent"
                          value="unread"
                          className={buttonClasses("secondary", "sm")}
                          aria-label={`${lesson.title}: read. Mark it unread`}
                        >
                          ✓ Read
                        </button>
                      ) : (
                        <button type="submit" name="intent" value="read" className={buttonClasses("primary", "sm")} aria-label={`Mark ${lesson.title} read`}>
                          Mark read
                        </button>
                      )}
                    </Form>
                  </li>
                ))}
              </ul>
              <Form method="post" action="/learn/quiz" className="flex flex-wrap items-center gap-3">
                <input type="hidden" name="attempt" value={group.attemptId} />
                <input type="hidden" name="deck" value={deck.id} />
                <input type="hidden" name="topic" value={group.topic} />
                <input type="hidden" name="size" value={QUESTIONS_PER_GROUP_QUIZ} />
                <button type="submit" className={buttonClasses("secondary")} data-testid="group-quiz">
                  Quiz: {group.title}
                </button>
                <span className="text-sm text-muted">
                  {group.last ? (
                    <Link to={attemptPath(group.last.id)} className="underline">
                      {`Last time ${group.last.score} of ${group.last.of}`}
                    </Link>
                  ) : (
                    `${QUESTIONS_PER_GROUP_QUIZ} questions${group.topic === "spreads" ? "" : ` with ${deck.title}`}`
                  )}
                </span>
              </Form>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
