import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { useOptionalUser, useRootData } from "~/auth/root-data";
import type { SignInActionData, SignInMode } from "../auth/sign-in.server";
import { SignInForm, useSignInFetcher } from "./sign-in-form";

/** Where the Sign In link goes without JavaScript: the full page, coming back here afterwards. */
export function signInHref(pathname: string, search: string, mode: SignInMode = "sign-in") {
  const page = mode === "create" ? "/signup" : "/login";
  const here = pathname + search;
  return pathname === "/login" || pathname === "/signup" || here === "/" ? page : `${page}?redirectTo=${encodeURIComponent(here)}`;
}

/**
 * The sign-in dialog over the current page. Links keep pointing at `/login` and `/signup` (the
 * same form as a whole page, for a visit with no JavaScript or a new tab); a plain click opens
 * the dialog instead, and the answer comes back through a fetcher so the page underneath stays.
 */
export function useSignInDialog() {
  const [mode, setMode] = useState<SignInMode | null>(null);
  const open = useCallback((next: SignInMode = "sign-in") => setMode(next), []);
  const onLinkClick = useCallback(
    (next: SignInMode) => (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      // A menu the link sits in closes behind the dialog.
      event.currentTarget.closest("details")?.removeAttribute("open");
      setMode(next);
    },
    [],
  );
  const dialog = <SignInDialog mode={mode} onModeChange={setMode} onClose={() => setMode(null)} />;
  return { open, onLinkClick, dialog };
}

function SignInDialog({ mode, onModeChange, onClose }: { mode: SignInMode | null; onModeChange: (mode: SignInMode) => void; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const user = useOptionalUser();
  const rootData = useRootData();
  const googleEnabled = Boolean(rootData?.googleEnabled);
  const googleNotice = Boolean(rootData?.googleNotice);
  const location = useLocation();
  const fetcher = useSignInFetcher();
  // The fetcher keeps its last answer; "Back to Sign In" and reopening start from the form again.
  const [dismissed, setDismissed] = useState<SignInActionData | undefined>(undefined);
  const result = fetcher.data === dismissed ? undefined : fetcher.data;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (mode && !dialog.open) dialog.showModal();
    if (!mode && dialog.open) dialog.close();
  }, [mode]);

  const close = () => {
    setDismissed(fetcher.data);
    onClose();
  };
  const redirectTo = location.pathname + location.search;
  const here = signInHref(location.pathname, location.search, mode ?? "sign-in");

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- see the handler's comment
    <dialog
      ref={ref}
      aria-labelledby="sign-in-dialog-heading"
      onClose={close}
      // A click on the shade closes it too; the keyboard has Escape, which every dialog answers.
      onClick={(event) => {
        if (event.target === ref.current) close();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-3xl border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/60 backdrop:backdrop-blur-sm"
    >
      {mode ? (
        <div className="relative p-6 sm:p-8">
          <button
            type="button"
            onClick={close}
            aria-label="Close"
            className="absolute right-3 top-3 grid h-10 w-10 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-ink"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5">
              <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
          <SignInForm
            mode={mode}
            redirectTo={redirectTo === "/login" || redirectTo === "/signup" ? "/" : redirectTo}
            isAnonymous={!user || user.isGuest}
            googleEnabled={googleEnabled}
            googleNotice={googleNotice}
            result={result}
            busy={fetcher.state === "submitting"}
            FormComponent={fetcher.Form}
            headingId="sign-in-dialog-heading"
            toggle={{ href: here, onClick: () => onModeChange(mode === "create" ? "sign-in" : "create") }}
            back={{ href: here, onClick: () => setDismissed(fetcher.data) }}
          />
        </div>
      ) : null}
    </dialog>
  );
}
