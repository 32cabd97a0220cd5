import { Link } from "@remix-run/react";
import { LocalTime } from "~/components/local-time";
import { WrittenByReader } from "~/components/written-by-ai";
import { buttonClasses } from "~/components/ui/button";
import { ReadingText } from "~/reading-room/reading-text";
import { writtenStatusLabel, type WrittenStatus } from "./written";

type Opinion = {
  id: string;
  status: WrittenStatus;
  askedAt: number;
  deadlineAt: number;
  answeredAt: number | null;
  answer: string | null;
  readerName: string;
};

/**
 * A journal entry's second opinions: each reader's answer under the reading, labelled as theirs, or
 * where the question stands; and the way to ask one.
 */
export function SecondOpinions({
  entryId,
  opinions,
  live = [],
  mayAsk,
}: {
  entryId: string;
  opinions: Opinion[];
  /** Live readings about this entry: their own journal entries hold what was said; the receipt links to them. */
  live?: { readingId: string; at: number | null; readerName: string }[];
  mayAsk: boolean;
}) {
  return (
    <section
      className="grid gap-3 rounded-3xl border border-line bg-surface/80 p-5 print:border-0 print:p-0"
      aria-labelledby="opinions-title"
      data-testid="second-opinions"
    >
      <h2 id="opinions-title" className="font-semibold">
        {opinions.length > 0 || live.length > 0 ? "A reader’s view" : "Ask a reader about this reading"}
      </h2>
      {opinions.map((opinion) =>
        opinion.status === "answered" && opinion.answer ? (
          <article key={opinion.id} className="grid gap-2 text-sm leading-relaxed" data-testid="second-opinion">
            <WrittenByReader yours className="justify-self-start" />
            <p className="text-muted">
              {opinion.readerName} · <LocalTime at={opinion.answeredAt ?? opinion.askedAt} style="longWithTime" />
            </p>
            <ReadingText text={opinion.answer} />
            <Link to={`/written/${opinion.id}`} className="text-brand underline print:hidden">
              Open the answer, to thank or tip {opinion.readerName}
            </Link>
          </article>
        ) : (
          <p key={opinion.id} className="text-sm" data-testid="second-opinion-waiting">
            <Link to={`/written/${opinion.id}`} className="font-semibold underline">
              {opinion.readerName}
            </Link>
            {`: ${writtenStatusLabel(opinion.status, "client", opinion.status === "asked" && opinion.deadlineAt <= Date.now())}`}
            {opinion.status === "asked" ? (
              <>
                {" "}
                · due <LocalTime at={opinion.deadlineAt} style="longWithTime" />
              </>
            ) : null}
          </p>
        ),
      )}
      {live.map((reading) => (
        <p key={reading.readingId} className="text-sm" data-testid="live-opinion">
          {`A live reading with ${reading.readerName} about these cards`}
          {reading.at ? (
            <>
              {", "}
              <LocalTime at={reading.at} style="longWithTime" />
            </>
          ) : null}
          {" · "}
          <Link to={`/readings/${reading.readingId}`} className="text-brand underline">
            Open its receipt
          </Link>
        </p>
      ))}
      {mayAsk ? (
        <div className="grid gap-2 print:hidden">
          {opinions.length === 0 && live.length === 0 ? (
            <p className="text-sm text-muted">A certified reader reads these same cards and writes you their answer, here on this reading.</p>
          ) : null}
          <Link to={`/journal/${entryId}/ask`} className={`${buttonClasses("secondary", "sm")} justify-self-start`} data-testid="ask-a-reader">
            {opinions.length === 0 && live.length === 0 ? "Ask a reader about this reading" : "Ask another reader"}
          </Link>
        </div>
      ) : null}
    </section>
  );
}

/** The client's two choices when asking about an entry, written or live: its question, and the AI's interpretation when the AI wrote one. */
export function SharingChoices({ entry }: { entry: { question: string | null; hasAiInterpretation: boolean } }) {
  return (
    <>
      {entry.question ? (
        <label className="mt-2 flex items-start gap-2">
          <input type="checkbox" name="shareQuestion" value="on" defaultChecked className="mt-1" />
          <span>Show the question you asked at the table</span>
        </label>
      ) : null}
      {entry.hasAiInterpretation ? (
        <label className="mt-2 flex items-start gap-2">
          <input type="checkbox" name="shareInterpretation" value="on" className="mt-1" />
          <span>Show the AI’s interpretation</span>
        </label>
      ) : null}
    </>
  );
}
