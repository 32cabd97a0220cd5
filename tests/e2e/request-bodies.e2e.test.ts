/**
 * Oversized uploads against the running server, over plain HTTP: a form post streamed in chunks
 * past its limit is refused with 413, and the same connection, and anyone else's, answers the
 * next request at once.
 */
import http from "node:http";
import { afterAll, describe, expect, it, inject } from "vitest";
import { baseURL } from "./browser";

const base = new URL(baseURL());
const session = `arcanum_session=${inject("memberSessions").demo}`;
/** One kept-alive connection, so the next request travels where the refused body did. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** Long enough for a busy machine, far shorter than the minute a stuck connection waited. */
const ANSWER_WITHIN_MS = 2_000;

afterAll(() => agent.destroy());

/** A POST whose body streams in chunks of 16 KB with no declared length; resolves with the answer. */
function chunkedPost(path: string, bytes: number, cookie: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      agent,
      host: base.hostname,
      port: base.port,
      path,
      method: "POST",
      headers: { origin: base.origin, cookie, "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
    });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (part: string) => (text += part));
      response.on("end", () => resolve({ status: response.statusCode!, text }));
    });
    request.on("error", reject);
    const chunk = Buffer.alloc(16 * 1024, "a");
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        sent += chunk.byteLength;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      request.end();
    };
    write();
  });
}

/** A GET that must be answered within the time allowed, on the shared connection or a new one. */
function promptGet(path: string, options: { sameConnection: boolean }): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { agent: options.sameConnection ? agent : false, host: base.hostname, port: base.port, path, headers: { cookie: session }, timeout: ANSWER_WITHIN_MS },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode!));
      },
    );
    request.on("timeout", () => request.destroy(new Error(`GET ${path} had no answer within ${ANSWER_WITHIN_MS} ms`)));
    request.on("error", reject);
  });
}

const FORM_LIMIT = 256 * 1024;
const UPLOAD_LIMIT = 5 * 1024 * 1024 + 64 * 1024;

const CASES: [string, string, number][] = [
  ["sign in, just over the form limit", "/login", FORM_LIMIT + 48 * 1024],
  ["theme, four times the form limit", "/theme", FORM_LIMIT * 4],
  ["a deck page, just over the form limit", "/collection/seed-deck-autumn-lanterns", FORM_LIMIT + 16 * 1024],
  ["the reading room, twice the form limit", "/reading-room", FORM_LIMIT * 2],
  ["the profile's upload, just over its limit", "/profile", UPLOAD_LIMIT + 512 * 1024],
];

describe("a chunked body over the limit is refused without holding up the next request", () => {
  it.each(CASES)("%s", async (_, path, bytes) => {
    const refused = await chunkedPost(path, bytes, session);
    expect(refused.status).toBe(413);
    expect(refused.text).toMatch(/too large/);
    expect(await promptGet("/healthz", { sameConnection: true })).toBe(200);
    expect(await promptGet("/", { sameConnection: true })).toBe(200);
    expect(await promptGet("/healthz", { sameConnection: false })).toBe(200);
  });

  it("still takes a chunked form under the limit on the same connection", async () => {
    const taken = await chunkedPost("/theme", 1024, session);
    expect(taken.status).toBe(400);
    expect(await promptGet("/healthz", { sameConnection: true })).toBe(200);
  });
});
