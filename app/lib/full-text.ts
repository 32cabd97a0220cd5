/**
 * Search text as an FTS5 query that cannot be a syntax error: every word becomes a quoted string
 * (so AND, NEAR, quotes and stars are words, not operators) and the last one matches as a prefix,
 * for search while typing. Null when the text has no word to look for.
 */
export function matchQuery(text: string, maxWords = 8): string | null {
  const words =
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, maxWords) ?? [];
  if (words.length === 0) return null;
  return words.map((word, i) => `"${word}"${i === words.length - 1 ? "*" : ""}`).join(" ");
}
