import { tellAccountChanged } from "../../app/auth/account-channel.server";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { log } from "../../app/observe/log.server";
import {
  arrive,
  charged,
  depart,
  end,
  endReasonText,
  fundsArrived,
  holdForFunds,
  meterView,
  newMeter,
  nextStep,
  partyOf,
  pause,
  recoverFromOutage,
  restoreMeter,
  seen,
  type EndReason,
  type Meter,
} from "../../app/paid-readings/clock";
import { finishPaidReading, markPaidReadingStarted, type paidReadingForRoom } from "../../app/paid-readings/readings.server";
import { sendReadingReceipt } from "../../app/paid-readings/receipts.server";
import { availableBalanceOf, chargeMinute } from "../../app/paid-readings/wallet.server";
import { reviewReaderLevel } from "../../app/readers/levels.server";
import { saveToJournals } from "../../app/reading-room/journal.server";
import type { ServerMessage } from "../../app/reading-room/messages";
import type { RoomState } from "../../app/reading-room/state";

/** The billing clock of a paid reading in the room's storage; absent in a free room. */
const METER_KEY = "meter";

/** The paid reading as the room finds it when it first opens. */
type PaidReading = NonNullable<Awaited<ReturnType<typeof paidReadingForRoom>>>;

/** What the billing clock needs of its room. */
export type ClockRoom = {
  /** The room's bindings, asked for at each use. */
  env(): Env;
  readingId(): string;
  readonly storage: DurableObjectStorage;
  waitUntil(work: Promise<unknown>): void;
  /** Each open socket and the person it belongs to. */
  sockets(): { id: string; memberId: string | undefined }[];
  /** Sends each open tab the message made for its person; null sends that tab nothing. */
  tell(messageFor: (memberId: string | undefined) => ServerMessage | null): void;
  /** The table as it stands, for the journals and the names in the closing words. */
  table(): RoomState | null;
  /** Sets the room's one alarm again, now that the clock knows its next step. */
  rearm(): Promise<void>;
  /** The reading is ending: from now on the sockets that close change nothing. */
  ending(): void;
  /** Closes every tab with the words for its person, mirrors the table a last time and closes the room. */
  close(reasonFor: (memberId: string | undefined) => string): Promise<void>;
};

/**
 * The clock of a paid reading, run by its room: the meter, its work one piece at a time, the hold
 * while the client adds funds, and the end of the reading. The decisions are `app/paid-readings/clock.ts`;
 * this carries them out: charges in D1, the meter in the room's storage, each tab told what it may see.
 */
export class BillingClock {
  /** The paid reading's clock, or null in a free room. */
  meter: Meter | null = null;
  /**
   * The clock's work (arrivals, departures, alarms, the end) runs one piece at a time, so a charge
   * waiting on D1 never writes back a clock from before someone came or went meanwhile.
   */
  private work: Promise<void> = Promise.resolve();

  constructor(private readonly room: ClockRoom) {}

  /** True in a paid reading, until it ends and the room closes. */
  get active(): boolean {
    return this.meter !== null;
  }

  /** A room opening for the first time starts the clock of a paid reading still on; the entries to save with the new room. */
  start(paid: PaidReading | null | undefined): Record<string, Meter> {
    this.meter =
      paid && paid.status !== "ended"
        ? {
            ...newMeter({
              readingId: paid.id,
              clientId: paid.clientId,
              readerId: paid.readerId,
              pricePerMinuteCents: paid.pricePerMinuteCents,
              freeMinutes: paid.freeMinutes,
              balanceCents: paid.balanceCents,
              timing: readConfig(this.room.env()).paidReadings,
              at: paid.createdAt,
            }),
            minutesBilled: paid.minutesBilled,
            chargedCents: paid.chargedCents,
          }
        : null;
    return this.meter ? { [METER_KEY]: this.meter } : {};
  }

  /** A room woken from its storage takes back the saved clock, trusting its sockets for who is here. */
  async restore(): Promise<void> {
    const meter = await this.room.storage.get<Meter>(METER_KEY);
    this.meter = meter ? this.reconcilePresence(restoreMeter(meter)) : null;
  }

  /** When the clock next has something to do, or null when it waits on nothing. */
  dueAt(now: number): number | null {
    const step = this.meter ? nextStep(this.meter, now) : null;
    return !step ? null : step.kind === "wait" ? step.until : now;
  }

