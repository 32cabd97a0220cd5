import type { AppLoadContext } from "@remix-run/cloudflare";
import { cardOfImage, cardPictureAccess } from "./ownership.server";
import { bearerToken, tokenOwner } from "../api/tokens.server";
import { pictureVersion, stillSource } from "../media/card-stills";
import { drawCardStills } from "../media/card-stills.server";
import { rasterOver } from "../media/pictures-service.server";
import { log } from "../observe/log.server";

const CARD_IMAGE = /^card-images\/([A-Za-z0-9_-]{1,64})\/[a-z0-9_]{1,80}\.(svg|png|jpg|jpeg|webp)$/;
const AVATAR = /^avatars\/[A-Za-z0-9_-]{1,64}\/profile-[A-Za-z0-9-]{1,64}\.(png|jpg|jpeg|gif|webp)$/;
/** A deck's own card back: public like the painted ones, as the pile shows it to everyone at a table. */
const CARD_BACK = /^card-backs\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9-]{1,64}\.(png|jpg|gif|webp)$/;

const notFound = () => new Response("Not found", { status: 404 });

/** What every stored picture is answered with: never sniffed, never run as a document. */
function pictureHeaders(headers = new Headers()) {
  headers.set("x-content-type-options", "nosniff");
  headers.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return headers;
}

/**
 * Serves bytes from the media bucket: card images and their stills as `cardPictureAccess`
 * (ownership) allows, the same rule for both; avatars and uploaded card backs to anyone. URLs carry
 * a version, so bytes cache for a year.
 */
export async function serveMedia(context: AppLoadContext, request: Request, key: string) {
  const still = stillSource(key);
  const deckId = still?.deckId ?? CARD_IMAGE.exec(key)?.[1];
  if (!deckId && !AVATAR.test(key) && !CARD_BACK.test(key)) return notFound();
  const { MEDIA } = context.cloudflare.env;

  // The bytes, the card they show, who may see them and who is asking are read at once: a distant
  // reader waits one round trip for a public picture, two for one that is theirs alone. Bytes a
  // viewer may not see are let go unread.
  const stored = MEDIA.get(key, { onlyIf: request.headers });
  let isPublic = true;
  let card: Promise<{ cardKey: string; updatedAt: number } | null> = Promise.resolve(null);
  if (deckId) {
    // A program holding an API token sees what its owner sees (the pictures the API lists).
    const viewer = bearerToken(request) ? tokenOwner(context.db, request) : context.currentUser().then((user) => user?.id ?? null);
    viewer.catch(() => undefined);
    // A still is shown to exactly those who may see the picture it is drawn from.
    card = cardOfImage(context.db, deckId, still?.imageKey ?? key);
    const access = await cardPictureAccess(
      context.db,
      deckId,
      card.then((row) => row?.cardKey ?? null),
      () => viewer,
    );
    if (!access) {
      void stored.then((object) => (object && "body" in object ? object.body.cancel() : undefined)).catch(() => undefined);
      return notFound();
    }
    isPublic = access === "public";
  }

  const object = await stored;
  if (!object && still) return pictureInsteadOfStill(context, still, await card, isPublic);
  if (!object) return notFound();
  const headers = pictureHeaders();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  // Every URL carries a version, so the bytes behind it never change: a private deck's images are
  // kept as long, but only in the browsers allowed to see them.
  headers.set("cache-control", `${isPublic ? "public" : "private"}, max-age=31536000, immutable`);
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}

/**
 * A still not drawn yet: the answer sends the browser to the picture itself, not to be kept, and the
 * pictures Worker draws the stills after it (only for the card's current version, so an old or
 * made-up URL draws nothing). The next visit gets the still.
 */
function pictureInsteadOfStill(
  context: AppLoadContext,
  still: NonNullable<ReturnType<typeof stillSource>>,
  card: { updatedAt: number } | null,
  isPublic: boolean,
) {
  const { MEDIA, PICTURES } = context.cloudflare.env;
  if (card && pictureVersion(card.updatedAt) === still.version) {
    const raster = rasterOver((request) => PICTURES.fetch(request));
    context.cloudflare.ctx.waitUntil(
      drawCardStills(MEDIA, raster, still.imageKey, still.version).catch((error: unknown) =>
        log.warn("card_stills_failed", { imageKey: still.imageKey, error }),
      ),
    );
  }
  const headers = pictureHeaders();
  headers.set("location", `/media/${still.imageKey}?v=${still.version}`);
  headers.set("cache-control", `${isPublic ? "public" : "private"}, no-cache`);
  return new Response(null, { status: 302, headers });
}
