import { formatMoney } from "../lib/format";
import { FIRST_LEVEL } from "./levels";

/**
 * What makes a paid reading count toward its reader's reputation (decision 0051), in one place. A
 * reading counts when it had at least `COUNTED_MIN_PAID_MINUTES` paid minutes, at a price of at least
 * `COUNTED_MIN_PRICE_CENTS` a minute, between a client and a reader whose accounts never shared a
 * device. Counted readings add to the reader's readings; a client adds to their clients once; a review
 * weighs in the rating when its reading counts and it is the client's first weighing review of that
 * reader within `REVIEW_WEIGHT_DAYS`. The price floor of each level lives with its ceiling in `LEVELS`.
 */
export const COUNTED_MIN_PAID_MINUTES = 3;
export const COUNTED_MIN_PRICE_CENTS = FIRST_LEVEL.minPricePerMinute;
export const REVIEW_WEIGHT_DAYS = 30;
export const REVIEW_WEIGHT_MS = REVIEW_WEIGHT_DAYS * 24 * 60 * 60 * 1000;

export const REPUTATION_MESSAGES = {
  onePerson: "This reading cannot be reviewed: your account and the reader's have been used on the same device or paid with the same card.",
  weighs: "Thank you: your review is published.",
  tooSmall: `Thank you: your review is published. It does not change the reader's rating: only readings of at least ${COUNTED_MIN_PAID_MINUTES} paid minutes, at ${formatMoney(FIRST_LEVEL.minPricePerMinute)} a minute or more, do.`,
  recent: `Thank you: your review is published. It does not change the reader's rating this time: one review a client writes of a reader every ${REVIEW_WEIGHT_DAYS} days counts.`,
} as const;
