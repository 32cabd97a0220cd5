/**
 * The billing clock of a paid reading, as plain data and decisions (decisions 0040 and 0052). The
 * reading room's Durable Object holds one, asks `nextStep` what is due and carries it out: a minute
 * is charged when it starts, counted in time both people were there (a short absence is covered by
 * one grace period, which only a settled return renews; past it the clock pauses), so the browser
 * never decides what anyone pays. While the client adds funds the clock holds, for a bounded time
 * (decision 0063).
 */
import { FUNDS_HOLD_MS } from "./rules";

export type MeterStatus = "waiting" | "running" | "paused" | "funding" | "ended";
export type EndReason = "balance" | "client-ended" | "reader-ended" | "left" | "never-started";
export type Party = "client" | "reader";

export type ClockTiming = {
  /** The length of a billed minute (shortened only in tests). */
  minuteMs: number;
  /** How long one of the two may be gone before the clock pauses. */
  graceMs: number;
  /** How long the clock stays paused before the reading ends. */
  pauseLimitMs: number;
  /** How long after acceptance the two have to meet before the reading is called off. */
  joinLimitMs: number;
};

export type Meter = {
  readingId: string;
  clientId: string;
  readerId: string;
  pricePerMinuteCents: number;
  freeMinutes: number;
  timing: ClockTiming;
  status: MeterStatus;
  createdAt: number;
  startedAt: number | null;
  /** Time both were there before the current stretch. */
  activeMsBefore: number;
  /** Start of the current stretch while running. */
  runningSince: number | null;
  /** Minutes charged so far (free ones included); also the index of the next minute. */
  minutesBilled: number;
  chargedCents: number;
  /** The client's balance after the last charge, as the database said. */
  balanceCents: number;
  present: Record<Party, boolean>;
  /** Since when each one's absence has counted against their grace (only while the clock runs). */
  graceFrom: Record<Party, number | null>;
  /** What is left of each one's grace; a blink does not renew it, a settled return does. */
  graceLeftMs: Record<Party, number>;
  /** When each one last came back (or first came). */
  backAt: Record<Party, number | null>;
  /** When the clock last paused, for the pause limit. */
  pausedAt: number | null;
  /** Since when the clock holds while the client adds funds (status "funding"). */
  fundingSince: number | null;
  /** The last instant the room itself was running and knew who was there. */
  seenAt: number;
  /** Time the room was down while the clock ran (a restart, a deploy): never billed past one grace. */
  interruptedMs: number;
  /** When the room last came back from being down: nobody could return while it was, so limits count from here. */
  recoveredAt: number | null;
  endedAt: number | null;
  endReason: EndReason | null;
};

const both = <T>(value: T): Record<Party, T> => ({ client: value, reader: value });

export function newMeter(input: {
  readingId: string;
  clientId: string;
  readerId: string;
  pricePerMinuteCents: number;
  freeMinutes: number;
  balanceCents: number;
  timing: ClockTiming;
  at: number;
}): Meter {
  const { at, ...rest } = input;
  return {
    ...rest,
    status: "waiting",
    createdAt: at,
    startedAt: null,
    activeMsBefore: 0,
    runningSince: null,
    minutesBilled: 0,
    chargedCents: 0,
    present: both(false),
    graceFrom: both(null),
    graceLeftMs: both(input.timing.graceMs),
    backAt: both(null),
    pausedAt: null,
    fundingSince: null,
    seenAt: at,
    interruptedMs: 0,
    recoveredAt: null,
    endedAt: null,
    endReason: null,
  };
}

/** A clock saved before grace was kept per person (one shared `awaySince`) reads as the same clock now. */
export function restoreMeter(saved: Meter & { awaySince?: number | null }): Meter {
  if (saved.graceLeftMs) return { ...saved, fundingSince: saved.fundingSince ?? null };
  const { awaySince = null, ...rest } = saved;
  const absentFrom = (party: Party) => (!saved.present[party] && saved.status === "running" ? awaySince : null);
  return {
    ...rest,
    graceFrom: { client: absentFrom("client"), reader: absentFrom("reader") },
    graceLeftMs: both(saved.timing.graceMs),
    backAt: { client: saved.startedAt, reader: saved.startedAt },
    pausedAt: saved.status === "paused" && awaySince !== null ? awaySince + saved.timing.graceMs : null,
    seenAt: Math.max(saved.createdAt, saved.runningSince ?? 0, awaySince ?? 0),
    interruptedMs: 0,
    recoveredAt: null,
    fundingSince: null,
  };
}

