/** Small helpers for reading and shaping model text. */

/** The first line of a model's answer, without quotes or markdown. */
export function firstLine(text: string): string {
  return (text.split("\n").find((line) => line.trim()) ?? "").replace(/[*`"]/g, "").trim();
}

export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/**
 * Keeps at most `max` words, leaving line breaks where they were. A cut text ends at the last
 * full sentence when that keeps at least half of it, otherwise with an ellipsis.
 */
export function limitWords(text: string, max: number): string {
  const trimmed = text.trim();
  const words = [...trimmed.matchAll(/\S+/g)];
  if (words.length <= max) return trimmed;
  const cutAt = words[max]!.index!;
  const kept = trimmed.slice(0, cutAt).trimEnd();
  const lastStop = Math.max(kept.lastIndexOf(". "), kept.lastIndexOf("! "), kept.lastIndexOf("? "), kept.lastIndexOf(".\n"));
  if (/[.!?]$/.test(kept)) return kept;
  if (lastStop >= kept.length / 2) return kept.slice(0, lastStop + 1);
  return `${kept.replace(/[\s,;:–—-]+$/, "")}…`;
}

/** Model prose without headings, bold markers or a wrapping code fence. */
export function cleanProse(text: string): string {
  return text
    .replace(/^```[a-z]*\s*|\s*```$/gi, "")
    .split("\n")
    .filter((line) => !/^\s*#{1,6}\s/.test(line))
    .join("\n")
    .replace(/\*\*|__/g, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** One item per line: list markers, numbering and wrapping quotes removed, blank lines dropped. */
export function parseLines(text: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw
      .replace(/\*\*|`/g, "")
      .replace(/^\s*(?:[-*•–]|\d+[.)]|\(\d+\))\s*/, "")
      .trim()
      .replace(/^["'“‘]+|["'”’]+$/g, "")
      .trim();
    if (!line || seen.has(line.toLowerCase())) continue;
    seen.add(line.toLowerCase());
    items.push(line);
  }
  return items;
}

/** The strings of the first JSON array found in the text (a code fence around it is fine); null if there is none. */
export function parseStringArray(text: string): string[] | null {
  const start = text.indexOf("[");
  const end = text.lastIndexOf("]");
  if (start < 0 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    if (!Array.isArray(value)) return null;
    return value
      .filter((item): item is string => typeof item === "string")
      .map((item) => item.trim())
      .filter(Boolean);
  } catch {
    return null;
  }
}

/** A question longer than 50 characters and 8 words is cut to its first 8 words and a question mark. */
export function shortenQuestion(question: string): string {
  const text = question.trim().replace(/\s+/g, " ");
  const words = text.split(" ");
  if (text.length <= 50 || words.length <= 8) return text;
  return `${words
    .slice(0, 8)
    .join(" ")
    .replace(/[\s.,;:!?…–—-]+$/, "")}?`;
}

/** `count` items of a list, shuffled with the given random source (or in order without one). */
export function pickSome<T>(list: readonly T[], count: number, random?: () => number): T[] {
  const items = [...list];
  if (random) {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
  }
  return items.slice(0, Math.max(0, Math.floor(count)));
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Chooses among phrasings deterministically. */
export { hashString as textHash } from "../lib/hash";
