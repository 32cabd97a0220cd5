import { useEffect, useRef, useState, type FormEvent } from "react";
import { ListenButton } from "~/components/listen-button";
import { Form, Link, useFetcher } from "@remix-run/react";
import { TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { dateTimeFormat } from "~/lib/format";
import { libraryPath } from "~/tarot/paths";

/** The card of the day as a page shows it (data from `dailyCardOf`). */
export type DailyCardView = {
  date: string;
  deck: { id: string; title: string } | null;
  card: { key: string; name: string };
  reversed: boolean;
  imageUrl: string;
  backUrl: string;
  stage: "face-down" | "turned" | "read";
  keywords: string[];
  meaning: string;
  prompt: string;
  kept: { journalId: string | null } | null;
  streak: number;
};

/** "Thursday 26 November", from the person's own date. */
export function dayName(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return dateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** A streak said once, quietly: nothing at all until there is one. */
function StreakLine({ streak }: { streak: number }) {
  if (streak < 2) return null;
  return <p className="text-sm text-muted">{streak} days in a row kept in your journal.</p>;
}

/** Where a daily card's forms send the person back to: the page they turned it on. */
export type DailyPage = "/" | "/today";

/**
 * The card of the day as far as the person took it (decision 0108): face down until they turn it
 * (a plain form, or a flip in place with JavaScript), then "What do you see?" before the meaning,
 * then the meaning, its question and the way to keep it in the journal.
 */
export function DailyCard({
  day,
  page,
  headingLevel = 2,
  eager = false,
  keepError,
}: {
  day: DailyCardView;
  page: DailyPage;
  headingLevel?: 1 | 2;
  eager?: boolean;
  keepError?: string | null;
}) {
  const fetcher = useFetcher();
  const [turnedHere, setTurnedHere] = useState(false);
  const stage = day.stage === "face-down" && turnedHere ? "turned" : day.stage;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (turnedHere) heading.current?.focus({ preventScroll: true });
  }, [turnedHere]);
  const turn = (event: FormEvent) => {
    // With JavaScript the card flips where it lies; the same form posts without it.
    event.preventDefault();
    setTurnedHere(true);
    void fetcher.submit({ intent: "turn" }, { method: "post", action: "/today" });
  };
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const orientation = day.reversed ? "Reversed" : "Upright";
  const faceDown = stage === "face-down";
  return (
    <div data-testid="daily-card" data-stage={stage}>
      <div className="grid items-start gap-6 sm:grid-cols-[12rem_1fr] md:grid-cols-[14rem_1fr]">
        <div className="relative mx-auto w-44 sm:w-full">
          <div className="perspective-[1200px]">
            <div
              className={cn(
                "relative aspect-[3/4] transition-transform duration-700 ease-out transform-3d motion-reduce:transition-none",
                !faceDown && "rotate-y-180",
              )}
            >
              <img
                src={day.backUrl}
                alt=""
                width={224}
                height={299}
                loading={eager ? "eager" : "lazy"}
                decoding="async"
                className="card-frame absolute inset-0 h-full w-full object-cover backface-hidden"
              />
              <div className="absolute inset-0 rotate-y-180 backface-hidden" aria-hidden={faceDown ? true : undefined}>
                <TarotCardImage
                  src={day.imageUrl}
                  alt={`${day.card.name}${day.reversed ? ", reversed" : ""}`}
                  eager={eager}
                  width={224}
                  className={day.reversed ? "rotate-180" : undefined}
                />
              </div>
            </div>
          </div>
          {faceDown ? (
            <Form method="post" action="/today" onSubmit={turn}>
              <input type="hidden" name="intent" value="turn" />
              <input type="hidden" name="back" value={page} />
              <button
                type="submit"
                className="group absolute inset-0 flex items-end justify-center rounded-2xl pb-4 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand"
              >
                <span className={cn(buttonClasses("primary", "md"), "shadow-lg group-hover:brightness-110")}>Turn it over</span>
              </button>
            </Form>
          ) : null}
        </div>
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold">Card of the day · {dayName(day.date)}</p>
          {faceDown ? (
            <>
              <Heading className="mt-2 text-3xl font-bold sm:text-4xl">Your card is waiting, face down</Heading>
              <p className="mt-3 leading-relaxed">
                Take a breath and think of the day ahead. When you are ready, turn the card over and look at it before you read what it means.
              </p>
              <p className="mt-1 text-sm text-muted">{day.deck ? `From ${day.deck.title}` : "From the classic deck"}</p>
            </>
          ) : (
            <>
              <Heading ref={heading} tabIndex={-1} className="mt-2 text-3xl font-bold outline-none sm:text-4xl" data-testid="daily-card-name">
                {day.card.name}
                <span className="ml-2 align-middle text-base font-semibold text-muted">{orientation}</span>
              </Heading>
              <p className="mt-1 text-sm text-muted">{day.deck ? `From ${day.deck.title}` : "From the classic deck"}</p>
              {stage === "turned" ? <WhatDoYouSee page={page} error={keepError} /> : <DailyMeaning day={day} />}
            </>
          )}
        </div>
      </div>
      {stage === "read" ? (
        <div className="mt-6 grid gap-3">
          <KeepDailyCardForm day={day} error={keepError} />
          <StreakLine streak={day.streak} />
        </div>
      ) : null}
    </div>
  );
}

