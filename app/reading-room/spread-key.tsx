import { cn } from "~/lib/cn";
import { numberedOnPhone } from "./spreads";
import { spreadOf, type RoomState } from "./state";
import { LargePicture, PlaceNumber } from "./table-cards";
import type { CardInfo } from "./table-types";

/**
 * On a phone, under the table of a spread whose places are numbered there: every place by number
 * and whole name, with its card large enough to see (a button to the gallery once it is turned
 * over), face down, or still to be drawn. Nothing on wider screens, where the names fit the table.
 */
export function SpreadKey(props: { state: RoomState; faces: Record<string, string>; back: string; cardInfo: CardInfo; onOpen: (position: number) => void }) {
  const spread = spreadOf(props.state);
  if (!spread || !numberedOnPhone(spread)) return null;
  const byPosition = new Map(props.state.table.map((card) => [card.position, card]));
  // Before the first draw the key is a list of names; once cards fall, each place keeps a card's room.
  const dealt = props.state.table.length > 0;
  return (
    <ol
      aria-label="The spread's places"
      data-testid="spread-key"
      className={cn("mt-3 grid gap-x-3 sm:hidden", dealt ? "grid-cols-3 gap-y-4" : "grid-cols-2 gap-y-2")}
    >
      {spread.positions.map((place) => {
        const card = byPosition.get(place.index);
        const name = card?.revealed ? (props.cardInfo[card.key]?.name ?? card.key) : null;
        const picture = card ? (
          <img
            src={card.revealed ? (props.faces[card.key] ?? props.back) : props.back}
            alt=""
            className={cn("aspect-[3/4] w-full rounded-lg object-cover shadow-md", card.revealed && card.reversed && "rotate-180")}
          />
        ) : dealt ? (
          <span aria-hidden="true" className="block aspect-[3/4] w-full rounded-lg border border-dashed border-muted/50" />
        ) : null;
        return (
          <li key={place.index} className="grid content-start gap-1.5 text-xs" data-testid="key-place">
            {card?.revealed ? (
              <LargePicture
                href={props.faces[card.key] ?? `/cards/${card.key}`}
                onOpen={() => props.onOpen(place.index)}
                label={`Look at ${place.name}: ${name}${card.reversed ? ", reversed" : ""}`}
                className="block rounded-lg"
              >
                {picture}
              </LargePicture>
            ) : (
              picture
            )}
            <span className="flex items-start gap-1.5">
              <PlaceNumber n={place.index + 1} className="shrink-0" />
              <span className="min-w-0 break-words">
                <span className="block font-semibold leading-tight" data-testid="key-place-name">
                  {place.name}
                </span>
                <span className="block text-muted">{name ? `${name}${card?.reversed ? " (reversed)" : ""}` : card ? "Face down" : "Not drawn yet"}</span>
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
