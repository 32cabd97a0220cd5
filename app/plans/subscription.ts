import { addMonths } from "../lib/months";
import type { Plan } from "./catalogue";

/** The statuses in which a subscription counts. */
export const SUBSCRIBED_STATUSES = ["active", "trialing"] as const;

/** A subscription counts while its status is active or trialing. */
export function isSubscribed(status: string | null | undefined): boolean {
  return (SUBSCRIBED_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

const TIER_ORDER = ["mystic", "creator", "visionary"];

/**
 * When a change from one subscription plan to another takes effect: a move up (a higher tier, or
 * the same tier paid yearly instead of monthly) at once, with the difference charged; anything else
 * when the period that was paid for ends, so nobody loses what they have paid for.
 */
export function planChangeTiming(from: Plan, to: Plan): "now" | "period-end" {
  const up = TIER_ORDER.indexOf(to.tier) - TIER_ORDER.indexOf(from.tier);
  if (up !== 0) return up > 0 ? "now" : "period-end";
  return from.interval === "month" && to.interval === "year" ? "now" : "period-end";
}

/** The end of a billing period that starts at `startMs`. */
export function periodEndAfter(startMs: number, interval: Plan["interval"]): number {
  return addMonths(startMs, interval === "year" ? 12 : 1);
}
