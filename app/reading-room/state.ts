/**
 * The reading room's state machine, as plain TypeScript shared by the room's Durable Object and
 * every browser at the table.
 *
 * - `decide(state, actor, command, chance)` checks who may do what and turns a command into events:
 *   facts that carry every random outcome (the shuffled order, a card's orientation), so applying
 *   them needs no randomness.
 * - `apply(state, event)` is the only way state changes, on the server and in the browsers alike.
 * - The order of the face-down pile is the server's secret: browsers hold a `view` whose pile is
 *   blanks of the right length, and receive `redact`ed events. So is a card drawn face down: a
 *   browser learns which card it is when it is turned over. Applying a redacted event to a view
 *   gives the view of the server's new state, so every browser converges on what the server holds.
 */
import { checkSpread, CUSTOM_SPREAD_ID, laidSpread, type LaidSpread } from "./custom-spreads";
import { freeLayoutSpot, spreadById, SPREAD_IDS, type SpreadId } from "./spreads";

export const ROLES = ["host", "co-reader", "participant", "spectator"] as const;
export type Role = (typeof ROLES)[number];

export type ReadingStep = "setup" | "shuffled" | "drawing" | "drawn";

/** A participant is listed as active while connected and heard from within this window. */
export const ACTIVITY_WINDOW_MS = 60 * 60 * 1000;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const PAN_LIMIT = 50;
export const QUESTION_MAX = 300;
/** What a browser holds in place of a face-down card it may not see. */
export const HIDDEN = "";

export type Member = {
  id: string;
  name: string;
  avatarUrl: string | null;
  role: Role;
  /** The reader level's name when the person is a certified reader, shown as a badge. */
  readerLevel?: string | null;
  /** Open sockets of this member. */
  connections: number;
  lastSeenAt: number;
};

export type TableCard = { key: string; position: number; reversed: boolean; revealed: boolean; x: number; y: number };

export type Interpretation = { status: "idle" | "writing" | "done"; text: string };

export type RoomState = {
  /** Count of events applied; a browser that misses one asks for the whole state again. */
  version: number;
  /** Who opened the room; never changes. */
  hostId: string;
  /** Who may change the reading now (the host, or a participant it handed control to). */
  controllerId: string;
  locked: boolean;
  /** Removed people, who may not come back. */
  removed: string[];
  deckId: string | null;
  /** Every card key of the deck in use. */
  cards: string[];
  /** The face-down pile, top first; blanks in a browser's view. */
  pile: string[];
  step: ReadingStep;
  /** A built-in spread's id, or `custom:<id>` while a spread of someone's own lies on the table. */
  spreadId: string;
  /** The custom spread on the table, copied in when it was chosen: later edits of it change nothing here. */
  customSpread?: LaidSpread | null;
  reversals: boolean;
  table: TableCard[];
  question: string;
  interpretation: Interpretation;
  view: { zoom: number; x: number; y: number };
  members: Member[];
  lastActivityAt: number;
};

export type NewMember = { id: string; name: string; avatarUrl: string | null; role: Role; readerLevel?: string | null };

export type RoomEvent =
  /** `away`: seated by a page without JavaScript, with no socket open. */
  | { type: "joined"; member: NewMember; at: number; away?: boolean }
  | { type: "left"; id: string; at: number }
  | { type: "shuffled"; pile: string[]; at: number }
  | { type: "spreadChosen"; spreadId: SpreadId; at: number }
  | { type: "customSpreadChosen"; spread: LaidSpread; at: number }
  | { type: "reversalsSet"; on: boolean; at: number }
  | { type: "drawn"; from: number; card: TableCard; by: string; at: number }
  /** `keys[i]` is the card at `positions[i]`, told to the browsers only now. */
  | { type: "revealed"; positions: number[]; keys: string[]; at: number }
  | { type: "moved"; position: number; x: number; y: number; at: number }
  | { type: "questionSet"; question: string; by: string; at: number }
  | { type: "zoomed"; zoom: number; x: number; y: number; at: number }
  | { type: "controlHanded"; to: string; at: number }
  | { type: "removed"; id: string; at: number }
  | { type: "lockSet"; locked: boolean; at: number }
  | { type: "reset"; pile: string[]; at: number }
  | { type: "deckChanged"; deckId: string | null; cards: string[]; pile: string[]; at: number }
  | { type: "interpretationStarted"; at: number }
  | { type: "interpretationWritten"; text: string; at: number }
  | { type: "interpretationFinished"; text: string; at: number }
  /** A guest who signed in to an existing account: the guest's place passes to that account. */
  | { type: "memberMerged"; from: string; to: string; at: number };

