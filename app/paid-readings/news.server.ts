// What a reader or a client hears by push about paid readings: a request to answer, a booked time
// coming up, a claim on the guarantee. The last two are worded by their callers (bookings and the
// guarantee write the same words into their e-mails); all go by the setting for paid reading news.
import { formatMoney } from "../lib/format";
import { DAY_SECONDS, type PushNews } from "../push/notify.server";
import type { ReadingMode } from "./rules";

/** A client asks for a reading now: worthless once the request lapses unanswered. */
export function readingRequestNews(request: {
  requestId: string;
  readerId: string;
  clientId: string;
  clientName: string;
  pricePerMinuteCents: number;
  mode: ReadingMode;
  ttlMs: number;
}): PushNews {
  return {
    kind: "reading-request",
    sender: request.clientId,
    address: async () => ({
      to: [request.readerId],
      message: {
        kind: "reading-request",
        title: "Paid reading request",
        body: `${request.clientName} asks for a ${request.mode} reading at ${formatMoney(request.pricePerMinuteCents)} a minute.`,
        url: `/readings/requests/${request.requestId}`,
        tag: `reading-request-${request.requestId}`,
        actions: [
          { action: "accept", title: "Accept" },
          { action: "decline", title: "Decline" },
        ],
      },
      // The request lapses unanswered after its time: a later push would be worthless.
      delivery: { urgency: "high", ttlSeconds: Math.max(1, Math.floor(request.ttlMs / 1000)) },
    }),
  };
}

/** A booked reading is near: worth nothing once it has begun. */
export function bookingNews({ userId, bookingId, title, body }: { userId: string; bookingId: string; title: string; body: string }): PushNews {
  return {
    kind: "booking",
    address: async () => ({
      to: [userId],
      message: { kind: "booking", title, body, url: `/bookings/${bookingId}`, tag: `booking-${bookingId}` },
      // A reminder is worth nothing once the reading has begun.
      delivery: { urgency: "high", ttlSeconds: 60 * 60 },
    }),
  };
}

/** A claim on a reader's guarantee: news of their paid readings, as a request is. */
export function guaranteeClaimNews({ readerId, readingId, title, body }: { readerId: string; readingId: string; title: string; body: string }): PushNews {
  return {
    kind: "reading-request",
    address: async () => ({
      to: [readerId],
      message: { kind: "reading-request", title, body, url: `/readings/${readingId}`, tag: `guarantee-${readingId}` },
      delivery: { urgency: "normal", ttlSeconds: DAY_SECONDS },
    }),
  };
}
