/** A subscription counts while its status is active or trialing. */
export function isSubscribed(status: string | null | undefined): boolean {
  return status === "active" || status === "trialing";
}
