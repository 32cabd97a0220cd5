import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import type { LaidSpread } from "./custom-spreads";
import { numberedOnPhone } from "./spreads";
import type { TableCard } from "./state";
import { useHydrated } from "~/lib/use-hydrated";
import { TableForm } from "./table-form";
import type { CardInfo } from "./table-types";

/** A layout effect in the browser, nothing on the server (where React would warn about it). */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** The spread's empty spots, named, before a card lies on them. */
export function EmptySpots({ spread }: { spread: LaidSpread | undefined }) {
  if (!spread || spread.freeLayout) return null;
  // Two spots on one centre (the Celtic Cross's Present and Challenge): the names stay level and
  // apart, the crossing card's at the top of the spot, the crossed one's at the bottom.
  const crossed = (spot: (typeof spread.positions)[number]) => spread.positions.some((other) => other !== spot && other.x === spot.x && other.y === spot.y);
  const numbered = numberedOnPhone(spread);
  return (
    <>
      {spread.positions.map((spot) => (
        <div
          key={spot.index}
          className="absolute aspect-[3/4] -translate-x-1/2 -translate-y-1/2"
          style={{ left: `${spot.x}%`, top: `${spot.y}%`, width: `${spread.cardWidth}%` }}
        >
          <div className="absolute inset-0 rounded-xl border border-dashed border-muted/40" style={{ rotate: `${spot.rotation}deg` }} />
          <div
            className={cn(
              "absolute inset-0 flex flex-col items-center p-1 text-center text-[0.6rem] leading-tight text-muted sm:text-xs",
              !crossed(spot) ? "justify-center" : spot.rotation ? "justify-start" : "justify-end",
            )}
          >
            <span data-testid="spot-name" className={cn(numbered && "hidden sm:inline")}>
              {spot.name}
            </span>
            {numbered ? <PlaceNumber n={spot.index + 1} className="sm:hidden" /> : null}
          </div>
        </div>
      ))}
    </>
  );
}

/** A card on the table, face down or turned over; a button when it can be revealed or looked at. */
export function PlacedCard(props: {
  card: TableCard;
  face: string | null;
  back: string;
  info: CardInfo[string] | undefined;
  positionName: string;
  rotation: number;
  /** in percent of the table's width */
  width: number;
  /** the position's name, written under the card */
  caption?: string;
  /** On a phone, the place's number instead of its name (the key under the table names it). */
  numberedOnPhone?: boolean;
  onReveal?: () => void;
  onOpen?: () => void;
  /** Set when the card was just drawn: flies it in from the pile, returning how to stop the flight. */
  deal?: (element: HTMLElement) => (() => void) | undefined;
}) {
  const { card } = props;
  const ref = useRef<HTMLDivElement>(null);
  // Only on arrival: a card already lying on the table does not fly again.
  useBrowserLayoutEffect(() => (ref.current ? props.deal?.(ref.current) : undefined), []);
  const name = props.info?.name ?? card.key;
  const label = card.revealed ? `${props.positionName}: ${name}${card.reversed ? ", reversed" : ""}` : `${props.positionName}: face down`;
  const picture = (
    <img
      src={card.revealed ? (props.face ?? props.back) : props.back}
      alt=""
      className={cn("h-full w-full rounded-lg object-cover shadow-lg transition-transform duration-500", card.revealed && card.reversed && "rotate-180")}
      draggable={false}
    />
  );
  return (
    <div
      ref={ref}
      className="absolute aspect-[3/4] -translate-x-1/2 -translate-y-1/2"
      style={{ left: `${card.x}%`, top: `${card.y}%`, width: `${props.width}%`, rotate: `${props.rotation}deg`, zIndex: props.rotation ? 2 : 1 }}
      data-testid="table-card"
      data-card={card.revealed ? card.key : ""}
      data-reversed={card.revealed ? String(card.reversed) : ""}
      data-position={card.position}
    >
      {props.onReveal ? (
        <TableForm intent="reveal" fields={{ position: card.position }} onSend={props.onReveal} className="h-full w-full">
          <button type="submit" aria-label={`Reveal ${label}`} className="block h-full w-full rounded-lg">
            {picture}
          </button>
        </TableForm>
      ) : props.onOpen ? (
        <LargePicture href={props.face ?? `/cards/${card.key}`} onOpen={props.onOpen} label={`Look at ${label}`} className="block h-full w-full rounded-lg">
          {picture}
        </LargePicture>
      ) : (
        <div role="img" aria-label={label} className="h-full w-full">
          {picture}
        </div>
      )}
      {props.caption ? (
        <span aria-hidden="true" className="absolute inset-x-0 top-full mt-0.5 truncate text-center text-[0.6rem] leading-tight text-muted sm:text-xs">
          <span className={cn(props.numberedOnPhone && "hidden sm:inline")}>{props.caption}</span>
          {props.numberedOnPhone ? <PlaceNumber n={card.position + 1} className="sm:hidden" /> : null}
        </span>
      ) : null}
    </div>
  );
}

/**
 * A turned card that opens large: in the table's gallery with JavaScript, and without it as a plain
 * link to the card's picture (or to its page in the library when no picture is sent).
 */
export function LargePicture({
  href,
  onOpen,
  label,
  className,
  children,
}: {
  href: string;
  onOpen: () => void;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  // Once the gallery can open, the link acts as its button.
  const hydrated = useHydrated();
  return (
    <a
      href={href}
      role={hydrated ? "button" : undefined}
      aria-label={label}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </a>
  );
}

/** A place's number in a small round badge, as the key under the table lists it. */
export function PlaceNumber({ n, className }: { n: number; className?: string }) {
  return (
    <span
      data-testid="place-number"
      className={cn(
        "inline-grid h-5 min-w-5 place-items-center rounded-full border border-gold/60 bg-surface px-1 text-[0.7rem] font-semibold leading-none text-ink",
        className,
      )}
    >
      {n}
    </span>
  );
}
