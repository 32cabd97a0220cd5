import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";

/** The revoke form's reason: shown publicly on the certificate, so it is short and plain. */
export const REVOKE_REASON_MIN = 5;
export const REVOKE_REASON_MAX = 300;

/** The staff form that revokes a certificate; its limits are also the form's own. */
export const revokeFormSchema = lazySchema(() =>
  z.object({
    intent: z.literal("revoke", { error: "This form can only revoke the certificate." }),
    reason: z
      .string({ error: "Say why the certificate is revoked." })
      .trim()
      .min(REVOKE_REASON_MIN, `Say why the certificate is revoked, in a few words (${REVOKE_REASON_MIN} characters at least).`)
      .max(REVOKE_REASON_MAX, `Keep the reason under ${REVOKE_REASON_MAX} characters.`),
  }),
);
