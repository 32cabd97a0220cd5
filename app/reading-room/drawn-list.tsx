import { spreadOf, type RoomState } from "./state";
import type { CardInfo } from "./table-types";

/** The cards turned over so far, in the spread's order, each with its position and keywords. */
export function DrawnList({ state, cardInfo }: { state: RoomState; cardInfo: CardInfo }) {
  const spread = spreadOf(state);
  const revealed = [...state.table].filter((card) => card.revealed).sort((a, b) => a.position - b.position);
  if (revealed.length === 0) return null;
  return (
    <ol className="grid gap-2 text-left text-sm sm:grid-cols-2" aria-label="Drawn cards">
      {revealed.map((card) => {
        const info = cardInfo[card.key];
        const position = spread?.positions[card.position];
        return (
          <li key={card.key} className="rounded-2xl border border-line bg-surface/80 p-3">
            <p className="font-semibold">
              {position?.name ?? `Card ${card.position + 1}`}: {info?.name ?? card.key}
              {card.reversed ? <span className="text-muted"> (reversed)</span> : null}
            </p>
            {position && !spread?.freeLayout ? <p className="text-xs text-muted">{position.meaning}</p> : null}
            <p className="mt-1 text-xs">{(card.reversed ? info?.reversed : info?.upright)?.join(" · ")}</p>
          </li>
        );
      })}
    </ol>
  );
}
