/** Spec: a generated username is kept only at 3 to 20 characters. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

const ADJECTIVES = ["Mystic", "Lunar", "Astral", "Golden", "Silver", "Cosmic", "Hidden", "Radiant", "Ancient", "Starlit"];
const NOUNS = ["Oracle", "Seeker", "Raven", "Sage", "Star", "Moon", "Phoenix", "Wanderer", "Dreamer", "Lantern"];

/** Normalises a suggested name (spaces become underscores) and keeps it only if it is a valid username. */
export function acceptSuggestion(suggestion: string | null | undefined): string | null {
  if (!suggestion) return null;
  const name = suggestion
    .trim()
    .replace(/^["'`]+|["'`.]+$/g, "")
    .replace(/\s+/g, "_");
  if (name.length < USERNAME_MIN || name.length > USERNAME_MAX || !USERNAME_PATTERN.test(name)) return null;
  return name;
}

/**
 * The spec's local fallback: an adjective, the uppercase first letter of the e-mail prefix's
 * letters, a noun; with no letters, an adjective, a noun and a number below 1000.
 */
export function fallbackUsername(email: string, random: () => number = Math.random): string {
  const pick = (words: string[]) => words[Math.floor(random() * words.length)]!;
  const letters = (email.split("@")[0] ?? "").replace(/[^A-Za-z]/g, "");
  if (letters) return `${pick(ADJECTIVES)}${letters[0]!.toUpperCase()}${pick(NOUNS)}`;
  return `${pick(ADJECTIVES)}${pick(NOUNS)}${Math.floor(random() * 1000)}`;
}
