// The link in every "reader is online" notice that turns that reader's notices off for that person:
// it names the two and carries an HMAC of them under AUTH_SECRET, so it works without signing in and
// cannot be made for anyone else or another reader (decision 0064).

/** Where the link points; the token follows. */
export const STOP_NOTICES_PATH = "/readers/notices/stop";

const encoder = new TextEncoder();
const base64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

async function signature(secret: string, followerId: string, readerId: string) {
  const raw = new Uint8Array(secret.match(/../g)!.map((pair) => parseInt(pair, 16)));
  const key = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return base64Url(await crypto.subtle.sign("HMAC", key, encoder.encode(`reader-online-stop\n${followerId}\n${readerId}`)));
}

/** The token for one person and one reader. */
export async function stopNoticesToken(secret: string, followerId: string, readerId: string): Promise<string> {
  return `${followerId}.${readerId}.${await signature(secret, followerId, readerId)}`;
}

/** The absolute link for a notice. */
export async function stopNoticesUrl(origin: string, secret: string, followerId: string, readerId: string): Promise<string> {
  return `${origin}${STOP_NOTICES_PATH}/${await stopNoticesToken(secret, followerId, readerId)}`;
}

const ID = /^[A-Za-z0-9-]{1,64}$/;

/** Who and which reader a token names, or null when it was not made here (altered, cut short or forged). */
export async function readStopNoticesToken(secret: string, token: string): Promise<{ followerId: string; readerId: string } | null> {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [followerId, readerId, given] = parts as [string, string, string];
  if (!ID.test(followerId) || !ID.test(readerId) || given.length !== 43) return null;
  const expected = await signature(secret, followerId, readerId);
  // Compared in full whatever differs first, so the time taken tells nothing about the signature.
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return difference === 0 ? { followerId, readerId } : null;
}
