import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { tellAccountChanged } from "~/auth/account-channel.server";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { parseReaderProfile, readerDashboard, updateReaderProfile } from "~/reader-dashboard/dashboard.server";
import { ReaderDashboardView, type ReaderDashboardActionData as ActionData } from "~/reader-dashboard/dashboard-view";
import { setReaderAvailability } from "~/readers/presence.server";
import { readerEarnings } from "~/paid-readings/readings.server";
import { pendingRequestsFor } from "~/paid-readings/requests.server";
import { blockedClientsOf, unblock, unblockForm } from "~/paid-readings/blocks.server";
import { PAID_READING_MESSAGES } from "~/paid-readings/rules";
import type { PageHandle } from "~/lib/page-handle";
import { saveSchedule, scheduleForm, scheduleOf } from "~/paid-readings/availability.server";
import { chosenTimeZone } from "~/paid-readings/booked-times.server";
import type { ScheduleValues } from "~/paid-readings/availability-form";
import { lazySchema } from "~/lib/lazy-schema";
import { intentBranch, readForm } from "~/lib/read-form.server";
import { z } from "zod";

export const handle: PageHandle = { actionRoundTrips: 7 };

export const meta: MetaFunction = () => [{ title: "Reader dashboard — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!user.isReader) return { dashboard: null, requests: [], blocked: [], earnings: null, schedule: null, zones: [] };
  const [dashboard, requests, blocked, earnings, hours, zone] = await Promise.all([
    readerDashboard(context.db, user.id),
    pendingRequestsFor(context.db, user.id),
    blockedClientsOf(context.db, user.id),
    readerEarnings(context.db, user.id),
    scheduleOf(context.db, user.id),
    chosenTimeZone(context.db, user.id, context.timeZone),
  ]);
  const schedule: ScheduleValues = { ...hours, timeZone: hours.timeZone ?? zone };
  return { dashboard, requests, blocked, earnings, schedule, zones: timeZones(schedule.timeZone) };
}

/** Every time zone the runtime knows, for the hours' list. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", current, ...known])].sort();
}

/** The dashboard's forms: available or away, the weekly hours, a client unblocked, and the reader's profile (read whole below: it sends specialties as a list). */
const dashboardForm = lazySchema(() =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("availability"), available: z.enum(["yes", "no"], { error: "Choose available or away." }) }),
    intentBranch("hours", scheduleForm),
    unblockForm.extend({ intent: z.literal("unblock") }),
    z.object({ intent: z.literal("profile") }),
  ]),
);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  if (!user.isReader) return data<ActionData>({ ok: false, field: "", message: "The dashboard is for readers." }, { status: 403 });
  const read = await readForm(request, dashboardForm);
  if (!read.ok) {
    if (read.unknownIntent) return data<ActionData>({ ok: false, field: "", message: "Unknown action." }, { status: 400 });
    const field = read.intent === "hours" ? read.field : read.intent === "unblock" ? "clientId" : "";
    return data<ActionData>({ ok: false, field, message: read.message }, { status: 400 });
  }
  const form = read.data;
  switch (form.intent) {
    case "availability":
      await setReaderAvailability(context.db, context.cloudflare.env, user.id, form.available === "yes");
      // The reader's other tabs pick the choice up too: they join or leave the presence room.
      await tellAccountChanged(context.cloudflare.env, user.id, "reader");
      return data<ActionData>({
        ok: true,
        message: form.available === "yes" ? "You are available: you show as online while Arcanum is open in a tab." : "You are away: nobody sees you online.",
      });
    case "hours":
      await saveSchedule(context.db, user.id, form);
      return data<ActionData>({
        ok: true,
        message:
          form.hours.length > 0
            ? "Your availability is saved: clients can book your open times."
            : "Your availability is saved: no weekly hours, so nobody can book you ahead.",
      });
    case "unblock":
      await unblock(context.db, user.id, form.clientId);
      return data<ActionData>({ ok: true, message: PAID_READING_MESSAGES.unblocked });
    case "profile": {
      const parsed = parseReaderProfile(read.formData);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return data<ActionData>({ ok: false, field: String(issue.path[0] ?? ""), message: issue.message }, { status: 400 });
      }
      const saved = await updateReaderProfile(context.db, user.id, parsed.data);
      if (!saved.ok) return data<ActionData>({ ok: false, field: saved.field, message: saved.message }, { status: saved.status });
      return data<ActionData>({ ok: true, message: "Profile saved." });
    }
  }
}

export default function ReaderDashboard() {
  const { dashboard, requests, blocked, earnings, schedule, zones } = useLoaderData<typeof loader>();
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
  return <ReaderDashboardView dashboard={dashboard} requests={requests} blocked={blocked} earnings={earnings!} schedule={schedule!} zones={zones} />;
}
