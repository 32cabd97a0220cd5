import type { AppLoadContext } from "@remix-run/cloudflare";
import { cardKeyOfImage, cardPictureAccess } from "../marketplace/ownership.server";
import { cardThumbnail } from "./card-thumbnails.server";
import { workerThumbnailEngines } from "./worker-picture-engines.server";

const CARD_IMAGE = /^card-images\/([A-Za-z0-9_-]{1,64})\/[a-z0-9_]{1,80}\.(svg|png|jpg|jpeg|webp)$/;
const AVATAR = /^avatars\/[A-Za-z0-9_-]{1,64}\/profile-[A-Za-z0-9-]{1,64}\.(png|jpg|jpeg|gif|webp)$/;

const notFound = () => new Response("Not found", { status: 404 });

/**
 * Serves bytes from the media bucket: card images as `cardPictureAccess` (ownership) allows, avatars to
 * anyone. URLs carry a version, so bytes cache for a year. `?size=grid` asks for an SVG card's
 * thumbnail (`card-thumbnails.server.ts`); a raster card, or one that cannot be drawn, comes as it is.
 */
export async function serveMedia(context: AppLoadContext, request: Request, key: string) {
  const cardMatch = CARD_IMAGE.exec(key);
  if (!cardMatch && !AVATAR.test(key)) return notFound();

  let isPublic = true;
  if (cardMatch) {
    const deckId = cardMatch[1]!;
    const cardKey = await cardKeyOfImage(context.db, deckId, key);
    const access = await cardPictureAccess(context.db, deckId, cardKey, async () => (await context.currentUser())?.id ?? null);
    if (!access) return notFound();
    isPublic = access === "public";
  }

  const bucket = context.cloudflare.env.MEDIA;
  const wantsThumbnail = cardMatch?.[2] === "svg" && new URL(request.url).searchParams.get("size") === "grid";
  const thumbnail = wantsThumbnail ? await cardThumbnail(bucket, key, workerThumbnailEngines, request.headers) : null;
  const object = thumbnail ?? (await bucket.get(key, { onlyIf: request.headers }));
  if (!object) return notFound();
  const headers = new Headers();
  if ("rendered" in object) headers.set("content-type", "image/webp");
  else {
    object.writeHttpMetadata(headers);
    headers.set("etag", object.httpEtag);
  }
  headers.set("x-content-type-options", "nosniff");
  headers.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  // Every URL carries a version, so the bytes behind it never change: a private deck's images are
  // kept as long, but only in the browsers allowed to see them.
  headers.set("cache-control", `${isPublic ? "public" : "private"}, max-age=31536000, immutable`);
  if ("rendered" in object) return new Response(object.rendered, { headers });
  // A stored object without a body is the answer to a request whose copy is still current.
  const body = "body" in object ? (object as R2ObjectBody).body : null;
  if (!body) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
