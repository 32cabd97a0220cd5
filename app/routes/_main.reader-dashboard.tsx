import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { tellAccountChanged } from "~/accounts/channel.server";
import { PageHeader, Panel } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import { SPECIALTIES } from "~/readers/application";
import { parseReaderProfile, readerDashboard, updateReaderProfile } from "~/readers/dashboard.server";
import { formatPerMinute } from "~/readers/format";
import { setReaderAvailability } from "~/readers/presence.server";
import { useReaderPresence } from "~/readers/use-reader-presence";

export const meta: MetaFunction = () => [{ title: "Reader dashboard — Arcanum" }];

const field = "mt-1 block w-full rounded-xl border border-line bg-surface px-4 py-3 text-base font-normal aria-[invalid=true]:border-danger";
const card = "rounded-3xl border border-line bg-surface/90 p-6";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { dashboard: user.isReader ? await readerDashboard(context.db, user.id) : null };
}

type ActionData = { ok: true; message: string } | { ok: false; field: string; message: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  if (!user.isReader) return data<ActionData>({ ok: false, field: "", message: "The dashboard is for readers." }, { status: 403 });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "availability") {
    const choice = formData.get("available");
    if (choice !== "yes" && choice !== "no") return data<ActionData>({ ok: false, field: "", message: "Choose available or away." }, { status: 400 });
    await setReaderAvailability(context.db, context.cloudflare.env, user.id, choice === "yes");
    // The reader's other tabs pick the choice up too: they join or leave the presence room.
    await tellAccountChanged(context.cloudflare.env, user.id, "reader");
    return data<ActionData>({ ok: true, message: choice === "yes" ? "You are available: you show as online while Arcanum is open in a tab." : "You are away: nobody sees you online." });
  }
  if (intent === "profile") {
    const parsed = parseReaderProfile(formData);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return data<ActionData>({ ok: false, field: String(issue.path[0] ?? ""), message: issue.message }, { status: 400 });
    }
    const saved = await updateReaderProfile(context.db, user.id, parsed.data);
    if (!saved.ok) return data<ActionData>({ ok: false, field: saved.field, message: saved.message }, { status: saved.status });
    return data<ActionData>({ ok: true, message: "Profile saved." });
  }
  return data<ActionData>({ ok: false, field: "", message: "Unknown action." }, { status: 400 });
}

export default function ReaderDashboard() {
  const { dashboard } = useLoaderData<typeof loader>();
  if (!dashboard) {
    return (
      <div className="px-4">
        <PageHeader eyebrow="Readers" title="Reader dashboard" />
        <Panel>
          <p className="text-muted">The dashboard is for readers. Apply, pass the tarot quiz, and it opens here.</p>
          <Link to="/become-reader" className={`${buttonClasses("primary")} mt-4`}>Become a Reader</Link>
        </Panel>
      </div>
    );
  }
  return <Dashboard dashboard={dashboard} />;
}

type DashboardData = NonNullable<Awaited<ReturnType<typeof readerDashboard>>>;

