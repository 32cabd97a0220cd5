/** Each socket may send this many messages at once, refilled at `RATE_PER_SECOND`. */
export const RATE_BURST = 30;
export const RATE_PER_SECOND = 10;
/** A socket that keeps flooding after being told is closed. */
export const FLOOD_STRIKES = 20;

/** A socket's allowance, kept on the socket so it survives the room's hibernation. */
export type Bucket = { tokens: number; refilledAt: number; strikes: number };

/** What a message may do: go ahead, be refused, or be refused with the socket closed for flooding. */
export type Verdict = "allowed" | "refused" | "flooding";

/** A token bucket per socket, with strikes counted against one that keeps sending when refused. */
export class RateLimiter {
  constructor(
    private readonly burst = RATE_BURST,
    private readonly perSecond = RATE_PER_SECOND,
    private readonly floodStrikes = FLOOD_STRIKES,
  ) {}

  /** The allowance of a socket that just arrived. */
  fresh(now: number): Bucket {
    return { tokens: this.burst, refilledAt: now, strikes: 0 };
  }

  /** Takes one message from the bucket: the bucket after it, and the verdict. */
  take(bucket: Bucket, now: number): { bucket: Bucket; verdict: Verdict } {
    const tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.refilledAt) / 1000) * this.perSecond);
    if (tokens < 1) {
      const strikes = bucket.strikes + 1;
      return { bucket: { tokens, refilledAt: now, strikes }, verdict: strikes >= this.floodStrikes ? "flooding" : "refused" };
    }
    return { bucket: { tokens: tokens - 1, refilledAt: now, strikes: bucket.strikes }, verdict: "allowed" };
  }
}
