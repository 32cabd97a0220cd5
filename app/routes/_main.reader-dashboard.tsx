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
  if (intent === "unblock") {
    const parsed = unblockForm.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return data<ActionData>({ ok: false, field: "clientId", message: parsed.error.issues[0]!.message }, { status: 400 });
    await unblock(context.db, user.id, parsed.data.clientId);
    return data<ActionData>({ ok: true, message: PAID_READING_MESSAGES.unblocked });
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
