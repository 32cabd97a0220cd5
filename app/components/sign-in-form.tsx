import { Form, Link, useFetcher } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { SignInActionData, SignInMode } from "../auth/sign-in.server";
import { Input } from "~/components/ui/field";

export const SIGN_IN_TEXT = {
  "sign-in": { title: "Sign In", submit: "Send Magic Link", toggle: "Need an account? Create one" },
  create: { title: "Create Account", submit: "Create Account", toggle: "Already have an account? Sign in" },
  anonymousHint: "Create an account to save your progress and access all features!",
} as const;

type FormComponent = (props: ComponentProps<typeof Form>) => ReactNode;

type Props = {
  mode: SignInMode;
  redirectTo: string;
  isAnonymous: boolean;
  googleEnabled: boolean;
  /** Outside production only: say that Google is not set up rather than leave the button out. */
  googleNotice?: boolean;
  result: SignInActionData | undefined;
  busy: boolean;
  /** The page passes Remix's Form; the dialog passes its fetcher's Form so the page underneath stays. */
  FormComponent: FormComponent;
  /** How to switch mode and go back: links on the page, state changes in the dialog. */
  toggle: { href: string; onClick?: () => void };
  back: { href: string; onClick?: () => void };
  headingId?: string;
};

export function SignInForm(props: Props) {
  const { mode, redirectTo, result, busy, FormComponent, headingId = "sign-in-heading" } = props;
  const text = SIGN_IN_TEXT[mode];

  if (result?.state === "sent") {
    return (
      <div className="text-center">
        <MoonGlyph />
        <h2 id={headingId} className="mt-4 text-3xl font-bold">
          Magic Link Sent!
        </h2>
        <p className="mt-3 text-muted" role="status">
          We sent a sign-in link to <strong className="text-ink">{result.email}</strong>. Check your inbox and spam folder, then open the link in this browser.
        </p>
        <FormComponent method="post" action={mode === "create" ? "/signup" : "/login"} noValidate className="mt-6 text-left" data-testid="code-form">
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="email" value={result.email} />
          <label className="block text-sm font-semibold" htmlFor="sign-in-code">
            Reading the e-mail on another device? Type its code here
          </label>
          <div className="mt-1 flex gap-2">
            <Input
              id="sign-in-code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              placeholder="123 456"
              aria-invalid={result.codeError ? true : undefined}
              aria-describedby={result.codeError ? "sign-in-code-error" : undefined}
              className="mt-0 min-w-0 flex-1 text-center text-lg tracking-[0.3em]"
            />
            <button type="submit" className={cn(buttonClasses("primary", "lg"), "shrink-0")} disabled={busy}>
              {busy ? "Checking…" : "Sign in"}
            </button>
          </div>
          {result.codeError ? (
            <p id="sign-in-code-error" role="alert" className="mt-2 text-sm text-danger">
              {result.codeError}
            </p>
          ) : null}
        </FormComponent>
        <BackLink {...props.back} className={cn(buttonClasses("secondary"), "mt-6")}>
          Back to Sign In
        </BackLink>
      </div>
    );
  }

  if (result?.state === "exists") {
    return (
      <div className="text-center">
        <h2 id={headingId} className="text-3xl font-bold">
          Account Already Exists
        </h2>
        <p className="mt-3 text-muted">
          An account with <strong className="text-ink">{result.email}</strong> already exists. We can send a magic link to sign in to it, and everything from
          this session comes with you.
        </p>
        <div className="mt-6 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <BackLink {...props.back} className={buttonClasses("secondary")}>
            Cancel
          </BackLink>
          <FormComponent method="post" action="/signup">
            <input type="hidden" name="email" value={result.email} />
            <input type="hidden" name="fullName" value={result.fullName} />
            <input type="hidden" name="mode" value="create" />
            <input type="hidden" name="intent" value="merge" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" className={cn(buttonClasses("primary"), "w-full")} disabled={busy}>
              Send Magic Link
            </button>
          </FormComponent>
        </div>
      </div>
    );
  }

  const errors = result?.state === "form" ? result.errors : {};
  const values = result?.state === "form" ? result.values : { email: "", fullName: "" };
  return (
    <div>
      <h2 id={headingId} className="text-center text-3xl font-bold sm:text-4xl">
        {text.title}
      </h2>
      {props.isAnonymous ? <p className="mt-2 text-center text-sm text-muted">{SIGN_IN_TEXT.anonymousHint}</p> : null}
      {errors.form ? (
        <p role="alert" className="mt-4 rounded-xl border border-danger/40 px-4 py-3 text-sm text-danger">
          {errors.form}
        </p>
      ) : null}

      {props.googleEnabled || props.googleNotice ? (
        <>
          <GoogleButton enabled={props.googleEnabled} redirectTo={redirectTo} />
          <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-widest text-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-line" /> or <span className="h-px flex-1 bg-line" />
          </div>
        </>
      ) : (
        <div className="mt-6" />
      )}

      <FormComponent method="post" action={mode === "create" ? "/signup" : "/login"} noValidate className="grid gap-4">
        <input type="hidden" name="mode" value={mode} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {mode === "create" ? (
          <label className="block text-sm font-semibold">
            Full Name <span className="font-normal text-muted">(optional)</span>
            <Input name="fullName" type="text" autoComplete="name" defaultValue={values.fullName} maxLength={100} />
            {errors.fullName ? <span className="mt-1 block text-sm text-danger">{errors.fullName}</span> : null}
          </label>
        ) : null}
        <label className="block text-sm font-semibold">
          Email
          <Input
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            defaultValue={values.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "sign-in-email-error" : undefined}
            placeholder="you@example.com"
          />
          {errors.email ? (
            <span id="sign-in-email-error" role="alert" className="mt-1 block text-sm text-danger">
              {errors.email}
            </span>
          ) : null}
        </label>
        <button type="submit" className={cn(buttonClasses("primary", "lg"), "w-full")} disabled={busy}>
          {busy ? "Sending…" : text.submit}
        </button>
      </FormComponent>

      <p className="mt-6 text-center text-sm">
        <Link to={props.toggle.href} onClick={clickHandler(props.toggle.onClick)} className="font-semibold text-brand hover:underline">
          {text.toggle}
        </Link>
      </p>
    </div>
  );
}

