import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { decks } from "../../db/schema";
import { seatedWithDeck } from "../reading-room/room-store.server";

const CARD_IMAGE = /^card-images\/([A-Za-z0-9_-]{1,64})\/[a-z0-9_]{1,80}\.(svg|png|jpg|jpeg|webp)$/;
const AVATAR = /^avatars\/[A-Za-z0-9_-]{1,64}\/profile-[A-Za-z0-9-]{1,64}\.(png|jpg|jpeg|gif|webp)$/;

const notFound = () => new Response("Not found", { status: 404 });

/**
 * Serves bytes from the media bucket. Card images of a private deck go only to its owner and to
 * the people at a reading it lies on; avatars and public decks' images are public. URLs carry a version, so bytes cache for a year.
 */
export async function serveMedia(context: AppLoadContext, request: Request, key: string) {
  const cardMatch = CARD_IMAGE.exec(key);
  if (!cardMatch && !AVATAR.test(key)) return notFound();

  let isPublic = true;
  if (cardMatch) {
    const deck = await context.db.query.decks.findFirst({
      columns: { isPublic: true, creatorId: true },
      where: eq(decks.id, cardMatch[1]!),
    });
    if (!deck) return notFound();
    if (!deck.isPublic) {
      const user = await context.currentUser();
      if (!user) return notFound();
      if (user.id !== deck.creatorId && !(await seatedWithDeck(context.db, user.id, cardMatch[1]!))) return notFound();
      isPublic = false;
    }
  }

  const object = await context.cloudflare.env.MEDIA.get(key, { onlyIf: request.headers });
  if (!object) return notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("x-content-type-options", "nosniff");
  headers.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  // Every URL carries a version, so the bytes behind it never change: a private deck's images are
  // kept as long, but only in its owner's browser.
  headers.set("cache-control", `${isPublic ? "public" : "private"}, max-age=31536000, immutable`);
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}