/** What a browser may ask of the room. Every one is validated by the room before `decide`. */
export type RoomCommand =
  | { type: "shuffle" }
  | { type: "chooseSpread"; spreadId: SpreadId }
  /** A spread of someone's own: its whole definition, checked again by the room before anything is laid. */
  | { type: "chooseCustomSpread"; spreadId: string; spread: unknown }
  | { type: "setReversals"; on: boolean }
  | { type: "draw"; pick?: number }
  | { type: "reveal"; position: number }
  | { type: "revealAll" }
  | { type: "move"; position: number; x: number; y: number }
  | { type: "setQuestion"; question: string }
  | { type: "zoom"; zoom: number; x: number; y: number }
  | { type: "handOver"; to: string }
  | { type: "remove"; id: string }
  | { type: "lock"; locked: boolean }
  | { type: "reset" }
  | { type: "interpret" };

export type Decision = { ok: true; events: RoomEvent[] } | { ok: false; error: string };

export const SPREAD_CHOICES = SPREAD_IDS;

/* ------------------------------------------------------------------------------------------------
 * Creating and reading the state
 * --------------------------------------------------------------------------------------------- */

export function initialState(input: {
  host: NewMember;
  deckId: string | null;
  cards: string[];
  at: number;
  spreadId?: SpreadId | null;
  customSpread?: LaidSpread | null;
}): RoomState {
  return {
    version: 0,
    hostId: input.host.id,
    controllerId: input.host.id,
    locked: false,
    removed: [],
    deckId: input.deckId,
    cards: [...input.cards],
    pile: [...input.cards],
    step: "setup",
    spreadId: input.customSpread?.id ?? input.spreadId ?? "three-card",
    customSpread: input.customSpread ?? null,
    reversals: true,
    table: [],
    question: "",
    interpretation: { status: "idle", text: "" },
    view: { zoom: 1, x: 0, y: 0 },
    members: [],
    lastActivityAt: input.at,
  };
}

const blanks = (pile: string[]) => pile.map(() => HIDDEN);
const faceDown = (card: TableCard): TableCard => (card.revealed ? card : { ...card, key: HIDDEN });

/** The state as a browser may see it: the pile's order and the cards lying face down hidden. */
export function view(state: RoomState): RoomState {
  return { ...state, pile: blanks(state.pile), table: state.table.map(faceDown) };
}

/** The event as a browser may see it. */
export function redact(event: RoomEvent): RoomEvent {
  switch (event.type) {
    case "shuffled":
    case "reset":
      return { ...event, pile: blanks(event.pile) };
    case "deckChanged":
      return { ...event, pile: blanks(event.pile) };
    case "drawn":
      return { ...event, card: faceDown(event.card) };
    default:
      return event;
  }
}

export function memberOf(state: RoomState, id: string) {
  return state.members.find((member) => member.id === id);
}

export function isActive(member: Member, now: number) {
  return member.connections > 0 && now - member.lastSeenAt <= ACTIVITY_WINDOW_MS;
}

/** Whether `id` may change the reading: the controller, or a co-reader invited with control. */
export function canControl(state: RoomState, id: string) {
  if (id === state.controllerId) return true;
  return memberOf(state, id)?.role === "co-reader";
}

/** Whether `id` may run the room itself: hand over control, remove people, lock. */
export function canManage(state: RoomState, id: string) {
  return id === state.hostId || id === state.controllerId;
}

/** Whether someone may come in: not removed, and not new to a locked room. */
export function mayJoin(state: RoomState, id: string): { ok: true } | { ok: false; error: string } {
  if (state.removed.includes(id)) return { ok: false, error: "You were removed from this reading." };
  if (state.locked && id !== state.hostId && !memberOf(state, id)) return { ok: false, error: "This reading is locked." };
  return { ok: true };
}

/** The spread on the table: a custom one as it was copied in, else the built-in one its id names. */
export function spreadOf(state: Pick<RoomState, "spreadId" | "customSpread">): LaidSpread | undefined {
  return state.customSpread ?? spreadById(state.spreadId);
}

export function capacity(state: RoomState) {
  return spreadOf(state)?.positions.length ?? 0;
}

