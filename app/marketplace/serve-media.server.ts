import type { AppLoadContext } from "@remix-run/cloudflare";
import { cardKeyOfImage, cardPictureAccess } from "./ownership.server";
import { bearerToken, tokenOwner } from "../api/tokens.server";

const CARD_IMAGE = /^card-images\/([A-Za-z0-9_-]{1,64})\/[a-z0-9_]{1,80}\.(svg|png|jpg|jpeg|webp)$/;
const AVATAR = /^avatars\/[A-Za-z0-9_-]{1,64}\/profile-[A-Za-z0-9-]{1,64}\.(png|jpg|jpeg|gif|webp)$/;
/** A deck's own card back: public like the painted ones, as the pile shows it to everyone at a table. */
const CARD_BACK = /^card-backs\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9-]{1,64}\.(png|jpg|gif|webp)$/;

const notFound = () => new Response("Not found", { status: 404 });

/**
 * Serves bytes from the media bucket: card images as `cardPictureAccess` (ownership) allows, avatars
 * and uploaded card backs to anyone. URLs carry a version, so bytes cache for a year.
 */
export async function serveMedia(context: AppLoadContext, request: Request, key: string) {
  const cardMatch = CARD_IMAGE.exec(key);
  if (!cardMatch && !AVATAR.test(key) && !CARD_BACK.test(key)) return notFound();

  // The bytes, the card they show, who may see them and who is asking are read at once: a distant
  // reader waits one round trip for a public picture, two for one that is theirs alone. Bytes a
  // viewer may not see are let go unread.
  const stored = context.cloudflare.env.MEDIA.get(key, { onlyIf: request.headers });
  let isPublic = true;
  if (cardMatch) {
    const deckId = cardMatch[1]!;
    // A program holding an API token sees what its owner sees (the pictures the API lists).
    const viewer = bearerToken(request) ? tokenOwner(context.db, request) : context.currentUser().then((user) => user?.id ?? null);
    viewer.catch(() => undefined);
    const access = await cardPictureAccess(context.db, deckId, cardKeyOfImage(context.db, deckId, key), () => viewer);
    if (!access) {
      void stored.then((object) => (object && "body" in object ? object.body.cancel() : undefined)).catch(() => undefined);
      return notFound();
    }
    isPublic = access === "public";
  }

  const object = await stored;
  if (!object) return notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("x-content-type-options", "nosniff");
  headers.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  // Every URL carries a version, so the bytes behind it never change: a private deck's images are
  // kept as long, but only in the browsers allowed to see them.
  headers.set("cache-control", `${isPublic ? "public" : "private"}, max-age=31536000, immutable`);
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}
