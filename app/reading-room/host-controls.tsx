import type { RefObject } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { DeckPicker, titleOf, type DeckChoices } from "./deck-picker";
import { QuestionForm } from "./question-form";
import { SpreadSelect } from "./spread-select";
import { whyNot, whyNotChangeDeck, type RoomCommand, type RoomState } from "./state";
import { TableForm } from "./table-form";
import type { TableIntent } from "./table-forms";
import type { OwnSpread } from "./table-types";
import { unavailable } from "./unavailable";
import type { RoomConnection } from "./use-room";

/**
 * The controls of whoever leads the reading: question, spread, deck, reversals and the table's steps.
 * Each is a form the page's action takes without JavaScript; with it, the socket carries the same message.
 */
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
  const step = (intent: TableIntent, command: RoomCommand, label: string, look: Parameters<typeof buttonClasses>[0], reason: string | null, wide = false) => (
    <TableForm intent={intent} onSend={() => send(command)} className={cn(wide && "col-span-2")}>
      <button
        type="submit"
        className={cn(buttonClasses(look, "sm"), "w-full")}
        {...unavailable(reason)}
        aria-describedby={intent === "draw" && reason ? "draw-reason" : undefined}
      >
        {label}
      </button>
    </TableForm>
  );
  return (
    <section aria-labelledby="controls-heading" className="rounded-2xl border border-line bg-surface/80 p-4">
      <h2 id="controls-heading" className="font-semibold">
        You lead this reading
      </h2>
      <QuestionForm asked={state.question} send={send} />
      <SpreadSelect state={state} send={send} spreadRef={spreadRef} ownSpreads={ownSpreads} />
      {/* The deck's dialog needs JavaScript; the page offers a plain form for it without (DeckForm). */}
      <div className="needs-script">
        <DeckPicker
          ref={deckRef}
          choices={decks}
          current={state.deckId}
          currentTitle={titleOf(decks, state.deckId, deckTitle)}
          blocked={whyNotChangeDeck(state)}
          onPick={changeDeck}
        />
      </div>
      <TableForm intent="reversals" onSend={(form) => send({ type: "setReversals", on: form.get("on") === "on" })} className="mt-3 flex items-center gap-3">
        <label className={cn("flex items-center gap-2 text-sm", reversalsReason && "cursor-not-allowed text-muted")} title={reversalsReason ?? undefined}>
          <input
            type="checkbox"
            name="on"
            checked={state.reversals}
            {...unavailable(reversalsReason)}
            onChange={(event) => send({ type: "setReversals", on: event.target.checked })}
            className="disabled:cursor-not-allowed"
          />
          Reversed cards
        </label>
        <noscript>
          <button type="submit" className={buttonClasses("ghost", "sm")} {...unavailable(reversalsReason)}>
            Save
          </button>
        </noscript>
      </TableForm>
      <div className="mt-4 grid grid-cols-2 gap-2">
        {step("shuffle", { type: "shuffle" }, "Shuffle", "secondary", whyNot(state, { type: "shuffle" }))}
        {step("draw", { type: "draw" }, "Draw", "primary", drawReason)}
        {step("revealAll", { type: "revealAll" }, "Reveal all", "secondary", revealReason)}
        {step("gather", { type: "reset" }, "Gather cards", "secondary", gatherReason)}
        {step("interpret", { type: "interpret" }, "Interpret the reading", "gold", whyNot(state, { type: "interpret" }), true)}
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
