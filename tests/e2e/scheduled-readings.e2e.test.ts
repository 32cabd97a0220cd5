/**
 * A scheduled reading across two time zones, with two browsers: a reader in Paris publishes hours
 * that cover the next few minutes; a client in Los Angeles tops up and books the slot. Each sees the
 * slot's instant in their own zone (the expected texts are worked out here with Intl from the
 * instant); the confirmation carries a calendar link whose file starts at that instant; the periodic
 * jobs, run from the local build's /dev/jobs as at chosen moments, remind both and open the room at
 * its opening time and not before; both enter the same room. The reading is by voice: the two hear
 * each other through a call that asks for the microphone alone, with nothing of a camera or a picture.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, hydrated, openPage, sideways, useBrowser, useMemberSession } from "./browser";
import { payWith, signUpByMagicLink } from "./flows";

const browser = useBrowser();

const READER_ZONE = "Europe/Paris";
const CLIENT_ZONE = "America/Los_Angeles";
const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Spaces of every kind as plain ones: ICU puts a narrow no-break space before "AM" and "PM". */
const plain = (text: string | null) => (text ?? "").replace(/\s/g, " ").trim();

/** An instant as a person in `timeZone` reads it: the day, the time, the zone's short name, and the three as one line. */
function localMoment(timeZone: string, instant: number) {
  const at = new Date(instant);
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { timeZone, ...options });
  const day = format({ weekday: "long", month: "long", day: "numeric" }).format(at);
  const time = plain(format({ hour: "numeric", minute: "2-digit" }).format(at));
  const zone = format({ timeZoneName: "short" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")!.value;
  return { day, time, zone, full: `${day}, ${time} (${zone})` };
}

/** The wall clock in `timeZone` at `instant`: its weekday (0 for Sunday) and "HH:MM". */
function wallClock(timeZone: string, instant: number) {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(
    new Date(instant),
  );
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { weekday: WEEKDAYS.indexOf(part("weekday")), clock: `${part("hour")}:${part("minute")}` };
}

/** Runs the periodic jobs once as if the cron fired at `at`, from the local build's /dev/jobs page. */
async function runJobsAt(page: Page, at: number) {
  await page.goto("/dev/jobs");
  await hydrated(page);
  await page.getByLabel(/Run as at/).fill(String(at));
  await page.getByRole("button", { name: "Run the periodic jobs" }).click();
  expect(await page.getByTestId("jobs-outcome").textContent()).toBe(`Ran as at ${new Date(at).toISOString()}: every job succeeded.`);
}

/** The messages the dev mailbox holds for `email`: subject and text, newest first. */
async function mailOf(page: Page, email: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  return page
    .getByRole("list", { name: "Messages" })
    .locator("li")
    .evaluateAll((items) =>
      items.map((item) => ({ subject: item.querySelector("h2")?.textContent ?? "", text: item.querySelector("pre")?.textContent ?? "" })),
    );
}

/** The text of the first message for `email` whose subject is `subject`, once it has arrived. */
async function mailText(page: Page, email: string, subject: (text: string) => boolean) {
  const find = async () => (await mailOf(page, email)).find((message) => subject(plain(message.subject)));
  await expect.poll(async () => (await find()) !== undefined).toBe(true);
  return plain((await find())!.text);
}

describe("a scheduled reading across time zones", () => {
  it("is published in Paris, booked from Los Angeles, confirmed and reminded in each zone, and opens its room for both at its time", async () => {
    // The slot: the first quarter hour at least four minutes away, as the hours' inputs take quarter hours.
    // A slot from 23:45 would end at midnight, which a time input cannot hold: then the next one, on the next day.
    let start = Math.ceil((Date.now() + 4 * MINUTE) / QUARTER) * QUARTER;
    if (wallClock(READER_ZONE, start).clock === "23:45") start += QUARTER;
    const from = wallClock(READER_ZONE, start);
    const until = wallClock(READER_ZONE, start + QUARTER);
    const weekday = WEEKDAYS[from.weekday]!;
    const opensAt = start - 5 * MINUTE;
    const inParis = localMoment(READER_ZONE, start);
    const inLosAngeles = localMoment(CLIENT_ZONE, start);

    // Mira keeps her day in Paris, and publishes that one quarter hour on its weekday, in her zone.
    const reader = await openPage(browser(), { viewport: { width: 1280, height: 900 }, timezoneId: READER_ZONE });
    await useMemberSession(reader, "mira");
    await chooseTimeZone(reader, READER_ZONE);
    await reader.goto("/reader-dashboard");
    await hydrated(reader);
    const hours = reader.getByTestId("hours-form");
    await hours.getByRole("combobox", { name: "Time zone" }).selectOption(READER_ZONE);
    await hours.getByRole("combobox", { name: "Length of a slot" }).selectOption("15");
    await hours.getByLabel(`${weekday} from`, { exact: true }).fill(from.clock);
    await hours.getByLabel(`${weekday} until`, { exact: true }).fill(until.clock);
    await hours.getByRole("button", { name: "Save availability" }).click();
    await reader.getByText("Your availability is saved: clients can book your open times.").waitFor();

    // A new client in Los Angeles tops up $100 and keeps their day there.
    const email = `planner-${Date.now()}@example.test`;
    const client = await openPage(browser(), { viewport: { width: 390, height: 844 }, timezoneId: CLIENT_ZONE });
    await signUpByMagicLink(client, email, "/balance");
    await hydrated(client);
    await client.getByRole("button", { name: "$100.00" }).click();
    await payWith(client, "4242 4242 4242 4242", "$100.00");
    await client.waitForURL(/\/balance\?topped=/);
    await expect.poll(() => client.getByTestId("wallet-balance").textContent()).toBe("$100.00");
    await chooseTimeZone(client, CLIENT_ZONE);

    // Her booking page shows the slot in Los Angeles time; it holds 15 minutes at $3.49.
    await client.goto("/readers/mira_solenne/schedule");
    await hydrated(client);
    expect(plain(await client.getByTestId("schedule-zone").textContent())).toBe(`America/Los Angeles (${localMoment(CLIENT_ZONE, Date.now()).zone})`);
    const slot = client.locator(`[data-testid="slot"][value="${start}"]`);
    expect(plain(await slot.locator("span").first().textContent())).toBe(inLosAngeles.time);
    expect(plain(await slot.getAttribute("aria-label"))).toBe(`Book ${inLosAngeles.day}, ${inLosAngeles.time}, 15 minutes, $52.35 held`);
    // They would rather talk than type, and keep their camera off: a voice reading.
    await client.getByRole("radio", { name: "Cards and voice" }).check();
    await slot.click();
    await client.waitForURL(/\/bookings\/[^/?]+\?booked=1$/);
    const id = new URL(client.url()).pathname.split("/").pop()!;
    await client.getByTestId("booking-confirmed").waitFor();
    expect(plain(await client.getByTestId("booking-time").textContent())).toBe(inLosAngeles.full);
    expect(plain(await client.getByTestId("booking-details").textContent())).toContain("15 minutes · Cards and voice");

    // The hold is on her balance, named in her time, and the page fits a narrow phone.
    await client.goto("/balance");
    expect(await client.getByTestId("wallet-available").textContent()).toBe("$47.65 available · $52.35 on hold");
    expect(plain(await client.getByTestId("hold-when").textContent())).toBe(`· ${inLosAngeles.full}`);
    await client.setViewportSize({ width: 360, height: 800 });
    expect(await sideways(client)).toBeLessThanOrEqual(0);
    await client.setViewportSize({ width: 390, height: 844 });

    // Mira sees the same booking in Paris time, with the room's opening time.
    await reader.goto("/bookings");
    const row = reader.locator(`[data-testid="booking-row"]:has(a[href="/bookings/${id}"])`);
    expect(plain(await row.getByTestId("booking-when").textContent())).toBe(inParis.full);
    await reader.goto(`/bookings/${id}`);
    expect(plain(await reader.getByTestId("booking-time").textContent())).toBe(inParis.full);
    expect(plain(await reader.getByTestId("room-opens").textContent())).toBe(
      `The room opens at ${localMoment(READER_ZONE, opensAt).time}, 5 minutes before the start.`,
    );

    // Each is told by e-mail in their own time; the client's confirmation links the calendar file, which starts at the slot.
    const confirmation = await mailText(client, email, (subject) => subject === `Scheduled reading on ${inLosAngeles.full}`);
    await mailText(reader, "mira@example.com", (subject) => subject === `Scheduled reading on ${inParis.full}`);
    const calendarLink = /Add it to your calendar: (\S+)/.exec(confirmation)?.[1];
    expect(calendarLink).toBe(`${baseURL()}/bookings/${id}/calendar.ics`);
    const calendar = await client.request.get(calendarLink!);
    expect(calendar.status()).toBe(200);
    expect(calendar.headers()["content-type"]).toContain("text/calendar");
    const ics = await calendar.text();
    const utc = (instant: number) => new Date(instant).toISOString().replace(/[-:]/g, "").replace(".000", "");
    expect(ics).toContain(`\r\nDTSTART:${utc(start)}\r\n`);
    expect(ics).toContain(`\r\nDTEND:${utc(start + QUARTER)}\r\n`);
    expect(ics).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);

    // A minute before the room's opening time, the job reminds both, each in their time; the room stays shut.
    await runJobsAt(reader, opensAt - MINUTE);
    await mailText(client, email, (subject) => subject === `Reminder: your reading with Mira Solenne at ${inLosAngeles.full}`);
    await mailText(reader, "mira@example.com", (subject) => subject.startsWith("Reminder: your reading with ") && subject.endsWith(` at ${inParis.full}`));
    for (const page of [client, reader]) {
      await page.goto(`/bookings/${id}`);
      await page.getByTestId("room-opens").waitFor();
      expect(await page.getByTestId("enter-room").count()).toBe(0);
    }

    // At its opening time the room opens, for both: each enters from the booking, into the same reading, its voice call starting.
    await runJobsAt(reader, opensAt);
    for (const page of [client, reader]) {
      await page.addInitScript(noteMediaAndCalls);
      await page.goto(`/bookings/${id}`);
      await page.getByTestId("enter-room").click();
      await page.waitForURL(/\/reading-room\?session=.*&voice=1$/);
    }
    const session = new URL(reader.url()).searchParams.get("session");
    expect(session).toBeTruthy();
    expect(new URL(client.url()).searchParams.get("session")).toBe(session);
    for (const page of [client, reader]) {
      await hydrated(page);
      await expect.poll(() => page.getByTestId("paid-meter").getAttribute("data-status"), { timeout: 20_000 }).toBe("running");
    }

    // They hear each other: the connection is made and carries the other's voice, and nothing else.
    for (const page of [client, reader]) {
      await expect
        .poll(
          async () => {
            // The room was opened by a redirect, so the browser may wait for a tap before playing sound: the call offers it.
            const play = page.getByRole("button", { name: /^Play .* voice$/ });
            if (await play.count()) await play.first().click();
            return page.evaluate(() => window.heard?.());
          },
          // Two peers on a busy machine can take a while to agree on a connection.
          { timeout: 30_000 },
        )
        .toEqual({ connected: true, remoteAudio: 1, playing: true, video: 0 });
      // Asked for the microphone alone, never the camera; no picture anywhere on the page.
      expect(await page.evaluate(() => window.mediaAsked)).toEqual([{ audio: true }]);
      expect(await page.locator("video").count()).toBe(0);
      await expect.poll(() => page.getByTestId("voice-call").getAttribute("data-state")).toBe("connected");
      expect(plain(await page.getByTestId("voice-status").textContent())).toMatch(/^Connected to \S/);
    }
    expect(plain(await client.getByTestId("voice-status").textContent())).toBe("Connected to Mira Solenne");
    // The client mutes and unmutes; the microphone's track follows, and the button says which.
    await client.getByRole("button", { name: "Mute", exact: true }).click();
    expect(await client.evaluate(() => window.localTracks?.().every((track) => !track.enabled))).toBe(true);
    await client.getByRole("button", { name: "Unmute", exact: true }).click();
    expect(await client.evaluate(() => window.localTracks?.().every((track) => track.enabled))).toBe(true);
    // On a phone the call sits under the table, its buttons clear of the cards, and nothing reaches sideways; the reader too at 390 px.
    await reader.setViewportSize({ width: 390, height: 844 });
    for (const page of [client, reader]) {
      const table = await page.getByTestId("table").boundingBox();
      const controls = await page.getByRole("button", { name: "Hang up" }).boundingBox();
      expect(controls!.y).toBeGreaterThanOrEqual(table!.y + table!.height);
      expect(controls!.height).toBeGreaterThanOrEqual(44);
      // Wherever the page is scrolled, the phone's Chat button floats beside the call's buttons, never over them.
      const chat = await page.getByTestId("chat-open").boundingBox();
      expect(controls!.x + controls!.width).toBeLessThanOrEqual(chat!.x);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    }
    if (process.env.SCREENSHOTS_DIR) {
      await client.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/voice-reading-390.png`, fullPage: true });
      await reader.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/voice-reading-reader-390.png`, fullPage: true });
    }
    await client.setViewportSize({ width: 360, height: 800 });
    expect(await sideways(client)).toBeLessThanOrEqual(0);
    const hangUp = await client.getByRole("button", { name: "Hang up" }).boundingBox();
    expect(hangUp!.x + hangUp!.width).toBeLessThanOrEqual((await client.getByTestId("chat-open").boundingBox())!.x);
    await client.setViewportSize({ width: 390, height: 844 });

    // Mira ends it: both land on the receipt.
    await reader.getByRole("button", { name: "End reading" }).click();
    await reader.getByRole("button", { name: "Yes, end now" }).click();
    for (const page of [reader, client]) await page.waitForURL(/\/readings\/[0-9a-f-]{36}$/, { timeout: 20_000, waitUntil: "commit" });
  }, 150_000);
});

