import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { Heart, ROUND_HEART_CLASSES } from "~/components/ui/heart";
import { cn } from "~/lib/cn";

/** A favourite as the pages know it: whether the reader is one, and whether its online notices are on. */
export type FavouriteState = { favourite: boolean; notify: boolean };

/** The state after an intent, as the server will make it: what the page shows while the form is on its way. */
function afterIntent(state: FavouriteState, intent: FormDataEntryValue | null | undefined): FavouriteState {
  switch (intent) {
    case "favourite":
      return { favourite: true, notify: state.favourite ? state.notify : true };
    case "unfavourite":
      return { favourite: false, notify: false };
    case "notify-on":
      return { favourite: true, notify: true };
    case "notify-off":
      return { favourite: state.favourite, notify: false };
    default:
      return state;
  }
}

function useFavourite(username: string, saved: FavouriteState) {
  const fetcher = useFetcher<{ favourite: boolean; notify: boolean } | { error: string }>({ key: `favourite-${username}` });
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const answered = fetcher.data && "favourite" in fetcher.data ? fetcher.data : null;
  const state = fetcher.formData ? afterIntent(answered ?? saved, fetcher.formData.get("intent")) : (answered ?? saved);
  const error = fetcher.state === "idle" && fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  const back = hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />;
  return { fetcher, state, error, back, action: `/readers/${encodeURIComponent(username)}/favourite` };
}

/** The round heart on a reader's card in the list: one press favourites, another unfavourites. */
export function FavouriteHeart({ username, name, saved, className }: { username: string; name: string; saved: FavouriteState; className?: string }) {
  const { fetcher, state, back, action } = useFavourite(username, saved);
  const label = state.favourite ? `Remove ${name} from your readers` : `Add ${name} to your readers`;
  return (
    <fetcher.Form method="post" action={action} className={className}>
      {back}
      <input type="hidden" name="intent" value={state.favourite ? "unfavourite" : "favourite"} />
      <button
        type="submit"
        aria-pressed={state.favourite}
        aria-label={label}
        title={label}
        data-testid="favourite-heart"
        className={cn(ROUND_HEART_CLASSES, state.favourite ? "text-rose-600 dark:text-rose-400" : "text-muted")}
      >
        <Heart filled={state.favourite} />
      </button>
    </fetcher.Form>
  );
}

/**
 * A reader's page and the profile's list: "Favourite" or "Favourited", and once a favourite, the
 * "Notify me when online" switch for that reader.
 */
export function FavouriteControls({
  username,
  name,
  saved,
  className,
  whenNotified,
}: {
  username: string;
  name: string;
  saved: FavouriteState;
  className?: string;
  /** Shown while notices are on: such as the button that takes them on this device. */
  whenNotified?: ReactNode;
}) {
  const { fetcher, state, error, back, action } = useFavourite(username, saved);
  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)} data-testid="favourite-controls">
      <fetcher.Form method="post" action={action}>
        {back}
        <input type="hidden" name="intent" value={state.favourite ? "unfavourite" : "favourite"} />
        <button
          type="submit"
          aria-pressed={state.favourite}
          aria-label={state.favourite ? `Remove ${name} from your readers` : `Add ${name} to your readers`}
          data-testid="favourite-button"
          className={cn(buttonClasses("secondary", "sm"), "gap-2", state.favourite && "text-rose-700 dark:text-rose-300")}
        >
          <Heart filled={state.favourite} />
          {state.favourite ? "Favourite" : "Add to favourites"}
        </button>
      </fetcher.Form>
      {state.favourite ? (
        <fetcher.Form method="post" action={action}>
          {back}
          <input type="hidden" name="intent" value={state.notify ? "notify-off" : "notify-on"} />
          <button type="submit" role="switch" aria-checked={state.notify} data-testid="notify-switch" className={cn(buttonClasses("ghost", "sm"), "gap-2")}>
            <span aria-hidden="true" className={cn("relative inline-block h-5 w-9 rounded-full transition", state.notify ? "bg-brand" : "bg-line")}>
              <span className={cn("absolute top-0.5 size-4 rounded-full bg-surface shadow transition-all", state.notify ? "left-4.5" : "left-0.5")} />
            </span>
            Notify me when online
          </button>
        </fetcher.Form>
      ) : null}
      {state.favourite && state.notify && whenNotified ? <div className="w-full">{whenNotified}</div> : null}
      {error ? (
        <p role="alert" className="w-full text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