  /** A tab of `memberId` opened. */
  arrived(memberId: string): Promise<void> {
    return this.onClock(() => this.meterArrival(memberId, Date.now()));
  }

  /** The socket `socketId` of `memberId` closed at `at`. */
  departed(memberId: string, socketId: string, at: number): Promise<void> {
    return this.onClock(() => this.meterDeparture(memberId, socketId, at));
  }

  /** The room's alarm rang: what is due is carried out. */
  tick(): Promise<void> {
    return this.onClock(() => this.runClock(Date.now()));
  }

  /** The client or the reader ends the reading; false for anyone else, or when no paid reading is on. */
  async endBy(memberId: string): Promise<boolean> {
    const party = this.meter && this.meter.status !== "ended" ? partyOf(this.meter, memberId) : null;
    if (!party) return false;
    const at = Date.now();
    await this.onClock(() => this.endReading(party === "client" ? "client-ended" : "reader-ended", at));
    return true;
  }

  /**
   * The client is going to add funds: while their balance pays only the running minute, the clock
   * holds until the top-up arrives or the hold runs out. Answers whether the reading is still on.
   */
  async holdForFunds(memberId: string): Promise<"held" | "live" | "closed"> {
    let answer: "held" | "live" | "closed" = "closed";
    await this.onClock(async () => {
      if (!this.meter || this.meter.status === "ended") return;
      if (partyOf(this.meter, memberId) !== "client") return;
      const now = Date.now();
      // What was due before the click is carried out first: a minute the balance could not pay has ended the reading.
      await this.runClock(now);
      const meter = this.meter as Meter | null;
      if (!meter || meter.status === "ended") return;
      const held = holdForFunds(meter, now);
      answer = held.status === "funding" ? "held" : "live";
      if (held === meter) return;
      this.meter = held;
      await this.runClock(now);
    });
    return answer;
  }

  /** A top-up of the client's reached the balance: the clock takes the new figure, and a hold ends if it pays the next minute. */
  fundsArrived(): Promise<void> {
    return this.onClock(async () => {
      if (!this.meter || this.meter.status === "ended") return;
      const balance = await availableBalanceOf(createDatabase(this.room.env().DB), this.meter.clientId, this.meter.readingId);
      const meter = this.meter as Meter | null;
      if (!meter || meter.status === "ended") return;
      this.meter = fundsArrived(meter, balance, Date.now());
      await this.runClock(Date.now());
    });
  }

  /**
   * A room woken after a restart trusts its sockets, not its saved clock: hibernated sockets come
   * back with it, and a person whose sockets did not went while the room was down. They are taken
   * as gone since the room last ran, not since it woke, so the outage bills at most one grace
   * period (decision 0052); the grace period, then the pause, follow as for a dropped connection.
   */
  private reconcilePresence(meter: Meter): Meter {
    const here = new Set(this.room.sockets().map((socket) => socket.memberId));
    const gone = (["client", "reader"] as const).filter((party) => meter.present[party] && !here.has(party === "client" ? meter.clientId : meter.readerId));
    return recoverFromOutage(meter, gone, Date.now());
  }

  /** Queues a piece of the clock's work behind the others; a failure is logged and ends only that piece. */
  private onClock(work: () => Promise<void>): Promise<void> {
    const next = this.work.then(work).catch((error: unknown) => log.error("paid reading clock failed", { room: this.room.readingId(), error }));
    this.work = next;
    return next;
  }

  /** The client or the reader opened a tab: the clock starts when both are there, or runs again. */
  private async meterArrival(memberId: string, at: number) {
    if (!this.meter) return;
    const party = partyOf(this.meter, memberId);
    if (!party || this.meter.status === "ended") {
      this.sendMeter();
      return;
    }
    const wasWaiting = this.meter.status === "waiting";
    this.meter = arrive(this.meter, party, at);
    if (wasWaiting && this.meter.startedAt !== null)
      await markPaidReadingStarted(createDatabase(this.room.env().DB), this.meter.readingId, this.meter.startedAt);
    await this.runClock(Date.now());
  }

  /** The last tab of the client or the reader closed: the grace period starts. */
  private async meterDeparture(memberId: string, closing: string, at: number) {
    if (!this.meter) return;
    const party = partyOf(this.meter, memberId);
    if (!party || this.meter.status === "ended") return;
    const stillHere = this.room.sockets().some((socket) => socket.id !== closing && socket.memberId === memberId);
    if (stillHere) return;
    this.meter = depart(this.meter, party, at);
    await this.runClock(Date.now());
  }