/** The lowest position of the spread that holds no card. */
function nextPosition(state: RoomState) {
  const taken = new Set(state.table.map((card) => card.position));
  let position = 0;
  while (taken.has(position)) position++;
  return position;
}

function spotFor(state: RoomState, position: number) {
  const spread = spreadOf(state);
  if (!spread || spread.freeLayout) return freeLayoutSpot(position);
  const spot = spread.positions[position];
  return spot ? { x: spot.x, y: spot.y } : freeLayoutSpot(position);
}

/** Cards laid on a table before anyone sits down, as a journal entry kept them. */
export type LaidCards = { cards: { key: string; position: number; reversed: boolean }[]; question: string | null; interpretation: string | null };

/**
 * A new table with `laid`'s cards face up in their positions, out of the pile, with the question and
 * the AI's interpretation when they came with them: a live second opinion opens on the client's
 * reading (decision 0104). Cards the table's deck does not hold are left out.
 */
export function layTable(state: RoomState, laid: LaidCards): RoomState {
  const held = new Set(state.cards);
  const cards = laid.cards.filter((card) => held.has(card.key));
  const keys = new Set(cards.map((card) => card.key));
  const table = cards.map((card) => ({ key: card.key, position: card.position, reversed: card.reversed, revealed: true, ...spotFor(state, card.position) }));
  return {
    ...state,
    pile: state.pile.filter((key) => !keys.has(key)),
    table,
    step: table.length === 0 ? state.step : stepAfterDraw({ ...state, step: "shuffled" }, table.length),
    question: laid.question ?? state.question,
    interpretation: laid.interpretation ? { status: "done", text: laid.interpretation } : state.interpretation,
  };
}

/** A fresh order of `cards` (Fisher–Yates) from `chance`, a source of numbers in [0, 1). */
export function shuffleCards(cards: readonly string[], chance: () => number): string[] {
  const out = [...cards];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(chance() * (i + 1)));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/* ------------------------------------------------------------------------------------------------
 * Deciding
 * --------------------------------------------------------------------------------------------- */

const refuse = (error: string): Decision => ({ ok: false, error });

export const INTERPRETATION_BUSY = "The interpretation is being written; wait for it to finish.";
const accept = (...events: RoomEvent[]): Decision => ({ ok: true, events });

const CONTROL_COMMANDS = new Set<RoomCommand["type"]>([
  "shuffle",
  "chooseSpread",
  "chooseCustomSpread",
  "setReversals",
  "draw",
  "reveal",
  "revealAll",
  "move",
  "setQuestion",
  "zoom",
  "reset",
  "interpret",
]);

/** Commands that change the cards, refused while the interpretation is being written. */
const CARD_COMMANDS = new Set<RoomCommand["type"]>(["shuffle", "chooseSpread", "chooseCustomSpread", "setReversals", "draw", "reveal", "revealAll", "reset"]);

/**
 * Why the person leading could not do this to the cards now, or null when they could: the rules of
 * the table apart from who asks. `decide` refuses with these words, and the table shows them
 * beside a control that is unavailable.
 */
export function whyNot(state: RoomState, command: Pick<RoomCommand, "type">): string | null {
  if (CARD_COMMANDS.has(command.type) && state.interpretation.status === "writing") return "Wait until the interpretation is written.";
  switch (command.type) {
    case "chooseSpread":
    case "chooseCustomSpread":
      return state.table.length > 0 ? "Gather the cards before choosing another spread." : null;
    case "setReversals":
      return state.table.length > 0 ? "Reversed cards can be switched before the first draw." : null;
    case "draw":
      if (state.step === "setup") return "Shuffle the deck first.";
      if (state.table.length >= capacity(state)) return "The spread is full.";
      if (state.pile.length === 0) return "No cards are left in the deck.";
      return null;
    case "interpret":
      if (state.interpretation.status === "writing") return INTERPRETATION_BUSY;
      if (state.table.length === 0) return "Draw some cards first.";
      if (state.table.some((card) => !card.revealed)) return "Reveal every card first.";
      return null;
    default:
      return null;
  }
}

/**
 * Turns `actor`'s command into events, or refuses it with a message for that person. `chance`
 * supplies the randomness (the server's), `at` the time.
 */
