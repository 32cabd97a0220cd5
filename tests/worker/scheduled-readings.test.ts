/**
 * Scheduled readings through the real stack: slots in the reader's zone across a daylight-saving
 * change, one winner when two clients book one slot, the hold on the balance, and the periodic job
 * settling each booking once — reader no-show, client no-show, completion — even when two runs
 * overlap. After each, every ledger still sums to its balance.
 */
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { runPeriodicJobs } from "../../app/jobs/periodic.server";
import { newId } from "../../app/lib/crypto";
import { listOutbox } from "../../app/mail/mail.server";
import { arriveAtBooking } from "../../app/paid-readings/bookings.server";
import { finishPaidReading, markPaidReadingStarted } from "../../app/paid-readings/readings.server";
import { BOOKING_LIMITS, BOOKING_MESSAGES, BOOKING_WAIT_MINUTES } from "../../app/paid-readings/rules";
import { calendarFile, instantOf, openSlots } from "../../app/paid-readings/schedule";
import { availableBalanceOf, chargeMinute } from "../../app/paid-readings/wallet.server";
import { dailySettings, paidReadings, readingSessions, readerAvailability, readerBookings, readerProfiles, users, walletHolds } from "../../db/schema";
import { get, ORIGIN, post, signInAs } from "./helpers";
import { topUp, balance, ledgerSum, earnings } from "./wallet-fixtures";

const db = () => createDatabase(env.DB);
const config = readConfig(env);
const MINUTE = 60_000;

async function newMember(name = "client") {
  const id = `${name}-${newId()}`;
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.test`, username: id.slice(0, 30) });
  return { id, email: `${id}@example.test`, cookie: await signInAs(id) };
}

/** A reader at `priceCents` a minute with every hour of every day open, in UTC, as 60-minute slots. */
async function newReader(priceCents = 100) {
  const id = `reader-${newId()}`;
  const username = `r${newId().slice(0, 12)}`.toLowerCase();
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.test`, username, fullName: "Vera Night", isReader: true, customPricePerMinute: priceCents });
  await db().insert(readerProfiles).values({ userId: id, available: true });
  await db()
    .insert(readerAvailability)
    .values(
      Array.from({ length: 7 }, (_, weekday) => ({ id: newId(), readerId: id, weekday, startMinute: 0, endMinute: 1440, slotMinutes: 60, timeZone: "UTC" })),
    );
  return { id, username, email: `${id}@example.test`, cookie: await signInAs(id) };
}

const bookingOf = async (id: string) => (await db().query.readerBookings.findFirst({ where: eq(readerBookings.id, id) }))!;
const holdOf = async (bookingId: string) => (await db().query.walletHolds.findFirst({ where: eq(walletHolds.subjectId, bookingId) }))!;

async function expectLedgersAddUp(...userIds: string[]) {
  for (const id of userIds) expect(await ledgerSum(id)).toBe(await balance(id));
}

/** The start of the reader's first open slot (the next whole hour from now). */
const firstSlot = () => Math.floor(Date.now() / (60 * MINUTE)) * 60 * MINUTE + 60 * MINUTE;

/** The client books the first slot through the page; the booking's id. */
async function book(client: { cookie: string }, reader: { username: string }, startAt = firstSlot(), mode = "chat") {
  const response = await post(`/readers/${reader.username}/schedule`, { startAt: String(startAt), mode, timeZone: "Asia/Tokyo" }, { cookie: client.cookie });
  expect(response.status).toBe(302);
  return response.headers.get("location")!.split("/").pop()!.split("?")[0]!;
}

/** A reader at $1 a minute, and a client with `cents` on their balance who has booked the reader's first open slot. */
async function bookedPair(cents = 10_000) {
  const reader = await newReader(100);
  const client = await newMember();
  await topUp(client.id, cents);
  const id = await book(client, reader);
  return { reader, client, id };
}

/** Both overlapping runs of the periodic job at `at`, as two cron invocations landing together. */
async function runJobsTwice(at: number) {
  const sent: Promise<unknown>[] = [];
  const results = await Promise.all([
    runPeriodicJobs(db(), at, null, config, (work) => sent.push(work)),
    runPeriodicJobs(db(), at, null, config, (work) => sent.push(work)),
  ]);
  await Promise.all(sent);
  for (const result of results) expect(result.failed).toEqual([]);
}

