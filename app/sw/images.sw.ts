// Card images: their addresses change when the picture does, so a kept copy is good until evicted.
import { IMAGES } from "./names.sw";
import { IMAGE_LIMIT } from "./policy";

export async function handleCardImage(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(IMAGES);
  const saved = await cache.match(event.request, { ignoreVary: true });
  if (saved) return saved;
  const response = await fetch(event.request);
  if (response.status === 200) {
    const copy = response.clone();
    event.waitUntil(
      (async () => {
        await cache.put(event.request, copy);
        const keys = await cache.keys();
        for (const old of keys.slice(0, Math.max(0, keys.length - IMAGE_LIMIT))) await cache.delete(old);
      })(),
    );
  }
  return response;
}

/** Built files (hashed names): from the precache, or fetched and added to it. */
export async function handleBuiltFile(event: FetchEvent, precache: string): Promise<Response> {
  const saved = await caches.match(event.request);
  if (saved) return saved;
  const response = await fetch(event.request);
  if (response.status === 200) {
    const copy = response.clone();
    event.waitUntil(caches.open(precache).then((cache) => cache.put(event.request, copy)));
  }
  return response;
}
