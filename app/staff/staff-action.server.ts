/**
 * The one shape of a staff page's action: staff only, the form's `intent` picks what to do (an
 * unknown one is a 400 with words), and what it did answers with its status and names what it
 * touched, so the page shows the message beside that row.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { requireStaff } from "../auth/staff.server";
import type { StaffResult } from "./staff-forms";
import type { StaffOutcome } from "./people.server";

type StaffMember = Awaited<ReturnType<typeof requireStaff>>;

/** What an intent is given, and what it answers: its outcome and the row it touched (`kind:id`). */
export type StaffIntent = (asked: {
  context: AppLoadContext;
  staff: StaffMember;
  form: FormData;
  request: Request;
}) => Promise<{ outcome: StaffOutcome; target?: string }>;

export async function staffAction(request: Request, context: AppLoadContext, intents: Record<string, StaffIntent>, target?: string) {
  const staff = await requireStaff(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const run = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!run) return data<StaffResult>({ ok: false, message: "Unknown action.", intent, target }, { status: 400 });
  const { outcome, target: touched } = await run({ context, staff, form, request });
  return data<StaffResult>({ ...outcome, intent, target: touched ?? target }, { status: outcome.ok ? 200 : outcome.status });
}