describe("slots in the reader's time zone", () => {
  it("follow the reader's wall clock across a daylight-saving change, skipping the hour that does not exist", () => {
    const zone = "America/New_York";
    // Sunday 8 March 2026: clocks go from 02:00 to 03:00.
    const hours = [
      { weekday: 0, startMinute: 60, endMinute: 240, slotMinutes: 60, timeZone: zone },
      { weekday: 6, startMinute: 9 * 60, endMinute: 10 * 60, slotMinutes: 60, timeZone: zone },
      { weekday: 1, startMinute: 9 * 60, endMinute: 10 * 60, slotMinutes: 60, timeZone: zone },
    ];
    const now = Date.UTC(2026, 2, 6, 12);
    const slots = openSlots(hours, [], [], now, 4).map((slot) => new Date(slot.startAt).toISOString());
    expect(slots).toEqual([
      "2026-03-07T14:00:00.000Z", // Saturday 09:00 EST (UTC−5)
      "2026-03-08T06:00:00.000Z", // Sunday 01:00 EST
      // 02:00 does not exist that night
      "2026-03-08T07:00:00.000Z", // Sunday 03:00 EDT (UTC−4)
      "2026-03-09T13:00:00.000Z", // Monday 09:00 EDT
    ]);
    expect(instantOf(zone, "2026-03-08", 150)).toBeNull();
    // The hour that happens twice in the autumn is its first.
    expect(new Date(instantOf(zone, "2026-11-01", 90)!).toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  it("leave out days off, the past and times another booking covers", () => {
    const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 600, endMinute: 720, slotMinutes: 30, timeZone: "Europe/Paris" }));
    const now = Date.UTC(2026, 5, 1, 8, 45); // 10:45 in Paris (UTC+2)
    const busy = [{ startAt: Date.UTC(2026, 5, 2, 8, 15), minutes: 30 }];
    const slots = openSlots(hours, ["2026-06-03"], busy, now, 3).map((slot) => new Date(slot.startAt).toISOString());
    expect(slots).toEqual([
      "2026-06-01T09:00:00.000Z", // 11:00 in Paris; 10:00 and 10:30 have begun
      "2026-06-01T09:30:00.000Z",
      // 10:00 and 10:30 on the 2nd overlap the booking from 10:15 to 10:45
      "2026-06-02T09:00:00.000Z",
      "2026-06-02T09:30:00.000Z",
      // the 3rd is a day off; three days end at 10:45 on the 4th
      "2026-06-04T08:00:00.000Z",
      "2026-06-04T08:30:00.000Z",
    ]);
  });

  it("make a calendar file with UTC times, a UID, a summary and a link", () => {
    const file = calendarFile({
      uid: "booking-x@arcanum.test",
      startAt: Date.UTC(2026, 0, 2, 15, 30),
      minutes: 45,
      summary: "Tarot reading with Vera, Night",
      description: "Room",
      url: "https://arcanum.test/bookings/x",
      stamp: 0,
    });
    expect(file).toContain("BEGIN:VEVENT\r\nUID:booking-x@arcanum.test\r\n");
    expect(file).toContain("DTSTART:20260102T153000Z\r\nDTEND:20260102T161500Z\r\n");
    expect(file).toContain("SUMMARY:Tarot reading with Vera\\, Night\r\n");
    expect(file).toContain("URL:https://arcanum.test/bookings/x\r\n");
  });

  it("fold every line of a calendar file at 75 octets, never inside a character", () => {
    const summary = `Tarot reading with ${"Inès Ørsted-Þórðardóttir ".repeat(4)}`;
    const file = calendarFile({
      uid: "u@arcanum.test",
      startAt: 0,
      minutes: 15,
      summary,
      description: "é".repeat(90),
      url: "https://arcanum.test/b",
      stamp: 0,
    });
    const encoder = new TextEncoder();
    for (const line of file.split("\r\n")) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    // Unfolded (RFC 5545: a line break followed by one space), the texts come back whole.
    const unfolded = file.replace(/\r\n /g, "");
    expect(unfolded).toContain(`SUMMARY:${summary}\r\n`);
    expect(unfolded).toContain(`DESCRIPTION:${"é".repeat(90)}\r\n`);
  });
});

