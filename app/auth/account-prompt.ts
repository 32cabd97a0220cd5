/**
 * The gentle prompt a guest sees once they have something worth keeping: after their first deck
 * and after their first reading, until they put it away. Never a wall: the page stays usable.
 */
export const ACCOUNT_PROMPT_MOMENTS = ["deck", "reading"] as const;
export type AccountPromptMoment = (typeof ACCOUNT_PROMPT_MOMENTS)[number];

export function isAccountPromptMoment(value: unknown): value is AccountPromptMoment {
  return typeof value === "string" && (ACCOUNT_PROMPT_MOMENTS as readonly string[]).includes(value);
}

/** The moments the prompt speaks of now: what the guest has saved and has not yet put away. */
export function accountPromptMoments(saved: Record<AccountPromptMoment, boolean>, dismissed: readonly AccountPromptMoment[]): AccountPromptMoment[] {
  return ACCOUNT_PROMPT_MOMENTS.filter((moment) => saved[moment] && !dismissed.includes(moment));
}

/** The prompt's sentence for what it speaks of. */
export function accountPromptText(moments: readonly AccountPromptMoment[]): string {
  const deck = moments.includes("deck");
  const reading = moments.includes("reading");
  const what = deck && reading ? "Your deck and your reading are" : deck ? "Your deck is" : "Your reading is";
  const them = deck && reading ? "them" : "it";
  return `${what} saved in this browser only. Create a free account to keep ${them} and find ${them} on any device.`;
}
