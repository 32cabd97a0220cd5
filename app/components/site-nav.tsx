import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { displayName } from "~/auth/display-name";
import { signInHref, useSignInDialog } from "~/components/sign-in-dialog";
import { CREDITS_PATH, deckCreditsLabel, deckCreditsTitle } from "~/credits/badge";
import { useIsStaff, useOptionalUser } from "~/auth/root-data";
import { useDisclosure } from "~/lib/use-disclosure";
import { cn } from "~/lib/cn";
import { AccountPrompt } from "./account-prompt";
import { Wordmark } from "./logo";
import { ThemeToggle } from "./theme-toggle";
import { Avatar } from "./avatar";

/** `document`: opened as a new document, because that page's permissions (camera, microphone) differ. */
type NavItem = {
  to: string;
  label: string;
  match: string;
  /** Shown to members, and to guests once they have saved a deck or a reading. */
  yours?: boolean;
  /** Shown to members, and to guests once they have saved something, on a phone too. */
  saved?: boolean;
  /** Shown to members only. */
  membersOnly?: boolean;
  signedOutOnly?: boolean;
  document?: boolean;
};

const NAV_ITEMS: NavItem[] = [
  { to: "/marketplace", label: "Marketplace", match: "/marketplace" },
  { to: "/readers", label: "Readers", match: "/readers" },
  { to: "/reading-room?create=true", label: "Reading Room", match: "/reading-room", document: true },
  { to: "/collection", label: "My Collection", match: "/collection", yours: true },
  { to: "/journal", label: "Journal", match: "/journal", saved: true },
  { to: "/create-deck", label: "Create", match: "/create-deck", membersOnly: true },
  { to: "/pricing", label: "Pricing", match: "/pricing", signedOutOnly: true },
];

/** The daily practice: open to everyone, grouped under one entry in the bar and one heading in the phone menu. */
const PRACTICE_ITEMS: { to: string; label: string }[] = [
  { to: "/today", label: "Card of the Day" },
  { to: "/cards", label: "Card Meanings" },
  { to: "/guides", label: "Guides" },
  { to: "/spreads", label: "Spreads" },
  { to: "/learn", label: "Learn" },
];

function useVisibleItems(mobile: boolean) {
  const user = useOptionalUser();
  const isMember = Boolean(user && !user.isGuest);
  const guestHasSaved = Boolean(user?.isGuest && (user.guestSaved.deck || user.guestSaved.reading));
  return NAV_ITEMS.filter((item) => {
    if (item.signedOutOnly) return !isMember;
    if (item.saved) return isMember || guestHasSaved;
    if (item.membersOnly) return isMember;
    // A member's mobile menu lists My Collection among the account entries.
    if (item.yours) return mobile ? guestHasSaved : isMember || guestHasSaved;
    return true;
  });
}

function isCurrent(pathname: string, match: string) {
  return pathname === match || pathname.startsWith(`${match}/`);
}

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

export function SiteNav() {
  const user = useOptionalUser();
  const location = useLocation();
  const scrolled = useScrolledPast(10);
  const items = useVisibleItems(false);
  const isMember = Boolean(user && !user.isGuest);
  const signIn = useSignInDialog();
  // On the sign-in pages themselves the link just goes there; no dialog over the same form.
  const onSignInPage = location.pathname === "/login" || location.pathname === "/signup";
  const onSignInClick = onSignInPage ? undefined : signIn.onLinkClick("sign-in");

  return (
    <>
      <header
        data-scrolled={scrolled ? "true" : "false"}
        className={cn(
          "site-nav sticky top-0 z-40 border-b transition-[background-color,border-color,backdrop-filter] duration-200 print:hidden",
          scrolled ? "border-line bg-bg/85 backdrop-blur-md" : "border-transparent bg-transparent",
        )}
      >
        <noscript>
          <style>{`.site-nav{background:color-mix(in oklab,var(--bg) 88%,transparent);backdrop-filter:blur(12px);border-color:var(--line)}`}</style>
        </noscript>
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:gap-3 xl:gap-4">
          <Link to="/" className="shrink-0 rounded-md" aria-label="Arcanum home">
            <Wordmark />
          </Link>

          <ul className="ml-2 hidden items-center gap-0.5 lg:flex xl:ml-6 xl:gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  reloadDocument={item.document}
                  prefetch={item.document ? "none" : "intent"}
                  aria-current={isCurrent(location.pathname, item.match) ? "page" : undefined}
                  className={cn(
                    "whitespace-nowrap rounded-full px-2.5 py-2 text-sm font-medium transition xl:px-3",
                    isCurrent(location.pathname, item.match) ? "bg-brand-soft text-ink" : "text-muted hover:bg-surface-2 hover:text-ink",
                  )}
                >
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <PracticeMenu />
            </li>
          </ul>

          <div className="ml-auto flex items-center gap-2">
            {isMember && user ? (
              <Link
                to={CREDITS_PATH}
                className="hidden whitespace-nowrap rounded-full border border-gold-bright/60 px-3 py-1.5 text-xs font-semibold text-gold hover:bg-gold-bright/10 lg:inline-flex"
                title={deckCreditsTitle(user.deckCredits)}
                data-testid="deck-badge"
              >
                {deckCreditsLabel(user.deckCredits)}
              </Link>
            ) : null}
            <ThemeToggle />
            {isMember && user ? (
              <AvatarMenu />
            ) : (
              <Link
                to={signInHref(location.pathname, location.search)}
                onClick={onSignInClick}
                className="hidden h-10 items-center rounded-full bg-brand px-4 text-sm font-semibold text-brand-ink transition hover:brightness-110 lg:inline-flex"
              >
                Sign In
              </Link>
            )}
            <MobileMenu onSignInClick={onSignInClick} />
          </div>
        </nav>
        {isMember ? null : signIn.dialog}
      </header>
      {isMember ? null : <AccountPrompt onCreateClick={onSignInPage ? undefined : signIn.onLinkClick("create")} />}
    </>
  );
}