describe("booking a slot", () => {
  it("holds the slot's minutes from the balance: spendable less, the ledger unchanged, shown on /balance", async () => {
    const { reader, client, id } = await bookedPair();
    const booking = await bookingOf(id);
    expect(booking).toMatchObject({ status: "booked", minutes: 60, holdCents: 6000, pricePerMinuteCents: 100 });
    expect(await holdOf(id)).toMatchObject({ status: "held", amountCents: 6000, kind: "booking" });
    expect(await balance(client.id)).toBe(10_000);
    expect(await availableBalanceOf(db(), client.id)).toBe(4000);
    const page = await (await get("/balance", { cookie: client.cookie })).text();
    expect(page).toContain("On hold");
    expect(page).toMatch(/\$40(\.00)?(<!-- -->)? available/);
    // The calendar file is the booking's, for its two people only.
    const ics = await get(`/bookings/${id}/calendar.ics`, { cookie: client.cookie });
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    expect(await ics.text()).toContain(`DTSTART:${new Date(booking.startAt).toISOString().replace(/[-:]/g, "").replace(".000", "")}`);
    expect((await get(`/bookings/${id}/calendar.ics`, { cookie: (await newMember("other")).cookie })).status).toBe(404);
    // Both are told by e-mail, each in their own time.
    await expect.poll(async () => (await listOutbox(db(), client.email)).map((m) => m.subject)[0]).toMatch(/^Scheduled reading on .*\(GMT\+9\)$/);
    await expect.poll(async () => (await listOutbox(db(), reader.email)).map((m) => m.subject)[0]).toMatch(/^Scheduled reading on .*\(UTC\)$/);
    await expectLedgersAddUp(client.id);
  });

  it("names a hold's time on /balance in the person's chosen zone, as /bookings does", async () => {
    const { client, id } = await bookedPair();
    // The client chose Tokyo for their day; the request itself says nothing of a zone (UTC).
    await db().insert(dailySettings).values({ userId: client.id, timeZone: "Asia/Tokyo" });
    const { startAt } = await bookingOf(id);
    const at = new Date(startAt);
    const day = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tokyo", weekday: "long", month: "long", day: "numeric" }).format(at);
    const time = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tokyo", hour: "numeric", minute: "2-digit" }).format(at);
    const inTokyo = `${day}, ${time} (GMT+9)`;
    expect(await (await get("/bookings", { cookie: client.cookie })).text()).toContain(inTokyo);
    const balancePage = await (await get("/balance", { cookie: client.cookie })).text();
    expect(balancePage).toContain(inTokyo);
    expect(balancePage).not.toContain(`${time} UTC`);
  });

  it("stamps the calendar file when it is made, in UTC form, at the address the confirmation gives", async () => {
    const { client, id } = await bookedPair();
    const confirmationOf = async () => (await listOutbox(db(), client.email)).find((m) => m.subject.startsWith("Scheduled reading on"));
    await expect.poll(confirmationOf).toBeTruthy();
    const link = /Add it to your calendar: (\S+)/.exec((await confirmationOf())!.text)?.[1];
    expect(link).toBe(`${ORIGIN}/bookings/${id}/calendar.ics`);
    const before = Math.floor(Date.now() / 1000) * 1000;
    const ics = await get(new URL(link!).pathname, { cookie: client.cookie });
    const after = Date.now();
    expect(ics.status).toBe(200);
    const stamp = /^DTSTAMP:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\r$/m.exec(await ics.text());
    expect(stamp).not.toBeNull();
    const [, year, month, dayOfMonth, hour, minute, second] = stamp!.map(Number) as number[];
    const stamped = Date.UTC(year!, month! - 1, dayOfMonth!, hour!, minute!, second!);
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(after);
  });

  it("refuses a slot the available balance does not cover, and keeps nothing of the attempt", async () => {
    const reader = await newReader(100);
    const client = await newMember();
    await topUp(client.id, 5000);
    const response = await post(
      `/readers/${reader.username}/schedule`,
      { startAt: String(firstSlot()), mode: "chat", timeZone: "UTC" },
      { cookie: client.cookie },
    );
    expect(response.status).toBe(402);
    expect(await response.text()).toContain(BOOKING_MESSAGES.balance);
    expect(await db().select().from(readerBookings).where(eq(readerBookings.clientId, client.id))).toEqual([]);
    expect(await db().select().from(walletHolds).where(eq(walletHolds.userId, client.id))).toEqual([]);
  });

  it("gives one slot to one of two clients booking it at the same moment; the other is told plainly", async () => {
    const reader = await newReader(100);
    const [first, second] = await Promise.all([newMember("first"), newMember("second")]);
    await Promise.all([topUp(first.id, 10_000), topUp(second.id, 10_000)]);
    const startAt = String(firstSlot());
    const answers = await Promise.all(
      [first, second].map((client) => post(`/readers/${reader.username}/schedule`, { startAt, mode: "chat", timeZone: "UTC" }, { cookie: client.cookie })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    const lost = answers.find((answer) => answer.status === 409)!;
    expect(await lost.text()).toContain(BOOKING_MESSAGES.taken);
    const booked = await db().select().from(readerBookings).where(eq(readerBookings.readerId, reader.id));
    expect(booked).toHaveLength(1);
    const holds = await db()
      .select()
      .from(walletHolds)
      .where(sql`${walletHolds.userId} IN (${first.id}, ${second.id})`);
    expect(holds).toHaveLength(1);
    await expectLedgersAddUp(first.id, second.id);
  });

  it("a live reading cannot spend what another booking holds", async () => {
    const { client, id } = await bookedPair(6000);
    // Another reading of the client's, live, tries to charge a minute from the held money.
    const other = await newReader(100);
    const readingId = newId();
    await db().insert(readingSessions).values({ id: readingId, hostUserId: other.id, originalHostUserId: other.id });
    await db()
      .insert(paidReadings)
      .values({
        id: readingId,
        requestId: `test:${readingId}`,
        clientId: client.id,
        readerId: other.id,
        mode: "chat",
        pricePerMinuteCents: 100,
        freeMinutes: 0,
        status: "live",
        feePercent: 30,
      });
    const figures = await chargeMinute(db(), { id: readingId, clientId: client.id }, 0, 100, Date.now());
    expect(figures.minutesBilled).toBe(0);
    expect(await balance(client.id)).toBe(6000);
    expect((await holdOf(id)).status).toBe("held");
    await expectLedgersAddUp(client.id);
  });
});

describe("cancelling", () => {
  it("by the client a day ahead gives back the whole hold; by the reader too, and the client is told", async () => {
    const reader = await newReader(100);
    const client = await newMember();
    await topUp(client.id, 20_000);
    const early = await book(client, reader, firstSlot() + 30 * 60 * MINUTE);
    const response = await post(`/bookings/${early}`, { intent: "cancel" }, { cookie: client.cookie });
    expect(response.status).toBe(302);
    expect(await bookingOf(early)).toMatchObject({ status: "cancelled", cancelledBy: "client" });
    expect((await holdOf(early)).status).toBe("released");
    expect(await balance(client.id)).toBe(20_000);

    const byReader = await book(client, reader, firstSlot() + 2 * 60 * MINUTE);
    // Someone else may not cancel it.
    expect((await post(`/bookings/${byReader}`, { intent: "cancel" }, { cookie: (await newMember("other")).cookie })).status).toBe(404);
    expect((await post(`/bookings/${byReader}`, { intent: "cancel" }, { cookie: reader.cookie })).status).toBe(302);
    expect(await bookingOf(byReader)).toMatchObject({ status: "cancelled", cancelledBy: "reader" });
    expect((await holdOf(byReader)).status).toBe("released");
    expect(await availableBalanceOf(db(), client.id)).toBe(20_000);
    await expect.poll(async () => (await listOutbox(db(), client.email)).map((m) => m.subject)).toContainEqual(expect.stringMatching(/cancelled$/));
    // A second cancel changes nothing.
    expect((await post(`/bookings/${byReader}`, { intent: "cancel" }, { cookie: reader.cookie })).status).toBe(409);
    await expectLedgersAddUp(client.id);
  });

  it("by the client within a day keeps the stated minimum for the reader, once", async () => {
    const { reader, client, id } = await bookedPair();
    const answers = await Promise.all([
      post(`/bookings/${id}`, { intent: "cancel" }, { cookie: client.cookie }),
      post(`/bookings/${id}`, { intent: "cancel" }, { cookie: client.cookie }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(await holdOf(id)).toMatchObject({ status: "converted", convertedCents: 500 });
    expect(await balance(client.id)).toBe(9500);
    expect(await availableBalanceOf(db(), client.id)).toBe(9500);
    expect((await earnings(reader.id)).map((line) => [line.kind, line.grossCents, line.feeCents, line.netCents])).toEqual([["booking", 500, 150, 350]]);
    await expectLedgersAddUp(client.id);
  });
});

describe("the periodic job", () => {
  it("runs from the local /dev/jobs as at a chosen moment: the reminder within the hour, the room at its opening time and not before", async () => {
    const { id } = await bookedPair();
    const { startAt } = await bookingOf(id);
    const runAt = async (at: number) => {
      const response = await post("/dev/jobs", { at: String(at) });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`Ran as at ${new Date(at).toISOString()}: every job succeeded.`);
    };
    await runAt(startAt - 6 * MINUTE);
    expect(await bookingOf(id)).toMatchObject({ remindedAt: startAt - 6 * MINUTE, readingId: null, status: "booked" });
    await runAt(startAt - 5 * MINUTE);
    expect((await bookingOf(id)).readingId).not.toBeNull();
    // A moment that is not one is refused plainly, and runs nothing.
    const refused = await post("/dev/jobs", { at: "soon" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Give a moment as milliseconds since 1970");
    expect((await post("/dev/jobs", { at: String(Date.now() + 3 * 24 * 60 * MINUTE) })).status).toBe(400);
  });

  it("reminds both once, by e-mail in each one's own time, even when two runs overlap", async () => {
    const { reader, client, id } = await bookedPair();
    const { startAt } = await bookingOf(id);
    await runJobsTwice(startAt - 30 * MINUTE);
    expect((await bookingOf(id)).remindedAt).toBe(startAt - 30 * MINUTE);
    const reminders = async (email: string) => (await listOutbox(db(), email)).filter((m) => m.subject.startsWith("Reminder"));
    await expect.poll(async () => (await reminders(client.email)).length).toBe(1);
    await expect.poll(async () => (await reminders(reader.email)).length).toBe(1);
    expect((await reminders(client.email))[0]!.subject).toContain("(GMT+9)");
    expect((await reminders(reader.email))[0]!.subject).toContain("(UTC)");
  });

  it("releases the whole hold when the reader does not come, once, with two runs at once", async () => {
    const { reader, client, id } = await bookedPair();
    const { startAt } = await bookingOf(id);
    await runJobsTwice(startAt - 2 * MINUTE);
    const opened = await bookingOf(id);
    expect(opened.readingId).not.toBeNull();
    // The client comes in; the reader never does.
    expect((await arriveAtBooking(db(), client.id, id, startAt)).ok).toBe(true);
    await runJobsTwice(startAt + (BOOKING_WAIT_MINUTES + 1) * MINUTE);
    expect((await bookingOf(id)).status).toBe("reader-no-show");
    expect(await holdOf(id)).toMatchObject({ status: "released", convertedCents: 0 });
    expect(await balance(client.id)).toBe(10_000);
    expect(await availableBalanceOf(db(), client.id)).toBe(10_000);
    expect(await earnings(reader.id)).toEqual([]);
    expect((await db().query.paidReadings.findFirst({ where: eq(paidReadings.id, opened.readingId!) }))?.status).toBe("ended");
    await expectLedgersAddUp(client.id);
  });

  it("pays the reader the stated minimum when the client does not come while the reader waits, once", async () => {
    const { reader, client, id } = await bookedPair();
    const { startAt } = await bookingOf(id);
    await runJobsTwice(startAt - 2 * MINUTE);
    expect((await arriveAtBooking(db(), reader.id, id, startAt)).ok).toBe(true);
    await runJobsTwice(startAt + (BOOKING_WAIT_MINUTES + 1) * MINUTE);
    expect((await bookingOf(id)).status).toBe("client-no-show");
    expect(await holdOf(id)).toMatchObject({ status: "converted", convertedCents: 500 });
    expect(await balance(client.id)).toBe(9500);
    expect((await earnings(reader.id)).map((line) => [line.kind, line.grossCents, line.netCents])).toEqual([["booking", 500, 350]]);
    await expectLedgersAddUp(client.id);
  });

  it("converts the hold for the minutes the reading charged on completion, the rest released, once", async () => {
    const reader = await newReader(100);
    const client = await newMember();
    // Exactly the hold: the reading's minutes come out of the money held for it.
    await topUp(client.id, 6000);
    const id = await book(client, reader);
    const { startAt } = await bookingOf(id);
    await runJobsTwice(startAt - 2 * MINUTE);
    const readingId = (await bookingOf(id)).readingId!;
    const reading = (await db().query.paidReadings.findFirst({ where: eq(paidReadings.id, readingId) }))!;
    expect(reading).toMatchObject({ status: "live", freeMinutes: 0, pricePerMinuteCents: 100, clientId: client.id, readerId: reader.id, createdAt: startAt });
    await markPaidReadingStarted(db(), readingId, startAt);
    for (let minute = 0; minute < 12; minute++) await chargeMinute(db(), { id: readingId, clientId: client.id }, minute, 100, startAt + minute * MINUTE);
    // Still running when the job passes: nothing is settled yet.
    await runJobsTwice(startAt + 10 * MINUTE);
    expect((await bookingOf(id)).status).toBe("booked");
    await finishPaidReading(db(), readingId, { startedAt: startAt, reason: "client-ended" }, startAt + 12 * MINUTE);
    await runJobsTwice(startAt + 15 * MINUTE);
    expect((await bookingOf(id)).status).toBe("completed");
    expect(await holdOf(id)).toMatchObject({ status: "converted", convertedCents: 1200 });
    expect(await balance(client.id)).toBe(4800);
    expect(await availableBalanceOf(db(), client.id)).toBe(4800);
    // The reader earns the minutes as a reading, not twice through the hold.
    expect((await earnings(reader.id)).map((line) => [line.kind, line.grossCents])).toEqual([["reading", 1200]]);
    await runJobsTwice(startAt + 30 * MINUTE);
    expect(await balance(client.id)).toBe(4800);
    await expectLedgersAddUp(client.id);
  });
});

describe("a scheduled voice reading", () => {
  it("keeps its mode from the booking to the room, which both enter with the voice call starting; a mode not offered is refused plainly", async () => {
    const reader = await newReader(100);
    const client = await newMember();
    await topUp(client.id, 10_000);
    const refused = await post(
      `/readers/${reader.username}/schedule`,
      { startAt: String(firstSlot()), mode: "hologram", timeZone: "UTC" },
      { cookie: client.cookie },
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose cards and chat, cards and voice, or cards and video.");
    expect(await db().select().from(readerBookings).where(eq(readerBookings.clientId, client.id))).toHaveLength(0);

    const id = await book(client, reader, firstSlot(), "voice");
    const { startAt, mode } = await bookingOf(id);
    expect(mode).toBe("voice");
    for (const person of [client, reader]) expect(await (await get(`/bookings/${id}`, { cookie: person.cookie })).text()).toContain("Cards and voice");
    await runJobsTwice(startAt - 2 * MINUTE);
    const readingId = (await bookingOf(id)).readingId!;
    expect((await db().query.paidReadings.findFirst({ where: eq(paidReadings.id, readingId) }))?.mode).toBe("voice");
    for (const person of [client, reader]) {
      const entered = await post(`/bookings/${id}`, { intent: "enter" }, { cookie: person.cookie });
      expect(entered.headers.get("location")).toBe(`/reading-room?session=${readingId}&voice=1`);
    }
  });
});

describe("limits on booking and cancelling", () => {
  const HOUR = 60 * MINUTE;
  const cancel = (client: { cookie: string }, id: string) => post(`/bookings/${id}`, { intent: "cancel" }, { cookie: client.cookie });
  const tryBooking = (client: { cookie: string }, reader: { username: string }, startAt: number) =>
    post(`/readers/${reader.username}/schedule`, { startAt: String(startAt), mode: "chat", timeZone: "UTC" }, { cookie: client.cookie });
  /** The booking e-mails a person got: confirmations and cancellations. */
  const bookingMails = async (email: string) =>
    (await listOutbox(db(), email)).filter((m) => m.subject.startsWith("Scheduled reading on")).map((m) => m.subject);

  it("stops a client booking and cancelling one reader over and over: the fourth booking in a day is refused, and the reader hears of two", async () => {
    const reader = await newReader(100);
    const client = await newMember();
    await topUp(client.id, 10_000);
    const statuses: number[] = [];
    for (let cycle = 0; cycle < 6; cycle++) {
      // Each more than a day ahead, so cancelling costs nothing.
      const booked = await tryBooking(client, reader, firstSlot() + (30 + cycle) * HOUR);
      statuses.push(booked.status);
      if (booked.status === 429) {
        expect(await booked.text()).toContain(BOOKING_MESSAGES.tooManyWithReader);
        continue;
      }
      const id = booked.headers.get("location")!.split("/").pop()!.split("?")[0]!;
      expect((await cancel(client, id)).status).toBe(302);
    }
    expect(statuses).toEqual([302, 302, 302, 429, 429, 429]);
    expect(await db().select().from(readerBookings).where(eq(readerBookings.clientId, client.id))).toHaveLength(BOOKING_LIMITS.perReader);
    // The client reads of each of their own bookings; the reader of the first two and their cancellations, and of nothing after.
    await expect.poll(async () => (await bookingMails(client.email)).length).toBe(6);
    await expect.poll(async () => (await bookingMails(reader.email)).length).toBe(2 * BOOKING_LIMITS.readerTold);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const toReader = await bookingMails(reader.email);
    expect(toReader).toHaveLength(4);
    expect(toReader.filter((subject) => subject.endsWith("cancelled"))).toHaveLength(2);
    expect(await availableBalanceOf(db(), client.id)).toBe(10_000);
    await expectLedgersAddUp(client.id);
  });

  it("refuses a client's fourth cancellation with one reader in a day, leaving that booking and its hold as they were", async () => {
    const reader = await newReader(100);
    const client = await newMember();
    await topUp(client.id, 40_000);
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) ids.push(await book(client, reader, firstSlot() + (30 + n) * HOUR));
    // Booked yesterday: today's bookings allow one more.
    await db()
      .update(readerBookings)
      .set({ createdAt: Date.now() - 25 * HOUR })
      .where(eq(readerBookings.clientId, client.id));
    ids.push(await book(client, reader, firstSlot() + 40 * HOUR));
    const answers: number[] = [];
    for (const id of ids) answers.push((await cancel(client, id)).status);
    expect(answers).toEqual([302, 302, 302, 429]);
    const refused = await cancel(client, ids[3]!);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(BOOKING_MESSAGES.tooManyCancels);
    expect(await bookingOf(ids[3]!)).toMatchObject({ status: "booked", cancelledBy: null });
    expect(await holdOf(ids[3]!)).toMatchObject({ status: "held", amountCents: 6000 });
    // The reader may still cancel it.
    expect((await post(`/bookings/${ids[3]}`, { intent: "cancel" }, { cookie: reader.cookie })).status).toBe(302);
    expect((await holdOf(ids[3]!)).status).toBe("released");
    await expectLedgersAddUp(client.id);
  });

  it("holds a client to 10 bookings a day across readers", async () => {
    const readers = await Promise.all([newReader(1), newReader(1), newReader(1), newReader(1)]);
    const client = await newMember();
    await topUp(client.id, 10_000);
    const statuses: number[] = [];
    for (const [n, reader] of readers.entries())
      for (let slot = 0; slot < 3; slot++) statuses.push((await tryBooking(client, reader, firstSlot() + (30 + n * 3 + slot) * HOUR)).status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(BOOKING_LIMITS.inAll);
    expect(statuses.slice(BOOKING_LIMITS.inAll)).toEqual([429, 429]);
    const refused = await tryBooking(client, readers[3]!, firstSlot() + 50 * HOUR);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(BOOKING_MESSAGES.tooMany);
    await expectLedgersAddUp(client.id);
  });

  it("lets a client book two slots and cancel one, and tells the reader of each", async () => {
    const reader = await newReader(100);
    const client = await newMember();
    await topUp(client.id, 20_000);
    const first = await book(client, reader, firstSlot() + 30 * HOUR);
    const second = await book(client, reader, firstSlot() + 31 * HOUR);
    expect((await cancel(client, first)).status).toBe(302);
    expect(await bookingOf(second)).toMatchObject({ status: "booked" });
    await expect.poll(async () => (await bookingMails(reader.email)).length).toBe(3);
    expect((await bookingMails(reader.email)).filter((subject) => subject.endsWith("cancelled"))).toHaveLength(1);
    expect(await availableBalanceOf(db(), client.id)).toBe(20_000 - 6000);
    await expectLedgersAddUp(client.id);
  });
});
