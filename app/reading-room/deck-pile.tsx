/**
 * The deck's pile on the table: a stack of its painted backs with the count, riffled when the deck is
 * shuffled, and the flight of a drawn card from the pile to its place in the spread.
 */
import { useEffect, useRef, type RefObject } from "react";
import { cn } from "~/lib/cn";
import { cardCount } from "~/lib/format";
import type { ReadingStep, RoomEvent } from "./state";

/** How many backs the stack shows: a thick deck looks thick, the last card looks alone. */
const layersFor = (count: number) => (count === 0 ? 0 : Math.min(4, Math.ceil(count / 20)));

const STEP_WORDS: Record<ReadingStep, string> = {
  setup: "Not shuffled yet",
  shuffled: "Shuffled",
  drawing: "Dealing",
  drawn: "Spread complete",
};

const reducedMotion = () => typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export function DeckPile(props: {
  count: number;
  back: string;
  step: ReadingStep;
  /** The latest event at the table: a shuffle riffles the pile. */
  lastEvent: RoomEvent | null;
  /** The top of the pile, where a drawn card leaves from. */
  pileRef: RefObject<HTMLDivElement>;
  className?: string;
}) {
  const left = useRef<HTMLImageElement>(null);
  const right = useRef<HTMLImageElement>(null);
  const { lastEvent } = props;

  useEffect(() => {
    if (lastEvent?.type !== "shuffled" && lastEvent?.type !== "deckChanged") return;
    if (reducedMotion() || !left.current || !right.current) return;
    // Two halves part, lift and fall back together, twice: a riffle.
    const half = (side: -1 | 1) => [
      { transform: "none", opacity: 1 },
      { transform: `translateX(${side * 28}%) translateY(-8%) rotate(${side * 14}deg)`, opacity: 1, offset: 0.35 },
      { transform: `translateX(${side * 24}%) translateY(-12%) rotate(${side * 9}deg)`, opacity: 1, offset: 0.6 },
      { transform: "none", opacity: 1 },
    ];
    const timing = { duration: 420, iterations: 2, easing: "ease-in-out" };
    const animations = [left.current.animate(half(-1), timing), right.current.animate(half(1), { ...timing, delay: 60 })];
    return () => animations.forEach((animation) => animation.cancel());
  }, [lastEvent]);

  const layers = layersFor(props.count);
  return (
    <div className={cn("flex items-center justify-center gap-4 px-4 py-3 sm:flex-col sm:gap-2 sm:px-3", props.className)} data-testid="pile">
      <div
        ref={props.pileRef}
        className="relative aspect-[3/4] w-12 shrink-0 sm:w-20"
        role="img"
        aria-label={props.count === 0 ? "The deck: no cards left" : `The deck, face down: ${cardCount(props.count)}`}
      >
        {layers === 0 ? <div className="absolute inset-0 rounded-md border border-dashed border-line" /> : null}
        {Array.from({ length: layers }, (_, i) => {
          // The bottom of the stack is drawn first, each back a little lower and to the right.
          const depth = layers - 1 - i;
          return (
            <img
              key={depth}
              src={props.back}
              alt=""
              draggable={false}
              data-testid={depth === 0 ? "pile-top" : undefined}
              className="absolute inset-0 h-full w-full rounded-md object-cover shadow-md ring-1 ring-black/10"
              style={{ translate: `${depth * 2}px ${depth * 2}px` }}
            />
          );
        })}
        {layers > 0 ? (
          <>
            <img ref={left} src={props.back} alt="" draggable={false} className="absolute inset-0 h-full w-full rounded-md object-cover opacity-0 shadow-md" />
            <img ref={right} src={props.back} alt="" draggable={false} className="absolute inset-0 h-full w-full rounded-md object-cover opacity-0 shadow-md" />
          </>
        ) : null}
      </div>
      <p className="text-left sm:text-center">
        <span className="block text-sm font-semibold" data-testid="pile-count">
          {cardCount(props.count)}
        </span>
        <span className="block text-xs text-muted">{STEP_WORDS[props.step]}</span>
      </p>
    </div>
  );
}

/**
 * Flies a copy of the pile's top card to `card`, the spread's new card, which shows once the copy
 * lands. `zoom` is the table's zoom, which scales the card but not its layout size.
 */
export function dealFromPile(pile: HTMLElement | null, card: HTMLElement | null, back: string, rotation: number, zoom: number): (() => void) | undefined {
  if (!pile || !card || reducedMotion()) return;
  const from = pile.getBoundingClientRect();
  const to = card.getBoundingClientRect();
  if (from.width === 0 || to.width === 0) return;
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const scale = (card.offsetWidth * zoom) / from.width;
  const flying = document.createElement("img");
  flying.src = back;
  flying.alt = "";
  flying.setAttribute("aria-hidden", "true");
  flying.dataset.testid = "card-in-flight";
  Object.assign(flying.style, {
    position: "fixed",
    left: `${from.left}px`,
    top: `${from.top}px`,
    width: `${from.width}px`,
    height: `${from.height}px`,
    objectFit: "cover",
    borderRadius: "0.4rem",
    boxShadow: "0 14px 28px -10px rgb(0 0 0 / 0.5)",
    pointerEvents: "none",
    zIndex: "40",
  });
  document.body.appendChild(flying);
  // Hidden by opacity, not visibility: in the free layout the card can be taken while it flies.
  card.style.opacity = "0";
  const flight = flying.animate(
    [
      { transform: "none" },
      // Lifted off the pile, it arcs a little above the straight line as it turns towards its place.
      { transform: `translate(${dx * 0.5}px, ${dy * 0.5 - 28}px) rotate(${rotation / 2 - 6}deg) scale(${((1 + scale) / 2) * 1.08})`, offset: 0.5 },
      { transform: `translate(${dx}px, ${dy}px) rotate(${rotation}deg) scale(${scale})` },
    ],
    { duration: 520, easing: "cubic-bezier(.25,.8,.3,1)" },
  );
  const land = () => {
    flying.remove();
    card.style.opacity = "";
  };
  flight.onfinish = land;
  flight.oncancel = land;
  return () => flight.cancel();
}
