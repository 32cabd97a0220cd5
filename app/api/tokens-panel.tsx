import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { TokenActionData } from "~/api/token-panel.server";
import { SCOPE_LABEL, type TokenScope } from "~/api/tokens";
import { buttonClasses } from "~/components/ui/button";
import { longDate } from "~/lib/format";
import { Input } from "~/components/ui/field";
import { CopyButton } from "~/components/copy-button";

type Token = { id: string; name: string; scope: TokenScope; prefix: string; createdAt: number; lastUsedAt: number | null };

/** The profile's API tokens: make one (shown once), see the live ones, revoke one. */
export function ApiTokensPanel({ access, tokens }: { access: boolean; tokens: Token[] }) {
  const answer = useActionData<TokenActionData | { intent?: string }>();
  const result = answer && "intent" in answer && (answer.intent === "create-token" || answer.intent === "revoke-token") ? (answer as TokenActionData) : null;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const created = result?.ok && result.intent === "create-token" ? result : null;
  const createErrors = result && !result.ok && result.intent === "create-token" ? result.errors : {};
  const revokeError = result && !result.ok && result.intent === "revoke-token" ? result.errors.form : null;
  const revoked = result?.ok && result.intent === "revoke-token" ? result.message : null;
  const values = result && !result.ok ? (result.values ?? {}) : {};
  const form = useRef<HTMLFormElement>(null);
  // Each new token is a new answer: the form empties for the next one.
  useEffect(() => {
    if (created) form.current?.reset();
  }, [created]);

  if (!access && tokens.length === 0) {
    return (
      <section aria-labelledby="api-heading" className="rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-8">
        <h2 id="api-heading" className="text-2xl font-bold">
          API access
        </h2>
        <p className="mt-3 text-sm text-muted">
          Reach your decks from your own programs with a personal token. API access is part of the{" "}
          <Link to="/pricing" className="font-semibold text-brand underline">
            Visionary plan
          </Link>
          .{" "}
          <Link to="/developers" className="underline underline-offset-2">
            How the API works
          </Link>
          .
        </p>
      </section>
    );
  }

  return (
    <section id="api-tokens" aria-labelledby="api-heading" className="rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-8">
      <h2 id="api-heading" className="text-2xl font-bold">
        API tokens
      </h2>
      <p className="mt-3 text-sm text-muted">
        A token lets your own programs read your decks, and with write access make new ones with your credits.{" "}
        <Link to="/developers" className="underline underline-offset-2">
          How the API works
        </Link>
        .{access ? null : <> Your plan no longer includes the API, so these tokens are refused until it does.</>}
      </p>

      {created ? (
        // The sentence is announced, not the token itself; the Copy button says what it did in a status of its own.
        <section aria-label="Your new token" className="mt-6 rounded-2xl border border-gold/50 bg-gold/10 p-4">
          <p role="status" className="text-sm font-semibold">
            Your new token “{created.name}”. Copy it now: it is not shown again.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <label htmlFor="new-api-token" className="sr-only">
              Token
            </label>
            <Input
              readOnly
              id="new-api-token"
              value={created.token}
              data-testid="new-api-token"
              className="min-w-0 flex-1 font-mono text-sm"
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={created.token} fieldId="new-api-token" what="token" />
          </div>
        </section>
      ) : null}
      {revoked ? (
        <p role="status" className="mt-4 text-sm text-success">
          {revoked}
        </p>
      ) : null}
      {revokeError ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {revokeError}
        </p>
      ) : null}

      {tokens.length > 0 ? (
        <ul className="mt-6 grid gap-3" aria-label="Your tokens">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line p-4">
              <div className="min-w-0">
                <p className="break-words font-semibold">{token.name}</p>
                <p className="text-sm text-muted">
                  <span className="font-mono">{token.prefix}…</span> · {SCOPE_LABEL[token.scope]} · made {longDate(token.createdAt)}
                  {token.lastUsedAt ? <> · last used {longDate(token.lastUsedAt)}</> : <> · not used yet</>}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-token" />
                <input type="hidden" name="tokenId" value={token.id} />
                <button type="submit" className={buttonClasses("ghost", "sm")} disabled={busy === "revoke-token"}>
                  Revoke<span className="sr-only"> {token.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-sm text-muted">You have no tokens yet.</p>
      )}

      {access ? (
        <Form ref={form} method="post" className="mt-6 grid gap-4" noValidate>
          <input type="hidden" name="intent" value="create-token" />
          <label className="block text-sm font-semibold">
            Name
            <Input
              name="name"
              maxLength={60}
              required
              defaultValue={values.name ?? ""}
              placeholder="My deck exporter"
              aria-invalid={createErrors.name ? true : undefined}
              aria-describedby={createErrors.name ? "token-name-error" : undefined}
            />
            {createErrors.name ? (
              <span id="token-name-error" role="alert" className="mt-1 block text-sm font-normal text-danger">
                {createErrors.name}
              </span>
            ) : null}
          </label>
          <fieldset>
            <legend className="text-sm font-semibold">Access</legend>
            <div className="mt-2 flex flex-wrap gap-4 text-sm">
              {(Object.keys(SCOPE_LABEL) as TokenScope[]).map((scope) => (
                <label key={scope} className="inline-flex items-center gap-2">
                  <input type="radio" name="scope" value={scope} defaultChecked={(values.scope ?? "read") === scope} />
                  {scope === "read" ? "Read: list and read decks" : "Read and write: also make decks, with your credits"}
                </label>
              ))}
            </div>
            {createErrors.scope ? (
              <p role="alert" className="mt-1 text-sm text-danger">
                {createErrors.scope}
              </p>
            ) : null}
          </fieldset>
          {createErrors.form ? (
            <p role="alert" className="text-sm text-danger">
              {createErrors.form}
            </p>
          ) : null}
          <div>
            <button type="submit" className={buttonClasses("primary")} disabled={busy === "create-token"}>
              {busy === "create-token" ? "Making…" : "Make a token"}
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
