/**
 * What a person adds to their journal beyond the reading itself: tags and a mood, and the filters
 * they look through it with. Shared by the server (validation) and the page (the choices shown).
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";

export const JOURNAL_MOODS = ["hopeful", "calm", "curious", "grateful", "joyful", "uncertain", "anxious", "sad"] as const;
export type JournalMood = (typeof JOURNAL_MOODS)[number];

export const MAX_TAGS = 10;
/** What one journal import may hold: more than any journal here, less than a Worker should parse at once. */
export const IMPORT_MAX_BYTES = 4 * 1024 * 1024;
export const MAX_TAG_LENGTH = 30;

/** Tags as typed, comma-separated: trimmed, lower case, inner spaces kept single, duplicates and empties dropped. */
export function tidyTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((tag) => tag.trim().toLowerCase().replace(/\s+/g, " "))
        .filter(Boolean),
    ),
  ];
}

/** Tags as typed (`tidyTags`); a tag holds letters, digits, spaces and hyphens. */
export const tagsField = lazySchema(() =>
  z
    .string()
    .max(600, "Keep your tags shorter")
    .transform(tidyTags)
    .pipe(
      z
        .array(
          z
            .string()
            .max(MAX_TAG_LENGTH, `Keep each tag under ${MAX_TAG_LENGTH + 1} characters`)
            .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, "Tags may hold letters, digits, spaces and hyphens"),
        )
        .max(MAX_TAGS, `At most ${MAX_TAGS} tags`),
    ),
);

/** A mood from the list, or "" for none said (then null). */
export const moodField = lazySchema(() => z.enum(["", ...JOURNAL_MOODS], { message: "Choose one of the moods offered" }).transform((mood) => mood || null));

export const tagsForm = lazySchema(() =>
  z.object({
    tags: tagsField,
    mood: moodField,
  }),
);

/** The journal's filters, from the page's address; anything unreadable is simply not a filter. */
export const journalFilters = lazySchema(() =>
  z.object({
    q: z.string().trim().max(200).optional().catch(undefined),
    deck: z.string().trim().max(64).optional().catch(undefined),
    spread: z.string().trim().max(64).optional().catch(undefined),
    card: z.string().trim().max(32).optional().catch(undefined),
    tag: z.string().trim().toLowerCase().max(MAX_TAG_LENGTH).optional().catch(undefined),
    mood: z.enum(JOURNAL_MOODS).optional().catch(undefined),
  }),
);
export type JournalFilters = z.infer<typeof journalFilters>;

/** The deck filter's value for readings with the classic deck (which has no id). */
export const CLASSIC_DECK = "classic";
/** The deck filter's value for readings done with a physical deck and logged by hand. */
export const PHYSICAL_DECKS = "physical";
export const PHYSICAL_DECKS_TITLE = "Your physical decks";

export function activeFilterCount(filters: JournalFilters): number {
  return [filters.deck, filters.spread, filters.card, filters.tag, filters.mood].filter(Boolean).length;
}