function PracticeMenu() {
  const location = useLocation();
  const ref = useDisclosure();
  const current = PRACTICE_ITEMS.some((item) => isCurrent(location.pathname, item.to));
  return (
    <details ref={ref} className="relative" data-testid="practice-menu">
      <summary
        className={cn(
          "flex cursor-pointer list-none items-center gap-0.5 whitespace-nowrap rounded-full px-2.5 py-2 text-sm font-medium transition xl:px-3",
          current ? "bg-brand-soft text-ink" : "text-muted hover:bg-surface-2 hover:text-ink",
        )}
      >
        Practice
        <svg viewBox="0 0 20 20" aria-hidden="true" className="h-3.5 w-3.5">
          <path fill="currentColor" d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </summary>
      <ul aria-label="Daily practice" className="absolute left-0 mt-2 w-52 overflow-hidden rounded-2xl border border-line bg-surface p-1.5 shadow-xl">
        {PRACTICE_ITEMS.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={isCurrent(location.pathname, item.to) ? "page" : undefined}
              className={cn("block rounded-lg px-3 py-2 text-sm", isCurrent(location.pathname, item.to) ? "bg-brand-soft" : "hover:bg-surface-2")}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

function AvatarMenu() {
  const user = useOptionalUser();
  const ref = useDisclosure();
  if (!user) return null;
  const name = displayName(user);
  return (
    <details ref={ref} className="relative hidden lg:block" data-testid="avatar-menu">
      <summary
        aria-label={`Account menu for ${name}`}
        className="flex cursor-pointer items-center gap-2 rounded-full border border-line bg-surface/70 p-1 hover:bg-surface-2 xl:pr-3"
      >
        <Avatar name={name} url={user.avatarUrl} size={32} />
        <span className="hidden max-w-32 truncate text-sm font-medium xl:inline">{name}</span>
      </summary>
      <div className="absolute right-0 mt-2 w-60 overflow-hidden rounded-2xl border border-line bg-surface shadow-xl">
        <p className="border-b border-line px-4 py-3 text-sm">
          <span className="block truncate font-semibold">{name}</span>
          {user.plan.state === "subscribed" ? <span className="text-xs text-gold">{`${user.plan.planName} plan`}</span> : null}
        </p>
        <AccountLinks className="flex flex-col p-1.5" itemClassName="rounded-lg px-3 py-2 text-sm hover:bg-surface-2" />
      </div>
    </details>
  );
}

/** The account entries, shared by the avatar menu and the mobile menu. */
function AccountLinks({ className, itemClassName }: { className?: string; itemClassName?: string }) {
  const user = useOptionalUser();
  const staff = useIsStaff();
  if (!user) return null;
  return (
    <ul className={className}>
      <li>
        <Link className={cn("block", itemClassName)} to="/profile">
          Profile
        </Link>
      </li>
      <li>
        <Link className={cn("block", itemClassName)} to="/collection">
          My Collection
        </Link>
      </li>
      <li>
        <Link className={cn("block", itemClassName)} to={CREDITS_PATH}>
          Credits
        </Link>
      </li>
      {user.isGuest ? null : (
        <li>
          <Link className={cn("block", itemClassName)} to="/balance">
            Reading Balance
          </Link>
        </li>
      )}
      {user.isGuest ? null : (
        <li>
          <Link className={cn("block", itemClassName)} to="/messages">
            Messages
          </Link>
        </li>
      )}
      {user.isGuest ? null : (
        <li>
          <Link className={cn("block", itemClassName)} to="/wishlist">
            Wishlist
          </Link>
        </li>
      )}
      {user.isGuest ? null : (
        <li>
          <Link className={cn("block", itemClassName)} to="/following">
            Following
          </Link>
        </li>
      )}
      <li>
        {/* Pricing leaves the bar once signed in; a member not yet subscribed upgrades from the plans. */}
        {user.plan.state === "subscribed" || user.plan.state === "payment_due" ? (
          <Link className={cn("block", itemClassName)} to="/subscription">
            {`Your ${user.plan.planName} plan`}
          </Link>
        ) : (
          <Link className={cn("block", itemClassName)} to="/pricing" data-testid="upgrade-link">
            Upgrade your plan
          </Link>
        )}
      </li>
      <li>
        {user.isReader ? (
          <Link className={cn("block", itemClassName)} to="/reader-dashboard">
            Reader Dashboard
          </Link>
        ) : (
          <Link className={cn("block", itemClassName)} to="/become-reader">
            Become a Reader
          </Link>
        )}
      </li>
      {staff ? (
        <li>
          <Link className={cn("block", itemClassName)} to="/staff/reports" data-testid="staff-link">
            Staff
          </Link>
        </li>
      ) : null}
      <li>
        <Form method="post" action="/logout">
          <button type="submit" className={cn("w-full text-left", itemClassName)}>
            Sign Out
          </button>
        </Form>
      </li>
    </ul>
  );
}

function MobileMenu({ onSignInClick }: { onSignInClick?: (event: React.MouseEvent<HTMLAnchorElement>) => void }) {
  const user = useOptionalUser();
  const location = useLocation();
  const ref = useDisclosure();
  const items = useVisibleItems(true);
  const isMember = Boolean(user && !user.isGuest);
  return (
    <details ref={ref} className="group lg:hidden" data-testid="mobile-menu">
      <summary aria-label="Menu" className="grid h-10 w-10 cursor-pointer place-items-center rounded-full border border-line bg-surface/70">
        <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 group-open:hidden">
          <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="hidden h-5 w-5 group-open:block">
          <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
        </svg>
      </summary>
      <div className="absolute inset-x-0 top-16 border-b border-line bg-bg/95 px-4 pb-6 pt-2 shadow-xl backdrop-blur-md">
        <ul className="flex flex-col gap-1">
          {items.map((item) => (
            <li key={item.to}>
              <PhoneMenuLink to={item.to} reloadDocument={item.document} current={isCurrent(location.pathname, item.match)}>
                {item.label}
              </PhoneMenuLink>
            </li>
          ))}
        </ul>
        <nav aria-label="Daily practice" className="mt-3 border-t border-line pt-3">
          <h2 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted">Daily practice</h2>
          <ul className="grid grid-cols-2 gap-1">
            {PRACTICE_ITEMS.map((item) => (
              <li key={item.to}>
                <PhoneMenuLink to={item.to} current={isCurrent(location.pathname, item.to)}>
                  {item.label}
                </PhoneMenuLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-3 border-t border-line pt-3">
          {isMember && user ? (
            <>
              <p className="px-3 pb-1 text-sm font-semibold">{displayName(user)}</p>
              <AccountLinks className="flex flex-col gap-1" itemClassName="rounded-xl px-3 py-3 text-base hover:bg-surface-2" />
            </>
          ) : (
            <Link
              to={signInHref(location.pathname, location.search)}
              onClick={onSignInClick}
              className="flex h-12 items-center justify-center rounded-full bg-brand font-semibold text-brand-ink"
            >
              Sign In
            </Link>
          )}
        </div>
      </div>
    </details>
  );
}

/** An entry of the phone menu, marked when it is the page shown. */
function PhoneMenuLink({ to, reloadDocument, current, children }: { to: string; reloadDocument?: boolean; current: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      reloadDocument={reloadDocument}
      aria-current={current ? "page" : undefined}
      className={cn("block rounded-xl px-3 py-3 text-base font-medium", current ? "bg-brand-soft" : "hover:bg-surface-2")}
    >
      {children}
    </Link>
  );
}