export function decide(state: RoomState, actor: string, command: RoomCommand, chance: () => number, at: number): Decision {
  if (!memberOf(state, actor)) return refuse("Join the reading first.");
  if (CONTROL_COMMANDS.has(command.type) && !canControl(state, actor)) return refuse("Only the person leading the reading can do that.");
  if (command.type === "chooseSpread" && !spreadById(command.spreadId)) return refuse("There is no such spread.");
  let custom: LaidSpread | null = null;
  if (command.type === "chooseCustomSpread") {
    // Never laid as the browser sent it: the definition passes the same schema as the builder's form.
    const checked = checkSpread(command.spread);
    if (!checked.ok) return refuse(`That spread cannot be laid: ${checked.message}`);
    if (!CUSTOM_SPREAD_ID.test(command.spreadId)) return refuse("There is no such spread.");
    custom = laidSpread(command.spreadId, checked.spread);
  }
  const refused = whyNot(state, command);
  if (refused) return refuse(refused);
  switch (command.type) {
    case "shuffle":
      return accept({ type: "shuffled", pile: shuffleCards(state.cards, chance), at });
    case "chooseSpread":
      return accept({ type: "spreadChosen", spreadId: command.spreadId, at });
    case "chooseCustomSpread":
      return accept({ type: "customSpreadChosen", spread: custom!, at });
    case "setReversals":
      return accept({ type: "reversalsSet", on: command.on, at });
    case "draw": {
      const from = command.pick ?? 0;
      if (!Number.isInteger(from) || from < 0 || from >= state.pile.length) return refuse("That card is not in the deck.");
      const position = nextPosition(state);
      const spot = spotFor(state, position);
      const card: TableCard = {
        key: state.pile[from]!,
        position,
        reversed: state.reversals && chance() < 0.5,
        revealed: false,
        x: spot.x,
        y: spot.y,
      };
      return accept({ type: "drawn", from, card, by: actor, at });
    }
    case "reveal": {
      const card = state.table.find((c) => c.position === command.position);
      if (!card) return refuse("No card lies there.");
      if (card.revealed) return accept();
      return accept({ type: "revealed", positions: [command.position], keys: [card.key], at });
    }
    case "revealAll": {
      const hidden = state.table.filter((card) => !card.revealed);
      return hidden.length > 0
        ? accept({ type: "revealed", positions: hidden.map((card) => card.position), keys: hidden.map((card) => card.key), at })
        : accept();
    }
    case "move": {
      if (!spreadOf(state)?.freeLayout) return refuse("Cards can be moved in the free layout only.");
      if (!state.table.some((card) => card.position === command.position)) return refuse("No card lies there.");
      if (!Number.isFinite(command.x) || !Number.isFinite(command.y)) return refuse("That spot is not on the table.");
      return accept({ type: "moved", position: command.position, x: clamp(command.x, 0, 100), y: clamp(command.y, 0, 100), at });
    }
    case "setQuestion": {
      const question = command.question.replace(/\s+/g, " ").trim();
      if (question.length > QUESTION_MAX) return refuse(`Keep the question under ${QUESTION_MAX} characters.`);
      return accept({ type: "questionSet", question, by: actor, at });
    }
    case "zoom":
      if (![command.zoom, command.x, command.y].every(Number.isFinite)) return refuse("That view is not possible.");
      return accept({
        type: "zoomed",
        zoom: clamp(command.zoom, ZOOM_MIN, ZOOM_MAX),
        x: clamp(command.x, -PAN_LIMIT, PAN_LIMIT),
        y: clamp(command.y, -PAN_LIMIT, PAN_LIMIT),
        at,
      });
    case "handOver": {
      if (!canManage(state, actor)) return refuse("Only the host can hand over the reading.");
      const to = memberOf(state, command.to);
      if (!to) return refuse("That person is not in the reading.");
      if (to.role === "spectator") return refuse("A spectator cannot lead the reading.");
      return to.id === state.controllerId ? accept() : accept({ type: "controlHanded", to: to.id, at });
    }
    case "remove": {
      if (actor !== state.hostId) return refuse("Only the host can remove someone.");
      if (command.id === state.hostId) return refuse("The host cannot be removed.");
      if (!memberOf(state, command.id)) return refuse("That person is not in the reading.");
      return accept({ type: "removed", id: command.id, at });
    }
    case "lock":
      if (actor !== state.hostId) return refuse("Only the host can lock the reading.");
      return state.locked === command.locked ? accept() : accept({ type: "lockSet", locked: command.locked, at });
    case "reset":
      return accept({ type: "reset", pile: [...state.table.map((card) => card.key), ...state.pile], at });
    case "interpret":
      return accept({ type: "interpretationStarted", at });
  }
}

