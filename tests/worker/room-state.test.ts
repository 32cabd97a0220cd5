import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  apply,
  decide,
  decideJoin,
  decideLeave,
  decideMerge,
  HIDDEN,
  capacity,
  initialState,
  invariantProblems,
  isActive,
  redact,
  view,
  ACTIVITY_WINDOW_MS,
  type NewMember,
  type Role,
  type RoomCommand,
  type RoomEvent,
  type RoomState,
} from "../../app/reading-room/state";
import { SPREAD_IDS } from "../../app/reading-room/spreads";
import { MAJOR_ARCANA } from "../../app/tarot/cards";

const CARDS = MAJOR_ARCANA.map((card) => card.key);
const PEOPLE = ["host", "ana", "ben", "cleo", "dev"] as const;
const member = (id: string, role: Role = "participant"): NewMember => ({ id, name: id, avatarUrl: null, role });

/** A small seeded source of numbers in [0, 1) (mulberry32), so a failing run can be replayed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/* ------------------------------------------------------------------------------------------------
 * A server and the browsers at its table, driven by fast-check commands
 * --------------------------------------------------------------------------------------------- */

type Table = {
  server: RoomState;
  /** Each connected person's browser: the view it has built from the broadcasts. */
  browsers: Map<string, RoomState>;
  chance: () => number;
  clock: number;
};

function broadcast(table: Table, events: RoomEvent[]) {
  for (const event of events) {
    table.server = apply(table.server, event);
    for (const [id, browser] of table.browsers) table.browsers.set(id, apply(browser, redact(event)));
  }
}

function checkTable(table: Table) {
  expect(invariantProblems(table.server)).toEqual([]);
  for (const browser of table.browsers.values()) expect(browser).toEqual(view(table.server));
  // A card lying face down is named to no browser.
  expect(view(table.server).table.every((card) => card.revealed || card.key === HIDDEN)).toBe(true);
}

type Model = { joined: Set<string> };

/** What the runs did, so the property is known to have exercised the table. */
const tally = { events: 0, draws: 0, refusals: 0, joins: 0, handovers: 0, resets: 0 };

class Join implements fc.Command<Model, Table> {
  constructor(
    readonly who: string,
    readonly role: Role,
  ) {}
  check = () => true;
  run(model: Model, table: Table) {
    table.clock += 1000;
    const decision = decideJoin(table.server, member(this.who, this.role), table.clock);
    if (!decision.ok) {
      expect(table.server.removed.includes(this.who) || table.server.locked).toBe(true);
      return;
    }
    broadcast(table, decision.events);
    tally.joins++;
    // A new socket receives the whole state, then every broadcast after it.
    table.browsers.set(this.who, view(table.server));
    model.joined.add(this.who);
    checkTable(table);
  }
  toString = () => `join(${this.who} as ${this.role})`;
}

class Leave implements fc.Command<Model, Table> {
  constructor(readonly who: string) {}
  check = (model: Readonly<Model>) => model.joined.has(this.who);
  run(model: Model, table: Table) {
    table.clock += 1000;
    table.browsers.delete(this.who);
    model.joined.delete(this.who);
    const decision = decideLeave(table.server, this.who, table.clock);
    if (decision.ok) broadcast(table, decision.events);
    checkTable(table);
  }
  toString = () => `leave(${this.who})`;
}

class Act implements fc.Command<Model, Table> {
  constructor(
    readonly who: string,
    readonly command: RoomCommand,
  ) {}
  check = (model: Readonly<Model>) => model.joined.has(this.who);
  run(_model: Model, table: Table) {
    table.clock += 1000;
    const before = table.server;
    const decision = decide(before, this.who, this.command, table.chance, table.clock);
    if (!decision.ok) {
      expect(decision.error).toMatch(/\S/);
      tally.refusals++;
      return;
    }
    broadcast(table, decision.events);
    for (const event of decision.events) {
      tally.events++;
      if (event.type === "drawn") tally.draws++;
      if (event.type === "controlHanded") tally.handovers++;
      if (event.type === "reset") tally.resets++;
      if (event.type === "removed") table.browsers.delete(event.id);
    }
    // The room writes the interpretation right after it is asked for, as the server does.
    if (decision.events.some((event) => event.type === "interpretationStarted")) {
      broadcast(table, [
        { type: "interpretationWritten", text: "Overall Energy ", at: table.clock },
        { type: "interpretationFinished", text: "Overall Energy …", at: table.clock },
      ]);
    }
    checkTable(table);
    const after = table.server;
    // Only those allowed to lead change the cards.
    if (this.command.type === "draw" && decision.events.length > 0) {
      expect(after.table.length).toBe(before.table.length + 1);
      expect(after.pile.length).toBe(before.pile.length - 1);
      expect(after.table.length).toBeLessThanOrEqual(capacity(after));
    }
  }
  toString = () => `${this.who}: ${JSON.stringify(this.command)}`;
}

