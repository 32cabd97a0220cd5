import { useEffect, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { Sheet } from "./sheet";
import { spreadOf, type RoomState } from "./state";
import type { CardInfo } from "./table-types";

/** The drawn cards, large, one at a time. */
export function Gallery(props: {
  open: boolean;
  onClose: () => void;
  state: RoomState;
  faces: Record<string, string>;
  back: string;
  cardInfo: CardInfo;
  start: number;
}) {
  const cards = [...props.state.table].filter((card) => card.revealed).sort((a, b) => a.position - b.position);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (props.open)
      setIndex(
        Math.max(
          0,
          cards.findIndex((card) => card.position === props.start),
        ),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.open, props.start]);
  const card = cards[Math.min(index, cards.length - 1)];
  const spread = spreadOf(props.state);
  return (
    <Sheet open={props.open} onClose={props.onClose} label="Card gallery">
      {card ? (
        <div className="grid gap-4 sm:grid-cols-[14rem_1fr]">
          <img
            src={props.faces[card.key] ?? props.back}
            alt={props.cardInfo[card.key]?.name ?? ""}
            className={`w-full rounded-xl shadow-lg ${card.reversed ? "rotate-180" : ""}`}
          />
          <div>
            <p className="text-xs uppercase tracking-widest text-gold">{spread?.positions[card.position]?.name ?? `Card ${card.position + 1}`}</p>
            <h2 className="mt-1 text-3xl font-bold" data-testid="gallery-card">
              {props.cardInfo[card.key]?.name}
              {card.reversed ? " (reversed)" : ""}
            </h2>
            {spread && !spread.freeLayout ? <p className="mt-2 text-sm text-muted">{spread.positions[card.position]?.meaning}</p> : null}
            <p className="mt-3 text-sm">{(card.reversed ? props.cardInfo[card.key]?.reversed : props.cardInfo[card.key]?.upright)?.join(" · ")}</p>
            <div className="mt-4 flex gap-2">
              <button type="button" className={buttonClasses("secondary", "sm")} disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
                Previous
              </button>
              <button type="button" className={buttonClasses("secondary", "sm")} disabled={index >= cards.length - 1} onClick={() => setIndex((i) => i + 1)}>
                Next
              </button>
              <span className="self-center text-xs text-muted">
                {Math.min(index, cards.length - 1) + 1} of {cards.length}
              </span>
            </div>
          </div>
        </div>
      ) : (
        <p>No card has been revealed yet.</p>
      )}
    </Sheet>
  );
}
