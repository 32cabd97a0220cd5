/**
 * The rules of paid readings that both the server and the pages need: what a balance can be topped
 * up with, the free minutes, the least a balance must cover, and the platform's share.
 */

/** What a reading balance can be topped up with, in cents. */
export const TOP_UP_AMOUNTS_CENTS = [1000, 2500, 5000, 10000] as const;

/** Minutes free of charge in a client's first reading with a reader. */
export const FIRST_READING_FREE_MINUTES = 3;

/** A request needs a balance that pays for at least this many minutes after the free ones. */
export const MINIMUM_PAID_MINUTES = 3;

/** How long the clock holds while a client adds funds during a reading (decision 0063). */
export const FUNDS_HOLD_MS = 3 * 60_000;

/** Tips a client can give during or after a paid reading, in cents, and the bounds of one they type. */
export const TIP_AMOUNTS_CENTS = [200, 500, 1000] as const;
export const TIP_MIN_CENTS = 100;
export const TIP_MAX_CENTS = 10_000;

/**
 * When the client of a live paid reading may tip it: from the moment the clock starts (its free
 * minutes included) until after it ends. Never before the two have met. The same rule is the SQL of
 * `tipReading` (tips.server.ts).
 */
export const paidReadingTakesTips = (reading: { status: string; startedAt: number | null }) =>
  reading.startedAt !== null && (reading.status === "live" || reading.status === "ended");

/** The platform's share of what a reading earns, its minutes and its tips alike; the reader keeps the rest (decisions 0040, 0063). */
export const READING_FEE_PERCENT = 30;

/** How a client and a reader meet over the cards: typing, talking without cameras, or on camera (decision 0106). */
export const READING_MODES = ["chat", "voice", "video"] as const;
export type ReadingMode = (typeof READING_MODES)[number];

export const READING_MODE_LABELS: Record<ReadingMode, string> = { chat: "Cards and chat", voice: "Cards and voice", video: "Cards and video" };

/** What each way asks of the two, said under its name where it is chosen. */
export const READING_MODE_HINTS: Record<ReadingMode, string> = {
  chat: "You type to each other.",
  voice: "You hear each other. No camera.",
  video: "You see and hear each other.",
};

/** What a form says when the way to meet is missing or not one of these. */
export const READING_MODE_CHOICE = "Choose cards and chat, cards and voice, or cards and video.";

/**
 * Where a paid reading's two people meet: the reading room, with the call of a voice or video
 * reading starting as they arrive. A whole new document, since only the room's own page may ask
 * for the microphone or the camera (the Permissions-Policy of the page it loads with).
 */
export const paidRoomPath = (readingId: string, mode: ReadingMode) => `/reading-room?session=${readingId}${mode === "chat" ? "" : `&${mode}=1`}`;

/** Cents of a gross amount that are the platform's, rounded to the nearest cent. */
export const readingFeeCents = (grossCents: number) => Math.round((grossCents * READING_FEE_PERCENT) / 100);

/** The least balance that lets a client ask a reader at this price. */
export const minimumBalanceCents = (pricePerMinuteCents: number) => pricePerMinuteCents * MINIMUM_PAID_MINUTES;

/** How many minutes a balance pays for at a price, free minutes included. */
export function minutesCovered(balanceCents: number, pricePerMinuteCents: number, freeMinutes: number): number {
  if (pricePerMinuteCents <= 0) return Number.POSITIVE_INFINITY;
  return freeMinutes + Math.floor(balanceCents / pricePerMinuteCents);
}

export const REVIEW_MAX = 1000;
export const REPLY_MAX = 1000;
export const REPORT_REASON_MIN = 10;
export const REPORT_REASON_MAX = 1000;
export const QUESTION_MAX = 300;

/**
 * How often a client may ask one reader for a live reading, each request ringing the reader's
 * devices: a pause after the last one, and a number an hour. Requests the reader accepted do not
 * count; cancelled, declined and lapsed ones do (decision 0089).
 */
export const LIVE_REQUEST_COOLDOWN_MS = 60_000;
export const LIVE_REQUESTS_PER_HOUR = 4;
export const LIVE_REQUEST_WINDOW_MS = 60 * 60_000;

export const PAID_READING_MESSAGES = {
  self: "You cannot book a reading with yourself.",
  offline: "This reader is not online right now. Try again when they are.",
  busy: "This reader is in a reading right now. Ask again when it ends.",
  inReading: "You are giving a paid reading now. End it before you accept another.",
  guest: "Create an account to book a reader: your balance and readings stay with you.",
  balance: "Your balance does not cover the minimum for this reader. Top up first.",
  pending: "You already have a request waiting for an answer. Wait for it or cancel it first.",
  lapsed: "This request was not answered in time.",
  answered: "This request has already been answered.",
  cancelled: "This request was cancelled.",
  notFound: "Request not found",
  cooldown: `You asked this reader a moment ago. Wait ${LIVE_REQUEST_COOLDOWN_MS / 1000} seconds before asking them again.`,
  hourly: `You have asked this reader ${LIVE_REQUESTS_PER_HOUR} times in the last hour. Ask them again later, or ask another reader.`,
  /** For a client the reader blocked, wherever they ask (live, booked or written): it says what, not why. */
  unavailable: "This reader is not available for readings with you. Other readers are on the readers page.",
  readerOnly: "Only readers answer requests.",
  unblocked: "Unblocked: they can ask you for readings again.",
  whichClient: "Say which client to unblock.",
} as const;