const who = fc.constantFrom(...PEOPLE);
const commandArb: fc.Arbitrary<RoomCommand> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<RoomCommand>({ type: "shuffle" }) },
  { weight: 6, arbitrary: fc.option(fc.integer({ min: -1, max: 25 }), { nil: undefined }).map((pick): RoomCommand => ({ type: "draw", pick })) },
  { weight: 3, arbitrary: fc.integer({ min: -1, max: 11 }).map((position): RoomCommand => ({ type: "reveal", position })) },
  { weight: 1, arbitrary: fc.constant<RoomCommand>({ type: "revealAll" }) },
  { weight: 2, arbitrary: fc.constant<RoomCommand>({ type: "reset" }) },
  { weight: 2, arbitrary: fc.constantFrom(...SPREAD_IDS).map((spreadId): RoomCommand => ({ type: "chooseSpread", spreadId })) },
  { weight: 1, arbitrary: fc.boolean().map((on): RoomCommand => ({ type: "setReversals", on })) },
  { weight: 2, arbitrary: who.map((to): RoomCommand => ({ type: "handOver", to })) },
  { weight: 1, arbitrary: who.map((id): RoomCommand => ({ type: "remove", id })) },
  { weight: 1, arbitrary: fc.boolean().map((locked): RoomCommand => ({ type: "lock", locked })) },
  {
    weight: 1,
    arbitrary: fc
      .record({
        position: fc.integer({ min: 0, max: 11 }),
        x: fc.double({ min: -20, max: 120, noNaN: true }),
        y: fc.double({ min: -20, max: 120, noNaN: true }),
      })
      .map((m): RoomCommand => ({ type: "move", ...m })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        zoom: fc.double({ min: 0, max: 5, noNaN: true }),
        x: fc.double({ min: -100, max: 100, noNaN: true }),
        y: fc.double({ min: -100, max: 100, noNaN: true }),
      })
      .map((z): RoomCommand => ({ type: "zoom", ...z })),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((question): RoomCommand => ({ type: "setQuestion", question })) },
  { weight: 1, arbitrary: fc.constant<RoomCommand>({ type: "interpret" }) },
);

const commands = fc.commands(
  [
    fc.tuple(who, fc.constantFrom<Role>("participant", "co-reader", "spectator")).map(([id, role]) => new Join(id, role)),
    who.map((id) => new Leave(id)),
    fc.tuple(who, commandArb).map(([id, command]) => new Act(id, command)),
    // The host acts more often, so readings get somewhere.
    ...Array.from({ length: 4 }, () => commandArb.map((command) => new Act("host", command))),
  ],
  { maxCommands: 120, size: "max" },
);

