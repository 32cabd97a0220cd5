// Web Push with nothing but WebCrypto: the message encryption of RFC 8291 (the aes128gcm content
// coding of RFC 8188, one record) and the VAPID signature of RFC 8292 (an ES256 JWT). Decision 0061.

const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const plain = atob(
    text
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(text.length / 4) * 4, "="),
  );
  const bytes = new Uint8Array(plain.length);
  for (let i = 0; i < plain.length; i++) bytes[i] = plain.charCodeAt(i);
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** HKDF-SHA-256 (extract and expand) of `length` bytes. */
async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  length: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, length * 8));
}

/** A P-256 key from its uncompressed public point (65 bytes) and, for a private key, its scalar `d`. */
function p256Jwk(publicKey: Uint8Array, d?: Uint8Array): JsonWebKey {
  if (publicKey.length !== 65 || publicKey[0] !== 4) throw new Error("A P-256 public key is 65 bytes starting with 4");
  return {
    kty: "EC",
    crv: "P-256",
    x: toBase64Url(publicKey.slice(1, 33)),
    y: toBase64Url(publicKey.slice(33, 65)),
    ...(d ? { d: toBase64Url(d) } : {}),
    ext: true,
  };
}

const ECDH = { name: "ECDH", namedCurve: "P-256" } as const;
const ECDSA = { name: "ECDSA", namedCurve: "P-256" } as const;
/** One record holds the whole message: a push service takes at most 4096 bytes of body. */
const RECORD_SIZE = 4096;
/** Salt, record size, key id length and the 65-byte key, then the tag and the delimiter a record adds. */
export const MAX_PLAINTEXT_BYTES = RECORD_SIZE - 16 - 1 - 86;

/** The content-encryption key and nonce of RFC 8291 section 3.4, from the shared secret and both public keys. */
async function messageKeys(
  ecdhSecret: Uint8Array<ArrayBuffer>,
  auth: Uint8Array<ArrayBuffer>,
  receiverPublic: Uint8Array,
  senderPublic: Uint8Array,
  salt: Uint8Array<ArrayBuffer>,
) {
  const ikm = await hkdf(auth, ecdhSecret, concat(encoder.encode("WebPush: info\0"), receiverPublic, senderPublic), 32);
  const [cek, nonce] = await Promise.all([
    hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16),
    hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12),
  ]);
  return { cek: await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt", "decrypt"]), nonce };
}

async function sharedSecret(privateKey: CryptoKey, publicKey: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const peer = await crypto.subtle.importKey("jwk", p256Jwk(publicKey), ECDH, false, []);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: peer }, privateKey, 256));
}

export type PushKeys = { p256dh: string; auth: string };

/**
 * The body of a push message for one subscription (aes128gcm, a single record). A new sender key
 * and salt are made for every message; `fixed` gives both, only to reproduce RFC 8291's example.
 */
export async function encryptMessage(
  plaintext: Uint8Array,
  keys: PushKeys,
  fixed?: { salt: Uint8Array<ArrayBuffer>; senderPrivate: Uint8Array; senderPublic: Uint8Array },
): Promise<Uint8Array<ArrayBuffer>> {
  if (plaintext.length > MAX_PLAINTEXT_BYTES) throw new Error(`A push message holds at most ${MAX_PLAINTEXT_BYTES} bytes`);
  const receiverPublic = fromBase64Url(keys.p256dh);
  const auth = fromBase64Url(keys.auth);
  if (auth.length !== 16) throw new Error("A subscription's auth secret is 16 bytes");
  let senderPrivate: CryptoKey;
  let senderPublic: Uint8Array;
  if (fixed) {
    senderPrivate = await crypto.subtle.importKey("jwk", p256Jwk(fixed.senderPublic, fixed.senderPrivate), ECDH, false, ["deriveBits"]);
    senderPublic = fixed.senderPublic;
  } else {
    const pair = (await crypto.subtle.generateKey(ECDH, true, ["deriveBits"])) as CryptoKeyPair;
    senderPrivate = pair.privateKey;
    senderPublic = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  }
  const salt = fixed?.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const { cek, nonce } = await messageKeys(await sharedSecret(senderPrivate, receiverPublic), auth, receiverPublic, senderPublic, salt);
  // The last (and only) record ends with the delimiter 2 and no padding.
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, cek, concat(plaintext, new Uint8Array([2]))));
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = senderPublic.length;
  return concat(header, senderPublic, ciphertext);
}

/** What a browser does with a push body: the receiver's side, to check what was sent. */
export async function decryptMessage(
  body: Uint8Array,
  receiver: { privateKey: Uint8Array; publicKey: Uint8Array; auth: Uint8Array<ArrayBuffer> },
): Promise<Uint8Array> {
  const salt = body.slice(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.slice(21, 21 + idLength);
  const privateKey = await crypto.subtle.importKey("jwk", p256Jwk(receiver.publicKey, receiver.privateKey), ECDH, false, ["deriveBits"]);
  const { cek, nonce } = await messageKeys(await sharedSecret(privateKey, senderPublic), receiver.auth, receiver.publicKey, senderPublic, salt);
  const record = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, cek, body.slice(21 + idLength)));
  let end = record.length - 1;
  while (end >= 0 && record[end] === 0) end--;
  if (record[end] !== 2) throw new Error("The push message's last record has no delimiter");
  return record.slice(0, end);
}

/** The application server's VAPID key pair, as configured: base64url of the public point and of `d`. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** A new VAPID key pair (`npm run vapid`, and local runs that have none). */
export async function generateVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = (await crypto.subtle.generateKey(ECDSA, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  return { publicKey: toBase64Url(publicKey), privateKey: jwk.d! };
}

const signingKeys = new Map<string, Promise<CryptoKey>>();

function signingKey(keys: VapidKeys): Promise<CryptoKey> {
  let key = signingKeys.get(keys.privateKey);
  if (!key) {
    key = crypto.subtle.importKey("jwk", p256Jwk(fromBase64Url(keys.publicKey), fromBase64Url(keys.privateKey)), ECDSA, false, ["sign"]);
    signingKeys.set(keys.privateKey, key);
  }
  return key;
}

/** VAPID tokens live 12 hours (RFC 8292 allows at most 24). */
const TOKEN_SECONDS = 12 * 60 * 60;

/** The `Authorization` header for a push to `endpoint`: `vapid t=<ES256 JWT for its origin>, k=<public key>`. */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys, now = Date.now()): Promise<string> {
  const json = (value: object) => toBase64Url(encoder.encode(JSON.stringify(value)));
  const unsigned = `${json({ typ: "JWT", alg: "ES256" })}.${json({ aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + TOKEN_SECONDS, sub: keys.subject })}`;
  // WebCrypto's ECDSA signature is already the JWS form: r and s, 32 bytes each.
  const signature = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, await signingKey(keys), encoder.encode(unsigned)));
  return `vapid t=${unsigned}.${toBase64Url(signature)}, k=${keys.publicKey}`;
}

/** The claims of a VAPID header when its JWT is signed by the key it names and `publicKey` is that key; null otherwise. */
export async function verifyVapidAuthorization(header: string, publicKey: string): Promise<{ aud: string; exp: number; sub: string } | null> {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
  if (!match || match[4] !== publicKey) return null;
  const key = await crypto.subtle.importKey("jwk", p256Jwk(fromBase64Url(publicKey)), ECDSA, false, ["verify"]);
  const valid = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, fromBase64Url(match[3]!), encoder.encode(`${match[1]}.${match[2]}`));
  return valid ? JSON.parse(new TextDecoder().decode(fromBase64Url(match[2]!))) : null;
}
