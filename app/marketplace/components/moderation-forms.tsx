import { Form } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { Textarea } from "~/components/ui/field";

export type ModerationResult = { ok: boolean; message: string; deckId?: string; field?: string };

/** A one-button staff action on a deck (dismiss, unhide, feature, unfeature). */
export function DeckActionButton({
  deckId,
  intent,
  label,
  variant = "secondary",
}: {
  deckId: string;
  intent: string;
  label: string;
  variant?: "secondary" | "primary" | "gold";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="deckId" value={deckId} />
      <button type="submit" className={buttonClasses(variant, "sm")}>
        {label}
      </button>
    </Form>
  );
}

/** Hides a deck from the marketplace with the reason its creator will read. */
export function HideDeckForm({ deckId, result }: { deckId: string; result: ModerationResult | undefined }) {
  const error = result && !result.ok && result.deckId === deckId && result.field === "reason" ? result.message : undefined;
  const helpId = `hide-help-${deckId}`;
  return (
    <Form method="post" className="grid gap-2">
      <input type="hidden" name="intent" value="hide" />
      <input type="hidden" name="deckId" value={deckId} />
      <label className="text-sm font-semibold">
        Reason the creator will read
        <Textarea name="reason" rows={2} maxLength={500} required aria-invalid={error ? true : undefined} aria-describedby={helpId} />
        <span id={helpId} role={error ? "alert" : undefined} className={cn("mt-1 block font-normal", error ? "text-danger" : "text-muted")}>
          {error ?? "Shown on the creator's deck page. Buyers keep the deck."}
        </span>
      </label>
      <div>
        <button type="submit" className={buttonClasses("primary", "sm")}>
          Hide from the marketplace
        </button>
      </div>
    </Form>
  );
}

/** The outcome of the last action, next to the deck it was about. */
export function ModerationMessage({ deckId, result }: { deckId: string; result: ModerationResult | undefined }) {
  if (!result || result.deckId !== deckId || result.field) return null;
  return (
    <p role={result.ok ? "status" : "alert"} className={cn("text-sm", result.ok ? "" : "text-danger")}>
      {result.message}
    </p>
  );
}
