import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import type { SignInLoaderData } from "./sign-in.server";

/** The sign-in and create-account page. E-mail and Google sign-in arrive with the identity work; until then, demo accounts stand in outside production. */
export function SignInPage({ mode }: { mode: "sign-in" | "create" }) {
  const { demoAccounts, redirectTo } = useLoaderData<SignInLoaderData>();
  const error = useActionData<{ error?: string }>()?.error;
  const [params] = useSearchParams();
  const title = mode === "sign-in" ? "Sign In" : "Create Account";
  const toggle = mode === "sign-in"
    ? { text: "Need an account? Create one", to: "/signup" }
    : { text: "Already have an account? Sign in", to: "/login" };
  const toggleSearch = params.toString() ? `?${params.toString()}` : "";
  return (
    <div className="px-4 pt-12 sm:pt-20">
      <Panel>
        <h1 className="text-center text-4xl font-bold">{title}</h1>
        <p className="mt-3 text-center text-muted">
          Sign-in by e-mail link and with Google is being set up and is not available yet.
        </p>
        {error ? (
          <p role="alert" className="mt-4 rounded-xl border border-danger/40 px-4 py-3 text-sm text-danger">
            {error}
          </p>
        ) : null}
        {demoAccounts.length > 0 ? (
          <section aria-labelledby="demo-heading" className="mt-8">
            <h2 id="demo-heading" className="text-2xl font-bold">Demo accounts</h2>
            <p className="mt-1 text-sm text-muted">This is a development build: continue as one of the seeded accounts.</p>
            <ul className="mt-4 grid gap-2">
              {demoAccounts.map((account) => (
                <li key={account.id}>
                  <Form method="post" className="contents">
                    <input type="hidden" name="userId" value={account.id} />
                    <input type="hidden" name="redirectTo" value={redirectTo} />
                    <button
                      type="submit"
                      className="flex w-full items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-3 text-left transition hover:bg-surface-2"
                    >
                      <Avatar name={account.fullName ?? account.username ?? "?"} url={null} size={36} />
                      <span className="flex-1">
                        <span className="block font-semibold">Continue as {account.fullName ?? account.username}</span>
                        <span className="block text-xs text-muted">
                          @{account.username}
                          {account.isReader ? " · reader" : ""}
                          {account.isCreator ? " · creator" : ""}
                        </span>
                      </span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="mt-8 text-center text-sm">
          <Link to={`${toggle.to}${toggleSearch}`} className="font-semibold text-brand hover:underline">
            {toggle.text}
          </Link>
        </p>
        <p className="mt-2 text-center text-sm">
          <Link to="/" className={buttonClasses("ghost", "sm")}>Back home</Link>
        </p>
      </Panel>
    </div>
  );
}
