import { Badge } from "~/components/ui/badge";

/** The one label for text the AI wrote, wherever it is shown next to words written by people. */
export const WRITTEN_BY_AI = "Written by AI";

export function WrittenByAi({ className }: { className?: string }) {
  return (
    <Badge className={className}>
      <span data-testid="written-by-ai">{WRITTEN_BY_AI}</span>
    </Badge>
  );
}
