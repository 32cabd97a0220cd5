const UNITS: Array<[limitMs: number, unitMs: number, unit: string]> = [
  [60 * 60_000, 60_000, "minute"],
  [24 * 60 * 60_000, 60 * 60_000, "hour"],
  [30 * 24 * 60 * 60_000, 24 * 60 * 60_000, "day"],
  [365 * 24 * 60 * 60_000, 30 * 24 * 60 * 60_000, "month"],
  [Infinity, 365 * 24 * 60 * 60_000, "year"],
];

/** How long ago a reader was last online, as the profile says it: "3 hours ago", "just now". */
export function formatLastSeen(lastSeenAt: number, now: number): string {
  const elapsed = Math.max(0, now - lastSeenAt);
  if (elapsed < 60_000) return "just now";
  const [, unitMs, unit] = UNITS.find(([limitMs]) => elapsed < limitMs)!;
  const count = Math.floor(elapsed / unitMs);
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}
