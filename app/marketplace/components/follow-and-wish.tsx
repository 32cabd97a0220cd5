import { useFetcher, useLocation } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { Heart, ROUND_HEART_CLASSES } from "~/components/ui/heart";
import { cn } from "~/lib/cn";

/**
 * A form that changes something of the person's own and brings them back to the page they are on:
 * a plain POST with the page's address (a 303 back without JavaScript; with it, the fetcher shows
 * the new state at once and follows the same redirect).
 */
function useBackForm(action: string) {
  const fetcher = useFetcher({ key: action });
  const location = useLocation();
  const back = <input type="hidden" name="redirectTo" value={location.pathname + location.search} />;
  const pending = fetcher.formData?.get("intent");
  return { fetcher, back, pending: typeof pending === "string" ? pending : null };
}

/** The address a shop's follow form posts to. */
export const followPath = (username: string) => `/shop/${encodeURIComponent(username)}/follow`;
/** The address a deck's wishlist form posts to. */
export const wishPath = (deckId: string) => `/marketplace/${encodeURIComponent(deckId)}/wish`;

/** "Follow" or "Following" for a creator's shop; a visitor who presses it is asked to sign in. */
export function FollowButton({ username, name, following, className }: { username: string; name: string; following: boolean; className?: string }) {
  const action = followPath(username);
  const { fetcher, back, pending } = useBackForm(action);
  const shown = pending ? pending === "follow" : following;
  return (
    <fetcher.Form method="post" action={action} className={className} preventScrollReset>
      {back}
      <input type="hidden" name="intent" value={shown ? "unfollow" : "follow"} />
      <button
        type="submit"
        aria-pressed={shown}
        aria-label={shown ? `Following ${name}: press to unfollow` : `Follow ${name}`}
        data-testid="follow-button"
        className={cn(buttonClasses(shown ? "secondary" : "primary", "sm"), "min-w-28")}
      >
        {shown ? (
          <>
            <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.2">
              <path d="m4.5 10.5 3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Following
          </>
        ) : (
          "Follow"
        )}
      </button>
    </fetcher.Form>
  );
}

/**
 * Saves a deck to the wishlist or takes it off: a labelled button on the deck's page, a round
 * heart on its tile. A visitor who presses it is asked to sign in.
 */
export function WishButton({
  deckId,
  title,
  wished,
  compact = false,
  className,
}: {
  deckId: string;
  title: string;
  wished: boolean;
  compact?: boolean;
  className?: string;
}) {
  const action = wishPath(deckId);
  const { fetcher, back, pending } = useBackForm(action);
  const shown = pending ? pending === "wish" : wished;
  const label = shown ? `Remove ${title} from your wishlist` : `Save ${title} to your wishlist`;
  return (
    <fetcher.Form method="post" action={action} className={className} preventScrollReset>
      {back}
      <input type="hidden" name="intent" value={shown ? "unwish" : "wish"} />
      <button
        type="submit"
        aria-pressed={shown}
        aria-label={label}
        title={label}
        data-testid={compact ? "wish-heart" : "wish-button"}
        className={cn(
          compact ? ROUND_HEART_CLASSES : buttonClasses("secondary", "lg"),
          shown ? "text-rose-600 dark:text-rose-400" : compact ? "text-muted" : undefined,
        )}
      >
        <Heart filled={shown} />
        {compact ? null : shown ? "Saved" : "Save"}
      </button>
    </fetcher.Form>
  );
}

/** The wishlist's way to let a deck go: a plain button under its tile. */
export function RemoveWishButton({ deckId, title }: { deckId: string; title: string }) {
  const action = wishPath(deckId);
  const { fetcher, back } = useBackForm(action);
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="px-2">
      {back}
      <input type="hidden" name="intent" value="unwish" />
      <button
        type="submit"
        aria-label={`Remove ${title} from your wishlist`}
        data-testid="wish-remove"
        disabled={fetcher.state !== "idle"}
        className={cn(buttonClasses("ghost", "sm"), "w-full text-muted")}
      >
        Remove
      </button>
    </fetcher.Form>
  );
}
