// The daily update (Periodic Background Sync, tag `daily-update`): the pages a person reads every
// day are fetched again in the background, so they are fresh when opened offline.
import { PAGES } from "./names.sw";
import { keepDocument } from "./pages.sw";
import { DAILY_PAGES, pageOfData } from "./policy";

declare const self: ServiceWorkerGlobalScope;

export async function refreshDailyPages(): Promise<void> {
  const cache = await caches.open(PAGES);
  for (const path of DAILY_PAGES) {
    const page = new URL(path, self.location.origin);
    await keepDocument(page);
    // An in-app visit loads the fresh document rather than yesterday's `.data`.
    const data = (await cache.keys()).filter((key) => pageOfData(new URL(key.url))?.pathname === page.pathname);
    await Promise.all(data.map((key) => cache.delete(key)));
  }
}
