import { describe, expect, it } from "vitest";
import { FLOOD_STRIKES, RATE_BURST, RateLimiter, type Bucket } from "../../party/room/rate-limit";

/** Sends `count` messages at `at`, returning the verdicts and the bucket after them. */
function send(limiter: RateLimiter, bucket: Bucket, count: number, at: number) {
  const verdicts: string[] = [];
  for (let i = 0; i < count; i++) {
    const next = limiter.take(bucket, at);
    bucket = next.bucket;
    verdicts.push(next.verdict);
  }
  return { bucket, verdicts };
}

describe("the reading room's rate limit per socket", () => {
  it("lets a burst through at once, then refuses until the bucket refills", () => {
    const limiter = new RateLimiter();
    const { bucket, verdicts } = send(limiter, limiter.fresh(0), RATE_BURST + 1, 0);
    expect(verdicts.slice(0, RATE_BURST).every((verdict) => verdict === "allowed")).toBe(true);
    expect(verdicts[RATE_BURST]).toBe("refused");
    expect(bucket.strikes).toBe(1);
    // Ten a second: after 100 ms one more message goes through, and a second one does not.
    expect(send(limiter, bucket, 2, 100).verdicts).toEqual(["allowed", "refused"]);
  });

  it("never refills beyond the burst, however long the socket was quiet", () => {
    const limiter = new RateLimiter(3, 10, 5);
    const quiet = send(limiter, limiter.fresh(0), 3, 0).bucket;
    expect(send(limiter, quiet, 4, 3_600_000).verdicts).toEqual(["allowed", "allowed", "allowed", "refused"]);
  });

  it("calls a socket flooding once it was refused as often as the strikes allow", () => {
    const limiter = new RateLimiter();
    const empty = send(limiter, limiter.fresh(0), RATE_BURST, 0).bucket;
    const { verdicts } = send(limiter, empty, FLOOD_STRIKES, 0);
    expect(verdicts.slice(0, FLOOD_STRIKES - 1).every((verdict) => verdict === "refused")).toBe(true);
    expect(verdicts[FLOOD_STRIKES - 1]).toBe("flooding");
  });

  it("keeps the strikes of a socket that slowed down", () => {
    const limiter = new RateLimiter();
    const struck = send(limiter, limiter.fresh(0), RATE_BURST + 2, 0).bucket;
    const later = limiter.take(struck, 1000);
    expect(later.verdict).toBe("allowed");
    expect(later.bucket.strikes).toBe(2);
  });
});
