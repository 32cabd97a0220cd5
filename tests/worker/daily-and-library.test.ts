/**
 * The card of the day (decision 0065) and the tarot library: the day's card is the same for a
 * person on every device and changes at their own midnight, streaks count calendar days in their
 * time zone, reminders go by push once a day; the library has a page for each of the 78 cards with
 * structured data, and nothing for other keys.
 */
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { localDate, streakOf } from "../../app/lib/calendar";
import { dailyCardOf, keepDailyCard, readDaily } from "../../app/daily/daily.server";
import { sendDailyReminders } from "../../app/daily/reminders.server";
import { createDatabase } from "../../app/db.server";
import { readConfig } from "../../app/env.server";
import { newId } from "../../app/lib/crypto";
import { decryptMessage, fromBase64Url, toBase64Url } from "../../app/push/web-push.server";
import { FULL_DECK } from "../../app/tarot/cards";
import { cards, dailyCards, dailySettings, readingJournal, readingSessions, users } from "../../db/schema";
import { get, oneCardDeck, pngSize, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);

async function person(zone?: string) {
  const id = `daily-${newId()}`;
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.test`, username: id.slice(0, 30).toLowerCase(), fullName: "Dana Day" });
  if (zone) await db().insert(dailySettings).values({ userId: id, timeZone: zone });
  return { id, cookie: await signInAs(id) };
}

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const cardName = (html: string) => /data-testid="daily-card-name"[^>]*>([^<]+)</.exec(html)?.[1] ?? null;
const at = (iso: string) => Date.parse(iso);

describe("the card of the day", () => {
  it("is the same card on every device of a person, and kept in the journal with a note", async () => {
    const dana = await person("Europe/Berlin");
    const phone = await signInAs(dana.id);
    const laptop = await signInAs(dana.id);
    // Turned over on one device, it is turned on the other.
    expect((await post("/today", { intent: "turn", back: "/today" }, { cookie: phone })).status).toBe(302);
    const [onPhone, onLaptop] = await Promise.all([visit("/today", { cookie: phone }).then(text), visit("/today", { cookie: laptop }).then(text)]);
    const name = cardName(onPhone);
    expect(name).not.toBeNull();
    expect(FULL_DECK.map((card) => card.name)).toContain(name);
    expect(cardName(onLaptop)).toBe(name);
    // The home page shows the same card to a member.
    expect(cardName(await visit("/", { cookie: laptop }).then(text))).toBe(name);

    const kept = await post("/today", { intent: "keep", notes: "Patience with the move." }, { cookie: phone });
    expect(kept.status).toBe(302);
    expect(kept.headers.get("location")).toBe("/today?kept=1");
    const [row] = await db().select().from(dailyCards).where(eq(dailyCards.userId, dana.id));
    expect(row!.localDate).toBe(localDate("Europe/Berlin", Date.now()));
    const entry = await db().query.readingJournal.findFirst({ where: eq(readingJournal.id, row!.journalId!) });
    expect(entry!.notes).toBe("Patience with the move.");
    expect(entry!.cards[0]!.name).toBe(name);
    // The other device now shows it kept, with the way to the entry.
    expect(await visit("/today", { cookie: laptop }).then(text)).toContain(`/journal/${entry!.id}`);
    // Keeping it again the same day replaces the note; it is still one entry and one day.
    await post("/today", { intent: "keep", notes: "Second thoughts." }, { cookie: laptop });
    const entries = await db().select().from(readingJournal).where(eq(readingJournal.userId, dana.id));
    expect(entries.map((e) => e.notes)).toEqual(["Second thoughts."]);
    // A note too long is refused with the reason.
    const tooLong = await post("/today", { intent: "keep", notes: "x".repeat(5001) }, { cookie: phone });
    expect(tooLong.status).toBe(400);
  });

  it("starts face down, is turned for the day by its person alone, and shows the meaning only after what they saw", async () => {
    const dana = await person("Europe/Berlin");
    const ines = await person("Europe/Berlin");
    const day = dailyCardOf(dana.id, await readDaily(db(), dana.id), "UTC", Date.now());
    const stage = (html: string) => /data-testid="daily-card" data-stage="([a-z-]+)"/.exec(html)?.[1];
    const today = () => visit("/today", { cookie: dana.cookie }).then(text);
    const home = () => visit("/", { cookie: dana.cookie }).then(text);

    // Face down: the deck's back and the way to turn it, and nothing of the card's meaning on the page or in its data.
    const faceDown = await today();
    expect(stage(faceDown)).toBe("face-down");
    expect(faceDown).toContain("Turn it over");
    expect(faceDown).toContain('src="/art/back.svg?');
    expect(cardName(faceDown)).toBeNull();
    expect(faceDown).not.toContain(day.meaning);
    expect(faceDown).not.toContain(day.prompt);
    expect(stage(await home())).toBe("face-down");

    // Without JavaScript: a plain form, back to the page it was on, turned.
    const turned = await post("/today", { intent: "turn", back: "/" }, { cookie: dana.cookie });
    expect(turned.status).toBe(302);
    expect(turned.headers.get("location")).toBe("/");
    const settings = await db().query.dailySettings.findFirst({ where: eq(dailySettings.userId, dana.id) });
    expect(settings).toMatchObject({ turnedOn: day.date, readOn: null, timeZone: "Europe/Berlin" });
    const onHome = await home();
    expect(stage(onHome)).toBe("turned");
    expect(cardName(onHome)).toBe(day.card.name);
    // Reloaded, it stays turned; first they are asked what they see, the meaning still held back.
    const asked = await today();
    expect(stage(asked)).toBe("turned");
    expect(asked).toContain("What do you see?");
    expect(asked).not.toContain(day.meaning);

    // Another person's card is theirs: still face down, and their turning (the flip in place, which asks for no page) leaves Dana's as it is.
    expect(stage(await visit("/today", { cookie: ines.cookie }).then(text))).toBe("face-down");
    const flipped = await post("/today.data", { intent: "turn" }, { cookie: ines.cookie });
    expect(flipped.status).toBe(200);
    expect(flipped.headers.get("location")).toBeNull();
    expect((await db().query.dailySettings.findFirst({ where: eq(dailySettings.userId, ines.id) }))!.turnedOn).toBe(day.date);
    expect((await db().query.dailySettings.findFirst({ where: eq(dailySettings.userId, dana.id) }))!.readOn).toBeNull();

    // Skipping the note shows the meaning and the day's question, with the journal still on offer.
    const skipped = await post("/today", { intent: "read", back: "/today" }, { cookie: dana.cookie });
    expect(skipped.headers.get("location")).toBe("/today");
    const read = await today();
    expect(stage(read)).toBe("read");
    expect(read).toContain(day.meaning);
    expect(read).toContain("A note for your journal");
    expect(stage(await visit("/today", { cookie: ines.cookie }).then(text))).toBe("turned");

    // Saying what she saw keeps it in the journal and shows the meaning too.
    const seen = await post("/today", { intent: "keep", notes: "A figure looking away from me.", back: "/today" }, { cookie: ines.cookie });
    expect(seen.headers.get("location")).toBe("/today?kept=1");
    const kept = await visit("/today?kept=1", { cookie: ines.cookie }).then(text);
    expect(stage(kept)).toBe("read");
    expect(kept).toContain("Kept in your journal today.");

    // The next day's card starts face down again.
    const tomorrow = dailyCardOf(dana.id, await readDaily(db(), dana.id), "UTC", Date.now() + 24 * 60 * 60 * 1000);
    expect(tomorrow.stage).toBe("face-down");
  });

  it("is drawn in the zone Cloudflare places a person in until they choose one, by the page and by the flip posted from it alike", async () => {
    // Kiritimati's day is never UTC's between 10:00 and 24:00 UTC; what matters is that the page and the post agree.
    const zone = "Pacific/Kiritimati";
    const noa = await person();
    const day = dailyCardOf(noa.id, await readDaily(db(), noa.id), zone, Date.now());
    expect(await visit("/today", { cookie: noa.cookie, cf: { timezone: zone } }).then(text)).toContain(`value="${zone}" selected=""`);
    // The flip in place posts to `/today.data`: Remix hands the action a copy of the request, which has no `cf`.
    expect((await post("/today.data", { intent: "turn" }, { cookie: noa.cookie, cf: { timezone: zone } })).status).toBe(200);
    expect(await db().query.dailySettings.findFirst({ where: eq(dailySettings.userId, noa.id) })).toMatchObject({ timeZone: zone, turnedOn: day.date });
    const turned = await visit("/today", { cookie: noa.cookie, cf: { timezone: "Europe/Lisbon" } }).then(text);
    expect(cardName(turned)).toBe(day.card.name);
    const kept = await post("/today.data", { intent: "keep", notes: "A lantern." }, { cookie: noa.cookie, cf: { timezone: zone } });
    expect(kept.status).toBe(202);
    const [entry] = await db().select().from(readingJournal).where(eq(readingJournal.userId, noa.id));
    expect(entry!.cards[0]!.key).toBe(day.card.key);
    // Without a zone from Cloudflare (a local run with none), the day is UTC's.
    const lee = await person();
    await post("/today.data", { intent: "turn" }, { cookie: lee.cookie });
    expect((await db().query.dailySettings.findFirst({ where: eq(dailySettings.userId, lee.id) }))!.timeZone).toBe("UTC");
  });

  it("starts at each person's own midnight: Tokyo's and Los Angeles' days turn at different instants", async () => {
    const tokyo = await person("Asia/Tokyo");
    const angeles = await person("America/Los_Angeles");
    const cardAt = async (who: { id: string }, instant: number) => {
      const day = dailyCardOf(who.id, await readDaily(db(), who.id), "UTC", instant);
      return { date: day.date, key: day.card.key, reversed: day.reversed };
    };
    // Tokyo's 10 March ends at 15:00 UTC; Los Angeles' (on summer time from 8 March) at 07:00 UTC on the 11th.
    const tokyoLate = await cardAt(tokyo, at("2026-03-10T14:59:00Z"));
    const tokyoEarly = await cardAt(tokyo, at("2026-03-09T15:00:00Z"));
    const tokyoNext = await cardAt(tokyo, at("2026-03-10T15:00:00Z"));
    expect(tokyoEarly.date).toBe("2026-03-10");
    expect(tokyoLate).toEqual(tokyoEarly);
    expect(tokyoNext.date).toBe("2026-03-11");
    const laEarly = await cardAt(angeles, at("2026-03-10T07:00:00Z"));
    const laLate = await cardAt(angeles, at("2026-03-11T06:59:00Z"));
    const laNext = await cardAt(angeles, at("2026-03-11T07:00:00Z"));
    expect(laEarly.date).toBe("2026-03-10");
    expect(laLate).toEqual(laEarly);
    expect(laNext.date).toBe("2026-03-11");
    // At one instant the two are on different days.
    expect((await cardAt(tokyo, at("2026-03-10T20:00:00Z"))).date).toBe("2026-03-11");
    expect((await cardAt(angeles, at("2026-03-10T20:00:00Z"))).date).toBe("2026-03-10");

    // The card changes from day to day: a fortnight of one person's cards is not one card.
    const fortnight = await Promise.all(Array.from({ length: 14 }, (_, i) => cardAt(tokyo, at("2026-04-01T03:00:00Z") + i * 86_400_000)));
    expect(new Set(fortnight.map((day) => day.date)).size).toBe(14);
    expect(new Set(fortnight.map((day) => `${day.key}:${day.reversed}`)).size).toBeGreaterThan(7);
    expect(tokyoNext.key === tokyoLate.key && tokyoNext.reversed === tokyoLate.reversed).toBe(false);
  });

  it("counts a streak by the person's calendar days across the change to summer time", async () => {
    const ny = await person();
    // New York moves its clocks forward at 02:00 on 8 March 2026: that day has 23 hours.
    const saves = [
      "2026-03-08T04:30:00Z" /* 7 March, 23:30 EST */,
      "2026-03-09T03:30:00Z" /* 8 March, 23:30 EDT */,
      "2026-03-09T04:10:00Z" /* 9 March, 00:10 EDT */,
    ];
    for (const instant of saves) await keepDailyCard(db(), ny.id, "America/New_York", "", at(instant));
    const days = await db().select({ date: dailyCards.localDate }).from(dailyCards).where(eq(dailyCards.userId, ny.id));
    expect(days.map((d) => d.date).sort()).toEqual(["2026-03-07", "2026-03-08", "2026-03-09"]);
    // The time zone in use was stored with the first save, so every device counts the same days.
    expect((await db().query.dailySettings.findFirst({ where: eq(dailySettings.userId, ny.id) }))!.timeZone).toBe("America/New_York");
    const streakAt = async (iso: string) => dailyCardOf(ny.id, await readDaily(db(), ny.id), "UTC", at(iso)).streak;
    expect(await streakAt("2026-03-09T12:00:00Z")).toBe(3);
    // The next day, not yet kept, does not break it; the day after that does.
    expect(await streakAt("2026-03-10T23:00:00Z")).toBe(3);
    expect(await streakAt("2026-03-11T12:00:00Z")).toBe(0);
    expect(streakOf(["2026-10-31", "2026-11-01", "2026-11-02"], "2026-11-02")).toBe(3);
  });

  it("stores the time zone, deck and reminder, refusing what is not the person's to choose", async () => {
    const dana = await person();
    const saved = await post("/today", { intent: "settings", timeZone: "Asia/Tokyo", deckId: "", reminder: "07:45" }, { cookie: dana.cookie });
    expect(saved.status).toBe(302);
    const row = await db().query.dailySettings.findFirst({ where: eq(dailySettings.userId, dana.id) });
    expect(row).toMatchObject({ timeZone: "Asia/Tokyo", deckId: null, reminderMinute: 7 * 60 + 45 });
    expect((await post("/today", { intent: "settings", timeZone: "Mars/Olympus", deckId: "", reminder: "" }, { cookie: dana.cookie })).status).toBe(400);
    expect((await post("/today", { intent: "settings", timeZone: "UTC", deckId: "", reminder: "25:00" }, { cookie: dana.cookie })).status).toBe(400);
    // Someone else's private deck is refused.
    const deck = await db().query.decks.findFirst({ columns: { id: true, creatorId: true } });
    if (deck) expect((await post("/today", { intent: "settings", timeZone: "UTC", deckId: deck.id, reminder: "" }, { cookie: dana.cookie })).status).toBe(400);
    expect((await post("/today", { intent: "settings", timeZone: "UTC", deckId: "no-such-deck", reminder: "" }, { cookie: dana.cookie })).status).toBe(400);
  });
});

describe("the daily reminder", () => {
  afterEach(() => vi.restoreAllMocks());

  it("goes by push once a day after the chosen time, not once the card is kept, and not when turned off", async () => {
    const config = readConfig(env as unknown as Env);
    const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
    const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
    const privateKey = fromBase64Url(((await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey).d!);
    const auth = crypto.getRandomValues(new Uint8Array(16));
    const dana = await person();
    const endpoint = `https://push.test/send/${newId()}`;
    expect(
      (await post("/push/subscription", { intent: "subscribe", endpoint, p256dh: toBase64Url(publicKey), auth: toBase64Url(auth) }, { cookie: dana.cookie }))
        .status,
    ).toBe(200);
    await db()
      .insert(dailySettings)
      .values({ userId: dana.id, timeZone: "Asia/Tokyo", reminderMinute: 8 * 60 });
    const hits: Uint8Array[] = [];
    const real = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (new URL(request.url).origin !== "https://push.test") return real(input as RequestInfo, init);
      if (request.url === endpoint) hits.push(new Uint8Array(await request.arrayBuffer()));
      return new Response(null, { status: 201 });
    });
    // 07:50 in Tokyo: not yet. 08:05: the reminder. 08:20: not again the same day.
    expect(await sendDailyReminders(db(), config, at("2026-05-01T22:50:00Z"))).not.toContain(dana.id);
    expect(await sendDailyReminders(db(), config, at("2026-05-01T23:05:00Z"))).toContain(dana.id);
    expect(await sendDailyReminders(db(), config, at("2026-05-01T23:20:00Z"))).not.toContain(dana.id);
    expect(hits).toHaveLength(1);
    const message = JSON.parse(new TextDecoder().decode(await decryptMessage(hits[0]!, { privateKey, publicKey, auth })));
    expect(message).toMatchObject({ kind: "daily-card", url: "/today", title: "Your card of the day" });
    // The next day, kept before the time: no reminder.
    await keepDailyCard(db(), dana.id, "UTC", "", at("2026-05-02T22:00:00Z"));
    expect(await sendDailyReminders(db(), config, at("2026-05-02T23:05:00Z"))).not.toContain(dana.id);
    // The day after, with the kind turned off on the profile: none either.
    await post("/push/settings", { "reading-request": "on" }, { cookie: dana.cookie });
    await sendDailyReminders(db(), config, at("2026-05-03T23:05:00Z"));
    expect(hits).toHaveLength(1);
    // Without push set up, nothing is claimed.
    expect(await sendDailyReminders(db(), { ...config, push: null }, at("2026-05-04T23:05:00Z"))).toEqual([]);
  });
});

