import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { learnReminderForm, saveLearnReminder } from "~/learn/streak.server";
import type { PageHandle } from "~/lib/page-handle";
import { readForm } from "~/lib/read-form.server";

/** The daily reminder to learn (decision 0112): the person, then one write; back to `/learn`. */
export const handle: PageHandle = { actionRoundTrips: 2 };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const parsed = await readForm(request, learnReminderForm);
  // The time field lets only a time through; a hand-made post is told what is wrong.
  if (!parsed.ok) return new Response(parsed.message, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  await saveLearnReminder(context.db, user.id, parsed.data.reminder, context.timeZone, Date.now());
  return redirect("/learn", 303);
}
