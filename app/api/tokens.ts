/**
 * Personal API tokens, the rules both the profile page and the server share (decision 0056).
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";

/** Every token starts with this, so a leaked one is recognised (by a person or a secret scanner). */
export const TOKEN_PREFIX = "arcanum_pat_";

/** How many characters of a token are kept in the clear, to tell tokens apart in a list. */
export const SHOWN_PREFIX_LENGTH = TOKEN_PREFIX.length + 6;

/** Live tokens a person may hold at once. */
export const MAX_TOKENS = 10;

export const SCOPE_LABEL = { read: "Read", read_write: "Read and write" } as const;
export type TokenScope = keyof typeof SCOPE_LABEL;

export const newTokenForm = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1, "Give the token a name").max(60, "Keep the name under 60 characters"),
    scope: z.enum(["read", "read_write"], { error: "Choose read or read and write" }),
  }),
);

export const revokeTokenForm = lazySchema(() => z.object({ tokenId: z.string().min(1).max(64) }));

export const API_ACCESS_MESSAGE = "API access is part of the Visionary plan.";
export const PLAN_ENDED_MESSAGE = "This token belongs to an account whose Visionary plan has ended; API access comes back with the plan.";
