import { describe, expect, it } from "vitest";
import { get, hasMainLayout, signInAs } from "./helpers";

const MAIN_LAYOUT_PAGES: [string, number][] = [
  ["/", 200],
  ["/login", 200],
  ["/signup", 200],
  ["/marketplace", 200],
  ["/marketplace/seed-deck-neon-oracle", 200],
  ["/readers", 200],
  ["/readers/mira_solenne", 200],
  ["/pricing", 200],
  ["/subscription", 200],
  ["/auth/callback", 200],
  ["/certificate/unknown-certificate", 404],
  ["/marketplace/no-such-deck", 404],
  ["/readers/nobody_here", 404],
  ["/no/such/page", 404],
];

const FULL_SCREEN_PAGES: [string, number][] = [
  ["/reading-room", 200],
  ["/reading-room/seed-deck-celestial-tides", 200],
  ["/reading", 200],
  ["/reading/seed-deck-celestial-tides", 200],
  ["/reading-room/seed-deck-autumn-lanterns", 404],
  ["/invite/abc123", 404],
  ["/invite/participant/abc123", 404],
];

const PROTECTED_PATHS = [
  "/collection",
  "/profile",
  "/checkout/seed-deck-neon-oracle",
  "/become-reader",
  "/tarot-quiz",
  "/reader-dashboard",
  "/create-deck",
  "/subscription/success",
];

describe("every route of the specification resolves in its layout", () => {
  it.each(MAIN_LAYOUT_PAGES)("%s → %i inside the main layout", async (path, status) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(hasMainLayout(html)).toBe(true);
    if (status === 404) expect(html).toMatch(/Page not found/);
  });

  it.each(FULL_SCREEN_PAGES)("%s → %i full screen, without nav and footer", async (path, status) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(hasMainLayout(await response.text())).toBe(false);
  });

  it("says plainly when an invitation is unknown, and when its type is not one we issue", async () => {
    expect(await (await get("/invite/abc123")).text()).toContain("This invitation does not exist.");
    expect(await (await get("/invite/emperor/abc123")).text()).toContain("not valid");
  });

  it("answers /healthz without touching Remix", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });
});

describe("route guards", () => {
  it.each(PROTECTED_PATHS)("%s sends a visitor to sign in and remembers the path", async (path) => {
    const response = await get(`${path}?tab=2`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`${path}?tab=2`)}`);
  });

  it.each(PROTECTED_PATHS)("%s opens for a signed-in user", async (path) => {
    const cookie = await signInAs("seed-user-demo");
    const response = await get(path, { cookie });
    expect(response.status).toBe(200);
  });

  it("?auth=required on any page sends a visitor to sign in, without the marker in the return path", async () => {
    const response = await get("/pricing?billing=yearly&auth=required");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/pricing?billing=yearly")}`);
    const cookie = await signInAs("seed-user-demo");
    expect((await get("/pricing?auth=required", { cookie })).status).toBe(200);
  });

  it("a signed-in member visiting /login goes straight to the remembered page", async () => {
    const cookie = await signInAs("seed-user-demo");
    const response = await get("/login?redirectTo=%2Fprofile", { cookie });
    expect(response.headers.get("location")).toBe("/profile");
  });
});
