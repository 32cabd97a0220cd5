/** Specialties offered on the application form; members may write in others. */
export const SPECIALTIES = ["Love and relationships", "Career and money", "Spiritual growth", "Decisions", "Shadow work", "Yes or no questions"] as const;

/** "english, Spanish;  french" → ["English", "Spanish", "French"]: how languages are stored and matched. */
export function parseLanguages(text: string): string[] {
  const seen = new Map<string, string>();
  for (const part of text.split(/[,;/]|\band\b/i)) {
    const name = part.trim().replace(/\s+/g, " ");
    if (!name) continue;
    const key = name.toLocaleLowerCase("en");
    if (!seen.has(key)) seen.set(key, name.charAt(0).toLocaleUpperCase("en") + name.slice(1));
  }
  return [...seen.values()];
}

/** The longest introduction a reader may write: a line or two on the list. */
export const INTRODUCTION_MAX = 160;