export const partyOf = (meter: Meter, userId: string): Party | null => (userId === meter.clientId ? "client" : userId === meter.readerId ? "reader" : null);

/** Time the two have spent together on the clock. */
export const activeMs = (meter: Meter, now: number) => meter.activeMsBefore + (meter.runningSince === null ? 0 : Math.max(0, now - meter.runningSince));

export const costOfMinute = (meter: Meter, minute: number) => (minute < meter.freeMinutes ? 0 : meter.pricePerMinuteCents);

/** The balance will not pay for the next minute: the last one is running. */
export const lowBalance = (meter: Meter) =>
  (meter.status === "running" || meter.status === "paused" || meter.status === "funding") && meter.balanceCents < costOfMinute(meter, meter.minutesBilled);

/** When a hold for adding funds runs out; null when the clock is not holding. */
export const fundingUntil = (meter: Meter) =>
  meter.status === "funding" && meter.fundingSince !== null ? Math.max(meter.fundingSince, meter.recoveredAt ?? meter.fundingSince) + FUNDS_HOLD_MS : null;

/**
 * The client went to add funds while their balance pays only the running minute: the clock stops
 * counting (what is left of the paid minute waits for them) and absence costs no grace. One hold
 * per low balance: asking again while holding changes nothing, so two top-ups never stretch it.
 */
export function holdForFunds(meter: Meter, at: number): Meter {
  if (!lowBalance(meter) || meter.status === "funding") return meter;
  const held = pause(meter, at);
  return { ...held, status: "funding", pausedAt: null, fundingSince: at };
}

/**
 * The balance as the database has it now (after a top-up). A hold ends once it pays the next
 * minute: the clock runs again if both are here, else it pauses as for a dropped connection.
 */
export function fundsArrived(meter: Meter, balanceCents: number, at: number): Meter {
  if (meter.status === "ended") return meter;
  const next = { ...meter, balanceCents };
  if (meter.status !== "funding" || lowBalance(next)) return next;
  const resumed: Meter = { ...next, fundingSince: null };
  if (meter.present.client && meter.present.reader) return { ...resumed, status: "running", runningSince: at };
  return { ...resumed, status: "paused", pausedAt: at };
}

/** When the next minute starts, while the clock runs. */
export function minuteDueAt(meter: Meter): number | null {
  if (meter.status !== "running" || meter.runningSince === null) return null;
  return meter.runningSince + meter.minutesBilled * meter.timing.minuteMs - meter.activeMsBefore;
}

/** What is left of a party's grace once their absence up to `at` is counted against it. */
function graceAfter(meter: Meter, party: Party, at: number): number {
  const from = meter.graceFrom[party];
  return from === null ? meter.graceLeftMs[party] : Math.max(0, meter.graceLeftMs[party] - Math.max(0, at - from));
}

/** Someone arrived: the clock starts when both are first there, and runs again when a pause ends. */
export function arrive(meter: Meter, party: Party, now: number): Meter {
  if (meter.status === "ended" || meter.present[party]) return meter;
  const present = { ...meter.present, [party]: true };
  const next: Meter = {
    ...meter,
    present,
    graceLeftMs: { ...meter.graceLeftMs, [party]: graceAfter(meter, party, now) },
    graceFrom: { ...meter.graceFrom, [party]: null },
    backAt: { ...meter.backAt, [party]: now },
  };
  if (!(present.client && present.reader)) return next;
  if (meter.status === "waiting") {
    return { ...next, status: "running", startedAt: now, runningSince: now, graceLeftMs: both(meter.timing.graceMs) };
  }
  if (meter.status === "paused") return { ...next, status: "running", runningSince: now, pausedAt: null };
  return next;
}

