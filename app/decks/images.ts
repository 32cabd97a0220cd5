/** Public URL of a stored card image; the version makes a regenerated image a new URL, so it can be cached for good. */
export function cardImageUrl(imageKey: string | null, version: number): string | null {
  if (!imageKey) return null;
  return `/media/${imageKey}?v=${version.toString(36)}`;
}

export function formatPrice(cents: number | null): string {
  if (cents === null) return "Free";
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}
