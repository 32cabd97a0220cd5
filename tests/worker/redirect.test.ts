import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../app/auth/redirect";
import { get, ORIGIN, post, signInAs } from "./helpers";

/** True when `location`, as a browser would follow it from a page of the site, stays on the site. */
function staysOnSite(location: string) {
  if (!location.startsWith("/") || location.startsWith("//") || location.startsWith("/\\")) return false;
  try {
    return new URL(location, `${ORIGIN}/some/page`).origin === ORIGIN;
  } catch {
    return false;
  }
}

const KNOWN_PAYLOADS = [
  "//evil.com",
  "/.//evil.com",
  "/..//evil.com",
  "/%2e%2e//evil.com",
  "/%2E%2E//evil.com",
  "/%2e//evil.com",
  "/.%2e//evil.com",
  "/a/..//evil.com",
  "/a/../..//evil.com",
  "/././/evil.com",
  "/.././/evil.com",
  "/%252e%252e//evil.com",
  "/\\evil.com",
  "/\\/evil.com",
  "\\\\evil.com",
  "/%5c%5cevil.com",
  "/%5C/evil.com",
  "/\t/evil.com",
  "/\r\n/evil.com",
  "/\n/evil.com",
  " //evil.com",
  "/．/evil.com",
  "/\u2215\u2215evil.com",
  "/\uff0f\uff0fevil.com",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "/javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "http://evil.com",
  "HTTPS://evil.com",
  "http:/evil.com",
  "http:evil.com",
  "///evil.com",
  "/.../evil.com",
  "/%2f%2fevil.com",
  "/%2f/evil.com",
  "/@evil.com",
  "/..;//evil.com",
];

const segment = fc.constantFrom(
  "",
  ".",
  "..",
  "%2e",
  "%2E",
  "%2e%2e",
  ".%2e",
  "%2e.",
  "%252e%252e",
  "%25252e",
  "\\",
  "%5c",
  "%5C",
  "%255c",
  "%2f",
  "%2F",
  "%252f",
  "\t",
  "\r",
  "\n",
  "%09",
  "%0d%0a",
  "\u2215",
  "\uff0f",
  "\u2044",
  "\uff3c",
  "evil.com",
  "EVIL.com",
  "@evil.com",
  "deck",
  "javascript:alert(1)",
  "data:text/html,x",
  "http:",
  "https:",
  "HtTp:",
  " ",
  "\u0000",
);
const separator = fc.constantFrom("/", "//", "\\", "/\\", "\\/", "%2f", "\t/", "/\t", "");
const prefix = fc.constantFrom("/", "//", "\\", "/\\", "", " /", "\t/", "http://evil.com/", "javascript:", "data:", "HTTP:", "/%2e%2e/");
const dotSegment = fc.constantFrom(".", "..", "%2e", "%2E", "%2e%2e", ".%2e", "%2E.", "%252e%252e", "a/..", "x/../..");
const slashRun = fc.constantFrom("/", "//", "/\\", "\\", "%2f", "%5c", "\t/", "/\r\n", "\u2215", "\uff0f");
const host = fc.constantFrom("evil.com", "EVIL.COM", "evil.com:443", "@evil.com", "user@evil.com", "evil。com");
/** Dot segments that a URL parser removes, followed by slashes and a host: the shape of the probe's payloads. */
const escapingPath = fc
  .tuple(fc.constantFrom("/", "", "\\"), fc.array(dotSegment, { minLength: 1, maxLength: 4 }), slashRun, slashRun, host)
  .map(([start, dots, a, b, to]) => `${start}${dots.join("/")}/${a}${b}${to}`);
const hostilePath = fc
  .tuple(prefix, fc.array(fc.tuple(segment, separator), { maxLength: 8 }), fc.constantFrom("", "?next=//evil.com", "#//evil.com", "?a=1#x"))
  .map(([start, parts, tail]) => start + parts.map(([s, sep]) => s + sep).join("") + tail);

describe("safeRedirect", () => {
  it.each(KNOWN_PAYLOADS)("keeps %j on the site", (payload) => {
    const result = safeRedirect(payload);
    expect(staysOnSite(result), `${JSON.stringify(payload)} → ${JSON.stringify(result)}`).toBe(true);
  });

  it("never leaves the site, whatever the path is made of", () => {
    fc.assert(
      fc.property(fc.oneof(escapingPath, hostilePath, fc.string(), fc.string({ unit: "grapheme" })), (target) => {
        const result = safeRedirect(target);
        expect(staysOnSite(result), `${JSON.stringify(target)} → ${JSON.stringify(result)}`).toBe(true);
        // The answer is already normal: asking again gives the same path.
        expect(safeRedirect(result)).toBe(result);
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps ordinary paths on the site as they are", () => {
    expect(safeRedirect("/collection/deck-1?tab=cards#top")).toBe("/collection/deck-1?tab=cards#top");
    expect(safeRedirect("/a/../profile")).toBe("/profile");
    expect(safeRedirect("/%2e%2e/profile")).toBe("/profile");
  });
});

describe("redirects after sign-in and theme changes", () => {
  const payloads = ["/.//evil.com", "/..//evil.com", "/%2e%2e//evil.com", "/\\evil.com", "//evil.com"];

  it.each(payloads)("a member opening /login?redirectTo=%s stays on the site", async (payload) => {
    const cookie = await signInAs("seed-user-sage");
    const response = await get(`/login?redirectTo=${encodeURIComponent(payload)}`, { cookie });
    expect(response.status).toBe(302);
    expect(staysOnSite(response.headers.get("location")!)).toBe(true);
  });

  it.each(payloads)("a member opening /auth/callback?redirectTo=%s stays on the site", async (payload) => {
    const cookie = await signInAs("seed-user-sage");
    const response = await get(`/auth/callback?redirectTo=${encodeURIComponent(payload)}`, { cookie });
    expect(response.status).toBe(302);
    expect(staysOnSite(response.headers.get("location")!)).toBe(true);
  });

  it.each(payloads)("POST /theme with redirectTo=%s stays on the site", async (payload) => {
    const response = await post("/theme", { theme: "dark", redirectTo: payload });
    expect(response.status).toBe(302);
    expect(staysOnSite(response.headers.get("location")!)).toBe(true);
  });

  it("still returns a member to a path on the site", async () => {
    const cookie = await signInAs("seed-user-sage");
    const response = await get(`/login?redirectTo=${encodeURIComponent("/collection?sort=new")}`, { cookie });
    expect(response.headers.get("location")).toBe("/collection?sort=new");
  });
});