/** The meaning in this orientation, the day's question and the way to the card's library page. */
function DailyMeaning({ day }: { day: DailyCardView }) {
  return (
    <>
      <p className="mt-3 text-sm font-medium">{day.keywords.join(" · ")}</p>
      <p className="mt-3 leading-relaxed">{day.meaning}</p>
      <ListenButton text={`${day.card.name}. ${day.keywords.join(", ")}. ${day.meaning} ${day.prompt}`} label="Listen to the meaning" className="mt-2" />
      <p className="mt-4 rounded-2xl border border-line bg-surface px-4 py-3 italic">{day.prompt}</p>
      <Link to={libraryPath(day.card.key)} className="mt-3 inline-block text-sm font-semibold text-brand underline-offset-4 hover:underline">
        More about {day.card.name} →
      </Link>
    </>
  );
}

/** Before the meaning: the person's own reading of the picture, kept in the journal, or skipped. */
function WhatDoYouSee({ page, error }: { page: DailyPage; error?: string | null }) {
  return (
    <Form method="post" action="/today" className="mt-4 grid gap-2">
      <input type="hidden" name="back" value={page} />
      <label htmlFor="daily-seen" className="text-lg font-semibold">
        What do you see?
      </label>
      <p id="daily-seen-help" className="text-sm text-muted">
        Before you read its meaning, look at the picture: the figures, the colours, what catches your eye, how it makes you feel.
      </p>
      <textarea
        id="daily-seen"
        name="notes"
        rows={4}
        maxLength={5000}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "daily-seen-help daily-seen-error" : "daily-seen-help"}
        className="w-full rounded-2xl border border-line bg-surface px-4 py-3 text-base text-ink focus:border-brand focus:outline-none"
      />
      {error ? (
        <p id="daily-seen-error" role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="keep" className={buttonClasses("primary", "md")}>
          Keep in my journal
        </button>
        <button type="submit" name="intent" value="read" className={buttonClasses("secondary", "md")}>
          Skip to the meaning
        </button>
      </div>
    </Form>
  );
}

/** Keeping the card in the journal with a note: a plain form, so it works without JavaScript. */
function KeepDailyCardForm({ day, error }: { day: DailyCardView; error?: string | null }) {
  if (day.kept) {
    return (
      <p role="status" className="rounded-2xl border border-line bg-surface px-4 py-3 text-sm">
        Kept in your journal today.{" "}
        {day.kept.journalId ? (
          <Link to={`/journal/${day.kept.journalId}`} className="font-semibold text-brand underline-offset-4 hover:underline">
            Open the entry
          </Link>
        ) : null}
      </p>
    );
  }
  return (
    <Form method="post" action="/today" className="grid gap-2">
      <input type="hidden" name="intent" value="keep" />
      <label htmlFor="daily-note" className="text-sm font-semibold">
        A note for your journal <span className="font-normal text-muted">(optional)</span>
      </label>
      <textarea
        id="daily-note"
        name="notes"
        rows={3}
        maxLength={5000}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "daily-note-error" : undefined}
        className="w-full rounded-2xl border border-line bg-surface px-4 py-3 text-base text-ink focus:border-brand focus:outline-none"
        placeholder="What does this card bring to mind?"
      />
      {error ? (
        <p id="daily-note-error" role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className={buttonClasses("primary", "md")}>
          Keep in my journal
        </button>
      </div>
    </Form>
  );
}
