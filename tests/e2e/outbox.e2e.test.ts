/**
 * The outbox in chromium: a journal note saved with the browser offline waits on the device ("Waiting
 * to send"), is sent once by the service worker's `sync` event after reconnecting, and sending the
 * same request again (by hand and through two more syncs) changes nothing. A note the server refuses
 * (written against notes changed meanwhile) is kept and shown with the server's words until
 * dismissed. Where Background Sync is missing, the page sends it itself when it comes back online.
 * A connection that claims to work but loses the send on the way keeps the note too, under its own
 * key, so a send the server did receive is not written twice.
 */
import type { Page, Worker } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, hydrated, openPage, serviceWorkerInCharge, stateDir, useBrowser, useMemberSession } from "./browser";
import { journalEntryFor } from "./local-state";

const browser = useBrowser({ serviceWorkers: "allow" });

/** A page, or the service worker: both can read the outbox. */
type Scope = Page | Worker;

type StoredItem = { key: string; url: string; fields: [string, string][]; account: string; state: string; message?: string };

/** What the device's outbox holds, read from IndexedDB in the page. */
function outboxIn(scope: Scope): Promise<StoredItem[]> {
  // A worker evaluates as a page does; their types differ only in overloads.
  return (scope as Page).evaluate(
    () =>
      new Promise<StoredItem[]>((resolve, reject) => {
        const open = indexedDB.open("arcanum-outbox", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("items", { keyPath: "key" });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction("items", "readonly").objectStore("items").getAll();
          all.onsuccess = () => {
            resolve(all.result as StoredItem[]);
            open.result.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Puts an item back into the outbox, as if it had never been sent. */
function putBack(scope: Scope, item: StoredItem) {
  return (scope as Page).evaluate(
    (stored: StoredItem) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("arcanum-outbox", 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction("items", "readwrite");
          tx.objectStore("items").put({ ...stored, state: "waiting" });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    item,
  );
}

/** The notes and the count of their saves, as the server has them now (a page without JavaScript). */
async function serverNotes(page: Page, entryId: string) {
  await page.goto(`/journal/${entryId}`);
  return { notes: await page.locator("#notes").inputValue(), saves: Number(await page.locator('input[name="revision"]').getAttribute("value")) };
}

async function controlled(page: Page) {
  await serviceWorkerInCharge(page);
}

// Each test installs the service worker in a fresh context and goes offline and back: on two
// cores busy with the other files, one took over a minute.
describe("a journal note written offline", { timeout: 120_000 }, () => {
  it("waits, is sent once by the sync event after reconnecting with the tab closed, and a replayed or doubled send changes nothing", async () => {
    const entryId = await journalEntryFor(stateDir(), "seed-user-demo");
    const page = await openPage(browser());
    const context = page.context();
    await useMemberSession(page, "demo");
    await page.goto(`/journal/${entryId}`);
    await hydrated(page);
    await controlled(page);
    const server = await openPage(browser(), { javaScriptEnabled: false });
    await useMemberSession(server, "demo");
    const worker = context.serviceWorkers()[0]!;
    // A second tab of the same browser, through which the test asks the service worker for its sync event.
    const probe = await context.newPage();
    await probe.goto("/healthz");
    const devtools = await context.newCDPSession(probe);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    devtools.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => registrations.push(...updated));
    await devtools.send("ServiceWorker.enable");
    await expect.poll(() => registrations.find((one) => one.scopeURL === `${baseURL()}/`)).toBeDefined();
    const { registrationId } = registrations.find((one) => one.scopeURL === `${baseURL()}/`)!;
    const syncEvent = () => devtools.send("ServiceWorker.dispatchSyncEvent", { origin: baseURL(), registrationId, tag: "outbox", lastChance: false });

    await context.setOffline(true);
    await page.locator("#notes").fill("The Star on the train: keep going.");
    await page.getByRole("button", { name: "Save notes and tags" }).click();
    const here = page.getByTestId("outbox-here");
    await expect.poll(() => here.textContent()).toContain("Waiting to send: Note on your reading of 12 March 2026");
    await expect.poll(() => page.getByTestId("outbox-indicator").textContent()).toContain("1 waiting to send");
    const [stored] = await outboxIn(page);
    expect(stored).toMatchObject({ url: `/journal/${entryId}`, state: "waiting" });
    // Nothing reached the server while the browser was offline, the service worker's own attempt included.
    expect(await serverNotes(server, entryId)).toEqual({ notes: "", saves: 0 });

    // The tab that wrote it is closed; the connection comes back and the service worker's sync sends it.
    await page.close();
    await context.setOffline(false);
    await syncEvent();
    await expect.poll(async () => (await serverNotes(server, entryId)).saves).toBe(1);
    expect(await serverNotes(server, entryId)).toEqual({ notes: "The Star on the train: keep going.", saves: 1 });
    expect(await outboxIn(worker)).toEqual([]);

    // The stored request sent again by hand: the server answers as it did the first time.
    const replay = await worker.evaluate(async (item) => {
      const response = await fetch(item.url, {
        method: "POST",
        body: new URLSearchParams(item.fields),
        headers: { "x-arcanum-outbox": "1", "x-arcanum-outbox-account": item.account },
      });
      return { status: response.status, body: await response.json() };
    }, stored!);
    expect(replay).toEqual({ status: 200, body: { ok: true, status: 200, message: "Your notes, tags and mood are saved.", held: false } });
    // Put back in the outbox, and the sync event fired twice at once.
    await putBack(worker, stored!);
    expect(await outboxIn(worker)).toHaveLength(1);
    await Promise.all([syncEvent(), syncEvent()]);
    await expect.poll(() => outboxIn(worker)).toEqual([]);
    expect(await serverNotes(server, entryId)).toEqual({ notes: "The Star on the train: keep going.", saves: 1 });
  });

  it("keeps a send the server refuses, with the server's words, until it is dismissed", async () => {
    const entryId = await journalEntryFor(stateDir(), "seed-user-demo");
    const page = await openPage(browser());
    await useMemberSession(page, "demo");
    await page.goto(`/journal/${entryId}`);
    await hydrated(page);
    await controlled(page);
    const server = await openPage(browser(), { javaScriptEnabled: false });
    await useMemberSession(server, "demo");

    await page.context().setOffline(true);
    await page.locator("#notes").fill("Written in a tunnel.");
    await page.getByRole("button", { name: "Save notes and tags" }).click();
    await expect.poll(() => page.getByTestId("outbox-here").textContent()).toContain("Waiting to send");

    // Meanwhile the notes are changed from another device.
    await server.goto(`/journal/${entryId}`);
    await server.locator("#notes").fill("Written at my desk, later.");
    await server.getByRole("button", { name: "Save notes and tags" }).click();
    await server.getByText("Your notes, tags and mood are saved.").waitFor();

    await page.context().setOffline(false);
    const refused = page.getByTestId("outbox-here").getByTestId("outbox-item");
    await expect.poll(() => refused.getAttribute("data-state")).toBe("refused");
    expect(await refused.textContent()).toContain("notes were changed since this page was opened, so nothing here was saved");
    expect(await page.getByTestId("outbox-indicator").textContent()).toContain("1 not sent");
    expect(await serverNotes(server, entryId)).toEqual({ notes: "Written at my desk, later.", saves: 1 });

    await refused.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => outboxIn(page)).toEqual([]);
    // The indicator hears of it from the outbox's channel, a moment later.
    await expect.poll(() => page.getByTestId("outbox-indicator").count()).toBe(0);
  });

  it("is sent by the page when it comes back online where Background Sync is missing", async () => {
    const entryId = await journalEntryFor(stateDir(), "seed-user-demo");
    const page = await openPage(browser());
    // As in Firefox and Safari: no SyncManager, no registration.sync.
    await page.addInitScript(() => {
      delete (window as { SyncManager?: unknown }).SyncManager;
      delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
    });
    await useMemberSession(page, "demo");
    await page.goto(`/journal/${entryId}`);
    await hydrated(page);
    const server = await openPage(browser(), { javaScriptEnabled: false });
    await useMemberSession(server, "demo");

    await page.context().setOffline(true);
    await page.locator("#notes").fill("No sync here, and still sent.");
    await page.getByRole("button", { name: "Save notes and tags" }).click();
    await expect.poll(() => page.getByTestId("outbox-here").textContent()).toContain("Waiting to send");
    expect((await serverNotes(server, entryId)).saves).toBe(0);

    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId("outbox-here").textContent()).toContain("Sent: Note on your reading");
    expect(await serverNotes(server, entryId)).toEqual({ notes: "No sync here, and still sent.", saves: 1 });
    // The page shows what the server now holds, and counts its next save from it.
    await expect.poll(() => page.locator('input[name="revision"]').getAttribute("value")).toBe("1");
    expect(await page.locator("#notes").inputValue()).toBe("No sync here, and still sent.");
  });

  it("is kept when the connection loses it on the way although the browser says it is online, and sent once later", async () => {
    const entryId = await journalEntryFor(stateDir(), "seed-user-demo");
    const page = await openPage(browser());
    const context = page.context();
    await useMemberSession(page, "demo");
    await page.goto(`/journal/${entryId}`);
    await hydrated(page);
    await controlled(page);
    const server = await openPage(browser(), { javaScriptEnabled: false });
    await useMemberSession(server, "demo");

    // The worst of a weak signal: the note reaches the server, and its answer never comes back.
    let lost = 0;
    await context.route(`**/journal/${entryId}*`, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      lost++;
      await route.fetch();
      await route.abort("internetdisconnected");
    });
    await page.locator("#notes").fill("Between two stations.");
    await page.getByRole("button", { name: "Save notes and tags" }).click();
    await expect.poll(() => page.getByTestId("outbox-here").textContent()).toContain("Waiting to send: Note on your reading");
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    // What was written stays on the page, not an error page.
    expect(await page.locator("#notes").inputValue()).toBe("Between two stations.");
    expect(lost).toBeGreaterThan(0);
    expect(await serverNotes(server, entryId)).toEqual({ notes: "Between two stations.", saves: 1 });

    // The signal comes back; the next visit sends what waits, under the key the server already knows.
    await context.unrouteAll();
    await page.reload();
    await expect.poll(() => outboxIn(page)).toEqual([]);
    expect(await serverNotes(server, entryId)).toEqual({ notes: "Between two stations.", saves: 1 });
  });
});
