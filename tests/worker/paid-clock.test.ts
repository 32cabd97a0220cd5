/**
 * The paid reading's clock as plain decisions: sequences of arrivals and departures played against
 * `nextStep` as the reading room's alarm would, to show what each kind of absence is billed.
 */
import { describe, expect, it } from "vitest";
import {
  activeMs,
  arrive,
  charged,
  depart,
  end,
  fundsArrived,
  holdForFunds,
  interruptionNote,
  newMeter,
  nextStep,
  pause,
  recoverFromOutage,
  restoreMeter,
  type Meter,
  type Party,
} from "../../app/paid-readings/clock";
import { FUNDS_HOLD_MS } from "../../app/paid-readings/rules";

const timing = { minuteMs: 3000, graceMs: 2000, pauseLimitMs: 60_000, joinLimitMs: 60_000 };

const fresh = () => newMeter({ readingId: "r", clientId: "c", readerId: "v", pricePerMinuteCents: 10, freeMinutes: 0, balanceCents: 1_000_000, timing, at: 0 });

/** Carries out everything due by `now`, as the room's alarm does. */
function runUntil(meter: Meter, now: number): Meter {
  for (;;) {
    const step = nextStep(meter, now);
    if (step.kind === "wait") return meter;
    if (step.kind === "end") return end(meter, step.reason, step.at);
    if (step.kind === "pause") meter = pause(meter, step.at);
    else
      meter = charged(meter, { minutesBilled: step.minute + 1, chargedCents: meter.chargedCents + step.cents, balanceCents: meter.balanceCents - step.cents });
  }
}

type Event = [at: number, what: "arrive" | "depart", who: Party];

function play(events: Event[], until: number, start = fresh()): Meter {
  let meter = start;
  for (const [at, what, who] of events) {
    meter = runUntil(meter, at);
    meter = what === "arrive" ? arrive(meter, who, at) : depart(meter, who, at);
  }
  return runUntil(meter, until);
}

