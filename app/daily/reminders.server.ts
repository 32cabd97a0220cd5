// The card of the day's reminder: sent by the periodic job (every 15 minutes) to the people whose
// chosen time has come, by push only, and only where push is set up and the person left it on.
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { sendPushNow, type PushNews } from "../push/notify.server";
import { claimDueReminders } from "./daily.server";

/** The reminder of the card of the day: worthless once the day has moved on. */
export function dailyCardNews(userId: string): PushNews {
  return {
    kind: "daily-card",
    address: async () => ({
      to: [userId],
      message: {
        kind: "daily-card",
        title: "Your card of the day",
        body: "A card is waiting for you, whenever you have a minute.",
        url: "/today",
        tag: "daily-card",
      },
      // A reminder that arrives after the day has moved on says nothing worth hearing.
      delivery: { urgency: "low", ttlSeconds: 6 * 60 * 60 },
    }),
  };
}

export async function sendDailyReminders(db: Database, config: AppConfig | null, now: number) {
  // Without push nothing is claimed, so nobody's day is marked reminded when nothing went.
  if (!config?.push) return [];
  const due = await claimDueReminders(db, now);
  const sent = await Promise.allSettled(due.map((userId) => sendPushNow({ db, config }, dailyCardNews(userId), now)));
  return due.filter((_, i) => sent[i]?.status === "fulfilled");
}
