/** Who wrote a reading's words, and how the page says so next to words written by people. */

/** The one label for text the AI wrote. */
export const WRITTEN_BY_AI = "Written by AI";

/** A reader's own words are never called the AI's: "your reader" to the client who asked, "a reader" to anyone else. */
export const WRITTEN_BY_YOUR_READER = "Written by your reader";
export const WRITTEN_BY_A_READER = "Written by a reader";

/** Who wrote a reading's interpretation: the AI at the table, or a reader answering a written reading. */
export type InterpretationBy = "ai" | "reader";
