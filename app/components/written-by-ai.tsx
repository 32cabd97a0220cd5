import { Badge } from "~/components/ui/badge";
import { WRITTEN_BY_A_READER, WRITTEN_BY_AI, WRITTEN_BY_YOUR_READER } from "~/ai/authorship";

/** The label on text the AI wrote, wherever it is shown next to words written by people. */
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
