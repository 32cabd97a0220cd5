/** URL-safe base64 of `bytes` random bytes (43 characters for the default 32). */
export function randomToken(bytes = 32): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...data))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** Each byte's two hex digits, made once: every request writes a nonce and an id, and a signed-in one hashes its token. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** `bytes` in hexadecimal, two lower-case digits each. */
export function hexOf(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += HEX[byte];
  return hex;
}

/**
 * Random bytes the system drew in one block, each handed out once: every request takes a nonce and
 * an id, and drawing 4 KiB at a time costs less than a call per request. Drawn on first use, as a
 * Worker may not draw random values while its modules load.
 */
const randomBlock = new Uint8Array(4096);
let randomAt = randomBlock.length;

/** `count` random bytes (at most 4 KiB), never handed out before. */
export function randomBytes(count: number): Uint8Array {
  if (count > randomBlock.length) throw new RangeError(`At most ${randomBlock.length} random bytes at a time`);
  if (randomAt + count > randomBlock.length) {
    crypto.getRandomValues(randomBlock);
    randomAt = 0;
  }
  const bytes = randomBlock.slice(randomAt, randomAt + count);
  randomAt += count;
  return bytes;
}

export async function sha256Hex(value: string | ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<string> {
  const input = typeof value === "string" ? new TextEncoder().encode(value) : value;
  return hexOf(new Uint8Array(await crypto.subtle.digest("SHA-256", input)));
}

/** A new id for a database row. */
export function newId(): string {
  return crypto.randomUUID();
}
