import { useActionData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { PHONE_QUERY, useMediaQuery } from "~/lib/use-media-query";
import { PaidReadingBar } from "../paid-readings/meter-bar";
import { Gallery } from "./card-gallery";
import { ChatPanel } from "./chat-panel";
import { dealFromPile, DeckPile } from "./deck-pile";
import { DeckForm, type DeckChoices } from "./deck-picker";
import { DrawnList } from "./drawn-list";
import { HostControls } from "./host-controls";
import { InterpretationPanel } from "./interpretation-panel";
import { InviteBox } from "./invite-box";
import { People } from "./people-panel";
import { HelpSheet, useShortcuts } from "./shortcuts";
import { canControl, spreadOf, whyNotChangeDeck, type RoomState } from "./state";
import { SpreadKey } from "./spread-key";
import { numberedOnPhone } from "./spreads";
import { EmptySpots, PlacedCard } from "./table-cards";
import { useTableGestures } from "./table-gestures";
import { useTableSounds } from "./table-sounds";
import { TableToolbar } from "./table-toolbar";
import type { CardInfo, OwnSpread, TableActionData } from "./table-types";
import { useRoom } from "./use-room";
import { useHydrated } from "~/lib/use-hydrated";
import { PAID_NEEDS_LIVE, type ChatEntry } from "./messages";
import { TableFormAction } from "./table-form";
import { useCall, type CallKind } from "./call";
import { VideoCall } from "./video-call";
import { nextCorner, VideoDock, type DockCorner } from "./video-dock";
import { VoiceCall } from "./voice-call";

export type TableProps = {
  sessionId: string;
  initial: RoomState;
  faces: Record<string, string>;
  /** The deck `faces` were read for (null: the classic deck). */
  artDeckId: string | null;
  back: string;
  cardInfo: CardInfo;
  isHost: boolean;
  /** who is looking, as the page knew it: the table is theirs to lead from the first paint if they lead */
  viewerId: string;
  iceServers: RTCIceServer[];
  decks: DeckChoices;
  /** The title of the deck on the table, whoever laid it. */
  deckTitle: string;
  /** Join the call on arrival (the person came through a video invitation, or into a voice or video reading). */
  startCall?: boolean;
  /** A voice reading's call has microphones only; every other table's call has cameras too. */
  callKind?: CallKind;
  /** A paid reading: private to its client and reader, so nobody else is invited. */
  isPaid?: boolean;
  /** The viewer's own spreads, offered after the built-in six to whoever leads. */
  ownSpreads?: OwnSpread[];
  /** The table's chat as the page loaded it. */
  chat?: ChatEntry[];
  /** Without JavaScript, the page refreshes itself: the person asked it to follow the table. */
  follow?: boolean;
};

const NO_FACES: Record<string, string> = {};

/** The shared table: the spread as everyone sees it, and the controls of whoever leads. */
export function ReadingTable(props: TableProps) {
  const room = useRoom(props.sessionId, props.initial, props.chat);
  const location = useLocation();
  const hydrated = useHydrated();
  // The table's own address: where its forms post and its Refresh link goes.
  const here = `${location.pathname}?session=${props.sessionId}`;
  const actionData = useActionData<TableActionData>();
  const { state } = room;
  // The room names the person once the socket is open; until then the page's word for it stands.
  const you = room.you ?? props.viewerId;
  const leads = you !== null && canControl(state, you);
  const spread = spreadOf(state);
  const tableRef = useRef<HTMLDivElement>(null);
  const spreadRef = useRef<HTMLSelectElement>(null);
  const deckRef = useRef<HTMLButtonElement>(null);
  const pileRef = useRef<HTMLDivElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [gallery, setGallery] = useState<{ open: boolean; start: number }>({ open: false, start: 0 });
  const [sounds, setSounds] = useState(false);
  const gestures = useTableGestures({ table: tableRef, state, leads, send: room.send });
  const voice = props.callKind === "voice";
  const call = useCall(room, props.iceServers, props.callKind);
  // On a phone a video call lies on a corner of the table instead of in a panel far below it.
  const docked = useMediaQuery(PHONE_QUERY) && call.local !== null && !voice;
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
  // Until the new deck's pictures arrive, a turned card shows its back rather than the card of the deck before.
  const picturesFit = (state.deckId ?? null) === (props.artDeckId ?? null);
  const faces = picturesFit ? props.faces : NO_FACES;
  // A priced deck sends someone who has not bought it only the pictures of cards already turned over: ask for a new one once.
  const unpictured = picturesFit
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

  // Without JavaScript the page follows the table by reloading: while an interpretation it waits for is written, or when asked to.
  const reloadEvery = state.interpretation.status === "writing" ? 3 : props.follow ? 10 : null;
  const notice = room.notice ?? actionData?.tableError ?? null;

  return (
    <TableFormAction.Provider value={here}>
      <div className="grid w-full max-w-7xl gap-4 lg:grid-cols-[1fr_20rem] lg:gap-6">
        {reloadEvery ? (
          <noscript>
            {/* Named without a fragment: a refresh to the address the page has, #table and all, would only scroll to it. */}
            <meta httpEquiv="refresh" content={`${reloadEvery}; url=${props.follow ? `${here}&follow=1` : here}`} />
          </noscript>
        ) : null}
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
            <noscript>
              <span className="flex items-center gap-3 text-muted" data-testid="refresh">
                <a href={here} className="text-brand underline">
                  Refresh
                </a>
                {props.follow ? (
                  <a href={here} className="underline">
                    Stop refreshing
                  </a>
                ) : (
                  <a href={`${here}&follow=1`} className="underline">
                    Refresh every 10 s
                  </a>
                )}
              </span>
            </noscript>
          </div>
          <TableToolbar
            leads={leads}
            zoom={state.view.zoom}
            onZoom={zoomBy}
            onResetView={() => gestures.sendView({ zoom: 1, x: 0, y: 0 })}
            onGallery={() => setGallery({ open: true, start: 0 })}
            sounds={sounds}
            onToggleSounds={() => setSounds((on) => !on)}
            onHelp={() => setHelpOpen(true)}
          />
          {/* The felt: the spread, and the deck's pile at its edge (under it on a phone, at its left on wider screens). */}
          <div
            id="table"
            className="relative flex scroll-mt-3 flex-col overflow-hidden rounded-3xl border border-line bg-[radial-gradient(ellipse_at_50%_40%,color-mix(in_oklab,var(--brand)_22%,var(--surface)),var(--surface-2))] shadow-inner sm:flex-row"
          >
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
                      face={faces[card.key] ?? null}
                      back={props.back}
                      info={props.cardInfo[card.key]}
                      positionName={spread?.positions[card.position]?.name ?? `Card ${card.position + 1}`}
                      rotation={rotation}
                      width={spread?.cardWidth ?? 11}
                      caption={spread?.captions ? spread.positions[card.position]?.name : undefined}
                      numberedOnPhone={spread ? numberedOnPhone(spread) : false}
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
          {/* A voice call's buttons come right under the table: in reach of a thumb, and over none of the cards. */}
          {voice ? <VoiceCall room={room} call={call} startNow={props.startCall && room.connected && room.you !== null} /> : null}
          <SpreadKey
            state={state}
            faces={faces}
            back={props.back}
            cardInfo={props.cardInfo}
            onOpen={(position) => setGallery({ open: true, start: position })}
          />
          {notice ? (
            <p role="alert" className="mt-3 rounded-2xl border border-danger/50 px-4 py-2 text-sm text-danger" data-testid="table-notice">
              {notice}
            </p>
          ) : null}
        </section>

        {/* The tools come before the interpretation in the document but after it on a phone: they must not
          anchor the scroll, or the page would follow them down as the interpretation grows above them. */}
        <aside className="order-3 flex flex-col gap-4 text-left [overflow-anchor:none] lg:order-none lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <noscript>
            {/* What needs JavaScript goes; the chat, a sheet on a phone, lies in the page instead. */}
            <style>
              {
                ".needs-script{display:none}.chat-sheet{position:static!important;display:block!important;max-height:none!important;box-shadow:none!important;border-radius:1rem!important;background:none!important}"
              }
            </style>
            <p className="rounded-2xl border border-line bg-surface/80 p-4 text-sm text-muted" data-testid="no-script">
              {props.isPaid
                ? PAID_NEEDS_LIVE
                : leads
                  ? "The table is shown as it stood when this page loaded; each of your steps brings it up to date."
                  : "The table is shown as it stood when this page loaded: refresh it to see what has changed."}
            </p>
          </noscript>
          {leads ? (
            <>
              <div className={props.isPaid ? "needs-script" : undefined}>
                <HostControls
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
              {props.isPaid ? null : (
                <noscript>
                  <DeckForm action={here} choices={props.decks} current={state.deckId} blocked={whyNotChangeDeck(state)} error={actionData?.deckError} />
                </noscript>
              )}
            </>
          ) : (
            <p className="rounded-2xl border border-line bg-surface/80 p-4 text-sm text-muted" data-testid="watching">
              {state.members.find((m) => m.id === state.controllerId)?.name ?? "The host"} is leading this reading. You see every card as it falls.
            </p>
          )}
          <People state={state} you={you} isHost={you === state.hostId} send={room.send} live={props.isPaid} />
          {voice ? null : (
            <VideoCall
              room={room}
              call={call}
              startNow={props.startCall && room.connected && room.you !== null}
              docked={docked}
              ownPreview={{ shown: ownShown, toggle: () => setOwnShown((shown) => !shown) }}
            />
          )}
          <ChatPanel room={room} you={you} live={props.isPaid} />
          {props.isHost && !props.isPaid ? <InviteBox sessionId={props.sessionId} /> : null}
        </aside>

        {/* On a phone the interpretation comes right under the table, before the tools. */}
        <div className="order-2 min-w-0 lg:order-none lg:col-start-1 lg:row-start-2">
          <InterpretationPanel interpretation={state.interpretation} />
          <DrawnList state={state} cardInfo={props.cardInfo} />
        </div>
        {/* The sheets open only with JavaScript: without it, each turned card links to its picture. */}
        {hydrated ? (
          <>
            <HelpSheet open={helpOpen} onClose={() => setHelpOpen(false)} />
            <Gallery
              open={gallery.open}
              start={gallery.start}
              onClose={() => setGallery((g) => ({ ...g, open: false }))}
              state={state}
              faces={faces}
              back={props.back}
              cardInfo={props.cardInfo}
            />
          </>
        ) : null}
      </div>
    </TableFormAction.Provider>
  );
}
