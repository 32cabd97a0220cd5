import { Badge } from "~/components/ui/badge";

/** The one label for text the AI wrote, wherever it is shown next to words written by people. */
export const WRITTEN_BY_AI = "Written by AI";

/** A reader's own words are never called the AI's: "your reader" to the client who asked, "a reader" to anyone else. */
export const WRITTEN_BY_YOUR_READER = "Written by your reader";
export const WRITTEN_BY_A_READER = "Written by a reader";

/** Who wrote a reading's interpretation: the AI at the table, or a reader answering a written reading. */
export type InterpretationBy = "ai" | "reader";

export function WrittenByAi({ className }: { className?: string }) {
  return (
    <Badge className={className}>
      <span data-testid="written-by-ai">{WRITTEN_BY_AI}</span>
    </Badge>
  );
}

export function WrittenByReader({ yours, className }: { yours: boolean; className?: string }) {
  return (
    <Badge className={className}>
      <span data-testid="written-by-reader">{yours ? WRITTEN_BY_YOUR_READER : WRITTEN_BY_A_READER}</span>
    </Badge>
  );
}