  /**
   * Carries out what the clock has due, in order: each minute charged once in D1 (whose figures
   * are the truth, so a minute charged before a restart is found, not charged again), a pause, or
   * the end; then saves the clock, tells both tabs and sets the next alarm. Runs only through
   * `onClock`, so nothing else changes the clock while a charge waits on D1.
   */
  private async runClock(now: number) {
    const db = createDatabase(this.room.env().DB);
    for (;;) {
      const meter = this.meter;
      if (!meter) return;
      if (meter.status === "ended") {
        // Ended before the instance went away, perhaps before its figures were written: finish it.
        await this.endReading(meter.endReason ?? "left", meter.endedAt ?? now);
        return;
      }
      const step = nextStep(meter, now);
      if (step.kind === "wait") break;
      if (step.kind === "end") {
        await this.endReading(step.reason, step.at);
        return;
      }
      if (step.kind === "pause") {
        this.meter = pause(meter, step.at);
        continue;
      }
      const figures = await chargeMinute(db, { id: meter.readingId, clientId: meter.clientId }, step.minute, step.cents, now);
      this.meter = charged(this.meter ?? meter, figures);
      if (figures.minutesBilled <= step.minute) {
        // The balance did not cover the minute that starts: the reading ends as it starts.
        await this.endReading("balance", step.at);
        return;
      }
    }
    // The room ran now and knows who is here: an outage after this bills at most one grace period.
    this.meter = seen(this.meter!, now);
    await this.room.storage.put(METER_KEY, this.meter);
    this.sendMeter();
    await this.room.rearm();
  }

  /** Each tab of the room gets the clock as its person may see it. */
  private sendMeter() {
    const meter = this.meter;
    if (!meter) return;
    const now = Date.now();
    this.room.tell((memberId) => (memberId ? { type: "meter", meter: meterView(meter, memberId, now) } : null));
  }

  /**
   * The paid reading ends: its totals, fee and the reader's earning are written once, both tabs
   * are told and sent to the receipt, the reading goes to both journals, the reader's level is
   * looked at, and the room closes.
   */
  private async endReading(reason: EndReason, at: number) {
    if (!this.meter) return;
    const { storage } = this.room;
    const env = this.room.env();
    const db = createDatabase(env.DB);
    this.room.ending();
    if (this.meter.status !== "ended") {
      this.meter = end(this.meter, reason, at);
      await storage.put(METER_KEY, this.meter);
    }
    // Written once however often this runs: the reading's row is finished only while it is open.
    const meter = this.meter;
    await finishPaidReading(
      db,
      meter.readingId,
      { startedAt: meter.startedAt, reason: meter.endReason ?? reason, interruptedMs: meter.interruptedMs },
      Date.now(),
    );
    this.sendMeter();
    const table = this.room.table();
    if (table && meter.startedAt !== null) {
      await saveToJournals(db, this.room.readingId(), table, Date.now(), { evenWithoutCards: true }).catch((error: unknown) =>
        log.error("saving the paid reading to journals failed", { room: this.room.readingId(), error }),
      );
    }
    await reviewReaderLevel(db, meter.readerId, Date.now(), env).catch((error: unknown) =>
      log.error("reviewing the reader's level failed", { room: this.room.readingId(), error }),
    );
    await Promise.all([tellAccountChanged(env, meter.clientId, "reading"), tellAccountChanged(env, meter.readerId, "reading")]);
    if (meter.startedAt !== null) {
      const config = readConfig(env);
      await sendReadingReceipt({ db, config, waitUntil: (work) => this.room.waitUntil(work) }, meter.readingId).catch((error: unknown) =>
        log.error("sending the reading's receipt failed", { room: this.room.readingId(), error }),
      );
    }
    const nameOf = (id: string, fallback: string) => this.room.table()?.members.find((member) => member.id === id)?.name ?? fallback;
    const names = { clientName: nameOf(meter.clientId, "The client"), readerName: nameOf(meter.readerId, "The reader") };
    await this.room.close((memberId) => {
      const role = memberId === meter.clientId ? "client" : memberId === meter.readerId ? "reader" : "staff";
      return endReasonText(meter.endReason ?? reason, { role, ...names });
    });
    this.meter = null;
    await storage.deleteAlarm();
    await storage.deleteAll();
  }
}