function clickHandler(onClick: (() => void) | undefined) {
  if (!onClick) return undefined;
  return (event: React.MouseEvent) => {
    event.preventDefault();
    onClick();
  };
}

function BackLink({ href, onClick, className, children }: { href: string; onClick?: () => void; className: string; children: ReactNode }) {
  return (
    <Link to={href} onClick={clickHandler(onClick)} className={className}>
      {children}
    </Link>
  );
}

function GoogleButton({ enabled, redirectTo }: { enabled: boolean; redirectTo: string }) {
  const content = (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
        <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z" />
        <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
        <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
        <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
      </svg>
      Continue with Google
    </>
  );
  if (!enabled) {
    return (
      <div className="mt-6">
        <button type="button" disabled aria-describedby="google-unavailable" className={cn(buttonClasses("secondary", "lg"), "w-full")}>
          {content}
        </button>
        <p id="google-unavailable" className="mt-2 text-center text-xs text-muted">
          Google sign-in is not configured on this server. Use your e-mail instead.
        </p>
      </div>
    );
  }
  return (
    <Form method="post" action="/auth/google" reloadDocument className="mt-6">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={cn(buttonClasses("secondary", "lg"), "w-full")}>
        {content}
      </button>
    </Form>
  );
}

function MoonGlyph() {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className="mx-auto h-16 w-16 text-gold">
      <circle cx="32" cy="32" r="30" fill="none" stroke="currentColor" strokeWidth="2" opacity="0.4" />
      <path fill="currentColor" d="M40 14a20 20 0 1 0 10 28A16 16 0 0 1 40 14z" />
    </svg>
  );
}

/** The dialog's fetcher: one per page, so the dialog can be closed and reopened without losing the answer. */
export function useSignInFetcher() {
  return useFetcher<SignInActionData>({ key: "sign-in" });
}