/**
 * Someone's last tab left: while the clock runs, their absence counts against their grace. A
 * return that lasted a whole grace period renews it; a shorter one (a blink) does not.
 */
export function depart(meter: Meter, party: Party, at: number): Meter {
  if (meter.status === "ended" || !meter.present[party]) return meter;
  const back = meter.backAt[party];
  const settled = back !== null && at - back >= meter.timing.graceMs;
  return {
    ...meter,
    present: { ...meter.present, [party]: false },
    graceLeftMs: { ...meter.graceLeftMs, [party]: settled ? meter.timing.graceMs : meter.graceLeftMs[party] },
    graceFrom: { ...meter.graceFrom, [party]: meter.status === "running" ? at : null },
  };
}

/** When the clock pauses if nobody comes back: the first absent party's grace running out. */
export function pauseDueAt(meter: Meter): number {
  let at = Number.POSITIVE_INFINITY;
  for (const party of ["client", "reader"] as const) {
    const from = meter.graceFrom[party];
    if (from !== null) at = Math.min(at, from + meter.graceLeftMs[party]);
  }
  return at;
}

/**
 * The room woke and finds someone gone whose going it never heard: it was down (a restart, a
 * deploy). They are taken as gone since the room last ran, so what the outage can bill is bounded
 * by one grace period from then, and the time is noted for the receipt.
 */
export function recoverFromOutage(meter: Meter, gone: Party[], now: number): Meter {
  if (gone.length === 0) return meter;
  const at = Math.min(meter.seenAt, now);
  let next: Meter = { ...meter, recoveredAt: now };
  for (const party of gone) next = depart(next, party, at);
  if (meter.status === "running") next = { ...next, interruptedMs: next.interruptedMs + Math.max(0, now - at) };
  return next;
}

/** The room ran at `now` and saw who was there. */
export const seen = (meter: Meter, now: number): Meter => ({ ...meter, seenAt: Math.max(meter.seenAt, now) });

/** The clock stops counting at `at`. */
function stopAt(meter: Meter, at: number): Meter {
  if (meter.runningSince === null) return meter;
  return { ...meter, activeMsBefore: meter.activeMsBefore + Math.max(0, at - meter.runningSince), runningSince: null };
}

export function pause(meter: Meter, at: number): Meter {
  // Absence while paused costs no grace: what each absent party had used up to now is settled.
  const graceLeftMs = { client: graceAfter(meter, "client", at), reader: graceAfter(meter, "reader", at) };
  return { ...stopAt(meter, at), status: "paused", pausedAt: at, graceLeftMs, graceFrom: both(null) };
}

export function end(meter: Meter, reason: EndReason, at: number): Meter {
  if (meter.status === "ended") return meter;
  return { ...stopAt(meter, at), status: "ended", endedAt: at, endReason: reason };
}

/** A minute was charged (or found charged) in the database: its figures are the truth. */
export function charged(meter: Meter, figures: { minutesBilled: number; chargedCents: number; balanceCents: number }): Meter {
  return { ...meter, ...figures };
}

export type Step =
  | { kind: "charge"; minute: number; cents: number; at: number }
  | { kind: "pause"; at: number }
  | { kind: "end"; reason: EndReason; at: number }
  | { kind: "wait"; until: number | null };

