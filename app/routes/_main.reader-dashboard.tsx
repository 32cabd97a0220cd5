import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { tellAccountChanged } from "~/accounts/channel.server";
import { PageHeader, Panel } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import { INTRODUCTION_MAX, SPECIALTIES } from "~/readers/application";
import { Avatar } from "~/components/avatar";
import { COUNTED_MIN_PAID_MINUTES } from "~/readers/reputation";
import { parseReaderProfile, readerDashboard, updateReaderProfile } from "~/readers/dashboard.server";
import { formatPerMinute } from "~/readers/format";
import { setReaderAvailability } from "~/readers/presence.server";
import { useReaderPresence } from "~/readers/use-reader-presence";
import { LocalTime } from "~/components/local-time";
import { readerEarnings } from "~/paid-readings/readings.server";
import { pendingRequestsFor, type PendingRequest } from "~/paid-readings/requests.server";
import { READING_FEE_PERCENT, READING_MODE_LABELS } from "~/paid-readings/rules";
import { AnswerRequest } from "~/paid-readings/incoming-requests";
import { PushButton } from "~/push/push-button";
import type { PageHandle } from "~/lib/page-handle";
import { saveSchedule, scheduleForm, scheduleOf } from "~/paid-readings/availability.server";
import { chosenTimeZone } from "~/paid-readings/bookings.server";
import { AvailabilityForm, type ScheduleValues } from "~/paid-readings/availability-form";
import { requestTimeZone } from "~/daily/daily.server";
import { Input, Textarea } from "~/components/ui/field";

export const handle: PageHandle = { actionRoundTrips: 7 };

export const meta: MetaFunction = () => [{ title: "Reader dashboard — Arcanum" }];

const card = "rounded-3xl border border-line bg-surface/90 p-6";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!user.isReader) return { dashboard: null, requests: [], earnings: null, schedule: null, zones: [] };
  const [dashboard, requests, earnings, hours, zone] = await Promise.all([
    readerDashboard(context.db, user.id),
    pendingRequestsFor(context.db, user.id),
    readerEarnings(context.db, user.id),
    scheduleOf(context.db, user.id),
    chosenTimeZone(context.db, user.id, requestTimeZone(request)),
  ]);
  const schedule: ScheduleValues = { ...hours, timeZone: hours.timeZone ?? zone };
  return { dashboard, requests, earnings, schedule, zones: timeZones(schedule.timeZone) };
}

