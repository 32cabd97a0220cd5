import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LocalAi, type AiService } from "../../app/ai/ai.server";
import { createDatabase } from "../../app/db.server";
import { AVATAR_ERRORS, AVATAR_MAX_BYTES } from "../../app/profile/avatar";
import { checkAvatar, detectImageType } from "../../app/profile/avatar.server";
import { USERNAME_TAKEN } from "../../app/accounts/profile.server";
import { acceptSuggestion, fallbackUsername } from "../../app/lib/username";
import { generateUsername } from "../../app/profile/username.server";
import { users } from "../../db/schema";
import { app, get, ORIGIN, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);

const SIGNATURES = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff, 0xe0],
  gif: [...new TextEncoder().encode("GIF89a")],
  webp: [...new TextEncoder().encode("RIFF"), 0, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 ")],
};

function imageBytes(kind: keyof typeof SIGNATURES, size = 256) {
  const bytes = new Uint8Array(size);
  bytes.set(SIGNATURES[kind]);
  return bytes;
}

function upload(cookie: string, file: File) {
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", file);
  return app.fetch(`${ORIGIN}/profile`, { method: "POST", body: form, headers: { origin: ORIGIN, host: "localhost", cookie } });
}

async function avatarOf(userId: string) {
  return (await db().query.users.findFirst({ columns: { avatarUrl: true }, where: eq(users.id, userId) }))?.avatarUrl ?? null;
}

