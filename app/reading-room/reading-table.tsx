import { Form, useActionData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { SPREADS, spreadById, type SpreadId } from "./spreads";
import { CUSTOM_PREFIX, type CustomSpreadDefinition, type LaidSpread } from "./custom-spreads";
import { canControl, isActive, spreadOf, whyNot, whyNotChangeDeck, type RoomState, type TableCard } from "./state";
import { dealFromPile, DeckPile } from "./deck-pile";
import { DeckForm, DeckPicker, titleOf, type DeckChoices } from "./deck-picker";
import { useRoom } from "./use-room";
import { PaidReadingBar } from "../paid-readings/meter-bar";
import { ChatPanel } from "./chat-panel";
import { Gallery, HelpSheet, QuestionIdeas, useShortcuts, useTableGestures, useTableSounds } from "./table-tools";
import { useVideoCall, VideoCall } from "./video-call";
import { nextCorner, VideoDock, type DockCorner } from "./video-dock";
import { PHONE_QUERY, useMediaQuery } from "~/lib/use-media-query";

type CardInfo = Record<string, { name: string; upright: string[]; reversed: string[] }>;

/** What the page's action answers: an invite link, or why an invite or a deck change was refused. */
type TableActionData = { invite: { path: string; expiresAt: number; maxUses: number | null } | null; error: string | null; deckError?: string | null };

export type TableProps = {
  sessionId: string;
  initial: RoomState;
  faces: Record<string, string>;
  back: string;
  cardInfo: CardInfo;
  isHost: boolean;
  /** who is looking, as the page knew it: the table is theirs to lead from the first paint if they lead */
  viewerId: string;
  iceServers: RTCIceServer[];
  decks: DeckChoices;
  /** The title of the deck on the table, whoever laid it. */
  deckTitle: string;
  /** Join the video call on arrival (the person came through a video invitation). */
  startVideo?: boolean;
  /** A paid reading: private to its client and reader, so nobody else is invited. */
  isPaid?: boolean;
  /** The viewer's own spreads, offered after the built-in six to whoever leads. */
  ownSpreads?: { id: string; spread: CustomSpreadDefinition }[];
};

/** The shared table: the spread as everyone sees it, and the controls of whoever leads. */
export function ReadingTable(props: TableProps) {
  const room = useRoom(props.sessionId, props.initial);
  const location = useLocation();
  const actionData = useActionData<TableActionData>();
  const { state } = room;
  // The room names the person once the socket is open; until then the page's word for it stands.
  const you = room.you ?? props.viewerId;
  const leads = you !== null && canControl(state, you);
  const spread = spreadOf(state);
  const now = useNow();
  const tableRef = useRef<HTMLDivElement>(null);
  const spreadRef = useRef<HTMLSelectElement>(null);
  const deckRef = useRef<HTMLButtonElement>(null);
  const pileRef = useRef<HTMLDivElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [gallery, setGallery] = useState<{ open: boolean; start: number }>({ open: false, start: 0 });
  const [sounds, setSounds] = useState(false);
  // When an interpretation starts, it is brought into view wherever the person was looking; also
  // when it arrives whole at once (a short one, or a tab that was busy), never for one already there on load.
  const interpretationRef = useRef<HTMLElement>(null);
  const interpreted = state.interpretation.status !== "idle";
  const interpretedOnLoad = useRef(interpreted);
  useEffect(() => {
    if (!interpreted) {
      interpretedOnLoad.current = false;
      return;
    }
    if (interpretedOnLoad.current) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    interpretationRef.current?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  }, [interpreted]);
  const gestures = useTableGestures({ table: tableRef, state, leads, send: room.send });
  const call = useVideoCall(room, props.iceServers);
  // On a phone the call lies on a corner of the table instead of in a panel far below it.
  const docked = useMediaQuery(PHONE_QUERY) && call.local !== null;
  const [corner, setCorner] = useState<DockCorner>("bottom-right");
  const [ownShown, setOwnShown] = useState(true);
  // Whoever has left the table has left its call: the camera goes off with it.
  const leaveCall = call.leave;
  const inCall = call.local !== null;
  useEffect(() => {
    if (room.closed && inCall) leaveCall();
  }, [room.closed, inCall, leaveCall]);
  useTableSounds(room.lastEvent, sounds);

  // Another deck on the table: load its pictures.
  const revalidator = useRevalidator();
  const shownDeck = useRef(props.initial.deckId);
  useEffect(() => {
    if (state.deckId === shownDeck.current) return;
    shownDeck.current = state.deckId;
    revalidator.revalidate();
  }, [state.deckId, revalidator]);
  // A priced deck sends someone who has not bought it only the pictures of cards already turned over: ask for a new one once.
  const unpictured =
    state.deckId === shownDeck.current
      ? state.table
          .filter((card) => card.revealed && !props.faces[card.key])
          .map((card) => card.key)
          .join(" ")
      : "";
  const askedFor = useRef("");
  useEffect(() => {
    if (!unpictured || unpictured === askedFor.current) return;
    askedFor.current = unpictured;
    revalidator.revalidate();
  }, [unpictured, revalidator]);

  const zoomBy = (factor: number) => {
    const view = gestures.asked() ?? state.view;
    gestures.sendView({ ...view, zoom: view.zoom * factor });
  };
  const shortcuts = useMemo(() => {
    const all: Record<string, () => void> = {
      "?": () => setHelpOpen(true),
      v: () => setGallery({ open: true, start: 0 }),
    };
    if (!leads) return all;
    return {
      ...all,
      s: () => room.send({ type: "shuffle" }),
      d: () => room.send({ type: "draw" }),
      r: () => room.send({ type: "revealAll" }),
      g: () => room.send({ type: "reset" }),
      "+": () => zoomBy(1.25),
      "-": () => zoomBy(0.8),
      "0": () => gestures.sendView({ zoom: 1, x: 0, y: 0 }),
      l: () => spreadRef.current?.focus(),
      k: () => (deckRef.current?.disabled ? deckRef.current.focus() : deckRef.current?.click()),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leads, room.send, state.view]);
  useShortcuts(shortcuts);

  if (room.closed) {
    return (
      <div className="mx-auto max-w-md py-20 text-center">
        <h2 className="text-3xl font-bold">You have left the table</h2>
        <p className="mt-3 text-muted" role="alert">
          {room.closed}
        </p>
        {/* A paid reading's bar stays: it shows the end and takes both to the receipt. */}
        {room.meter ? (
          <div className="mt-4 text-left">
            <PaidReadingBar room={room} />
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div className="grid w-full max-w-7xl gap-4 lg:grid-cols-[1fr_20rem] lg:gap-6">
      <section aria-label="The table" className="min-w-0 lg:col-start-1 lg:row-start-1">
        <PaidReadingBar room={room} />
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm">
          <p>
            <span className="font-semibold">{spread?.name}</span>
            {state.question ? <span className="text-muted"> · “{state.question}”</span> : null}
          </p>
          <p className="needs-script flex items-center gap-1.5 text-muted" data-testid="room-status">
            <span className={cn("h-2 w-2 rounded-full", room.connected ? "bg-emerald-500" : "bg-line")} aria-hidden="true" />
            {room.connected ? "live" : "connecting…"}
          </p>
        </div>
        <div className="needs-script mb-2 flex flex-wrap items-center gap-1">
          {leads ? (
            <>
              <button type="button" className={buttonClasses("ghost", "sm")} onClick={() => zoomBy(0.8)} aria-label="Zoom out">
                −
              </button>
              <span className="w-12 text-center text-xs text-muted" data-testid="zoom-level">
                {Math.round(state.view.zoom * 100)}%
              </span>
              <button type="button" className={buttonClasses("ghost", "sm")} onClick={() => zoomBy(1.25)} aria-label="Zoom in">
                +
              </button>
              <button type="button" className={buttonClasses("ghost", "sm")} onClick={() => gestures.sendView({ zoom: 1, x: 0, y: 0 })}>
                <span>
                  Reset<span className="max-sm:sr-only"> view</span>
                </span>
              </button>
            </>
          ) : (
            <span className="text-xs text-muted" data-testid="zoom-level">
              {Math.round(state.view.zoom * 100)}%
            </span>
          )}
          <span className="flex-1" />
          <button type="button" className={buttonClasses("ghost", "sm")} onClick={() => setGallery({ open: true, start: 0 })}>
            Gallery
          </button>
          {/* On a phone the row fits one line: the sounds show as a speaker, and the keyboard's shortcuts, of no use there, go. */}
          <button type="button" className={buttonClasses("ghost", "sm")} aria-pressed={sounds} onClick={() => setSounds((on) => !on)}>
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className="size-5 sm:hidden"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M11 5 6 9H3v6h3l5 4z" />
              {sounds ? <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" /> : <path d="m16 9 6 6M22 9l-6 6" />}
            </svg>
            <span className="max-sm:sr-only">{sounds ? "Sounds on" : "Sounds off"}</span>
          </button>
          <button type="button" className={cn(buttonClasses("ghost", "sm"), "max-sm:hidden")} onClick={() => setHelpOpen(true)} aria-label="Keyboard shortcuts">
            ?
          </button>
        </div>
        {/* The felt: the spread, and the deck's pile at its edge (under it on a phone, at its left on wider screens). */}
        <div className="relative flex flex-col overflow-hidden rounded-3xl border border-line bg-[radial-gradient(ellipse_at_50%_40%,color-mix(in_oklab,var(--brand)_22%,var(--surface)),var(--surface-2))] shadow-inner sm:flex-row">
          <div
            ref={tableRef}
            {...gestures.handlers}
            className={cn("relative aspect-[4/3] w-full min-w-0 overflow-hidden sm:flex-1", leads && "touch-none select-none")}
            data-testid="table"
          >
            <div
              className="absolute inset-0 origin-center transition-transform duration-300"
              style={{ transform: `translate(${state.view.x}%, ${state.view.y}%) scale(${state.view.zoom})` }}
            >
              {state.table.length === 0 ? <EmptySpots spread={spread} /> : null}
              {state.table.map((card) => {
                const rotation = spread?.positions[card.position]?.rotation ?? 0;
                // A card just drawn here flies in from the pile; cards already lying when the page came do not.
                const justDrawn = room.lastEvent?.type === "drawn" && room.lastEvent.card.position === card.position;
                return (
                  <PlacedCard
                    key={card.position}
                    card={gestures.dragged?.position === card.position ? { ...card, x: gestures.dragged.x, y: gestures.dragged.y } : card}
                    onOpen={card.revealed ? () => setGallery({ open: true, start: card.position }) : undefined}
                    face={props.faces[card.key] ?? null}
                    back={props.back}
                    info={props.cardInfo[card.key]}
                    positionName={spread?.positions[card.position]?.name ?? `Card ${card.position + 1}`}
                    rotation={rotation}
                    width={spread?.cardWidth ?? 11}
                    caption={spread?.captions ? spread.positions[card.position]?.name : undefined}
                    onReveal={leads && !card.revealed ? () => room.send({ type: "reveal", position: card.position }) : undefined}
                    deal={justDrawn ? (element) => dealFromPile(pileRef.current, element, props.back, rotation, state.view.zoom) : undefined}
                  />
                );
              })}
            </div>
          </div>
          <DeckPile
            count={state.pile.length}
            back={props.back}
            step={state.step}
            lastEvent={room.lastEvent}
            pileRef={pileRef}
            className={cn(
              "border-t border-line/70 sm:order-first sm:w-32 sm:shrink-0 sm:border-r sm:border-t-0",
              // The pile makes room for a picture docked in the corner below the table.
              docked && corner === "bottom-right" && "pr-[40%]",
              docked && corner === "bottom-left" && "pl-[40%]",
            )}
          />
          {docked ? <VideoDock room={room} call={call} ownShown={ownShown} corner={corner} onMove={() => setCorner(nextCorner)} /> : null}
        </div>
        {room.notice ? (
          <p role="alert" className="mt-3 rounded-2xl border border-danger/50 px-4 py-2 text-sm text-danger">
            {room.notice}
          </p>
        ) : null}
      </section>

      {/* The tools come before the interpretation in the document but after it on a phone: they must not
          anchor the scroll, or the page would follow them down as the interpretation grows above them. */}
      <aside className="order-3 flex flex-col gap-4 text-left [overflow-anchor:none] lg:order-none lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <noscript>
          <style>{".needs-script{display:none}"}</style>
          <p className="rounded-2xl border border-line bg-surface/80 p-4 text-sm text-muted">
            The table is shown as it stood when this page loaded. Turn on JavaScript to follow the reading live and to lead it.
          </p>
        </noscript>
        {leads ? (
          <>
            <div className="needs-script">
              <Controls
                state={state}
                send={room.send}
                spreadRef={spreadRef}
                deckRef={deckRef}
                decks={props.decks}
                deckTitle={props.deckTitle}
                changeDeck={room.changeDeck}
                ownSpreads={props.ownSpreads ?? []}
              />
            </div>
            <noscript>
              <DeckForm
                action={`${location.pathname}?session=${props.sessionId}`}
                choices={props.decks}
                current={state.deckId}
                blocked={whyNotChangeDeck(state)}
                error={actionData?.deckError}
              />
            </noscript>
          </>
        ) : (
          <p className="rounded-2xl border border-line bg-surface/80 p-4 text-sm text-muted" data-testid="watching">
            {state.members.find((m) => m.id === state.controllerId)?.name ?? "The host"} is leading this reading. You see every card as it falls.
          </p>
        )}
        <People state={state} you={you} now={now} isHost={you === state.hostId} send={room.send} />
        <VideoCall
          room={room}
          call={call}
          startNow={props.startVideo && room.connected && room.you !== null}
          docked={docked}
          ownPreview={{ shown: ownShown, toggle: () => setOwnShown((shown) => !shown) }}
        />
        <ChatPanel room={room} you={room.you} />
        {props.isHost && !props.isPaid ? <InviteBox sessionId={props.sessionId} /> : null}
      </aside>

      {/* On a phone the interpretation comes right under the table, before the tools. */}
      <div className="order-2 min-w-0 lg:order-none lg:col-start-1 lg:row-start-2">
        {state.interpretation.status !== "idle" ? (
          <section
            ref={interpretationRef}
            aria-labelledby="interpretation-heading"
            className="mb-4 scroll-mt-4 rounded-3xl border border-line bg-surface/80 p-5 text-left"
            data-testid="interpretation-panel"
          >
            <h2 id="interpretation-heading" className="text-xl font-semibold">
              Interpretation{state.interpretation.status === "writing" ? "…" : ""}
            </h2>
            {state.interpretation.status === "writing" && !state.interpretation.text ? (
              <p className="mt-2 flex items-center gap-2 text-sm text-muted" data-testid="interpretation-cue">
                <span className="h-2 w-2 animate-pulse rounded-full bg-brand motion-reduce:animate-none" aria-hidden="true" />
                The cards are being read…
              </p>
            ) : null}
            <div className="mt-2 text-sm leading-relaxed" data-testid="interpretation" aria-live="polite">
              <ReadingText text={state.interpretation.text} />
            </div>
          </section>
        ) : null}
        <DrawnList state={state} cardInfo={props.cardInfo} />
      </div>
      <HelpSheet open={helpOpen} onClose={() => setHelpOpen(false)} />
      <Gallery
        open={gallery.open}
        start={gallery.start}
        onClose={() => setGallery((g) => ({ ...g, open: false }))}
        state={state}
        faces={props.faces}
        back={props.back}
        cardInfo={props.cardInfo}
      />
    </div>
  );
}

/** A layout effect in the browser, nothing on the server (where React would warn about it). */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function EmptySpots({ spread }: { spread: LaidSpread | undefined }) {
  if (!spread || spread.freeLayout) return null;
  // Two spots on one centre (the Celtic Cross's Present and Challenge): the names stay level and
  // apart, the crossing card's at the top of the spot, the crossed one's at the bottom.
  const crossed = (spot: (typeof spread.positions)[number]) => spread.positions.some((other) => other !== spot && other.x === spot.x && other.y === spot.y);
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
            <span data-testid="spot-name">{spot.name}</span>
          </div>
        </div>
      ))}
    </>
  );
}

function PlacedCard(props: {
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
      {props.onReveal || props.onOpen ? (
        <button
          type="button"
          onClick={props.onReveal ?? props.onOpen}
          aria-label={props.onReveal ? `Reveal ${label}` : `Look at ${label}`}
          className="block h-full w-full rounded-lg"
        >
          {picture}
        </button>
      ) : (
        <div role="img" aria-label={label} className="h-full w-full">
          {picture}
        </div>
      )}
      {props.caption ? (
        <span aria-hidden="true" className="absolute inset-x-0 top-full mt-0.5 truncate text-center text-[0.6rem] leading-tight text-muted sm:text-xs">
          {props.caption}
        </span>
      ) : null}
    </div>
  );
}

function DrawnList({ state, cardInfo }: { state: RoomState; cardInfo: CardInfo }) {
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

/** A control's `disabled` and `title` from the reason it is unavailable (null when it is available). */
const unavailable = (reason: string | null) => ({ disabled: reason !== null, title: reason ?? undefined });

/** A select that looks unavailable while it is disabled, as a disabled button does. */
const SELECT =
  "mt-1 block w-full rounded-xl border border-line bg-surface px-3 py-2 disabled:cursor-not-allowed disabled:border-dashed disabled:bg-surface-2 disabled:text-muted";

function Controls({
  state,
  send,
  spreadRef,
  deckRef,
  decks,
  deckTitle,
  changeDeck,
  ownSpreads,
}: {
  ownSpreads: NonNullable<TableProps["ownSpreads"]>;
  state: RoomState;
  send: ReturnType<typeof useRoom>["send"];
  spreadRef: React.RefObject<HTMLSelectElement>;
  deckRef: React.RefObject<HTMLButtonElement>;
  decks: TableProps["decks"];
  deckTitle: string;
  changeDeck: (deckId: string | null) => void;
}) {
  const [question, setQuestion] = useState(state.question);
  // Each control says why it cannot be used now; the reasons are the room's own refusals.
  const spreadReason = whyNot(state, { type: "chooseSpread" });
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
      <form
        className="mt-3 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: "setQuestion", question });
        }}
      >
        <label className="sr-only" htmlFor="room-question">
          Question
        </label>
        <input
          id="room-question"
          value={question}
          maxLength={300}
          onChange={(event) => setQuestion(event.target.value)}
          placeholder="What would you like to ask?"
          className="min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 py-2 text-sm"
        />
        <button type="submit" className={buttonClasses("secondary", "sm")}>
          Ask
        </button>
      </form>
      <QuestionIdeas
        typed={question}
        onPick={(picked) => {
          setQuestion(picked);
          send({ type: "setQuestion", question: picked });
        }}
      />
      <label className="mt-3 block text-sm font-medium">
        Spread
        <select
          ref={spreadRef}
          value={state.spreadId}
          {...unavailable(spreadReason)}
          onChange={(event) => {
            const chosen = event.target.value;
            const own = ownSpreads.find((one) => `${CUSTOM_PREFIX}${one.id}` === chosen);
            if (own) send({ type: "chooseCustomSpread", spreadId: own.id, spread: own.spread });
            else if (spreadById(chosen)) send({ type: "chooseSpread", spreadId: chosen as SpreadId });
          }}
          className={SELECT}
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
        </select>
      </label>
      <a href="/spreads/new" className="mt-1 inline-block text-xs text-brand underline">
        Build a spread of your own
      </a>
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

function People({
  state,
  you,
  now,
  isHost,
  send,
}: {
  state: RoomState;
  you: string | null;
  now: number;
  isHost: boolean;
  send: ReturnType<typeof useRoom>["send"];
}) {
  return (
    <section aria-labelledby="people-heading" className="rounded-2xl border border-line bg-surface/80 p-4">
      <div className="flex items-center justify-between">
        <h2 id="people-heading" className="font-semibold">
          At the table
        </h2>
        {isHost ? (
          <button type="button" className="needs-script text-xs text-brand underline" onClick={() => send({ type: "lock", locked: !state.locked })}>
            {state.locked ? "Unlock the room" : "Lock the room"}
          </button>
        ) : state.locked ? (
          <span className="text-xs text-muted">Locked</span>
        ) : null}
      </div>
      <ul className="mt-2 grid gap-2" data-testid="people">
        {state.members.map((member) => {
          const active = isActive(member, now);
          return (
            <li key={member.id} className="flex items-center gap-2 text-sm">
              <span
                className={cn("h-2.5 w-2.5 shrink-0 rounded-full", active ? "bg-emerald-500" : "bg-line")}
                aria-label={active ? "active" : "away"}
                role="img"
              />
              {member.avatarUrl ? <img src={member.avatarUrl} alt="" className="h-6 w-6 rounded-full object-cover" /> : null}
              <span className="min-w-0 flex-1 truncate">
                {member.name}
                {member.id === you ? " (you)" : ""}
                {member.id === state.hostId ? " · host" : member.role !== "participant" ? ` · ${member.role}` : ""}
                {member.id === state.controllerId && member.id !== state.hostId ? " · leading" : ""}
              </span>
              {member.readerLevel ? (
                <span
                  className="shrink-0 rounded-full border border-gold-bright/60 px-2 py-px text-[11px] font-medium text-gold"
                  title={`${member.readerLevel} reader`}
                >
                  {member.readerLevel}
                </span>
              ) : null}
              {isHost && member.id !== you && member.role !== "spectator" && member.id !== state.controllerId ? (
                <button type="button" className="needs-script text-xs text-brand underline" onClick={() => send({ type: "handOver", to: member.id })}>
                  Hand over
                </button>
              ) : null}
              {isHost && member.id === you && state.controllerId !== you ? (
                <button type="button" className="needs-script text-xs text-brand underline" onClick={() => send({ type: "handOver", to: member.id })}>
                  Take back
                </button>
              ) : null}
              {isHost && member.id !== state.hostId ? (
                <button
                  type="button"
                  className="needs-script text-xs text-danger underline"
                  onClick={() => send({ type: "remove", id: member.id })}
                  aria-label={`Remove ${member.name}`}
                >
                  Remove
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function InviteBox({ sessionId }: { sessionId: string }) {
  const result = useActionData<TableActionData>();
  const location = useLocation();
  const link = result?.invite ? new URL(result.invite.path, typeof window === "undefined" ? "http://localhost" : window.location.origin).href : null;
  return (
    <section aria-labelledby="invite-heading" className="rounded-2xl border border-line bg-surface/80 p-4">
      <h2 id="invite-heading" className="font-semibold">
        Invite someone
      </h2>
      <Form method="post" action={`${location.pathname}?session=${sessionId}`} className="mt-2 grid gap-2">
        <input type="hidden" name="intent" value="invite" />
        <label className="text-sm">
          Joins as
          <select name="type" className="mt-1 block w-full rounded-xl border border-line bg-surface px-3 py-2">
            <option value="participant">Participant</option>
            <option value="co-reader">Co-reader (may lead too)</option>
            <option value="spectator">Spectator</option>
            <option value="participant-video">Participant, with video</option>
          </select>
        </label>
        <button type="submit" className={buttonClasses("secondary", "sm")}>
          Make an invite link
        </button>
      </Form>
      {link ? (
        <p className="mt-3 break-all text-xs">
          <a href={link} data-testid="invite-link" className="text-brand underline">
            {link}
          </a>
          <span className="block text-muted">Valid for 24 hours.</span>
        </p>
      ) : null}
      {result?.error ? (
        <p className="mt-2 text-xs text-danger" role="alert">
          {result.error}
        </p>
      ) : null}
    </section>
  );
}

/** Bold runs (`**…**`) of one line, as React nodes; nothing else is interpreted. */
function inline(line: string) {
  return line
    .split(/(\*\*[^*]+\*\*)/g)
    .map((part, i) => (part.startsWith("**") && part.endsWith("**") && part.length > 4 ? <strong key={i}>{part.slice(2, -2)}</strong> : part));
}

/**
 * The interpretation as the model writes it: `## ` headings, `- ` list items and bold runs
 * become real headings, lists and emphasis; everything else is plain text (never HTML).
 */
export function ReadingText({ text }: { text: string }) {
  const blocks: React.ReactNode[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length === 0) return;
    blocks.push(
      <ul key={`list-${blocks.length}`} className="my-2 list-disc space-y-1 pl-5">
        {items.map((item, i) => (
          <li key={i}>{inline(item)}</li>
        ))}
      </ul>,
    );
    items = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (/^[-*] /.test(line)) {
      items.push(line.slice(2));
      continue;
    }
    flush();
    if (!line) continue;
    const heading = /^#{1,4}\s+(.*)$/.exec(line);
    if (heading)
      blocks.push(
        <h3 key={blocks.length} className="mt-3 font-display text-lg font-semibold">
          {inline(heading[1]!)}
        </h3>,
      );
    else
      blocks.push(
        <p key={blocks.length} className="my-2">
          {inline(line)}
        </p>,
      );
  }
  flush();
  return <>{blocks}</>;
}
