/**
 * The billing clock of a paid reading, as plain data and decisions (decision 0040). The reading
 * room's Durable Object holds one, asks `nextStep` what is due and carries it out: a minute is
 * charged when it starts, counted in time both people were there (a short absence still counts; a
 * longer one pauses the clock), so the browser never decides what anyone pays.
 */

export type MeterStatus = "waiting" | "running" | "paused" | "ended";
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
  /** Since when one of the two has been gone. */
  awaySince: number | null;
  endedAt: number | null;
  endReason: EndReason | null;
};

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
    present: { client: false, reader: false },
    awaySince: null,
    endedAt: null,
    endReason: null,
  };
}

export const partyOf = (meter: Meter, userId: string): Party | null =>
  userId === meter.clientId ? "client" : userId === meter.readerId ? "reader" : null;

/** Time the two have spent together on the clock. */
export const activeMs = (meter: Meter, now: number) => meter.activeMsBefore + (meter.runningSince === null ? 0 : Math.max(0, now - meter.runningSince));

export const costOfMinute = (meter: Meter, minute: number) => (minute < meter.freeMinutes ? 0 : meter.pricePerMinuteCents);

/** The balance will not pay for the next minute: the last one is running. */
export const lowBalance = (meter: Meter) =>
  (meter.status === "running" || meter.status === "paused") && meter.balanceCents < costOfMinute(meter, meter.minutesBilled);

/** When the next minute starts, while the clock runs. */
export function minuteDueAt(meter: Meter): number | null {
  if (meter.status !== "running" || meter.runningSince === null) return null;
  return meter.runningSince + meter.minutesBilled * meter.timing.minuteMs - meter.activeMsBefore;
}

/** Someone arrived: the clock starts when both are first there, and runs again when a pause ends. */
export function arrive(meter: Meter, party: Party, now: number): Meter {
  if (meter.status === "ended") return meter;
  const present = { ...meter.present, [party]: true };
  const both = present.client && present.reader;
  const next: Meter = { ...meter, present, awaySince: both ? null : meter.awaySince };
  if (!both) return next;
  if (meter.status === "waiting") return { ...next, status: "running", startedAt: now, runningSince: now };
  if (meter.status === "paused") return { ...next, status: "running", runningSince: now };
  return next;
}

/** Someone's last tab left: the grace period starts. */
export function depart(meter: Meter, party: Party, now: number): Meter {
  if (meter.status === "ended" || !meter.present[party]) return meter;
  return { ...meter, present: { ...meter.present, [party]: false }, awaySince: meter.awaySince ?? now };
}

/** The clock stops counting at `at`. */
function stopAt(meter: Meter, at: number): Meter {
  if (meter.runningSince === null) return meter;
  return { ...meter, activeMsBefore: meter.activeMsBefore + Math.max(0, at - meter.runningSince), runningSince: null };
}

export function pause(meter: Meter, at: number): Meter {
  return { ...stopAt(meter, at), status: "paused" };
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
  if (meter.status === "waiting") {
    const limit = meter.createdAt + timing.joinLimitMs;
    return now >= limit ? { kind: "end", reason: "never-started", at: limit } : { kind: "wait", until: limit };
  }
  if (meter.status === "paused") {
    const limit = (meter.awaySince ?? now) + timing.graceMs + timing.pauseLimitMs;
    return now >= limit ? { kind: "end", reason: "left", at: limit } : { kind: "wait", until: limit };
  }
  const due = minuteDueAt(meter)!;
  const pauseAt = meter.awaySince === null ? Number.POSITIVE_INFINITY : meter.awaySince + timing.graceMs;
  // A minute that starts within the grace period is a minute the two were still in.
  if (due <= now && due < pauseAt) return { kind: "charge", minute: meter.minutesBilled, cents: costOfMinute(meter, meter.minutesBilled), at: due };
  if (pauseAt <= now) return { kind: "pause", at: pauseAt };
  return { kind: "wait", until: Math.min(due, pauseAt) };
}

/** What the two browsers are shown: enough to run the clock on screen between messages. */
export type MeterView = {
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
  /** One of the two is gone: the clock pauses if they do not return. */
  waitingFor: Party | null;
  endReason: EndReason | null;
  receiptPath: string;
  minuteMs: number;
};

export function meterView(meter: Meter, viewerId: string, now: number): MeterView {
  const role = partyOf(meter, viewerId);
  const waitingFor = meter.status === "ended" ? null : !meter.present.reader ? "reader" : !meter.present.client ? "client" : null;
  return {
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
    waitingFor,
    endReason: meter.endReason,
    receiptPath: `/readings/${meter.readingId}`,
    minuteMs: meter.timing.minuteMs,
  };
}

export const END_REASON_TEXT: Record<EndReason, string> = {
  balance: "The reading ended: the balance ran out.",
  "client-ended": "The client ended the reading.",
  "reader-ended": "The reader ended the reading.",
  left: "The reading ended: the connection was lost for too long.",
  "never-started": "The reading was called off: the two of you did not meet in time. Nothing was charged.",
};
