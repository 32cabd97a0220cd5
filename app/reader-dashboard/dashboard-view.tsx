/** The reader dashboard for a reader: availability, hours, level, certificate, public profile and paid readings. */
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/field";
import { formatMoney, formatPerMinute } from "~/lib/format";
import { AvailabilityForm, type ScheduleValues } from "~/paid-readings/availability-form";
import type { BlockedClient } from "~/paid-readings/blocks.server";
import type { PendingRequest } from "~/paid-readings/requests.server";
import { INTRODUCTION_MAX, SPECIALTIES } from "../readers/application";
import { PaidReadings, type Earnings } from "./dashboard-paid-readings";
import type { readerDashboard } from "./dashboard.server";
import { COUNTED_MIN_PAID_MINUTES } from "../readers/reputation";
import { useReaderPresence } from "../readers/use-reader-presence";

export type ReaderDashboardActionData = { ok: true; message: string } | { ok: false; field: string; message: string };

type DashboardData = NonNullable<Awaited<ReturnType<typeof readerDashboard>>>;

const card = "rounded-3xl border border-line bg-surface/90 p-6";

export function ReaderDashboardView({
  dashboard,
  requests,
  blocked,
  earnings,
  schedule,
  zones,
}: {
  dashboard: DashboardData;
  requests: PendingRequest[];
  blocked: BlockedClient[];
  earnings: Earnings;
  schedule: ScheduleValues;
  zones: string[];
}) {
  const result = useActionData<ReaderDashboardActionData>();
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
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
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
        <PaidReadings requests={requests} blocked={blocked} earnings={earnings} />
      </section>
    </div>
  );
}
