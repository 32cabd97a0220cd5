// Sending one push to each of a person's devices: encrypted for each, signed with VAPID, retried on
// 429 and 5xx (Retry-After respected, bounded), never on another 4xx nor a redirect, which is not
// followed; a device its push service no longer knows (404, 410), or whose address is no push
// service's, is forgotten (decisions 0061, 0089).
import { eq, sql } from "drizzle-orm";
import { pushSubscriptions } from "../../db/schema";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import type { PushMessage } from "./messages";
import { isPushServiceEndpoint } from "./push-services";
import { encryptMessage, vapidAuthorization } from "./web-push.server";

export type Device = { id: string; endpoint: string; p256dh: string; auth: string };

/** How a push travels: paid requests ask the push service to wake the phone at once; the rest may wait. */
export type PushUrgency = "very-low" | "low" | "normal" | "high";
export type Delivery = { urgency: PushUrgency; ttlSeconds: number };

/** Sends per message: the first and up to three more. */
export const MAX_ATTEMPTS = 4;
/** A wait longer than this (a Retry-After of minutes) is not waited out: the push is dropped. */
const LONGEST_WAIT_MS = 20_000;

export type Outcome = "sent" | "gone" | "refused" | "gave-up";

/** The wait a Retry-After asks for (seconds or a date), in milliseconds; null when it says nothing usable. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One device, with its retries. */
export async function sendToDevice(push: NonNullable<AppConfig["push"]>, device: Device, message: PushMessage, delivery: Delivery): Promise<Outcome> {
  // Kept from before the endpoints were checked, or the test service no longer configured: never posted to.
  if (!isPushServiceEndpoint(device.endpoint, push.testService)) return "gone";
  const body = await encryptMessage(new TextEncoder().encode(JSON.stringify(message)), device);
  for (let attempt = 1; ; attempt++) {
    let status: number;
    let retryAfter: string | null = null;
    try {
      const response = await fetch(device.endpoint, {
        method: "POST",
        headers: {
          authorization: await vapidAuthorization(device.endpoint, push),
          "content-encoding": "aes128gcm",
          "content-type": "application/octet-stream",
          ttl: String(delivery.ttlSeconds),
          urgency: delivery.urgency,
        },
        body,
        // A push service answers where it is; a redirect could point anywhere.
        redirect: "manual",
      });
      status = response.status;
      retryAfter = response.headers.get("retry-after");
      await response.body?.cancel();
    } catch {
      // The push service could not be reached: as a 503.
      status = 503;
    }
    if (status >= 200 && status < 300) return "sent";
    if (status === 404 || status === 410) return "gone";
    if (status !== 429 && status < 500) return "refused";
    if (attempt >= MAX_ATTEMPTS) return "gave-up";
    const wait = retryAfterMs(retryAfter, Date.now()) ?? push.retryBaseMs * 2 ** (attempt - 1);
    if (wait > LONGEST_WAIT_MS) return "gave-up";
    await sleep(wait);
  }
}

/** Every device at once; then what each answer means for its row. */
export async function deliver(
  db: Database,
  push: NonNullable<AppConfig["push"]>,
  devices: Device[],
  message: PushMessage,
  delivery: Delivery,
  now = () => Date.now(),
) {
  const outcomes = await Promise.all(devices.map((device) => sendToDevice(push, device, message, delivery).catch((): Outcome => "gave-up")));
  const updates = devices.map((device, i) => {
    const outcome = outcomes[i]!;
    const row = eq(pushSubscriptions.id, device.id);
    if (outcome === "sent") return db.update(pushSubscriptions).set({ lastSuccessAt: now(), failureCount: 0 }).where(row);
    if (outcome === "gone") return db.delete(pushSubscriptions).where(row);
    return db
      .update(pushSubscriptions)
      .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
      .where(row);
  });
  const [first, ...rest] = updates;
  if (first) await db.batch([first, ...rest]);
  return outcomes;
}