/** What is due at `now`, earliest first; `wait` names when to look again (null: only when someone comes or goes). */
export function nextStep(meter: Meter, now: number): Step {
  const { timing } = meter;
  if (meter.status === "ended") return { kind: "wait", until: null };
  // Time the room was down is not held against anyone: the limits count from its return at the earliest.
  const since = (at: number) => Math.max(at, meter.recoveredAt ?? at);
  if (meter.status === "waiting") {
    const limit = since(meter.createdAt) + timing.joinLimitMs;
    return now >= limit ? { kind: "end", reason: "never-started", at: limit } : { kind: "wait", until: limit };
  }
  if (meter.status === "funding") {
    // Funds that did not come in time: the reading ends as a balance that ran out, billed for the minutes had.
    const limit = fundingUntil(meter) ?? now;
    return now >= limit ? { kind: "end", reason: "balance", at: limit } : { kind: "wait", until: limit };
  }
  if (meter.status === "paused") {
    const limit = since(meter.pausedAt ?? now) + timing.pauseLimitMs;
    return now >= limit ? { kind: "end", reason: "left", at: limit } : { kind: "wait", until: limit };
  }
  const due = minuteDueAt(meter)!;
  const pauseAt = pauseDueAt(meter);
  // A minute that starts within someone's grace is a minute the two were still in.
  if (due <= now && due < pauseAt) return { kind: "charge", minute: meter.minutesBilled, cents: costOfMinute(meter, meter.minutesBilled), at: due };
  if (pauseAt <= now) return { kind: "pause", at: pauseAt };
  return { kind: "wait", until: Math.min(due, pauseAt) };
}

/** What the two browsers are shown: enough to run the clock on screen between messages. */
export type MeterView = {
  readingId: string;
  status: MeterStatus;
  role: Party | null;
  pricePerMinuteCents: number;
  freeMinutes: number;
  minutesBilled: number;
  chargedCents: number;
  /** Only the client sees their balance. */
  balanceCents: number | null;
  activeMs: number;
  running: boolean;
  lowBalance: boolean;
  /** While the client adds funds: when the hold runs out. */
  fundingUntil: number | null;
  /** One of the two is gone: the clock pauses if they do not return. */
  waitingFor: Party | null;
  endReason: EndReason | null;
  receiptPath: string;
  minuteMs: number;
};

export function meterView(meter: Meter, viewerId: string, now: number): MeterView {
  const role = partyOf(meter, viewerId);
  const waitingFor = meter.status === "ended" || meter.status === "funding" ? null : !meter.present.reader ? "reader" : !meter.present.client ? "client" : null;
  return {
    readingId: meter.readingId,
    status: meter.status,
    role,
    pricePerMinuteCents: meter.pricePerMinuteCents,
    freeMinutes: meter.freeMinutes,
    minutesBilled: meter.minutesBilled,
    chargedCents: meter.chargedCents,
    balanceCents: role === "client" ? meter.balanceCents : null,
    activeMs: activeMs(meter, now),
    running: meter.status === "running",
    lowBalance: lowBalance(meter),
    fundingUntil: fundingUntil(meter),
    waitingFor,
    endReason: meter.endReason,
    receiptPath: `/readings/${meter.readingId}`,
    minuteMs: meter.timing.minuteMs,
  };
}

/** Who reads why a paid reading ended, and the two people's names as the reading shows them. */
export type EndReasonViewer = { role: "client" | "reader" | "staff"; clientName: string; readerName: string };

/** Why a paid reading ended, told to the person reading it: "You" for what they did, the other's name for what the other did. */
export function endReasonText(reason: EndReason, viewer: EndReasonViewer): string {
  switch (reason) {
    case "balance":
      return viewer.role === "client" ? "The reading ended: your balance ran out." : "The reading ended: the client’s balance ran out.";
    case "client-ended":
      return viewer.role === "client" ? "You ended the reading." : `${viewer.clientName} ended the reading.`;
    case "reader-ended":
      return viewer.role === "reader" ? "You ended the reading." : `${viewer.readerName} ended the reading.`;
    case "left":
      return "The reading ended: the connection was lost for too long.";
    case "never-started":
      return "The reading was called off: the two of you did not meet in time. Nothing was charged.";
  }
}

/** A span of seconds or minutes as a receipt says it. */
function aboutDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** What the receipt says when the room was down during the reading; null when it never was. */
export function interruptionNote(interruptedMs: number, graceMs: number): string | null {
  if (interruptedMs <= 0) return null;
  return `Arcanum was interrupted for about ${aboutDuration(interruptedMs)} during this reading. That time was not billed beyond the ${aboutDuration(graceMs)} of grace a dropped connection has.`;
}
