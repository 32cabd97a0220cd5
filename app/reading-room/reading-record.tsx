import { Link } from "@remix-run/react";
import type { InterpretationBy } from "~/ai/authorship";
import { ListenButton } from "~/components/listen-button";
import { WrittenByAi, WrittenByReader } from "~/components/written-by-ai";
import { cn } from "~/lib/cn";
import { libraryPath } from "~/tarot/paths";
import { ReadingText } from "./reading-text";
import { LocalTime } from "~/components/local-time";
import { keptSpread, type KeptPosition } from "./custom-spreads";
import { SpreadPicture } from "./spread-picture";

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
  /** Who wrote the interpretation: only the AI's is labelled as the AI's. */
  interpretationBy: InterpretationBy;
  /** Whether the viewer is the client who asked the reader; the label then says "your reader". */
  askedByViewer?: boolean;
  createdAt: number;
  /** The deck's name when the reading was done with a physical deck and logged by hand. */
  physicalDeck?: string | null;
  faces?: Record<string, string>;
  /** The spread's shape as kept with the reading; drawn, with the cards numbered to match, when it has two or more places. */
  spreadId?: string;
  layout?: KeptPosition[] | null;
}) {
  const faces = props.faces ?? {};
  const shape = props.layout && props.layout.length > 1 ? keptSpread(props.spreadId ?? "", props.spreadName, props.layout) : null;
  return (
    <article className="grid gap-5 text-left">
      <p className="text-sm text-muted">
        {props.spreadName} · {props.physicalDeck ? <span data-testid="physical-deck">read with {props.physicalDeck} · </span> : null}
        <LocalTime at={props.createdAt} style="longWithTime" />
      </p>
      {props.question ? <p className="font-display text-2xl">“{props.question}”</p> : null}
      {shape ? <SpreadPicture spread={shape} className="w-full max-w-xs justify-self-center sm:justify-self-start" /> : null}
      <ol className="grid grid-cols-2 gap-4 sm:grid-cols-3" aria-label="Cards">
        {props.cards.map((card) => (
          <li key={card.key} className="grid content-start gap-2 text-sm">
            {faces[card.key] ? (
              <img
                src={faces[card.key]}
                alt={`${card.name}${card.reversed ? ", reversed" : ""}`}
                loading="lazy"
                className={cn("aspect-[3/4] w-full rounded-xl border border-line object-cover shadow-md", card.reversed && "rotate-180")}
              />
            ) : (
              <span
                aria-hidden="true"
                className="grid aspect-[3/4] w-full place-items-center rounded-xl border border-dashed border-line bg-surface/60 p-3 text-center font-display text-lg text-muted"
              >
                {card.name}
              </span>
            )}
            <span>
              <span className="block text-xs uppercase tracking-wide text-muted">
                {shape ? `${card.position + 1} · ` : null}
                {card.positionName}
              </span>
              <Link to={libraryPath(card.key)} className="font-semibold underline-offset-4 hover:underline">
                {card.name}
              </Link>
              {card.reversed ? <span className="text-muted"> (reversed)</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {props.interpretation ? (
        <section aria-label="Interpretation" className="rounded-3xl border border-line bg-surface/80 p-5 text-sm leading-relaxed">
          <div className="mb-2 flex flex-wrap items-center gap-2">
            {props.interpretationBy === "ai" ? <WrittenByAi /> : <WrittenByReader yours={props.askedByViewer ?? false} />}
            <ListenButton text={props.interpretation} label="Listen to it" />
          </div>
          <ReadingText text={props.interpretation} />
        </section>
      ) : null}
    </article>
  );
}
