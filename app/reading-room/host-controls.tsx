import type { RefObject } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { DeckPicker, titleOf, type DeckChoices } from "./deck-picker";
import { QuestionForm } from "./question-form";
import { SpreadSelect } from "./spread-select";
import { whyNot, whyNotChangeDeck, type RoomState } from "./state";
import type { OwnSpread } from "./table-types";
import { unavailable } from "./unavailable";
import type { RoomConnection } from "./use-room";

/** The controls of whoever leads the reading: question, spread, deck, reversals and the table's steps. */
export function HostControls({
  state,
  send,
  spreadRef,
  deckRef,
  decks,
  deckTitle,
  changeDeck,
  ownSpreads,
}: {
  ownSpreads: OwnSpread[];
  state: RoomState;
  send: RoomConnection["send"];
  spreadRef: RefObject<HTMLSelectElement>;
  deckRef: RefObject<HTMLButtonElement>;
  decks: DeckChoices;
  deckTitle: string;
  changeDeck: (deckId: string | null) => void;
}) {
  // Each control says why it cannot be used now; the reasons are the room's own refusals.
  const reversalsReason = whyNot(state, { type: "setReversals" });
  const drawReason = whyNot(state, { type: "draw" });
  const revealReason =
    whyNot(state, { type: "revealAll" }) ??
    (state.table.length === 0 ? "No card lies on the table." : state.table.every((c) => c.revealed) ? "Every card is face up." : null);
  const gatherReason = whyNot(state, { type: "reset" }) ?? (state.table.length === 0 ? "No card lies on the table." : null);
  return (
    <section aria-labelledby="controls-heading" className="needs-script rounded-2xl border border-line bg-surface/80 p-4">
      <h2 id="controls-heading" className="font-semibold">
        You lead this reading
      </h2>
      <QuestionForm asked={state.question} send={send} />
      <SpreadSelect state={state} send={send} spreadRef={spreadRef} ownSpreads={ownSpreads} />
      <DeckPicker
        ref={deckRef}
        choices={decks}
        current={state.deckId}
        currentTitle={titleOf(decks, state.deckId, deckTitle)}
        blocked={whyNotChangeDeck(state)}
        onPick={changeDeck}
      />
      <label className={cn("mt-3 flex items-center gap-2 text-sm", reversalsReason && "cursor-not-allowed text-muted")} title={reversalsReason ?? undefined}>
        <input
          type="checkbox"
          checked={state.reversals}
          {...unavailable(reversalsReason)}
          onChange={(event) => send({ type: "setReversals", on: event.target.checked })}
          className="disabled:cursor-not-allowed"
        />
        Reversed cards
      </label>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <button
          type="button"
          className={buttonClasses("secondary", "sm")}
          {...unavailable(whyNot(state, { type: "shuffle" }))}
          onClick={() => send({ type: "shuffle" })}
        >
          Shuffle
        </button>
        <button
          type="button"
          className={buttonClasses("primary", "sm")}
          {...unavailable(drawReason)}
          aria-describedby={drawReason ? "draw-reason" : undefined}
          onClick={() => send({ type: "draw" })}
        >
          Draw
        </button>
        <button type="button" className={buttonClasses("secondary", "sm")} {...unavailable(revealReason)} onClick={() => send({ type: "revealAll" })}>
          Reveal all
        </button>
        <button type="button" className={buttonClasses("secondary", "sm")} {...unavailable(gatherReason)} onClick={() => send({ type: "reset" })}>
          Gather cards
        </button>
        <button
          type="button"
          className={cn(buttonClasses("gold", "sm"), "col-span-2")}
          {...unavailable(whyNot(state, { type: "interpret" }))}
          onClick={() => send({ type: "interpret" })}
        >
          Interpret the reading
        </button>
      </div>
      {/* The next step, when drawing is not it yet or any more. */}
      {drawReason ? (
        <p id="draw-reason" className="mt-2 text-xs text-muted" data-testid="draw-reason">
          {drawReason}
        </p>
      ) : null}
    </section>
  );
}
