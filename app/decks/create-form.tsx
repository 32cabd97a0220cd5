import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { CardImageQuality as Quality, DeckKind } from "../../db/columns";
import { PREVIEW_CARD } from "~/art/painted-card";
import { understandStyle } from "~/art/understand-style";
import { FixPaymentLink } from "~/components/action-message";
import { FullDeckWays } from "~/components/explorer-plus-offer";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/field";
import type { CreditOffer } from "~/decks/create.server";
import { paintedCardUrl } from "~/decks/images";
import { QUALITY_LABEL } from "~/entitlements/entitlements";
import type { deckFormEntitlements } from "~/entitlements/entitlements.server";
import { cn } from "~/lib/cn";
import type { waitingFormFor } from "~/outbox/outbox.server";
import { WaitingFormFields } from "~/outbox/waiting-form";
import { estimateCost, explorerPlusMakes, type CreditAmounts } from "~/plans/cost";
import { creditsMakeSentence } from "~/plans/plan-credits";

/** The theme the style tiles paint their card (`PREVIEW_CARD`) in until one is typed. */
const PREVIEW_THEME = "Moonlit tides";
const PREVIEW_DEBOUNCE_MS = 400;

/** What the create-deck page's loader hands the form. */
export type CreateDeckLoaded = Pick<
  Awaited<ReturnType<typeof deckFormEntitlements>>,
  "qualities" | "defaultQuality" | "otherQualities" | "storage" | "paused"
> & {
  waiting: Awaited<ReturnType<typeof waitingFormFor>>;
  theme: string;
  styles: readonly string[];
  isGuest: boolean;
  left: CreditAmounts;
};

/** The action's answer: theme ideas, a description written for a theme, or a deck request refused (with the fields as sent). */
export type CreateDeckAnswer =
  | { intent: "suggest"; suggestions: string[] }
  | { intent: "elaborate"; theme: string; description: string }
  | { intent: "create"; message: string; errors: Record<string, string>; values: Record<string, string>; fixPaymentPath?: string; offer?: CreditOffer };