/** The events of someone's socket opening, when they may come in. */
export function decideJoin(state: RoomState, member: NewMember, at: number): Decision {
  const allowed = mayJoin(state, member.id);
  if (!allowed.ok) return refuse(allowed.error);
  const known = memberOf(state, member.id);
  // The host is always the host; anyone else keeps the role they first came with.
  const role: Role = member.id === state.hostId ? "host" : (known?.role ?? (member.role === "host" ? "participant" : member.role));
  return accept({ type: "joined", member: { ...member, role }, at });
}

/** The event of someone seated by the page's forms, without a socket: at the table, away. */
export function decideSeat(state: RoomState, member: NewMember, at: number): Decision {
  const joined = decideJoin(state, member, at);
  if (!joined.ok) return joined;
  return accept(...joined.events.map((event) => (event.type === "joined" ? { ...event, away: true } : event)));
}

/** The event of someone's socket closing. */
export function decideLeave(state: RoomState, id: string, at: number): Decision {
  return memberOf(state, id) ? accept({ type: "left", id, at }) : accept();
}

/** The events of a guest's account merging into another one; none when the guest is not here. */
export function decideMerge(state: RoomState, from: string, to: string, at: number): Decision {
  const here = memberOf(state, from) || state.hostId === from || state.controllerId === from || state.removed.includes(from);
  return here && from !== to ? accept({ type: "memberMerged", from, to, at }) : accept();
}

/** Why the deck on the table could not be changed now, or null when it could. */
export function whyNotChangeDeck(state: RoomState): string | null {
  return state.table.length > 0 || state.interpretation.status === "writing" ? "Gather the cards before changing the deck." : null;
}

/** Changing the deck between readings: the cards come from the server, which checked the deck. */
export function decideDeckChange(
  state: RoomState,
  actor: string,
  deck: { deckId: string | null; cards: string[] },
  chance: () => number,
  at: number,
): Decision {
  if (!canControl(state, actor)) return refuse("Only the person leading the reading can do that.");
  const blocked = whyNotChangeDeck(state);
  if (blocked) return refuse(blocked);
  if (deck.cards.length === 0) return refuse("That deck has no cards yet.");
  return accept({ type: "deckChanged", deckId: deck.deckId, cards: [...deck.cards], pile: shuffleCards(deck.cards, chance), at });
}

/* ------------------------------------------------------------------------------------------------
 * Applying
 * --------------------------------------------------------------------------------------------- */

function touch(members: Member[], id: string, at: number) {
  return members.map((member) => (member.id === id ? { ...member, lastSeenAt: at } : member));
}

function stepAfterDraw(state: RoomState, tableSize: number): ReadingStep {
  if (tableSize === 0) return state.step === "setup" ? "setup" : "shuffled";
  return tableSize >= capacity(state) ? "drawn" : "drawing";
}

const NO_INTERPRETATION: Interpretation = { status: "idle", text: "" };

/** The state after `event`; pure, and the same on the server and in every browser. */
export function apply(state: RoomState, event: RoomEvent): RoomState {
  const next = applyEvent(state, event);
  return { ...next, version: state.version + 1, lastActivityAt: Math.max(state.lastActivityAt, event.at) };
}

