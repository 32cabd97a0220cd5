import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";

/** Every staff action says why, in a few words, for the record. */
export const STAFF_REASON_MAX = 300;
export const staffReason = lazySchema(() =>
  z
    .string({ error: "Say why, for the record." })
    .trim()
    .min(3, "Say why, for the record (3 characters at least).")
    .max(STAFF_REASON_MAX, `Keep the reason under ${STAFF_REASON_MAX} characters.`),
);