export function CreateDeckForm({ loaded, result }: { loaded: CreateDeckLoaded; result: CreateDeckAnswer | undefined }) {
  const navigation = useNavigation();
  const helper = useFetcher<CreateDeckAnswer>();
  const values = result?.intent === "create" ? result.values : {};
  const errors = result?.intent === "create" ? result.errors : {};

  const [theme, setTheme] = useState(values.theme ?? (result?.intent === "elaborate" ? result.theme : loaded.theme));
  const [description, setDescription] = useState(values.description ?? (result?.intent === "elaborate" ? result.description : ""));
  const [kind, setKind] = useState<DeckKind>(values.kind === "complete" ? "complete" : "major_arcana");
  const [quality, setQuality] = useState<Quality>(loaded.qualities.find((q) => q === values.quality) ?? loaded.defaultQuality);
  const [style, setStyle] = useState(values.style ?? "watercolour");
  const [customStyle, setCustomStyle] = useState(values.customStyle ?? "");
  const understood = customStyle.trim() ? understandStyle(customStyle.slice(0, 60)).sentence : "";

  useEffect(() => {
    if (helper.data?.intent === "elaborate") setDescription(helper.data.description);
  }, [helper.data]);

  // The style tiles are painted for the theme as typed, once the typing pauses.
  const [previewTheme, setPreviewTheme] = useState(theme);
  useEffect(() => {
    const timer = setTimeout(() => setPreviewTheme(theme), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [theme]);
  // Until the page runs, Create stays usable: without JavaScript the server answers for the credits.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const suggestions = helper.data?.intent === "suggest" ? helper.data.suggestions : result?.intent === "suggest" ? result.suggestions : [];
  const estimate = estimateCost({ kind, quality, left: loaded.left });
  const creditsMake = creditsMakeSentence(loaded.left, kind, loaded.qualities);
  const refused = result?.intent === "create" && Boolean(result.message);
  // Known before sending: the choice costs more than the credits left.
  const blocked = live && !estimate.enough && !refused;
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const refusedWithWays = result?.intent === "create" && result.offer === "full-deck";
  // Said next to the cost as soon as the choice lacks its credit, so no refusal is needed to learn it.
  const waysBeforeSubmit = !refusedWithWays && !estimate.enough && explorerPlusMakes(kind, quality);

  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Create a deck" title={theme ? `“${theme}”` : "Your next deck"}>
        <p>Choose a theme and a style; every card is written and painted for you.</p>
      </PageHeader>

      <Form
        method="post"
        className="mx-auto grid max-w-3xl gap-6"
        noValidate
        data-outbox="create-deck"
        data-outbox-intent="create"
        data-outbox-account={loaded.waiting.account}
        data-outbox-label="Deck request"
        data-outbox-label-field="theme"
      >
        <section aria-labelledby="theme-heading" className="rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-8">
          <h2 id="theme-heading" className="text-2xl font-bold">
            Theme
          </h2>
          <label className="mt-4 block text-sm font-semibold">
            What is the deck about?
            <Input
              name="theme"
              value={theme}
              onChange={(event) => setTheme(event.target.value)}
              maxLength={200}
              placeholder="Moonlit tides, desert caravans, a neon city…"
              aria-invalid={errors.theme ? true : undefined}
            />
            {errors.theme ? (
              <span role="alert" className="mt-1 block text-sm text-danger">
                {errors.theme}
              </span>
            ) : null}
          </label>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value="suggest"
              formNoValidate
              data-needs-network
              className={buttonClasses("secondary", "sm")}
              onClick={(event) => {
                event.preventDefault();
                helper.submit({ intent: "suggest" }, { method: "post" });
              }}
            >
              {helper.state !== "idle" && helper.formData?.get("intent") === "suggest" ? "Finding ideas…" : "Suggest themes"}
            </button>
          </div>
          {helper.data?.intent === "create" && helper.data.message ? (
            <p role="alert" className="mt-2 text-sm text-danger">
              {helper.data.message}
            </p>
          ) : null}
          {suggestions.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Suggested themes">
              {suggestions.map((idea) => (
                <li key={idea}>
                  <Link
                    to={`?theme=${encodeURIComponent(idea)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      setTheme(idea);
                    }}
                    className="inline-block rounded-full border border-line bg-surface px-3 py-1.5 text-sm hover:border-brand"
                  >
                    {idea}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}

          <label className="mt-6 block text-sm font-semibold">
            Description <span className="font-normal text-muted">(optional)</span>
            <Textarea name="description" value={description} onChange={(event) => setDescription(event.target.value)} rows={3} maxLength={800} />
          </label>
          <button
            type="submit"
            name="intent"
            value="elaborate"
            formNoValidate
            className={cn(buttonClasses("secondary", "sm"), "mt-3")}
            onClick={(event) => {
              event.preventDefault();
              helper.submit({ intent: "elaborate", theme }, { method: "post" });
            }}
          >
            {helper.state !== "idle" && helper.formData?.get("intent") === "elaborate" ? "Writing…" : "Write it for me"}
          </button>
        </section>

        <section aria-labelledby="style-heading" className="rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-8">
          <h2 id="style-heading" className="text-2xl font-bold">
            Art style
          </h2>
          <fieldset className="mt-4">
            <legend className="sr-only">Art style</legend>
            <div className="grid grid-cols-2 gap-2 min-[480px]:grid-cols-3 sm:grid-cols-5">
              {[...loaded.styles, "custom"].map((option) => (
                <label
                  key={option}
                  data-testid="style-tile"
                  className={cn(
                    "flex cursor-pointer flex-col gap-2 rounded-2xl border p-2 text-xs capitalize leading-tight transition focus-within:ring-2 focus-within:ring-brand/50 sm:text-sm",
                    style === option ? "border-brand bg-brand-soft" : "border-line hover:border-brand/60",
                  )}
                >
                  {option === "custom" ? (
                    <span className="flex aspect-[3/4] w-full items-center justify-center rounded-xl border border-dashed border-line px-3 text-center text-xs normal-case text-muted">
                      Describe a style of your own
                    </span>
                  ) : (
                    <img
                      src={paintedCardUrl(PREVIEW_CARD, previewTheme.trim() || PREVIEW_THEME, option)}
                      alt=""
                      width={150}
                      height={200}
                      loading="lazy"
                      decoding="async"
                      className="aspect-[3/4] w-full rounded-xl bg-surface-2 object-cover"
                    />
                  )}
                  <span className="flex min-w-0 items-center gap-1.5 px-0.5 sm:gap-2 sm:px-1">
                    <input
                      type="radio"
                      name="style"
                      value={option}
                      checked={style === option}
                      onChange={() => setStyle(option)}
                      className="shrink-0 accent-[var(--brand)]"
                    />
                    <span className="min-w-0">{option === "custom" ? "Your own" : option}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {style === "custom" || !live ? (
            <div className="mt-3">
              <label className="block text-sm font-semibold">
                Describe the style{live ? "" : " (with “Your own” chosen)"}
                <Input
                  name="customStyle"
                  value={customStyle}
                  onChange={(event) => setCustomStyle(event.target.value)}
                  maxLength={60}
                  placeholder="e.g. stained glass, ukiyo-e"
                />
              </label>
              <p data-testid="style-understood" aria-live="polite" className="mt-2 text-sm text-muted">
                {understood}
              </p>
              {live ? null : (
                <button type="submit" name="intent" value="style" className={cn(buttonClasses("secondary", "sm"), "mt-2")}>
                  Check the style
                </button>
              )}
            </div>
          ) : null}
          {errors.style ? (
            <p role="alert" className="mt-2 text-sm text-danger">
              {errors.style}
            </p>
          ) : null}
        </section>

        <section aria-labelledby="size-heading" className="rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-8">
          <h2 id="size-heading" className="text-2xl font-bold">
            Cards and quality
          </h2>
          <fieldset className="mt-4 grid gap-2 sm:grid-cols-2">
            <legend className="sr-only">Which cards</legend>
            {(
              [
                ["major_arcana", "Major Arcana", "22 cards, The Fool to The World"],
                ["complete", "Full deck", "All 78 cards"],
              ] as const
            ).map(([value, label, hint]) => (
              <ChoiceCard key={value} name="kind" value={value} label={label} hint={hint} checked={kind === value} onSelect={() => setKind(value)} />
            ))}
          </fieldset>
          <fieldset className="mt-4 grid gap-2 sm:grid-cols-2">
            <legend className="sr-only">Quality</legend>
            {loaded.qualities.map((value) => (
              <ChoiceCard
                key={value}
                name="quality"
                value={value}
                label={`${QUALITY_LABEL[value]} quality`}
                hint={value === "high" ? "Finer detail" : "Clear, balanced detail"}
                checked={quality === value}
                onSelect={() => setQuality(value)}
              />
            ))}
          </fieldset>
          {loaded.otherQualities.map((other) => (
            <p key={other.quality} className="mt-2 text-sm text-muted">
              {`${QUALITY_LABEL[other.quality]} quality is part of ${other.plans}.`}{" "}
              <Link to="/pricing" className="font-semibold text-brand underline">
                See plans
              </Link>
            </p>
          ))}
          {loaded.storage.limit !== null ? (
            <p className="mt-2 text-sm text-muted" data-testid="storage">
              {`${loaded.storage.kept} of ${loaded.storage.limit} decks kept on your plan.`}
            </p>
          ) : null}
          {/* After a refusal the refusal says it; the estimate and the notes beside it are not said twice. */}
          {refused ? null : (
            <p
              className={cn("mt-5 rounded-2xl border px-4 py-3 text-sm", estimate.enough ? "border-line" : "border-danger/50 text-danger")}
              data-testid="estimate"
            >
              {estimate.summary}
            </p>
          )}
          {creditsMake && !refused ? (
            <p className="mt-2 text-sm text-muted" data-testid="credits-make">
              {creditsMake}{" "}
              <Link to="/credits" className="font-semibold text-brand underline">
                Your credits
              </Link>
            </p>
          ) : null}
          {waysBeforeSubmit && !refused ? <FullDeckWays isGuest={loaded.isGuest} className="mt-3 text-muted" /> : null}
          {loaded.isGuest && loaded.left.majorArcana + loaded.left.completeDeck === 0 && !refused ? (
            <p className="mt-3 text-sm text-muted">
              Your credits as a guest are used up. If you have an account,{" "}
              <Link to="/login?redirectTo=%2Fcreate-deck" className="font-semibold text-brand underline">
                sign in
              </Link>{" "}
              to use its credits.
            </p>
          ) : null}
        </section>

        {refusedWithWays ? (
          <div className="rounded-2xl border border-danger/50 px-4 py-4 sm:px-5" data-testid="full-deck-refused">
            <p role="alert" className="font-semibold text-danger">
              {result.message}
            </p>
            <FullDeckWays isGuest={loaded.isGuest} className="mt-3" />
          </div>
        ) : result?.intent === "create" && result.message ? (
          <p role="alert" className="rounded-2xl border border-danger/50 px-4 py-3 text-danger">
            {result.message}
            <FixPaymentLink path={result.fixPaymentPath} />
          </p>
        ) : loaded.paused ? (
          <p role="alert" className="rounded-2xl border border-danger/50 px-4 py-3 text-danger">
            {loaded.paused.message}
            <FixPaymentLink path={loaded.paused.fixPaymentPath} />
          </p>
        ) : null}
        <WaitingFormFields submissionKey={loaded.waiting.key} kind="create-deck" />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            name="intent"
            value="create"
            className={buttonClasses("primary", "lg")}
            disabled={creating || blocked}
            aria-describedby={blocked ? "create-blocked" : undefined}
          >
            {creating ? "Starting…" : "Create deck"}
          </button>
          {blocked ? (
            <p id="create-blocked" className="text-sm" data-testid="create-blocked">
              {kind === "complete" && loaded.left.majorArcana > 0
                ? "Not enough credits for a full deck. Choose Major Arcana above, or "
                : "No credits left for this deck. "}
              <Link to="/pricing" className="font-semibold text-brand underline">
                {kind === "complete" && loaded.left.majorArcana > 0 ? "see the plans" : "See the plans"}
              </Link>
              {loaded.isGuest ? (
                <>
                  {" "}
                  or{" "}
                  <Link to="/login?redirectTo=%2Fcreate-deck" className="font-semibold text-brand underline">
                    sign in
                  </Link>{" "}
                  to use your account's credits
                </>
              ) : null}
              .
            </p>
          ) : (
            <Link to="/pricing" className="text-sm text-muted underline">
              Need more credits?
            </Link>
          )}
        </div>
      </Form>
    </div>
  );
}

/** One option of a radio group, drawn as a card with a label and a hint. */
function ChoiceCard(props: { name: string; value: string; label: string; hint: string; checked: boolean; disabled?: boolean; onSelect: () => void }) {
  return (
    <label
      className={cn(
        "flex gap-3 rounded-2xl border p-4",
        props.checked ? "border-brand bg-brand-soft" : "border-line",
        props.disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer",
      )}
    >
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onSelect}
        className="mt-1 accent-[var(--brand)]"
      />
      <span>
        <span className="block font-semibold">{props.label}</span>
        <span className="text-sm text-muted">{props.hint}</span>
      </span>
    </label>
  );
}