describe("the tarot library", () => {
  it("has a page for each of the 78 cards, with its structured data, and 404 for any other key", async () => {
    for (const card of FULL_DECK) {
      const response = await visit(`/cards/${card.key}`);
      expect(response.status, card.key).toBe(200);
      const html = await text(response);
      const data = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html);
      expect(data, card.key).not.toBeNull();
      const json = JSON.parse(data![1]!);
      expect(json).toMatchObject({ "@type": "DefinedTerm", name: card.name, termCode: card.key });
      expect(html).toContain('property="og:image"');
      expect(html).toContain("In the classic design");
      expect(html).toContain("Obstacle");
    }
    for (const key of ["major-22", "cups-00", "nothing", "MAJOR-00"]) expect((await visit(`/cards/${key}`)).status, key).toBe(404);
    const index = await text(await visit("/cards"));
    expect(FULL_DECK.every((card) => index.includes(`href="/cards/${card.key}"`))).toBe(true);
    expect(index).toContain('"@type":"DefinedTermSet"');
  }, 90_000);

  it("shows the pictures of the classic deck, or of a deck the person may see whole, each described, and never another's private deck", async () => {
    const pictures = (html: string) =>
      [...html.matchAll(/<img src="([^"]+)" alt="([^"]*)" width="150" height="200" loading="lazy"/g)].map(([, src, alt]) => ({ src: src!, alt: alt! }));
    const classic = pictures(await text(await visit("/cards")));
    expect(classic).toHaveLength(78);
    for (const picture of classic) expect(picture.alt.length, picture.src).toBeGreaterThan(30);
    expect(classic.find((picture) => picture.src.includes("key=major-16"))!.alt).toMatch(/^The Tower: .*tower/i);
    expect(classic.find((picture) => picture.src.includes("key=cups-03"))!.alt).toBe(
      "Three of Cups: Three cups laid out in a balanced pattern over a quiet landscape.",
    );

    const owner = await person();
    const deckId = await oneCardDeck(owner.id, "Salt Lanterns");
    await db().update(cards).set({ description: "A barefoot walker steps off a sea wall into lantern light. Gulls circle." }).where(eq(cards.deckId, deckId));
    const mine = await text(await visit(`/cards?deck=${deckId}`, { cookie: owner.cookie }));
    expect(mine).toContain("Pictures from Salt Lanterns");
    expect(mine).toMatch(/<option value="[^"]+" selected="">Salt Lanterns<\/option>|value="[^"]+">Salt Lanterns/);
    const fool = pictures(mine).find((picture) => picture.src.startsWith(`/media/card-images/${deckId}/`))!;
    expect(fool.alt).toBe("The Fool, from Salt Lanterns: A barefoot walker steps off a sea wall into lantern light.");
    // The cards the deck has no picture of yet are the classic deck's.
    expect(pictures(mine).filter((picture) => picture.src.startsWith("/art/card.svg"))).toHaveLength(77);
    const page = await text(await visit(`/cards/major-00?deck=${deckId}`, { cookie: owner.cookie }));
    expect(page).toContain(`/media/card-images/${deckId}/`);
    expect(page).toContain("From Salt Lanterns");
    expect(page).toContain(`href="/cards/major-01?deck=${deckId}"`);

    // Someone else, or a visitor, asking for that private deck gets the classic deck and not a word of it.
    const dana = await person();
    for (const cookie of [dana.cookie, undefined]) {
      for (const path of [`/cards?deck=${deckId}`, `/cards/major-00?deck=${deckId}`]) {
        const response = await visit(path, { cookie });
        expect(response.status, path).toBe(200);
        const html = await text(response);
        expect(html, path).not.toContain("Salt Lanterns");
        expect(html, path).not.toContain(`/media/card-images/${deckId}`);
        expect(html, path).toContain("the classic deck");
      }
    }
  });

  it("is served to visitors from the shared copy, and draws a link-preview picture", async () => {
    await visit("/cards/major-17");
    const again = await visit("/cards/major-17");
    expect(again.headers.get("x-page-cache")).toBe("HIT");
    const picture = await get("/cards/major-17/share.png");
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect(pngSize(new Uint8Array(await picture.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect((await get("/cards/nothing/share.png")).status).toBe(404);
  }, 120_000);

  it("has six guides, each ending in a practice reading that opens at the table with its spread", async () => {
    const list = await text(await visit("/guides"));
    const slugs = [...list.matchAll(/href="\/guides\/([a-z-]+)"/g)].map((match) => match[1]);
    expect(new Set(slugs).size).toBeGreaterThanOrEqual(6);
    const guide = await text(await visit("/guides/building-a-spread"));
    expect(guide).toContain('href="/reading-room?create=true&amp;spread=celtic-cross"');
    const dana = await person();
    const opened = await visit("/reading-room?create=true&spread=celtic-cross", { cookie: dana.cookie, headers: { "sec-fetch-site": "same-origin" } });
    expect(opened.status).toBe(302);
    const sessionId = new URL(opened.headers.get("location")!, "http://localhost").searchParams.get("session")!;
    const reading = await db().query.readingSessions.findFirst({ where: and(eq(readingSessions.id, sessionId), eq(readingSessions.hostUserId, dana.id)) });
    expect(reading!.selectedLayout).toBe("celtic-cross");
    const page = await text(await visit(`/reading-room?session=${sessionId}`, { cookie: dana.cookie }));
    expect(page).toMatch(/spreadId\\?",\\?"celtic-cross/);
  });
});
