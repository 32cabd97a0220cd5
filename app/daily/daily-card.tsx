import { Form, Link } from "@remix-run/react";
import { TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import { libraryPath } from "~/library/paths";

/** The card of the day as a page shows it (data from `dailyCardOf`). */
export type DailyCardView = {
  date: string;
  deck: { id: string; title: string } | null;
  card: { key: string; name: string };
  reversed: boolean;
  imageUrl: string;
  keywords: string[];
  meaning: string;
  prompt: string;
  kept: { journalId: string | null } | null;
  streak: number;
};

/** "Thursday 26 November", from the person's own date. */
export function dayName(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** A streak said once, quietly: nothing at all until there is one. */
export function StreakLine({ streak }: { streak: number }) {
  if (streak < 2) return null;
  return <p className="text-sm text-muted">{streak} days in a row kept in your journal.</p>;
}

/** The card, its meaning in this orientation and the day's question. */
export function DailyCardFace({ day, headingLevel = 2, eager = false }: { day: DailyCardView; headingLevel?: 1 | 2; eager?: boolean }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const orientation = day.reversed ? "Reversed" : "Upright";
  return (
    <div className="grid items-start gap-6 sm:grid-cols-[12rem_1fr] md:grid-cols-[14rem_1fr]">
      <div className="mx-auto w-44 sm:w-full">
        <TarotCardImage
          src={day.imageUrl}
          alt={`${day.card.name}${day.reversed ? ", reversed" : ""}`}
          eager={eager}
          width={224}
          className={day.reversed ? "rotate-180" : undefined}
        />
      </div>
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold">Card of the day · {dayName(day.date)}</p>
        <Heading className="mt-2 text-3xl font-bold sm:text-4xl" data-testid="daily-card-name">
          {day.card.name}
          <span className="ml-2 align-middle text-base font-semibold text-muted">{orientation}</span>
        </Heading>
        <p className="mt-1 text-sm text-muted">{day.deck ? `From ${day.deck.title}` : "From the classic deck"}</p>
        <p className="mt-3 text-sm font-medium">{day.keywords.join(" · ")}</p>
        <p className="mt-3 leading-relaxed">{day.meaning}</p>
        <p className="mt-4 rounded-2xl border border-line bg-surface px-4 py-3 italic">{day.prompt}</p>
        <Link to={libraryPath(day.card.key)} className="mt-3 inline-block text-sm font-semibold text-brand underline-offset-4 hover:underline">
          More about {day.card.name} →
        </Link>
      </div>
    </div>
  );
}

/** Keeping the card in the journal with a note: a plain form, so it works without JavaScript. */
export function KeepDailyCardForm({ day, error }: { day: DailyCardView; error?: string | null }) {
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
