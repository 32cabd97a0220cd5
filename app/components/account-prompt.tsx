import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { accountPromptText } from "~/auth/account-prompt";
import { signInHref } from "~/components/sign-in-dialog";
import { useRootData } from "~/auth/root-data";
import { buttonClasses } from "./ui/button";

/**
 * Under the header, for a guest who has saved a deck or a reading: a suggestion to create an
 * account, which "Not now" puts away for good in this browser (a plain form post without JavaScript).
 */
export function AccountPrompt({ onCreateClick }: { onCreateClick?: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  const moments = useRootData()?.accountPrompt ?? [];
  const location = useLocation();
  const fetcher = useFetcher({ key: "account-prompt" });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const onSignInPage = location.pathname === "/login" || location.pathname === "/signup";
  // Gone as soon as "Not now" is pressed; the root data agrees once the answer is back.
  if (moments.length === 0 || onSignInPage || fetcher.state !== "idle") return null;
  return (
    <aside aria-label="Keep what you made" data-testid="account-prompt" className="mx-auto w-full max-w-7xl px-4 pt-3 sm:px-6">
      <div className="flex flex-col gap-3 rounded-2xl border border-gold/40 bg-gold/10 px-5 py-4 text-sm sm:flex-row sm:items-center sm:gap-6">
        <p className="flex-1">{accountPromptText(moments)}</p>
        <div className="flex shrink-0 items-center gap-2">
          <Link to={signInHref(location.pathname, location.search, "create")} onClick={onCreateClick} className={buttonClasses("primary", "sm")}>
            Create account
          </Link>
          <fetcher.Form method="post" action="/account-prompt">
            {moments.map((moment) => (
              <input key={moment} type="hidden" name="dismiss" value={moment} />
            ))}
            {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
            <button type="submit" className={buttonClasses("ghost", "sm")}>
              Not now
            </button>
          </fetcher.Form>
        </div>
      </div>
    </aside>
  );
}
