import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";

import { AVATAR_ERRORS, AVATAR_MAX_BYTES } from "./avatar";

export type ImageType = { ext: "jpg" | "png" | "gif" | "webp"; contentType: string };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/**
 * What the bytes are, by their signature, whatever the file is called: a renamed text file
 * is not an image.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: "jpg", contentType: "image/jpeg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: "png", contentType: "image/png" };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return { ext: "gif", contentType: "image/gif" };
  }
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { ext: "webp", contentType: "image/webp" };
  }
  return null;
}

export type AvatarCheck = { ok: true; type: ImageType } | { ok: false; message: string };

/** The upload rules in one place: size first (cheap), then the bytes' own signature. */
export function checkAvatar(bytes: Uint8Array): AvatarCheck {
  if (bytes.byteLength === 0) return { ok: false, message: AVATAR_ERRORS.missing };
  if (bytes.byteLength > AVATAR_MAX_BYTES) return { ok: false, message: AVATAR_ERRORS.size };
  const type = detectImageType(bytes);
  return type ? { ok: true, type } : { ok: false, message: AVATAR_ERRORS.type };
}

const MEDIA_PREFIX = "/media/";

/** The bucket key behind one of our avatar URLs, or null for anything else. */
export function avatarKeyFromUrl(url: string | null | undefined, userId: string): string | null {
  if (!url?.startsWith(`${MEDIA_PREFIX}avatars/${userId}/`)) return null;
  return url.slice(MEDIA_PREFIX.length);
}

/**
 * Stores a checked image as the user's avatar at `avatars/{userId}/profile-{uuid}.{ext}`,
 * points the profile at it, then removes the previous one. A new key per upload means the
 * served URL can be cached for good.
 */
export async function saveAvatar(db: Database, bucket: R2Bucket, userId: string, bytes: Uint8Array, type: ImageType, now = Date.now()) {
  const key = `avatars/${userId}/profile-${newId()}.${type.ext}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: type.contentType, cacheControl: "public, max-age=3600" } });
  const previous = await db.query.users.findFirst({ columns: { avatarUrl: true }, where: eq(users.id, userId) });
  const url = `${MEDIA_PREFIX}${key}`;
  await db.update(users).set({ avatarUrl: url, updatedAt: now }).where(eq(users.id, userId));
  const oldKey = avatarKeyFromUrl(previous?.avatarUrl, userId);
  if (oldKey && oldKey !== key) await bucket.delete(oldKey);
  return url;
}

/** Removes the user's avatar, file and link. */
export async function removeAvatar(db: Database, bucket: R2Bucket, userId: string, now = Date.now()) {
  const previous = await db.query.users.findFirst({ columns: { avatarUrl: true }, where: eq(users.id, userId) });
  await db.update(users).set({ avatarUrl: null, updatedAt: now }).where(eq(users.id, userId));
  const oldKey = avatarKeyFromUrl(previous?.avatarUrl, userId);
  if (oldKey) await bucket.delete(oldKey);
}

/**
 * Copies a provider's profile picture into our bucket (so the page never loads a third-party
 * image). Best effort: a picture that fails to download or is not an image is skipped.
 */
export async function copyRemoteAvatar(
  db: Database,
  bucket: R2Bucket,
  userId: string,
  pictureUrl: string,
  fetcher: typeof fetch = fetch,
): Promise<string | null> {
  try {
    const url = new URL(pictureUrl);
    if (url.protocol !== "https:") return null;
    const response = await fetcher(url, { headers: { accept: "image/*" } });
    if (!response.ok) return null;
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > AVATAR_MAX_BYTES) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const check = checkAvatar(bytes);
    if (!check.ok) return null;
    return await saveAvatar(db, bucket, userId, bytes, check.type);
  } catch {
    return null;
  }
}