describe("avatar rules", () => {
  it.each(Object.keys(SIGNATURES) as (keyof typeof SIGNATURES)[])("recognises %s by its bytes", (kind) => {
    expect(detectImageType(imageBytes(kind))?.ext).toBe(kind);
  });

  it("refuses bytes that are not one of the four image types, whatever the name", () => {
    expect(checkAvatar(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toEqual({ ok: false, message: AVATAR_ERRORS.type });
    expect(checkAvatar(new Uint8Array([0x42, 0x4d, 0, 0]))).toEqual({ ok: false, message: AVATAR_ERRORS.type });
  });

  it("takes exactly 5,242,880 bytes and refuses one more", () => {
    expect(checkAvatar(imageBytes("png", AVATAR_MAX_BYTES)).ok).toBe(true);
    expect(checkAvatar(imageBytes("png", AVATAR_MAX_BYTES + 1))).toEqual({ ok: false, message: AVATAR_ERRORS.size });
  });
});

describe("avatar upload", () => {
  it("stores the picture at avatars/{userId}/profile-{uuid}.{ext}, serves it with cache headers, and removes the old one", async () => {
    const cookie = await signInAs("seed-user-theo");
    const first = await upload(cookie, new File([imageBytes("png")], "me.png", { type: "image/png" }));
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Your new picture is saved.");
    const firstUrl = await avatarOf("seed-user-theo");
    expect(firstUrl).toMatch(/^\/media\/avatars\/seed-user-theo\/profile-[0-9a-f-]{36}\.png$/);
    const served = await get(firstUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    // The extension follows the bytes: a GIF called .jpg is stored as .gif.
    const second = await upload(cookie, new File([imageBytes("gif")], "me.jpg", { type: "image/jpeg" }));
    expect(second.status).toBe(200);
    const secondUrl = await avatarOf("seed-user-theo");
    expect(secondUrl).toMatch(/\.gif$/);
    expect(await env.MEDIA.head(firstUrl!.slice("/media/".length))).toBeNull();
    expect((await get(firstUrl!)).status).toBe(404);
  });

  it("refuses a text file named .png with the spec's message, and keeps the old picture", async () => {
    const cookie = await signInAs("seed-user-ines");
    await upload(cookie, new File([imageBytes("webp")], "ok.webp", { type: "image/webp" }));
    const before = await avatarOf("seed-user-ines");
    const response = await upload(cookie, new File(["just words"], "fake.png", { type: "image/png" }));
    expect(response.status).toBe(415);
    expect(await response.text()).toContain(AVATAR_ERRORS.type);
    expect(await avatarOf("seed-user-ines")).toBe(before);
  });

  it("refuses a picture over 5 MB with the spec's message", async () => {
    const cookie = await signInAs("seed-user-ines");
    const response = await upload(cookie, new File([imageBytes("jpg", AVATAR_MAX_BYTES + 1)], "big.jpg", { type: "image/jpeg" }));
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(AVATAR_ERRORS.size);
  });

  it("lets nobody upload without a session", async () => {
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("avatar", new File([imageBytes("png")], "a.png"));
    const response = await app.fetch(`${ORIGIN}/profile`, { method: "POST", body: form, headers: { origin: ORIGIN, host: "localhost" }, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fprofile");
  });

  it("removes the picture on request", async () => {
    const cookie = await signInAs("seed-user-mira");
    await upload(cookie, new File([imageBytes("png")], "a.png"));
    const url = await avatarOf("seed-user-mira");
    await post("/profile", { intent: "remove-avatar" }, { cookie });
    expect(await avatarOf("seed-user-mira")).toBeNull();
    expect(await env.MEDIA.head(url!.slice("/media/".length))).toBeNull();
  });
});

describe("profile editing", () => {
  it("saves username, full name and bio", async () => {
    const cookie = await signInAs("seed-user-orion");
    const response = await post("/profile", { intent: "profile", username: "orion_stars", fullName: "Orion Vale", bio: "Night skies." }, { cookie });
    expect(response.status).toBe(200);
    const user = await db().query.users.findFirst({ where: eq(users.id, "seed-user-orion") });
    expect(user).toMatchObject({ username: "orion_stars", fullName: "Orion Vale", bio: "Night skies." });
  });

  it.each([
    ["ab", "Username must be 3 to 20 characters"],
    ["a".repeat(21), "Username must be 3 to 20 characters"],
    ["has space", "Username may use letters, numbers, underscores and hyphens only"],
    ["", "Username must be 3 to 20 characters"],
  ])("refuses the username %j for a member", async (username, message) => {
    const cookie = await signInAs("seed-user-orion");
    const response = await post("/profile", { intent: "profile", username, fullName: "", bio: "" }, { cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("keeps usernames unique, whatever the letter case", async () => {
    const taken = (await db().query.users.findFirst({ where: eq(users.id, "seed-user-luna") }))!.username!;
    const cookie = await signInAs("seed-user-orion");
    const response = await post("/profile", { intent: "profile", username: taken.toUpperCase(), fullName: "", bio: "" }, { cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(USERNAME_TAKEN);
  });

  it("refuses an over-long bio without touching the saved one", async () => {
    const cookie = await signInAs("seed-user-orion");
    await post("/profile", { intent: "profile", username: "orion_keeps", fullName: "", bio: "Short." }, { cookie });
    const response = await post("/profile", { intent: "profile", username: "orion_keeps", fullName: "", bio: "x".repeat(501) }, { cookie });
    expect(response.status).toBe(400);
    expect((await db().query.users.findFirst({ where: eq(users.id, "seed-user-orion") }))?.bio).toBe("Short.");
  });
});

describe("generated usernames", () => {
  const fixed = (answer: string | null): AiService => Object.assign(new LocalAi(), { suggestUsername: async () => answer });

  it("accepts a suggestion at 3 to 20 characters, spaces to underscores", () => {
    expect(acceptSuggestion("Moon Walker")).toBe("Moon_Walker");
    expect(acceptSuggestion("ab")).toBeNull();
    expect(acceptSuggestion("x".repeat(21))).toBeNull();
    expect(acceptSuggestion("bad!name")).toBeNull();
  });

  it("falls back to adjective + initial + noun, or adjective + noun + number below 1000", () => {
    expect(fallbackUsername("wren.ashby@example.com", () => 0)).toBe("MysticWOracle");
    expect(fallbackUsername("12345@example.com", () => 0.999)).toBe("StarlitLantern999");
  });

  it("uses the AI's idea when valid and the fallback otherwise, and never a taken name", async () => {
    expect(await generateUsername(db(), fixed("Star_Seeker"), "x@example.com")).toBe("Star_Seeker");
    expect(await generateUsername(db(), fixed("no"), "wren@example.com")).toMatch(/^[A-Z][a-z]+W[A-Z][a-z]+$/);
    const taken = (await db().query.users.findFirst({ where: eq(users.id, "seed-user-luna") }))!.username!;
    const fresh = await generateUsername(db(), fixed(taken), "luna2@example.com");
    expect(fresh).not.toBe(taken);
    expect(fresh.startsWith(taken.slice(0, 10))).toBe(true);
    expect(fresh.length).toBeLessThanOrEqual(20);
  });

  it("the local generator gives valid names", async () => {
    const ai = new LocalAi();
    for (let i = 0; i < 20; i++) expect(acceptSuggestion(await ai.suggestUsername({ email: `p${i}@example.com` }))).not.toBeNull();
  });
});
