import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { localDate } from "~/lib/calendar";
import {
  cardField,
  DEFAULT_PHYSICAL_DECK,
  LOGGABLE_SPREADS,
  loggableSpread,
  MAX_PHYSICAL_DECK_NAME,
  readPhysicalReading,
  reversedField,
  type LogProblem,
} from "~/journal/physical-log";
import { logPhysicalReading, readAt } from "~/journal/physical-log.server";
import { JOURNAL_MOODS, MAX_TAGS } from "~/journal/practice";
import type { PageHandle } from "~/lib/page-handle";
import { KEY_USED_ELSEWHERE, keyOf, newSubmissionKey } from "~/outbox/submission-keys.server";
import { FULL_DECK } from "~/tarot/cards";
import { Input, Select } from "~/components/ui/field";
import { lazySchema } from "~/lib/lazy-schema";
import { formFields, formText, readForm } from "~/lib/read-form.server";
import { z } from "zod";

/** The session's check; saving adds the entry and reads it back in one batch. */
export const handle: PageHandle = { roundTrips: 1, actionRoundTrips: 2 };

export const meta: MetaFunction = () => [{ title: "Log a reading — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const spread = loggableSpread(new URL(request.url).searchParams.get("spread"));
  return { spreadId: spread.id, key: newSubmissionKey(), today: localDate(context.timeZone, Date.now()) };
}

type Refusal = { problem: LogProblem; values: Record<string, string> };

/** The logged reading: its positions' cards depend on the spread chosen, so the whole form is read as one, and its first problem is the refusal's field. */
const physicalReadingForm = lazySchema(() =>
  z.looseObject({}).transform((form, context) => {
    const read = readPhysicalReading(form);
    if (read.ok) return read.reading;
    context.addIssue({ code: "custom", message: read.problem.message, path: [read.problem.field] });
    return z.NEVER;
  }),
);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, physicalReadingForm);
  const values = formText(read.formData);
  const refuse = (problem: LogProblem, status = 400) => data<Refusal>({ problem, values }, { status });
  // The submission key is checked first, and keeps its own reader (decision 0121).
  const key = keyOf(formFields(read.formData));
  if (!key.ok) return refuse({ field: "form", message: key.message });
  if (!read.ok) return refuse({ field: read.field || "spread", message: read.message });
  const at = readAt(read.data.day, context.timeZone, Date.now());
  if (!at.ok) return refuse({ field: "day", message: at.message });
  const id = await logPhysicalReading(context.db, user.id, key.key ?? newSubmissionKey(), read.data, at.at);
  if (!id) return refuse({ field: "form", message: KEY_USED_ELSEWHERE }, 409);
  throw redirect(`/journal/${id}`);
}

function Problem({ problem, field }: { problem: LogProblem | undefined; field: string }) {
  if (problem?.field !== field) return null;
  return (
    <p id={`${field}-problem`} role="alert" className="text-sm text-danger">
      {problem.message}
    </p>
  );
}

