import { describe, expect, it } from "vitest";
import {
  decryptMessage,
  encryptMessage,
  fromBase64Url,
  generateVapidKeys,
  toBase64Url,
  vapidAuthorization,
  verifyVapidAuthorization,
} from "../../app/push/web-push.server";

// RFC 8291, section 5 and Appendix A: the example's keys, salt and the exact message it sends.
const RFC = {
  plaintext: "When I grow up, I want to be a watermelon",
  senderPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  senderPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  receiverPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  receiverPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  message:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

const text = (value: string) => new TextEncoder().encode(value);

describe("push message encryption (RFC 8291, aes128gcm)", () => {
  it("sends exactly the RFC's example message from its keys and salt", async () => {
    const body = await encryptMessage(
      text(RFC.plaintext),
      { p256dh: RFC.receiverPublic, auth: RFC.auth },
      {
        salt: fromBase64Url(RFC.salt),
        senderPrivate: fromBase64Url(RFC.senderPrivate),
        senderPublic: fromBase64Url(RFC.senderPublic),
      },
    );
    expect(toBase64Url(body)).toBe(RFC.message);
  });

  it("reads the RFC's example message with the receiver's private key", async () => {
    const plain = await decryptMessage(fromBase64Url(RFC.message), {
      privateKey: fromBase64Url(RFC.receiverPrivate),
      publicKey: fromBase64Url(RFC.receiverPublic),
      auth: fromBase64Url(RFC.auth),
    });
    expect(new TextDecoder().decode(plain)).toBe(RFC.plaintext);
  });

  it("round-trips a message with a fresh sender key and salt each time, which only the receiver's key opens", async () => {
    const receiver = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", receiver.publicKey)) as ArrayBuffer);
    const privateKey = fromBase64Url(((await crypto.subtle.exportKey("jwk", receiver.privateKey)) as JsonWebKey).d!);
    const auth = crypto.getRandomValues(new Uint8Array(16));
    const keys = { p256dh: toBase64Url(publicKey), auth: toBase64Url(auth) };
    const message = JSON.stringify({ title: "A reading request", body: "Ada asks for a reading" });
    const first = await encryptMessage(text(message), keys);
    const second = await encryptMessage(text(message), keys);
    expect(toBase64Url(first)).not.toBe(toBase64Url(second));
    expect(new TextDecoder().decode(await decryptMessage(first, { privateKey, publicKey, auth }))).toBe(message);
    const otherAuth = crypto.getRandomValues(new Uint8Array(16));
    await expect(decryptMessage(first, { privateKey, publicKey, auth: otherAuth })).rejects.toThrow();
  });
});

describe("VAPID (RFC 8292)", () => {
  it("signs an ES256 JWT for the push service's origin that verifies with the public key, and not with another", async () => {
    const keys = { ...(await generateVapidKeys()), subject: "mailto:push@arcanum.test" };
    const now = Date.UTC(2026, 10, 26, 12);
    const header = await vapidAuthorization("https://push.example.net/send/abc?x=1", keys, now);
    expect(header).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const claims = await verifyVapidAuthorization(header, keys.publicKey);
    expect(claims).toEqual({ aud: "https://push.example.net", exp: now / 1000 + 12 * 3600, sub: "mailto:push@arcanum.test" });
    const other = await generateVapidKeys();
    expect(await verifyVapidAuthorization(header.replace(keys.publicKey, other.publicKey), other.publicKey)).toBeNull();
    // A token whose claims were changed after signing no longer verifies.
    const [, payload] = /t=[\w-]+\.([\w-]+)\./.exec(header)!;
    const forged = toBase64Url(text(JSON.stringify({ aud: "https://push.example.net", exp: now / 1000 + 99 * 3600, sub: "mailto:push@arcanum.test" })));
    expect(await verifyVapidAuthorization(header.replace(payload!, forged), keys.publicKey)).toBeNull();
  });
});