/*
 * Scheduled readings (decision 0081). The booking page states these rules in these words' figures.
 */

/** How far ahead a client can book a reader's slot. */
export const BOOKING_DAYS_AHEAD = 14;

/** Slot lengths a reader can choose, in minutes. */
export const SLOT_LENGTHS_MINUTES = [15, 30, 45, 60] as const;

/** A client who cancels at least this long before the start gets the whole hold back. */
export const BOOKING_FREE_CANCEL_HOURS = 24;

/**
 * The stated minimum, in paid minutes (at most the slot's): what a client's late cancellation keeps
 * and what a client's no-show pays the reader.
 */
export const BOOKING_MINIMUM_MINUTES = 5;

/** How long past the start the reader waits in the room before a client counts as absent (the room's own wait for the two to meet). */
export const BOOKING_WAIT_MINUTES = 5;

/** The room opens this long before the start. */
export const BOOKING_ROOM_OPENS_MINUTES = 5;

/** The reminder goes out within this long before the start (the periodic job runs every 15 minutes). */
export const BOOKING_REMINDER_MINUTES = 60;

/** The least a booking keeps, in cents: the stated minimum's minutes at the booked price, never more than the hold. */
export const bookingMinimumCents = (pricePerMinuteCents: number, minutes: number) => pricePerMinuteCents * Math.min(BOOKING_MINIMUM_MINUTES, minutes);

/**
 * What one client may do in any 24 hours (decision 0090), cancelled bookings counted, so booking and
 * cancelling cannot run on: book one reader, book in all, and cancel one reader's bookings. The reader
 * is e-mailed of the first `readerTold` of those bookings, and of a client's cancellation only when
 * they were e-mailed of the booking.
 */
export const BOOKING_LIMITS = { perReader: 3, inAll: 10, cancelsPerReader: 3, readerTold: 2 } as const;

/** The window the booking limits count in. */
export const BOOKING_LIMIT_WINDOW_MS = 24 * 60 * 60_000;

export const BOOKING_MESSAGES = {
  guest: "Create an account to book a reader: your balance and bookings stay with you.",
  self: "You cannot book a reading with yourself.",
  slot: "That time is not open any more. Choose another one.",
  taken: "Someone booked this time a moment ago. Choose another one.",
  balance: "Your balance does not cover this slot. Top up first.",
  notFound: "Booking not found",
  closed: "This booking cannot be cancelled any more.",
  noSchedule: "This reader has not published any hours yet.",
  notOpen: "The room is not open: it opens a few minutes before the start, until the booking is settled.",
  tooManyWithReader: `You have booked this reader ${BOOKING_LIMITS.perReader} times in the last 24 hours, cancelled bookings included. You can book them again tomorrow.`,
  tooMany: `You have made ${BOOKING_LIMITS.inAll} bookings in the last 24 hours, cancelled ones included. You can book again tomorrow.`,
  tooManyCancels: `You have cancelled ${BOOKING_LIMITS.cancelsPerReader} bookings with this reader in the last 24 hours. This one stands for now: try again tomorrow.`,
} as const;

/** What an account's deletion says and writes about the readings it settles (departure.server.ts). */
export const DEPARTURE_MESSAGES = {
  bookingOpen: "A scheduled reading of yours is open now. Finish it first, then delete your account.",
  writtenRefundLine: "Written reading refunded: the reader closed their account",
  writtenCancelLine: "Written reading cancelled with your account: refunded",
} as const;

/** A booking's status as its two people read it. */
export const BOOKING_STATUS_TEXT: Record<string, string> = {
  booked: "Booked",
  cancelled: "Cancelled",
  completed: "Done",
  "reader-no-show": "Reader did not come",
  "client-no-show": "Client did not come",
};

/** The rules of a booking as the booking pages state them. */
export const BOOKING_WINDOW_TEXT = {
  clientCancel: `Cancel at least ${BOOKING_FREE_CANCEL_HOURS} hours before the start and the whole hold comes back. Later, the stated minimum is kept for the reader.`,
  readerCancel: "If the reader cancels, the whole hold comes back to you, and you are told by e-mail.",
  readerNoShow: `If the reader does not come within ${BOOKING_WAIT_MINUTES} minutes of the start, the whole hold comes back to you.`,
  clientNoShow: `If you do not come within ${BOOKING_WAIT_MINUTES} minutes while the reader waits, the reader is paid the stated minimum and the rest comes back to you.`,
  room: `The room opens ${BOOKING_ROOM_OPENS_MINUTES} minutes before the start; enter it from your booking. You pay for the minutes the reading lasts, out of the hold.`,
} as const;
