// The card of the day's reminder: sent by the periodic job (every 15 minutes) to the people whose
// chosen time has come, by push only, and only where push is set up and the person left it on.
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { sendPushNow } from "../push/notify.server";
import { claimDueReminders } from "./daily.server";

export async function sendDailyReminders(db: Database, config: AppConfig | null, now: number) {
  // Without push nothing is claimed, so nobody's day is marked reminded when nothing went.
  if (!config?.push) return [];
  const due = await claimDueReminders(db, now);
  const sent = await Promise.allSettled(due.map((userId) => sendPushNow({ db, config }, { kind: "daily-card", userId }, now)));
  return due.filter((_, i) => sent[i]?.status === "fulfilled");
}