function applyEvent(state: RoomState, event: RoomEvent): RoomState {
  switch (event.type) {
    case "joined": {
      const known = memberOf(state, event.member.id);
      const members = known
        ? state.members.map((m) =>
            m.id === event.member.id
              ? {
                  ...m,
                  name: event.member.name,
                  avatarUrl: event.member.avatarUrl,
                  readerLevel: event.member.readerLevel ?? null,
                  connections: m.connections + (event.away ? 0 : 1),
                  lastSeenAt: event.at,
                }
              : m,
          )
        : [...state.members, { ...event.member, connections: event.away ? 0 : 1, lastSeenAt: event.at }];
      return { ...state, members };
    }
    case "left":
      return {
        ...state,
        members: state.members.map((m) => (m.id === event.id ? { ...m, connections: Math.max(0, m.connections - 1), lastSeenAt: event.at } : m)),
      };
    case "shuffled":
      return { ...state, pile: [...event.pile], table: [], step: "shuffled", interpretation: NO_INTERPRETATION };
    case "spreadChosen":
      return { ...state, spreadId: event.spreadId, customSpread: null };
    case "customSpreadChosen":
      return { ...state, spreadId: event.spread.id, customSpread: event.spread };
    case "reversalsSet":
      return { ...state, reversals: event.on };
    case "drawn": {
      const pile = state.pile.filter((_, index) => index !== event.from);
      const table = [...state.table, { ...event.card }];
      return { ...state, pile, table, step: stepAfterDraw(state, table.length), members: touch(state.members, event.by, event.at) };
    }
    case "revealed": {
      const keys = new Map(event.positions.map((position, i) => [position, event.keys[i]]));
      return {
        ...state,
        table: state.table.map((card) => (keys.has(card.position) ? { ...card, key: keys.get(card.position) ?? card.key, revealed: true } : card)),
      };
    }
    case "moved":
      return { ...state, table: state.table.map((card) => (card.position === event.position ? { ...card, x: event.x, y: event.y } : card)) };
    case "questionSet":
      return { ...state, question: event.question, members: touch(state.members, event.by, event.at) };
    case "zoomed":
      return { ...state, view: { zoom: event.zoom, x: event.x, y: event.y } };
    case "controlHanded":
      return { ...state, controllerId: event.to };
    case "removed":
      return {
        ...state,
        members: state.members.filter((m) => m.id !== event.id),
        removed: [...state.removed, event.id],
        controllerId: state.controllerId === event.id ? state.hostId : state.controllerId,
      };
    case "lockSet":
      return { ...state, locked: event.locked };
    case "reset":
      return { ...state, pile: [...event.pile], table: [], step: "setup", interpretation: NO_INTERPRETATION };
    case "deckChanged":
      return {
        ...state,
        deckId: event.deckId,
        cards: [...event.cards],
        pile: [...event.pile],
        table: [],
        step: "shuffled",
        interpretation: NO_INTERPRETATION,
      };
    case "interpretationStarted":
      return { ...state, interpretation: { status: "writing", text: "" } };
    case "interpretationWritten":
      return { ...state, interpretation: { status: "writing", text: state.interpretation.text + event.text } };
    case "interpretationFinished":
      return { ...state, interpretation: { status: "done", text: event.text } };
    case "memberMerged": {
      const swap = (id: string) => (id === event.from ? event.to : id);
      const hostId = swap(state.hostId);
      const from = memberOf(state, event.from);
      const to = memberOf(state, event.to);
      let members = state.members;
      if (from && to) {
        members = members
          .filter((m) => m.id !== event.from)
          .map((m) => (m.id === event.to ? { ...m, connections: m.connections + from.connections, lastSeenAt: Math.max(m.lastSeenAt, from.lastSeenAt) } : m));
      } else if (from) {
        members = members.map((m) => (m.id === event.from ? { ...m, id: event.to } : m));
      }
      members = members.map((m) => (m.id === hostId ? { ...m, role: "host" as const } : m));
      return { ...state, hostId, controllerId: swap(state.controllerId), removed: state.removed.map(swap), members };
    }
  }
}

/** Applies a run of events. */
export function applyAll(state: RoomState, events: readonly RoomEvent[]): RoomState {
  return events.reduce(apply, state);
}

/* ------------------------------------------------------------------------------------------------
 * Invariants (checked by tests, and cheap enough to assert on the server)
 * --------------------------------------------------------------------------------------------- */

/** Problems with a server state, or an empty list. */
export function invariantProblems(state: RoomState): string[] {
  const problems: string[] = [];
  const inPlay = [...state.pile, ...state.table.map((card) => card.key)].sort();
  const all = [...state.cards].sort();
  if (inPlay.length !== all.length || inPlay.some((key, i) => key !== all[i])) problems.push("pile and table are not a permutation of the deck");
  if (new Set(state.table.map((card) => card.key)).size !== state.table.length) problems.push("a card lies on the table twice");
  if (state.table.length > capacity(state)) problems.push("the spread holds more cards than positions");
  if (new Set(state.table.map((card) => card.position)).size !== state.table.length) problems.push("two cards share a position");
  if (state.table.some((card) => card.position < 0 || card.position >= capacity(state))) problems.push("a card lies outside the spread");
  if (!state.members.some((m) => m.id === state.controllerId) && state.controllerId !== state.hostId) problems.push("the controller is not in the room");
  if (state.members.some((m) => state.removed.includes(m.id))) problems.push("a removed person is still listed");
  return problems;
}
