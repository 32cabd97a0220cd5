import type { RefObject } from "react";
import { CUSTOM_PREFIX } from "./custom-spreads";
import { SPREADS, spreadById, type SpreadId } from "./spreads";
import { whyNot, type RoomState } from "./state";
import type { OwnSpread } from "./table-types";
import { unavailable } from "./unavailable";
import type { RoomConnection } from "./use-room";
import { Select } from "~/components/ui/field";
import { buttonClasses } from "~/components/ui/button";
import { TableForm } from "./table-form";

/** The spread for whoever leads: the built-in six, then their own spreads and the one laid from a link. */
export function SpreadSelect({
  state,
  send,
  spreadRef,
  ownSpreads,
}: {
  state: RoomState;
  send: RoomConnection["send"];
  spreadRef: RefObject<HTMLSelectElement>;
  ownSpreads: OwnSpread[];
}) {
  const reason = whyNot(state, { type: "chooseSpread" });
  return (
    <>
      {/* Without JavaScript the choice is laid by the form's button; with it, as soon as it is made. */}
      <TableForm intent="spread" onSend={() => undefined} className="mt-3 flex items-end gap-2">
        <label className="block min-w-0 flex-1 text-sm font-medium">
          Spread
          <Select
            look="inline"
            className="mt-1"
            ref={spreadRef}
            name="spreadId"
            value={state.spreadId}
            {...unavailable(reason)}
            onChange={(event) => {
              const chosen = event.target.value;
              const own = ownSpreads.find((one) => `${CUSTOM_PREFIX}${one.id}` === chosen);
              if (own) send({ type: "chooseCustomSpread", spreadId: own.id, spread: own.spread });
              else if (spreadById(chosen)) send({ type: "chooseSpread", spreadId: chosen as SpreadId });
            }}
          >
            {SPREADS.map((spread) => (
              <option key={spread.id} value={spread.id}>
                {spread.name} ({spread.positions.length})
              </option>
            ))}
            {ownSpreads.length > 0 || state.customSpread ? (
              <optgroup label="Your spreads">
                {ownSpreads.map((one) => (
                  <option key={one.id} value={`${CUSTOM_PREFIX}${one.id}`}>
                    {one.spread.name} ({one.spread.positions.length})
                  </option>
                ))}
                {/* A spread laid from its link, or someone else's: shown as it lies, to keep the choice readable. */}
                {state.customSpread && !ownSpreads.some((one) => `${CUSTOM_PREFIX}${one.id}` === state.spreadId) ? (
                  <option value={state.spreadId}>
                    {state.customSpread.name} ({state.customSpread.positions.length})
                  </option>
                ) : null}
              </optgroup>
            ) : null}
          </Select>
        </label>
        <noscript>
          <button type="submit" className={buttonClasses("secondary", "sm")} {...unavailable(reason)}>
            Use this spread
          </button>
        </noscript>
      </TableForm>
      <a href="/spreads/new" className="mt-1 inline-block text-xs text-brand underline">
        Build a spread of your own
      </a>
    </>
  );
}