describe("the reading room's state machine", () => {
  it("keeps the deck a permutation, never draws a card twice, never overfills a spread, and every browser converges", () => {
    fc.assert(
      fc.property(commands, fc.integer(), (cmds, seed) => {
        const table: Table = {
          server: initialState({ host: member("host", "host"), deckId: null, cards: CARDS, at: 0 }),
          browsers: new Map(),
          chance: seeded(seed),
          clock: 0,
        };
        const model: Model = { joined: new Set() };
        new Join("host", "host").run(model, table);
        fc.modelRun(() => ({ model, real: table }), cmds);
      }),
      { numRuns: 300 },
    );
    expect(tally.draws).toBeGreaterThan(300);
    expect(tally.handovers).toBeGreaterThan(50);
    expect(tally.resets).toBeGreaterThan(50);
    expect(tally.joins).toBeGreaterThan(300);
    expect(tally.refusals).toBeGreaterThan(100);
  });

  it("lets only the leader change the cards, and the host hand over control and take it back", () => {
    let state = initialState({ host: member("host", "host"), deckId: null, cards: CARDS, at: 0 });
    const run = (actor: string, command: RoomCommand) => {
      const decision = decide(state, actor, command, seeded(1), 1);
      if (decision.ok) state = decision.events.reduce(apply, state);
      return decision;
    };
    for (const m of [member("host", "host"), member("ana"), member("zed", "spectator")]) {
      const joined = decideJoin(state, m, 1);
      if (joined.ok) state = joined.events.reduce(apply, state);
    }
    expect(run("ana", { type: "shuffle" })).toEqual({ ok: false, error: "Only the person leading the reading can do that." });
    expect(run("host", { type: "draw" })).toEqual({ ok: false, error: "Shuffle the deck first." });
    expect(run("host", { type: "shuffle" }).ok).toBe(true);
    expect(run("host", { type: "handOver", to: "zed" })).toEqual({ ok: false, error: "A spectator cannot lead the reading." });
    expect(run("host", { type: "handOver", to: "ana" }).ok).toBe(true);
    expect(run("host", { type: "draw" }).ok).toBe(false);
    expect(run("ana", { type: "draw" }).ok).toBe(true);
    expect(run("ana", { type: "remove", id: "host" }).ok).toBe(false);
    expect(run("host", { type: "handOver", to: "host" }).ok).toBe(true);
    expect(state.controllerId).toBe("host");
    expect(state.hostId).toBe("host");
  });

  it("draws each position of a spread once, reversed only when reversals are on", () => {
    const chance = seeded(7);
    let state = initialState({ host: member("host", "host"), deckId: null, cards: CARDS, at: 0 });
    const step = (command: RoomCommand) => {
      const decision = decide(state, "host", command, chance, 1);
      if (!decision.ok) throw new Error(decision.error);
      state = decision.events.reduce(apply, state);
    };
    state = apply(state, { type: "joined", member: member("host", "host"), at: 0 });
    step({ type: "chooseSpread", spreadId: "celtic-cross" });
    step({ type: "setReversals", on: false });
    step({ type: "shuffle" });
    for (let i = 0; i < 10; i++) step({ type: "draw", pick: 3 });
    expect(state.table.map((card) => card.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(state.table.every((card) => !card.reversed && !card.revealed)).toBe(true);
    expect(state.step).toBe("drawn");
    expect(decide(state, "host", { type: "draw" }, chance, 2)).toEqual({ ok: false, error: "The spread is full." });
    expect(decide(state, "host", { type: "interpret" }, chance, 2)).toEqual({ ok: false, error: "Reveal every card first." });
    step({ type: "revealAll" });
    expect(decide(state, "host", { type: "interpret" }, chance, 2).ok).toBe(true);
  });

  it("hides the pile's order from the browsers", () => {
    const state = initialState({ host: member("host", "host"), deckId: null, cards: CARDS, at: 0 });
    const decision = decide(apply(state, { type: "joined", member: member("host", "host"), at: 0 }), "host", { type: "shuffle" }, seeded(3), 1);
    if (!decision.ok) throw new Error(decision.error);
    const shuffled = decision.events[0]!;
    expect(shuffled.type === "shuffled" && shuffled.pile.every((key) => CARDS.includes(key))).toBe(true);
    const seen = redact(shuffled);
    expect(seen.type === "shuffled" && seen.pile.every((key) => key === HIDDEN)).toBe(true);
    expect(view(state).pile).toHaveLength(22);
    expect(view(state).pile.every((key) => key === HIDDEN)).toBe(true);
  });

  it("lists a participant as active only while connected and heard from in the last hour", () => {
    let state = initialState({ host: member("host", "host"), deckId: null, cards: CARDS, at: 0 });
    state = apply(state, { type: "joined", member: member("ana"), at: 1_000 });
    const ana = () => state.members.find((m) => m.id === "ana")!;
    expect(isActive(ana(), 1_000 + ACTIVITY_WINDOW_MS)).toBe(true);
    expect(isActive(ana(), 1_001 + ACTIVITY_WINDOW_MS)).toBe(false);
    state = apply(state, { type: "left", id: "ana", at: 2_000 });
    expect(isActive(ana(), 2_000)).toBe(false);
  });

  it("keeps removed people out and a locked room closed to newcomers", () => {
    let state = initialState({ host: member("host", "host"), deckId: null, cards: CARDS, at: 0 });
    for (const id of ["host", "ana", "ben"]) {
      const joined = decideJoin(state, member(id), 0);
      if (joined.ok) state = joined.events.reduce(apply, state);
    }
    expect(state.members.find((m) => m.id === "host")?.role).toBe("host");
    const removed = decide(state, "host", { type: "remove", id: "ana" }, seeded(1), 1);
    if (!removed.ok) throw new Error(removed.error);
    state = removed.events.reduce(apply, state);
    expect(decideJoin(state, member("ana"), 2)).toEqual({ ok: false, error: "You were removed from this reading." });
    const locked = decide(state, "host", { type: "lock", locked: true }, seeded(1), 2);
    if (!locked.ok) throw new Error(locked.error);
    state = locked.events.reduce(apply, state);
    expect(decideJoin(state, member("cleo"), 3)).toEqual({ ok: false, error: "This reading is locked." });
    expect(decideJoin(state, member("ben"), 3).ok).toBe(true);
  });

  it("passes a merged guest's place, hosting included, to the account it joined", () => {
    let state = initialState({ host: member("guest-1", "host"), deckId: null, cards: CARDS, at: 0 });
    for (const m of [member("guest-1", "host"), member("ana")]) {
      const joined = decideJoin(state, m, 0);
      if (joined.ok) state = joined.events.reduce(apply, state);
    }
    const merged = decideMerge(state, "guest-1", "luna", 5);
    if (!merged.ok) throw new Error(merged.error);
    state = merged.events.reduce(apply, state);
    expect(state.hostId).toBe("luna");
    expect(state.controllerId).toBe("luna");
    expect(state.members.map((m) => [m.id, m.role])).toEqual([
      ["luna", "host"],
      ["ana", "participant"],
    ]);
    expect(decideMerge(state, "stranger", "luna", 6)).toEqual({ ok: true, events: [] });
    expect(decide(state, "luna", { type: "shuffle" }, seeded(2), 7).ok).toBe(true);
  });
});
