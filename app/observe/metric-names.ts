/** The metrics the app writes, and what each point's label and value are. */
export const METRICS = {
  /** Label: route; value: milliseconds from the request's arrival to its response. */
  request: "request-ms",
  /** Label: route; value: D1 round trips the request waited on one after another. */
  d1: "d1-round-trips",
  /** Label: model; value: milliseconds of a model call that answered. */
  aiCall: "ai-call-ms",
  /** Label: model; value: 1 for a call that failed for good. */
  aiFailure: "ai-failure",
  /** Label: "ok", "ignored" or "failed"; value: 1. */
  webhook: "webhook",
  signUp: "sign-up",
  deckMade: "deck-made",
  /** Label: what was bought; value: the amount in cents. */
  purchase: "purchase",
  /** Label: "charged"; value: minutes. */
  minuteBilled: "minute-billed",
} as const;

export type MetricName = (typeof METRICS)[keyof typeof METRICS];

export type MetricPoint = { name: MetricName; label: string; value: number; at: number };