function Dashboard({ dashboard }: { dashboard: DashboardData }) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const online = useReaderPresence([]).has(dashboard.username ?? "");
  const invalid = (name: string) => (result && !result.ok && result.field === name ? true : undefined);
  const known = SPECIALTIES as readonly string[];
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Readers" title="Reader dashboard">
        <p>
          Your public profile is{" "}
          <Link className="text-brand hover:underline" to={`/readers/${dashboard.username}`}>
            /readers/{dashboard.username}
          </Link>
          .
        </p>
      </PageHeader>
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={`mx-auto mb-6 max-w-3xl rounded-2xl p-4 text-center text-sm ${result.ok ? "bg-surface-2" : "bg-danger/10 text-danger"}`}>
          {result.message}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid content-start gap-6">
          <section className={card} aria-labelledby="availability-title">
            <div className="flex items-center justify-between gap-3">
              <h2 id="availability-title" className="text-2xl font-bold">
                Availability
              </h2>
              <Badge tone={online ? "success" : "neutral"}>
                <span data-testid="own-status">{online ? "Online now" : dashboard.available ? "Connecting…" : "Away"}</span>
              </Badge>
            </div>
            <p className="mt-3 text-sm leading-relaxed text-muted">
              {dashboard.available
                ? "You are available. While Arcanum is open in any of your tabs, people see you online and can ask for a reading. Close every tab, or choose away, to go offline."
                : "You are away. Nobody sees you online, whatever tabs you have open."}
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="availability" />
              <input type="hidden" name="available" value={dashboard.available ? "no" : "yes"} />
              <button type="submit" disabled={sending === "availability"} className={buttonClasses(dashboard.available ? "secondary" : "primary")}>
                {dashboard.available ? "Go away" : "Become available"}
              </button>
            </Form>
          </section>

          <section className={card} aria-labelledby="level-title">
            <div className="flex items-center justify-between gap-3">
              <h2 id="level-title" className="text-2xl font-bold">
                Level
              </h2>
              <Badge tone="gold">{dashboard.level.name}</Badge>
            </div>
            <p className="mt-3 text-sm text-muted">
              As {/^[AEIOU]/.test(dashboard.level.name) ? "an" : "a"} {dashboard.level.name} you may charge up to {formatMoney(dashboard.level.maxPricePerMinute)} a minute.
            </p>
            {dashboard.progress ? (
              <>
                <h3 className="mt-5 font-sans text-sm font-semibold">
                  To become {/^[AEIOU]/.test(dashboard.progress.next.name) ? "an" : "a"} {dashboard.progress.next.name} (up to {formatMoney(dashboard.progress.next.maxPricePerMinute)} a minute)
                </h3>
                <ul className="mt-2 grid gap-2 text-sm">
                  {dashboard.progress.steps.map((step) => (
                    <li key={step.label} className="flex items-center justify-between gap-3 rounded-xl bg-surface-2 px-3 py-2">
                      <span>
                        <span aria-hidden="true">{step.met ? "✓ " : "○ "}</span>
                        {step.label}
                      </span>
                      <span className="text-right text-muted">
                        {step.have} <span aria-hidden="true">/</span>
                        <span className="sr-only">of</span> {step.need}
                      </span>
                    </li>
                  ))}
                </ul>
                <p className="mt-3 text-xs text-muted">You move up on your own as soon as you meet all three.</p>
              </>
            ) : (
              <p className="mt-3 text-sm text-muted">This is the highest level.</p>
            )}
          </section>

          <section className={card} aria-labelledby="certificate-title">
            <h2 id="certificate-title" className="text-2xl font-bold">
              Certificate
            </h2>
            {dashboard.certificateId ? (
              <>
                <p className="mt-3 text-sm text-muted">Share it so people can check that you passed the Arcanum tarot quiz.</p>
                <Link to={`/certificate/${dashboard.certificateId}`} className={`${buttonClasses("secondary")} mt-4`}>
                  View your certificate
                </Link>
              </>
            ) : (
              <p className="mt-3 text-sm text-muted">You have no valid certificate.</p>
            )}
          </section>
        </div>

        <section className={card} aria-labelledby="profile-title">
          <h2 id="profile-title" className="text-2xl font-bold">
            Public profile
          </h2>
          <Form method="post" className="mt-4 grid gap-4">
            <input type="hidden" name="intent" value="profile" />
            <label className="text-sm font-semibold">
              Display name
              <input name="displayName" required maxLength={60} defaultValue={dashboard.displayName} aria-invalid={invalid("displayName")} className={field} />
            </label>
            <label className="text-sm font-semibold">
              Bio
              <textarea name="bio" required rows={5} maxLength={1000} defaultValue={dashboard.bio} aria-invalid={invalid("bio")} className={field} />
            </label>
            <fieldset aria-invalid={invalid("specialties")}>
              <legend className="text-sm font-semibold">Specialties</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {SPECIALTIES.map((s) => (
                  <label key={s} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="specialty" value={s} defaultChecked={dashboard.specialties.includes(s)} />
                    {s}
                  </label>
                ))}
              </div>
              <label className="mt-3 block text-sm font-semibold">
                Others, separated by commas
                <input name="otherSpecialties" maxLength={200} defaultValue={dashboard.specialties.filter((s) => !known.includes(s)).join(", ")} className={field} />
              </label>
            </fieldset>
            <label className="text-sm font-semibold">
              Languages
              <input name="languages" required maxLength={120} placeholder="English, Spanish" defaultValue={dashboard.languages.join(", ")} aria-invalid={invalid("languages")} className={field} />
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <label className="text-sm font-semibold">
                Years of practice
                <input name="yearsOfPractice" type="number" required min={0} max={80} defaultValue={dashboard.yearsOfPractice} aria-invalid={invalid("yearsOfPractice")} className={field} />
              </label>
              <label className="text-sm font-semibold">
                Price per minute (USD)
                <input
                  name="price"
                  type="number"
                  required
                  min={0}
                  step={0.01}
                  defaultValue={dashboard.price === null ? undefined : (dashboard.price / 100).toFixed(2)}
                  aria-invalid={invalid("price")}
                  aria-describedby="price-ceiling"
                  className={field}
                />
              </label>
            </div>
            <p id="price-ceiling" className="text-sm text-muted">
              Now {formatPerMinute(dashboard.price)}; your level allows up to {formatMoney(dashboard.level.maxPricePerMinute)} a minute.
            </p>
            <button type="submit" disabled={sending === "profile"} className={buttonClasses("primary")}>
              Save profile
            </button>
          </Form>
        </section>
      </div>

      <section className="mt-10" aria-labelledby="readings-title">
        <h2 id="readings-title" className="text-3xl font-bold">
          Paid readings
        </h2>
        <p className="mt-2 text-sm text-muted">
          {dashboard.stats.readings} completed
          {dashboard.stats.rating === null ? " · no ratings yet" : ` · rated ${dashboard.stats.rating.toFixed(2)} from ${dashboard.stats.ratingCount}`}
        </p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[
            ["Requests", "People asking you for a reading appear here while you are online."],
            ["Sessions", "Your readings in progress and past ones, with their length."],
            ["Earnings", "What your readings earned, after the platform's share, and your payouts."],
            ["Reviews", "What people said after their readings, with their ratings."],
          ].map(([title, text]) => (
            <div key={title} className="rounded-2xl border border-dashed border-line p-5">
              <h3 className="font-sans font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted">{text}</p>
              <p className="mt-3 text-xs font-semibold uppercase tracking-wider text-gold">Opens with paid readings</p>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