/** Every time zone the runtime knows, for the hours' list. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", current, ...known])].sort();
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
    return data<ActionData>({
      ok: true,
      message: choice === "yes" ? "You are available: you show as online while Arcanum is open in a tab." : "You are away: nobody sees you online.",
    });
  }
  if (intent === "hours") {
    const parsed = scheduleForm.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return data<ActionData>({ ok: false, field: String(issue.path[0] ?? ""), message: issue.message }, { status: 400 });
    }
    await saveSchedule(context.db, user.id, parsed.data);
    return data<ActionData>({
      ok: true,
      message:
        parsed.data.hours.length > 0
          ? "Your availability is saved: clients can book your open times."
          : "Your availability is saved: no weekly hours, so nobody can book you ahead.",
    });
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
  const { dashboard, requests, earnings, schedule, zones } = useLoaderData<typeof loader>();
  if (!dashboard) {
    return (
      <div className="px-4">
        <PageHeader eyebrow="Readers" title="Reader dashboard" />
        <Panel>
          <p className="text-muted">The dashboard is for readers. Apply, pass the tarot quiz, and it opens here.</p>
          <Link to="/become-reader" className={`${buttonClasses("primary")} mt-4`}>
            Become a Reader
          </Link>
        </Panel>
      </div>
    );
  }
  return <Dashboard dashboard={dashboard} requests={requests} earnings={earnings!} schedule={schedule!} zones={zones} />;
}

type DashboardData = NonNullable<Awaited<ReturnType<typeof readerDashboard>>>;
type Earnings = Awaited<ReturnType<typeof readerEarnings>>;

function PaidReadings({ requests, earnings }: { requests: PendingRequest[]; earnings: Earnings }) {
  const reviews = earnings.history.filter((reading) => reading.rating !== null);
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      <p className="text-sm lg:col-span-2">
        <Link to="/reader-dashboard/written" className="font-semibold underline" data-testid="written-dashboard-link">
          Written readings
        </Link>
        : your offers at a fixed price, and the questions clients asked.
      </p>
      <div className="rounded-2xl border border-line p-5" data-testid="dashboard-requests">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-sans font-semibold">Requests</h3>
          <PushButton
            className="text-right"
            label="Tell me about reading requests"
            done="This device will tell you of reading requests, even with Arcanum closed."
          />
        </div>
        {requests.length === 0 ? (
          <p className="mt-1 text-sm text-muted">People asking you for a reading appear here, and in every tab you have open, while you are online.</p>
        ) : (
          <ul className="mt-2 divide-y divide-line">
            {requests.map((request) => (
              <li key={request.id} className="py-3">
                <p className="font-semibold">
                  {request.clientName} · {READING_MODE_LABELS[request.mode]}
                </p>
                {request.question ? <p className="text-sm">“{request.question}”</p> : null}
                <AnswerRequest requestId={request.id} className="mt-2" />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="rounded-2xl border border-line p-5" data-testid="dashboard-earnings">
        <h3 className="font-sans font-semibold">Earnings</h3>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-muted">Readings earned</dt>
            <dd className="text-lg font-bold tabular-nums">{formatMoney(earnings.totals.grossCents)}</dd>
          </div>
          <div>
            <dt className="text-muted">Platform fee ({READING_FEE_PERCENT} %)</dt>
            <dd className="text-lg font-bold tabular-nums">{formatMoney(earnings.totals.feeCents)}</dd>
          </div>
          <div>
            <dt className="text-muted">Yours</dt>
            <dd className="text-lg font-bold tabular-nums" data-testid="earnings-net">
              {formatMoney(earnings.totals.netCents)}
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-sm">
          Balance{" "}
          <span className="font-semibold tabular-nums" data-testid="earnings-balance">
            {formatMoney(earnings.balanceCents)}
          </span>
          , shared with any deck sales.{" "}
          <Link to="/sales" className="text-brand underline">
            Payouts
          </Link>
        </p>
      </div>
      <div className="rounded-2xl border border-line p-5 lg:col-span-2" data-testid="dashboard-sessions">
        <h3 className="font-sans font-semibold">Sessions</h3>
        {earnings.history.length === 0 ? (
          <p className="mt-1 text-sm text-muted">Your paid readings appear here with their length and what they earned.</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-muted">
                <tr>
                  <th className="py-2 font-normal">Client</th>
                  <th className="py-2 font-normal">When</th>
                  <th className="py-2 font-normal">Minutes</th>
                  <th className="py-2 text-right font-normal">Charged</th>
                  <th className="py-2 text-right font-normal">Yours</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {earnings.history.map((reading) => (
                  <tr key={reading.id}>
                    <td className="py-2">
                      <Link to={`/readings/${reading.id}`} className="underline">
                        {reading.otherName}
                      </Link>
                    </td>
                    <td className="py-2">
                      <LocalTime at={reading.createdAt} style="mediumWithTime" />
                    </td>
                    <td className="py-2 tabular-nums">{reading.status === "ended" ? reading.minutes : "live"}</td>
                    <td className="py-2 text-right tabular-nums">{formatMoney(reading.chargedCents)}</td>
                    <td className="py-2 text-right tabular-nums">{reading.refundedCents > 0 ? "refunded" : formatMoney(reading.netCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <div className="rounded-2xl border border-line p-5 lg:col-span-2" data-testid="dashboard-reviews">
        <h3 className="font-sans font-semibold">Reviews</h3>
        {reviews.length === 0 ? (
          <p className="mt-1 text-sm text-muted">What clients say after their readings appears here; you can answer each once.</p>
        ) : (
          <ul className="mt-2 divide-y divide-line">
            {reviews.map((reading) => (
              <li key={reading.id} className="py-3">
                <p>
                  <span className="text-gold" aria-label={`${reading.rating} out of 5 stars`}>
                    {"★".repeat(reading.rating ?? 0)}
                  </span>{" "}
                  · {reading.otherName}
                </p>
                {reading.review ? <p className="mt-1">{reading.review}</p> : null}
                {reading.reply ? (
                  <p className="mt-1 text-sm text-muted">You answered: {reading.reply}</p>
                ) : (
                  <Link to={`/readings/${reading.id}`} className="text-sm text-brand underline">
                    Answer
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function Dashboard({
  dashboard,
  requests,
  earnings,
  schedule,
  zones,
}: {
  dashboard: DashboardData;
  requests: PendingRequest[];
  earnings: Earnings;
  schedule: ScheduleValues;
  zones: string[];
}) {
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
        <p
          role={result.ok ? "status" : "alert"}
          className={`mx-auto mb-6 max-w-3xl rounded-2xl p-4 text-center text-sm ${result.ok ? "bg-surface-2" : "bg-danger/10 text-danger"}`}
        >
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

          <AvailabilityForm values={schedule} zones={zones} username={dashboard.username ?? null} message={null} busy={sending === "hours"} />

          <section className={card} aria-labelledby="level-title">
            <div className="flex items-center justify-between gap-3">
              <h2 id="level-title" className="text-2xl font-bold">
                Level
              </h2>
              <Badge tone="gold">{dashboard.level.name}</Badge>
            </div>
            <p className="mt-3 text-sm text-muted">
              As {/^[AEIOU]/.test(dashboard.level.name) ? "an" : "a"} {dashboard.level.name} you charge from {formatMoney(dashboard.level.minPricePerMinute)} up
              to {formatMoney(dashboard.level.maxPricePerMinute)} a minute.
            </p>
            {dashboard.progress ? (
              <>
                <h3 className="mt-5 font-sans text-sm font-semibold">
                  To become {/^[AEIOU]/.test(dashboard.progress.next.name) ? "an" : "a"} {dashboard.progress.next.name} (
                  {formatMoney(dashboard.progress.next.minPricePerMinute)} to {formatMoney(dashboard.progress.next.maxPricePerMinute)} a minute)
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
              <Input name="displayName" required maxLength={60} defaultValue={dashboard.displayName} aria-invalid={invalid("displayName")} />
            </label>
            <div className="flex items-center gap-4">
              <Avatar name={dashboard.displayName} url={dashboard.avatarUrl} size={64} />
              <p className="text-sm text-muted">
                Your photo is the one on{" "}
                <Link to="/profile" className="underline underline-offset-4">
                  your profile
                </Link>
                : change it there.
              </p>
            </div>
            <label className="text-sm font-semibold">
              Introduction <span className="font-normal text-muted">(a line or two for the readers list, up to {INTRODUCTION_MAX} characters)</span>
              <Input name="introduction" maxLength={INTRODUCTION_MAX} defaultValue={dashboard.introduction} aria-invalid={invalid("introduction")} />
            </label>
            <label className="text-sm font-semibold">
              Bio
              <Textarea name="bio" required rows={5} maxLength={1000} defaultValue={dashboard.bio} aria-invalid={invalid("bio")} />
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
                <Input name="otherSpecialties" maxLength={200} defaultValue={dashboard.specialties.filter((s) => !known.includes(s)).join(", ")} />
              </label>
            </fieldset>
            <label className="text-sm font-semibold">
              Languages
              <Input
                name="languages"
                required
                maxLength={120}
                placeholder="English, Spanish"
                defaultValue={dashboard.languages.join(", ")}
                aria-invalid={invalid("languages")}
              />
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <label className="text-sm font-semibold">
                Years of practice
                <Input
                  name="yearsOfPractice"
                  type="number"
                  required
                  min={0}
                  max={80}
                  defaultValue={dashboard.yearsOfPractice}
                  aria-invalid={invalid("yearsOfPractice")}
                />
              </label>
              <label className="text-sm font-semibold">
                Price per minute (USD)
                <Input
                  name="price"
                  type="number"
                  required
                  min={dashboard.level.minPricePerMinute / 100}
                  max={dashboard.level.maxPricePerMinute / 100}
                  step={0.01}
                  defaultValue={dashboard.price === null ? undefined : (dashboard.price / 100).toFixed(2)}
                  aria-invalid={invalid("price")}
                  aria-describedby="price-ceiling"
                />
              </label>
            </div>
            <p id="price-ceiling" className="text-sm text-muted">
              Now {formatPerMinute(dashboard.price)}; your level allows {formatMoney(dashboard.level.minPricePerMinute)} to{" "}
              {formatMoney(dashboard.level.maxPricePerMinute)} a minute. Readings count toward your level and rating from {COUNTED_MIN_PAID_MINUTES} paid
              minutes.
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
          {dashboard.stats.readings} counted · {dashboard.stats.clients} {dashboard.stats.clients === 1 ? "client" : "clients"}
          {dashboard.stats.rating === null ? " · no ratings yet" : ` · rated ${dashboard.stats.rating.toFixed(2)} from ${dashboard.stats.ratingCount}`}
        </p>
        <PaidReadings requests={requests} earnings={earnings} />
      </section>
    </div>
  );
}
