import { cn } from "~/lib/cn";
import { ReadingText } from "./reading-table";
import { formatDate } from "~/lib/format";

type RecordCard = { key: string; name: string; position: number; positionName: string; reversed: boolean };

/**
 * A kept reading: question, spread, cards and interpretation, as the journal and a shared link show it.
 * `faces` holds the pictures the viewer may see, by card key; a card without one is told by name alone.
 */
export function ReadingRecord(props: {
  question: string | null;
  spreadName: string;
  cards: RecordCard[];
  interpretation: string | null;
  createdAt: number;
  faces?: Record<string, string>;
}) {
  const faces = props.faces ?? {};
  return (
    <article className="grid gap-5 text-left">
      <p className="text-sm text-muted">
        {props.spreadName} ·{" "}
        <time dateTime={new Date(props.createdAt).toISOString()}>
          {formatDate(props.createdAt, "longWithTime")} UTC
        </time>
      </p>
      {props.question ? <p className="font-display text-2xl">“{props.question}”</p> : null}
      <ol className="grid gap-2 sm:grid-cols-2" aria-label="Cards">
        {props.cards.map((card) => (
          <li key={card.key} className="flex items-center gap-3 rounded-2xl border border-line bg-surface/80 p-3 text-sm">
            {faces[card.key] ? (
              <img
                src={faces[card.key]}
                alt=""
                loading="lazy"
                className={cn("aspect-[3/4] w-12 shrink-0 rounded-md object-cover shadow", card.reversed && "rotate-180")}
              />
            ) : null}
            <span>
              <span className="font-semibold">{card.positionName}:</span> {card.name}
              {card.reversed ? <span className="text-muted"> (reversed)</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {props.interpretation ? (
        <section aria-label="Interpretation" className="rounded-3xl border border-line bg-surface/80 p-5 text-sm leading-relaxed">
          <ReadingText text={props.interpretation} />
        </section>
      ) : null}
    </article>
  );
}