export default function LogReading() {
  const { spreadId, key, today } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const saving = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const values = refusal?.values ?? {};
  const problem = refusal?.problem;
  const spread = loggableSpread(values.spread ?? spreadId);
  const invalid = (field: string) => (problem?.field === field ? { "aria-invalid": true, "aria-describedby": `${field}-problem` } : {});
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="With your own deck" title="Log a reading">
        <p>Read at your own table? Keep it in your journal beside the others: the spread, the cards as they fell, and your thoughts.</p>
      </PageHeader>
      <p className="mb-6 text-center text-sm">
        <Link to="/journal" className="text-brand underline">
          ← Reading Journal
        </Link>
      </p>
      <Form method="get" className="mb-6 grid gap-2 rounded-3xl border border-line bg-surface/80 p-5" aria-label="Choose the spread">
        <label htmlFor="log-spread" className="font-semibold">
          Spread
        </label>
        <div className="flex flex-wrap gap-2">
          <Select
            look="inline"
            className="min-w-0 flex-1"
            id="log-spread"
            name="spread"
            defaultValue={spread.id}
            key={spread.id}
            onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
          >
            {LOGGABLE_SPREADS.map((one) => (
              <option key={one.id} value={one.id}>
                {one.name} ({one.positions.length} {one.positions.length === 1 ? "card" : "cards"})
              </option>
            ))}
          </Select>
          <noscript>
            <button type="submit" className={buttonClasses("secondary")}>
              Show its positions
            </button>
          </noscript>
        </div>
        <p className="text-sm text-muted">{spread.description}</p>
      </Form>

      <Form method="post" className="grid gap-6" aria-label="The reading">
        <input type="hidden" name="submissionKey" value={key} />
        <input type="hidden" name="spread" value={spread.id} />
        <datalist id="tarot-cards">
          {FULL_DECK.map((card) => (
            <option key={card.key} value={card.name} />
          ))}
        </datalist>
        <div className="grid gap-4 sm:grid-cols-[1fr_11rem]">
          <div className="grid content-start gap-1">
            <label htmlFor="log-question" className="text-sm font-medium">
              Your question <span className="font-normal text-muted">(optional)</span>
            </label>
            <Input look="inline" id="log-question" name="question" maxLength={500} defaultValue={values.question ?? ""} {...invalid("question")} />
            <Problem problem={problem} field="question" />
          </div>
          <div className="grid content-start gap-1">
            <label htmlFor="log-day" className="text-sm font-medium">
              Day
            </label>
            <Input look="inline" id="log-day" name="day" type="date" max={today} defaultValue={values.day ?? today} {...invalid("day")} />
            <Problem problem={problem} field="day" />
          </div>
        </div>
        <div className="grid gap-1">
          <label htmlFor="log-deck" className="text-sm font-medium">
            Deck
          </label>
          <Input
            look="inline"
            id="log-deck"
            name="deck"
            maxLength={MAX_PHYSICAL_DECK_NAME}
            defaultValue={values.deck ?? ""}
            placeholder={DEFAULT_PHYSICAL_DECK}
            aria-describedby="log-deck-help"
            {...invalid("deck")}
          />
          <p id="log-deck-help" className="text-xs text-muted">
            The deck you read with, as you call it: “Rider–Waite”, “my grandmother’s Marseille”…
          </p>
          <Problem problem={problem} field="deck" />
        </div>

        <fieldset className="grid gap-3 rounded-3xl border border-line bg-surface/80 p-5" data-testid="log-positions">
          <legend className="px-1 font-semibold">The cards as they fell</legend>
          <p className="text-sm text-muted">Type a card’s name or pick it from the list; tick “Reversed” if it lay upside down.</p>
          {spread.positions.map((position) => {
            const field = cardField(position.index);
            return (
              <div key={`${spread.id}-${position.index}`} className="grid gap-1 border-t border-line pt-3 first:border-t-0 first:pt-0">
                <label htmlFor={`log-${field}`} className="text-sm font-medium">
                  {position.index + 1} · {position.name}
                </label>
                <p className="text-xs text-muted">{position.meaning}</p>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <Input
                    look="inline"
                    className="min-w-0 flex-1 basis-56"
                    id={`log-${field}`}
                    name={field}
                    list="tarot-cards"
                    autoComplete="off"
                    required
                    maxLength={60}
                    defaultValue={values[field] ?? ""}
                    placeholder="The Star, Ace of Cups…"
                    {...invalid(field)}
                  />
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name={reversedField(position.index)}
                      defaultChecked={Boolean(values[reversedField(position.index)])}
                      className="h-5 w-5"
                    />
                    Reversed
                  </label>
                </div>
                <Problem problem={problem} field={field} />
              </div>
            );
          })}
        </fieldset>

        <div className="grid gap-1">
          <label htmlFor="log-notes" className="text-sm font-medium">
            Your notes
          </label>
          <textarea
            id="log-notes"
            name="notes"
            rows={5}
            maxLength={5000}
            defaultValue={values.notes ?? ""}
            className="rounded-2xl border border-line bg-surface p-3"
            {...invalid("notes")}
          />
          <Problem problem={problem} field="notes" />
        </div>
        <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
          <div className="grid content-start gap-1">
            <label htmlFor="log-tags" className="text-sm font-medium">
              Tags
            </label>
            <Input
              look="inline"
              id="log-tags"
              name="tags"
              defaultValue={values.tags ?? ""}
              placeholder="love, new job, full moon"
              aria-describedby="log-tags-help"
              {...invalid("tags")}
            />
            <p id="log-tags-help" className="text-xs text-muted">
              Separate tags with commas; up to {MAX_TAGS}.
            </p>
            <Problem problem={problem} field="tags" />
          </div>
          <div className="grid content-start gap-1">
            <label htmlFor="log-mood" className="text-sm font-medium">
              Mood
            </label>
            <Select look="inline" id="log-mood" name="mood" defaultValue={values.mood ?? ""} {...invalid("mood")}>
              <option value="">Not said</option>
              {JOURNAL_MOODS.map((mood) => (
                <option key={mood} value={mood}>
                  {mood[0]!.toUpperCase() + mood.slice(1)}
                </option>
              ))}
            </Select>
            <Problem problem={problem} field="mood" />
          </div>
        </div>
        <Problem problem={problem} field="form" />
        <Problem problem={problem} field="spread" />
        <button type="submit" className={`${buttonClasses("primary")} justify-self-start`} disabled={saving}>
          {saving ? "Saving…" : "Save to journal"}
        </button>
      </Form>
    </div>
  );
}