/** Keeps the person's day (and so the times they read) in `timeZone`, from "Your day, your deck, your reminder" on /today. */
async function chooseTimeZone(page: Page, timeZone: string) {
  await page.goto("/today");
  await hydrated(page);
  await page.getByText("Your day, your deck, your reminder").click();
  await page.getByRole("combobox", { name: "Time zone" }).selectOption(timeZone);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
}

declare global {
  interface Window {
    /** What the page asked getUserMedia for, each time (noted by `noteMediaAndCalls`). */
    mediaAsked?: MediaStreamConstraints[];
    /** Whether a call's connection is up and what it receives: remote audio tracks, video tracks of any kind, and whether the voice plays. */
    heard?: () => { connected: boolean; remoteAudio: number; playing: boolean; video: number };
    localTracks?: () => MediaStreamTrack[];
  }
}

/** Runs in the page before its own scripts: notes every request for media and every peer connection the call makes. */
function noteMediaAndCalls() {
  const asked: MediaStreamConstraints[] = [];
  const connections: RTCPeerConnection[] = [];
  const local: MediaStream[] = [];
  const devices = navigator.mediaDevices;
  const getUserMedia = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints) => {
    asked.push(constraints ?? {});
    const stream = await getUserMedia(constraints);
    local.push(stream);
    return stream;
  };
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      connections.push(this);
    }
  };
  window.mediaAsked = asked;
  window.localTracks = () => local.flatMap((stream) => stream.getAudioTracks());
  window.heard = () => {
    const live = connections.filter((connection) => connection.connectionState === "connected");
    const received = live.flatMap((connection) => connection.getReceivers().map((receiver) => receiver.track));
    const sent = connections.flatMap((connection) => connection.getSenders().flatMap((sender) => (sender.track ? [sender.track] : [])));
    const players = [...document.querySelectorAll("audio")];
    return {
      connected: live.length > 0,
      remoteAudio: received.filter((track) => track.kind === "audio" && track.readyState === "live").length,
      playing: players.some((audio) => audio.srcObject instanceof MediaStream && audio.srcObject.getAudioTracks().length > 0 && !audio.paused),
      video: [...received, ...sent, ...local.flatMap((stream) => stream.getTracks())].filter((track) => track.kind === "video").length,
    };
  };
}
