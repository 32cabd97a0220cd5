import { Form, Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { EXPLORER_PLUS, formatPlanPrice } from "~/plans/catalogue";

const link = "font-semibold text-brand underline";

/** What Explorer Plus does for a Major Arcana deck, from the catalogue. */
export function explorerPlusPitch() {
  return `Explorer Plus is a one-off purchase that makes this deck’s ${EXPLORER_PLUS.cardCount} Minor Arcana in the same style, with ${EXPLORER_PLUS.regenerations} repaints.`;
}

/** The deck page's purchase of Explorer Plus for the deck it shows; a plain form, so it works without JavaScript. */
export function ExplorerPlusForm() {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="buy-explorer" />
      <button type="submit" className={buttonClasses("gold")}>
        Complete it with Explorer Plus ({formatPlanPrice(EXPLORER_PLUS)})
      </button>
    </Form>
  );
}

/**
 * The ways to a full deck for someone without a complete-deck credit: a Major Arcana deck completed
 * with Explorer Plus on its page, or a subscription. Both are bought with an account.
 */
export function FullDeckWays({ isGuest, className }: { isGuest: boolean; className?: string }) {
  return (
    <div className={cn("text-sm", className)} data-testid="full-deck-ways">
      <p className="font-semibold">A full deck needs a complete-deck credit. Two ways to have all 78 cards:</p>
      <ul className="mt-2 grid list-disc gap-1.5 pl-5">
        <li>
          Make a Major Arcana deck (or open one from{" "}
          <Link to="/collection" className={link}>
            your collection
          </Link>
          ), then complete it on its page with <strong>Explorer Plus</strong>: a one-off {formatPlanPrice(EXPLORER_PLUS)} for its {EXPLORER_PLUS.cardCount}{" "}
          Minor Arcana in the same style.
        </li>
        <li>
          Subscribe: every plan brings complete-deck credits each month.{" "}
          <Link to="/pricing" className={link}>
            See plans
          </Link>
        </li>
      </ul>
      {isGuest ? (
        <p className="mt-2">
          Both need an account:{" "}
          <Link to="/signup?redirectTo=%2Fcreate-deck" className={link}>
            create one
          </Link>
          , and your decks come with you.
        </p>
      ) : null}
    </div>
  );
}