describe("the paid reading's clock", () => {
  it("bills a reader who blinks in and out by the time they were there, with one grace period, not a renewed one", () => {
    // The client stays; the reader is there 0.3 s of every 2.2 s, ten times over: 3.0 s of 22 s.
    const events: Event[] = [[0, "arrive", "client"]];
    for (let i = 0; i < 10; i++) {
      const at = 100 + i * 2200;
      events.push([at, "arrive", "reader"], [at + 300, "depart", "reader"]);
    }
    const meter = play(events, 22_900);
    // 3.0 s together and one 2 s grace: 5 s on the clock, two started minutes of 3 s (a renewed grace billed all eight).
    expect(activeMs(meter, 22_900)).toBeLessThanOrEqual(5000);
    expect(meter.minutesBilled).toBe(2);
    expect(meter.status).toBe("paused");
  });

  it("covers a reload within the grace period, and renews the grace after a return that lasted", () => {
    const meter = play(
      [
        [0, "arrive", "client"],
        [0, "arrive", "reader"],
        [5000, "depart", "client"],
        [6500, "arrive", "client"], // a reload: 1.5 s of the 2 s grace used
        [9000, "depart", "client"], // back 2.5 s, longer than the grace: it is whole again
        [10_900, "arrive", "client"],
      ],
      11_999,
    );
    expect(meter.status).toBe("running");
    expect(activeMs(meter, 11_999)).toBe(11_999);
    expect(meter.minutesBilled).toBe(4);
  });

  it("pauses at the end of the grace, bills nothing while paused, and ends after the pause limit", () => {
    let meter = play(
      [
        [0, "arrive", "client"],
        [0, "arrive", "reader"],
        [4000, "depart", "reader"],
      ],
      30_000,
    );
    expect(meter).toMatchObject({ status: "paused", pausedAt: 6000, minutesBilled: 2 });
    expect(activeMs(meter, 30_000)).toBe(6000);
    meter = runUntil(meter, 6000 + timing.pauseLimitMs);
    expect(meter).toMatchObject({ status: "ended", endReason: "left", minutesBilled: 2 });
  });

  it("takes people whose going the room never heard as gone since it last ran, and notes the outage", () => {
    let meter = play(
      [
        [0, "arrive", "client"],
        [0, "arrive", "reader"],
      ],
      6500,
    );
    meter = { ...meter, seenAt: 6500 };
    // The room last ran at 6.5 s and wakes at 46.5 s: both sockets are gone.
    meter = recoverFromOutage(meter, ["client", "reader"], 46_500);
    expect(meter.interruptedMs).toBe(40_000);
    meter = runUntil(meter, 46_500);
    // Minute 3 started at 6 s, before the room went down; the grace ran out at 8.5 s, before minute 4 at 9 s.
    expect(meter).toMatchObject({ status: "paused", pausedAt: 8500, minutesBilled: 3 });
    meter = runUntil(arrive(arrive(meter, "client", 46_600), "reader", 46_700), 46_700);
    expect(meter).toMatchObject({ status: "running", minutesBilled: 3 });
    expect(nextStep(meter, 46_700)).toEqual({ kind: "wait", until: 47_200 });
    expect(interruptionNote(meter.interruptedMs, 30_000)).toBe(
      "Arcanum was interrupted for about 40 seconds during this reading. That time was not billed beyond the 30 seconds of grace a dropped connection has.",
    );
    expect(interruptionNote(0, 30_000)).toBeNull();
  });

  it("does not hold the time the room was down against the pause limit", () => {
    let meter = play(
      [
        [0, "arrive", "client"],
        [0, "arrive", "reader"],
      ],
      1000,
    );
    // Down for ten times the pause limit: back, the two still have the whole pause limit to return.
    const wake = 1000 + 10 * timing.pauseLimitMs;
    meter = runUntil(recoverFromOutage({ ...meter, seenAt: 1000 }, ["client", "reader"], wake), wake);
    expect(meter).toMatchObject({ status: "paused", pausedAt: 3000 });
    expect(runUntil(meter, wake + timing.pauseLimitMs - 1).status).toBe("paused");
    expect(runUntil(meter, wake + timing.pauseLimitMs)).toMatchObject({ status: "ended", endReason: "left" });
  });

  it("reads a clock saved before grace was kept per person as the same clock", () => {
    const {
      graceFrom: _g,
      graceLeftMs: _l,
      backAt: _b,
      pausedAt: _p,
      seenAt: _s,
      interruptedMs: _i,
      recoveredAt: _r,
      ...rest
    } = play(
      [
        [0, "arrive", "client"],
        [0, "arrive", "reader"],
      ],
      1000,
    );
    const saved = { ...rest, present: { client: true, reader: false }, awaySince: 1000 } as unknown as Meter;
    const meter = restoreMeter(saved);
    expect(meter).toMatchObject({ graceFrom: { client: null, reader: 1000 }, graceLeftMs: { client: 2000, reader: 2000 }, interruptedMs: 0 });
    expect(runUntil(meter, 5000)).toMatchObject({ status: "paused", pausedAt: 3000 });
  });

  it("holds while the client adds funds: nothing counts, the paid minute waits, and a hold that runs out ends it as a spent balance", () => {
    const low = play(
      [
        [0, "arrive", "client"],
        [0, "arrive", "reader"],
      ],
      4000,
      { ...fresh(), balanceCents: 15 },
    );
    // Two minutes charged at 10: 5 left, which pays for no third minute.
    expect(low.minutesBilled).toBe(2);
    const held = holdForFunds(low, 4000);
    expect(held.status).toBe("funding");
    expect(holdForFunds(held, 5000)).toBe(held);
    expect(activeMs(held, 4000 + FUNDS_HOLD_MS - 1)).toBe(4000);
    expect(nextStep(held, 4000 + FUNDS_HOLD_MS - 1)).toEqual({ kind: "wait", until: 4000 + FUNDS_HOLD_MS });
    // Too little arrives: still holding. Enough arrives: the rest of the paid minute runs, then the next is charged.
    expect(fundsArrived(held, 8, 6000).status).toBe("funding");
    const resumed = fundsArrived(held, 1005, 10_000);
    expect(resumed).toMatchObject({ status: "running", runningSince: 10_000, balanceCents: 1005 });
    expect(nextStep(resumed, 12_000)).toEqual({ kind: "charge", minute: 2, cents: 10, at: 12_000 });
    // No funds: the reading ends at the hold's limit, the minutes had billed and no more.
    expect(runUntil(held, 4000 + FUNDS_HOLD_MS)).toMatchObject({ status: "ended", endReason: "balance", endedAt: 4000 + FUNDS_HOLD_MS, minutesBilled: 2 });
    // A balance that still pays the next minute is not held.
    expect(
      holdForFunds(
        play(
          [
            [0, "arrive", "client"],
            [0, "arrive", "reader"],
          ],
          4000,
        ),
        4000,
      ).status,
    ).toBe("running");
  });
});
