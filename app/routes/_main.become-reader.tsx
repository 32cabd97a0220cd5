import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import { SPECIALTIES } from "~/readers/application";
import { FIRST_LEVEL } from "~/readers/levels";
import { getApplication, parseApplication, saveApplication } from "~/readers/application.server";
import { ErrorList, Field, Input, Textarea } from "~/components/ui/field";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { z } from "zod";

export const meta: MetaFunction = () => [{ title: "Become a reader — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (user.isGuest || user.isReader) return { isReader: user.isReader, isGuest: user.isGuest, application: null };
  return { isReader: false, isGuest: false, application: await getApplication(context.db, user.id) };
}

type ActionData = { ok: false; field: string; message: string };

/** The page's one button; the application itself is read whole by parseApplication (it sends specialties as a list). */
const applicationIntent = lazySchema(() => z.object({ intent: z.literal("save") }));

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  if (user.isGuest) return data<ActionData>({ ok: false, field: "", message: "Create an account before applying." }, { status: 403 });
  if (user.isReader) return data<ActionData>({ ok: false, field: "", message: "You are already a reader." }, { status: 409 });
  const read = await readForm(request, applicationIntent);
  if (!read.ok) return data<ActionData>({ ok: false, field: "", message: "Unknown action." }, { status: 400 });
  const parsed = parseApplication(read.formData);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return data<ActionData>({ ok: false, field: String(issue.path[0] ?? ""), message: issue.message }, { status: 400 });
  }
  await saveApplication(context.db, user.id, parsed.data);
  throw redirect("/tarot-quiz");
}

export default function BecomeReader() {
  const { isReader, isGuest, application } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errorFor = (name: string) => (result && !result.ok && result.field === name ? result.message : null);
  const known = SPECIALTIES as readonly string[];
  return (
    <div className="px-4">
      <PageHeader eyebrow="Readers" title="Become a reader">
        <p>Read for people around the world at your own per-minute price.</p>
      </PageHeader>
      <Panel>
        {isReader ? (
          <>
            <p>You are already a reader.</p>
            <Link to="/reader-dashboard" className={`${buttonClasses("primary")} mt-4`}>
              Go to your dashboard
            </Link>
          </>
        ) : isGuest ? (
          <>
            <p>Create an account to apply as a reader.</p>
            <Link to="/signup" className={`${buttonClasses("primary")} mt-4`}>
              Create an account
            </Link>
          </>
        ) : (
          <>
            <ol className="list-decimal space-y-2 pl-5 text-muted">
              <li>Tell us about your practice; your application is saved as a draft.</li>
              <li>Take the tarot quiz to show your knowledge of the cards.</li>
              <li>Receive a certificate you can share, then set your price and go online.</li>
            </ol>
            {result && !result.ok && !result.field ? <ErrorList className="mt-4" errors={[result.message]} /> : null}
            <Form method="post" className="mt-6 grid gap-4">
              <input type="hidden" name="intent" value="save" />
              <Field label="Display name" error={errorFor("displayName")}>
                {(control) => <Input {...control} name="displayName" required maxLength={60} defaultValue={application?.displayName} />}
              </Field>
              <Field label="Bio" error={errorFor("bio")}>
                {(control) => <Textarea {...control} name="bio" required rows={5} maxLength={1000} defaultValue={application?.bio} />}
              </Field>
              <fieldset aria-describedby={errorFor("specialties") ? "specialties-error" : undefined}>
                <legend className="text-sm font-semibold">Specialties</legend>
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  {SPECIALTIES.map((s) => (
                    <label key={s} className="flex items-center gap-2 font-normal">
                      <input type="checkbox" name="specialty" value={s} defaultChecked={application?.specialties.includes(s)} />
                      {s}
                    </label>
                  ))}
                </div>
                <label className="mt-3 block text-sm font-semibold">
                  Others, separated by commas
                  <Input name="otherSpecialties" maxLength={200} defaultValue={application?.specialties.filter((s) => !known.includes(s)).join(", ")} />
                </label>
                <ErrorList id="specialties-error" errors={[errorFor("specialties")]} />
              </fieldset>
              <Field label="Languages" error={errorFor("languages")}>
                {(control) => (
                  <Input
                    {...control}
                    name="languages"
                    required
                    maxLength={120}
                    placeholder="English, Spanish"
                    defaultValue={application?.languages.join(", ")}
                  />
                )}
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Years of practice" error={errorFor("yearsOfPractice")}>
                  {(control) => (
                    <Input {...control} name="yearsOfPractice" type="number" required min={0} max={80} defaultValue={application?.yearsOfPractice} />
                  )}
                </Field>
                <Field label="Intended price per minute (USD)" error={errorFor("price")}>
                  {(control) => (
                    <Input
                      {...control}
                      name="price"
                      type="number"
                      required
                      min={FIRST_LEVEL.minPricePerMinute / 100}
                      max={FIRST_LEVEL.maxPricePerMinute / 100}
                      step={0.01}
                      defaultValue={application ? (application.pricePerMinute / 100).toFixed(2) : undefined}
                    />
                  )}
                </Field>
              </div>
              <p className="text-sm text-muted">
                New readers start as {FIRST_LEVEL.name}s, at {formatMoney(FIRST_LEVEL.minPricePerMinute)} to {formatMoney(FIRST_LEVEL.maxPricePerMinute)} a
                minute; higher levels allow higher prices.
              </p>
              <button type="submit" className={buttonClasses("primary")}>
                Save and continue to the quiz
              </button>
            </Form>
          </>
        )}
      </Panel>
    </div>
  );
}
