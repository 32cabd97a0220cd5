/**
 * Who may do what, tried cell by cell: every route (document, `.data` and each action intent),
 * every party (socket connect and each message type) and every kind of media path, as nobody, a
 * guest, another member, a participant the host removed, and the owner. A route or party that
 * is not in the matrix fails the coverage checks until it is added.
 */
import { env } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import * as build from "remix-build";
import { beforeAll, describe, expect, it } from "vitest";
import { PARTIES } from "../../app/worker/party-gate.server";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { clientMessageSchema, commandSchema } from "../../app/reading-room/messages";
import { FULL_DECK } from "../../app/tarot/cards";
import { SEED_BUNDLE } from "../../scripts/seed/seed-data";
import {
  bundles,
  cards,
  checkoutSessions,
  customSpreads,
  deckGifts,
  deckListings,
  deckPurchases,
  deckReviews,
  decks,
  learnQuizAttempts,
  learnQuizQuestions,
  offerCodes,
  paidReadings,
  paymentReceipts,
  quizAttempts,
  readerCertificates,
  readingInvites,
  readingJournal,
  readerBookings,
  readingRequests,
  readingSessions,
  users,
  writtenOffers,
  writtenRequests,
} from "../../db/schema";
import { app, CookieJar, get, ORIGIN, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);

const ACTORS = ["nobody", "guest", "member", "removed", "owner"] as const;
type Actor = (typeof ACTORS)[number];

const OWNER_ID = "seed-user-demo";
const MEMBER_ID = "seed-user-theo";
const REMOVED_ID = "seed-user-mira";
const OWNER_DECK = "seed-deck-autumn-lanterns";
const PUBLIC_DECK = "seed-deck-celestial-tides";

/**
 * What a cell must answer: an exact status; "login" (sent to sign in); "denied" (403 or 404:
 * nothing about the thing is told); "allowed" (the request reached the rule it asked for: any
 * answer but a refusal, a sign-in redirect or a server error; a validation 400 counts); "refused"
 * (either of the first two: a page visit by nobody makes them a guest, who is then denied).
 */
type Expected = number | "login" | "denied" | "refused" | "allowed";
type Cells = Record<Actor, Expected>;

const all = (expected: Expected): Cells => ({ nobody: expected, guest: expected, member: expected, removed: expected, owner: expected });
const signedIn = (expected: Expected): Cells => ({ ...all(expected), nobody: "login" });
const ownerOnly: Cells = { nobody: "refused", guest: "denied", member: "denied", removed: "denied", owner: "allowed" };

type Fixture = {
  cookies: Record<Actor, string | undefined>;
  readingId: string;
  inviteId: string;
  /** An invitation to a second reading of the owner's (accepting one seats the person for good). */
  acceptInviteId: string;
  journalId: string;
  shareId: string;
  privateImage: string;
  publicImage: string;
  avatar: string;
  /** The owner's open checkout of a subscription, at the local provider. */
  checkoutId: string;
  localSessionId: string;
  /** The receipt of that subscription's first payment. */
  receiptId: string;
  /** A new ready deck of the owner's, for an action that changes or deletes it. */
  spareDeck: () => Promise<string>;
  /** A free deck of the owner's in the marketplace, and a review of it by someone else. */
  listedDeck: string;
  reviewId: string;
  /** A free deck in the marketplace that the member, the removed participant and the owner hold a paid copy of. */
  boughtDeck: string;
  /** A priced deck the owner bought and laid on a table of theirs, where others sit through invites. */
  pricedTable: PricedTable;
  /** An offer code and a bundle of the owner's, for the rows that end them (decision 0114). */
  ownerCodeId: string;
  ownerBundleId: string;
  /** A paid, unclaimed gift of a deck of Luna's from the owner: its link's token. */
  giftToken: string;
  /** A spread the owner built, and a new one for an action that deletes it. */
  spreadId: string;
  spareSpread: () => Promise<string>;
};

/**
 * The owner's reading with a priced deck they bought (someone else made it): the member sits as a
 * participant, the guest as a spectator, the removed participant (of the other readings) as a
 * co-reader. Two cards are drawn, one turned over; one card still in the pile is the listing's preview.
 */
type PricedTable = {
  deckId: string;
  readingId: string;
  /** Every card of the deck: its key and its picture's bucket key. */
  images: Record<string, string>;
  revealed: string;
  faceDown: string;
  /** A card still in the pile that is not a preview. */
  inPile: string;
  preview: string;
  /** A journal entry of the member's for that reading, naming the drawn cards and one from the pile, shared. */
  journalId: string;
  shareId: string;
};

type HttpRow = {
  route: string;
  kind: "document" | "data" | "action";
  intent?: string;
  label: string;
  method?: "GET" | "POST";
  path: (f: Fixture) => string | Promise<string>;
  form?: (f: Fixture) => Record<string, string>;
  cells: Cells;
  /** Each person acts from a session of their own for this row (signing out ends it). */
  ownSession?: boolean;
  /** Tried after every other row: it changes who sits where. */
  last?: boolean;
};

/** An unanswered quiz attempt of the owner's, made once (a partial answer to it is refused, so it stays unanswered). */
let quizAttempt: Promise<string> | undefined;
function ownersQuizAttempt(): Promise<string> {
  quizAttempt ??= (async () => {
    const id = newId();
    await db().insert(learnQuizAttempts).values({ id, userId: OWNER_ID, deckId: null, topic: "major", questionCount: 2, createdAt: Date.now() });
    const choices = JSON.stringify(["major-00", "major-01", "major-02", "major-03"].map((value) => ({ value, label: value })));
    await db()
      .insert(learnQuizQuestions)
      .values(
        [0, 1].map((position) => ({
          attemptId: id,
          position,
          kind: "meaning" as const,
          cardKey: "major-00",
          prompt: "What does The Fool speak of, upright?",
          choices,
          answer: "major-00",
        })),
      );
    return `/learn/quiz/${id}`;
  })();
  return quizAttempt;
}

const doc = (route: string, label: string, path: HttpRow["path"], cells: Cells): HttpRow => ({ route, kind: "document", label, path, cells });
const act = (route: string, intent: string, path: HttpRow["path"], form: HttpRow["form"], cells: Cells): HttpRow => ({
  route,
  kind: "action",
  intent,
  label: `POST ${intent}`,
  method: "POST",
  path,
  form,
  cells,
});

const LOCAL_TOOLS = "routes/_main.dev.mailbox" in (build.routes as Record<string, unknown>);

/** A reader outside the five people of the matrix, whom the owner asks for paid readings. */
const OUTSIDE_READER_ID = "seed-user-orion";

let ownersRequestId: Promise<string> | undefined;
/** The owner's pending request to a reader, made on first use. */
async function deckBeingPainted(): Promise<string> {
  const id = newId();
  await db().insert(decks).values({ id, creatorId: OWNER_ID, title: "Matrix deck", theme: "Matrix", status: "generating" });
  return id;
}

function ownersRequest(): Promise<string> {
  ownersRequestId ??= (async () => {
    const id = `matrix-request-${newId()}`;
    await db()
      .insert(readingRequests)
      .values({
        id,
        clientId: OWNER_ID,
        readerId: OUTSIDE_READER_ID,
        mode: "chat",
        pricePerMinuteCents: 100,
        freeMinutes: 3,
        expiresAt: Date.now() + 3_600_000,
      });
    return id;
  })();
  return ownersRequestId;
}

const OWNERS_OFFER_ID = `matrix-offer-${newId()}`;
let ownersWrittenIds: Promise<{ offerId: string; requestId: string }> | undefined;
/** A written-reading offer of the outside reader's, and the owner's request for it (waiting), made on first use. */
function ownersWritten() {
  ownersWrittenIds ??= (async () => {
    const offerId = OWNERS_OFFER_ID;
    const requestId = `matrix-written-${newId()}`;
    const now = Date.now();
    await db()
      .insert(writtenOffers)
      .values({ id: offerId, readerId: OUTSIDE_READER_ID, title: "Matrix three cards", spreadId: "three-card", priceCents: 1500, answerHours: 48 });
    await db()
      .insert(writtenRequests)
      .values({
        id: requestId,
        offerId,
        clientId: OWNER_ID,
        readerId: OUTSIDE_READER_ID,
        title: "Matrix three cards",
        spreadId: "three-card",
        priceCents: 1500,
        answerHours: 48,
        question: "What does the week ask of me?",
        formKey: `matrix-${requestId}`,
        deadlineAt: now + 48 * 3_600_000,
        askedAt: now,
      });
    return { offerId, requestId };
  })();
  return ownersWrittenIds;
}
const writtenPage = () => ownersWritten().then(({ requestId }) => `/written/${requestId}`);
const longAnswer = "The cards lean toward patience this week: let the first card set the pace and the last one the aim.";

let ownersPaidReadingId: Promise<string> | undefined;
/** A finished paid reading of the owner's with that reader, made on first use. */
function ownersPaidReading(): Promise<string> {
  ownersPaidReadingId ??= (async () => {
    const id = `matrix-paid-${newId()}`;
    await db().insert(readingSessions).values({ id, hostUserId: OUTSIDE_READER_ID, originalHostUserId: OUTSIDE_READER_ID, isActive: false });
    await db()
      .insert(paidReadings)
      .values({
        id,
        requestId: `matrix-${id}`,
        clientId: OWNER_ID,
        readerId: OUTSIDE_READER_ID,
        mode: "chat",
        pricePerMinuteCents: 100,
        freeMinutes: 3,
        status: "ended",
        minutesBilled: 4,
        chargedCents: 100,
        feePercent: 30,
        feeCents: 30,
        netCents: 70,
        startedAt: Date.now() - 240_000,
        endedAt: Date.now(),
      });
    return id;
  })();
  return ownersPaidReadingId;
}

const OWNERS_BOOKING = `matrix-booking-${newId()}`;
let ownersBookingId: Promise<string> | undefined;
/** The owner's booking of a slot with that reader two days ahead (nothing held), made on first use. */
function ownersBooking(): Promise<string> {
  ownersBookingId ??= (async () => {
    const id = OWNERS_BOOKING;
    await db()
      .insert(readerBookings)
      .values({
        id,
        readerId: OUTSIDE_READER_ID,
        clientId: OWNER_ID,
        startAt: Date.now() + 2 * 86_400_000,
        minutes: 30,
        mode: "chat",
        pricePerMinuteCents: 100,
        holdCents: 3000,
        clientTimeZone: "UTC",
        origin: ORIGIN,
      });
    return id;
  })();
  return ownersBookingId;
}

const OWNERS_LIVE_READING = `matrix-live-${newId()}`;
let ownersLiveReadingId: Promise<string> | undefined;
/** A paid reading of the owner's that is open (accepted, not yet begun), with a reader of its own, made on first use. */
function ownersLiveReading(): Promise<string> {
  ownersLiveReadingId ??= (async () => {
    const id = OWNERS_LIVE_READING;
    const readerId = `matrix-live-reader-${newId()}`;
    await db()
      .insert(users)
      .values({ id: readerId, email: `${readerId}@example.test`, username: readerId.slice(0, 30), isReader: true });
    await db().insert(readingSessions).values({ id, hostUserId: readerId, originalHostUserId: readerId, isActive: true });
    await db()
      .insert(paidReadings)
      .values({
        id,
        requestId: `matrix-${id}`,
        clientId: OWNER_ID,
        readerId,
        mode: "chat",
        pricePerMinuteCents: 100,
        freeMinutes: 0,
        status: "live",
        feePercent: 30,
      });
    return id;
  })();
  return ownersLiveReadingId;
}

const collection = "routes/_main.collection.$deckId";
/** The builder's form for a one-card spread, as a page without JavaScript posts it. */
const SPREAD_FORM = {
  intent: "save",
  name: "Matrix spread",
  description: "",
  count: "1",
  "p0-name": "The card",
  "p0-meaning": "",
  "p0-column": "1",
  "p0-row": "1",
};
const MATRIX_SPREAD = { name: "Matrix", description: "", positions: [{ name: "One", meaning: "", x: 0, y: 0, rotated: false }] };
const journal = "routes/_main.journal.$entryId";
const room = "routes/reading-room.($deckId)";

let memberCertificateId: Promise<string> | undefined;
/** A reader certificate of the member's, made the first time a row asks for it. */
function memberCertificate(): Promise<string> {
  memberCertificateId ??= (async () => {
    const attemptId = newId();
    const id = `matrix${attemptId.replace(/[^A-Za-z0-9]/g, "").slice(0, 10)}`;
    await db().insert(quizAttempts).values({
      id: attemptId,
      userId: MEMBER_ID,
      questions: "[]",
      startedAt: Date.now(),
      deadlineAt: Date.now(),
      submittedAt: Date.now(),
      score: 12,
      passed: true,
    });
    await db().insert(readerCertificates).values({ id, userId: MEMBER_ID, attemptId, score: 12, total: 12, holderName: "Theo Ashgrove", issuedAt: Date.now() });
    return id;
  })();
  return memberCertificateId;
}

const ROWS: HttpRow[] = [
  doc("routes/_main._index", "/", () => "/", all(200)),
  doc("routes/_main.$", "an unknown page", () => "/no-such-page", all(404)),
  doc("routes/_main.today", "/today", () => "/today", all(200)),
  act(
    "routes/_main.today",
    "keep",
    () => "/today",
    () => ({ intent: "keep", notes: "Matrix" }),
    signedIn(302),
  ),
  act(
    "routes/_main.today",
    "turn",
    () => "/today",
    () => ({ intent: "turn", back: "/today" }),
    signedIn(302),
  ),
  act(
    "routes/_main.today",
    "read",
    () => "/today",
    () => ({ intent: "read", back: "/" }),
    signedIn(302),
  ),
  act(
    "routes/_main.today",
    "settings",
    () => "/today",
    () => ({ intent: "settings", timeZone: "UTC", deckId: "", reminder: "" }),
    signedIn(302),
  ),
  // Only the owner may draw their card from their own deck.
  act(
    "routes/_main.today",
    "settings (the owner's deck)",
    () => "/today",
    () => ({ intent: "settings", timeZone: "UTC", deckId: OWNER_DECK, reminder: "" }),
    { nobody: "login", guest: 400, member: 400, removed: 400, owner: 302 },
  ),
  doc("routes/_main.cards._index", "/cards", () => "/cards", all(200)),
  // Someone else's private deck is not refused: the library shows the classic deck instead.
  doc("routes/_main.cards._index", "/cards in the owner's deck", () => `/cards?deck=${OWNER_DECK}`, all(200)),
  doc("routes/_main.cards.$key", "a library card in the owner's deck", () => `/cards/major-09?deck=${OWNER_DECK}`, all(200)),
  doc("routes/_main.cards.$key", "a library card", () => "/cards/major-09", all(200)),
  doc("routes/_main.cards.$key", "an unknown library card", () => "/cards/major-99", all(404)),
  doc("routes/cards.$key.share[.png]", "a library card's preview picture", () => "/cards/cups-queen/share.png", all(200)),
  doc("routes/cards.$key.share[.png]", "an unknown library card's preview picture", () => "/cards/nothing/share.png", all(404)),
  doc("routes/_main.guides._index", "/guides", () => "/guides", all(200)),
  doc("routes/_main.guides.$slug", "a guide", () => "/guides/reversals", all(200)),
  doc("routes/_main.guides.$slug", "an unknown guide", () => "/guides/nothing", all(404)),
  doc("routes/_main.auth.callback", "/auth/callback", () => "/auth/callback", { nobody: 200, guest: 200, member: 302, removed: 302, owner: 302 }),
  doc("routes/_main.become-reader", "/become-reader", () => "/become-reader", signedIn(200)),
  act(
    "routes/_main.become-reader",
    "save",
    () => "/become-reader",
    () => ({
      intent: "save",
      displayName: "Matrix",
      bio: "Twenty years of reading cards for friends.",
      specialty: "Decisions",
      languages: "English",
      yearsOfPractice: "3",
      price: "1.50",
    }),
    { nobody: "login", guest: 403, member: "allowed", removed: "allowed", owner: "allowed" },
  ),
  doc("routes/_main.certificate.$certificateId", "an unknown certificate", () => "/certificate/unknown", all(404)),
  // A certificate is public by its id; only staff may revoke one (tried in readers-certificate.test.ts), everyone else gets a 404.
  doc("routes/_main.certificate.$certificateId", "the member's certificate", async () => `/certificate/${await memberCertificate()}`, all(200)),
  act(
    "routes/_main.certificate.$certificateId",
    "revoke",
    async () => `/certificate/${await memberCertificate()}`,
    () => ({ intent: "revoke", reason: "Matrix revocation" }),
    all(404),
  ),
  act(
    "routes/_main.certificate.$certificateId",
    "revoke (an unknown certificate)",
    () => "/certificate/unknown",
    () => ({ intent: "revoke", reason: "Matrix revocation" }),
    all(404),
  ),
  doc("routes/certificate.$certificateId.og[.png]", "the member's certificate card", async () => `/certificate/${await memberCertificate()}/og.png`, all(200)),
  doc("routes/certificate.$certificateId.og[.png]", "an unknown certificate's card", () => "/certificate/unknown/og.png", all(404)),
  doc(
    "routes/certificate.$certificateId.certificate[.png]",
    "the member's certificate download",
    async () => `/certificate/${await memberCertificate()}/certificate.png`,
    all(200),
  ),
  doc("routes/certificate.$certificateId.certificate[.png]", "an unknown certificate's download", () => "/certificate/unknown/certificate.png", all(404)),
  // A link's preview picture is what a stranger may see: a public deck's for everyone, a private deck's for nobody, its owner included.
  doc("routes/marketplace.$deckId.share[.png]", "a public deck's preview picture", () => `/marketplace/${PUBLIC_DECK}/share.png`, all(200)),
  doc("routes/marketplace.$deckId.share[.png]", "a private deck's preview picture", () => `/marketplace/${OWNER_DECK}/share.png`, all(404)),
  doc("routes/shared.$shareId.share[.png]", "an unknown share's preview picture", () => "/shared/unknown/share.png", all(404)),
  doc("routes/_main.checkout.$deckId", "/checkout/public deck", () => `/checkout/${PUBLIC_DECK}`, signedIn(200)),
  doc("routes/_main.checkout.$deckId", "/checkout/a deck not for sale (its owner is told it is theirs)", () => `/checkout/${OWNER_DECK}`, {
    nobody: "login",
    guest: 404,
    member: 404,
    removed: 404,
    owner: 200,
  }),
  // A free listing: a member's copy is added at once (then "In your collection", 409); the seller's own, 409; a guest is asked for an account.
  act(
    "routes/_main.checkout.$deckId",
    "buy",
    () => `/checkout/${PUBLIC_DECK}`,
    () => ({}),
    { nobody: "login", guest: 401, member: 302, removed: 302, owner: 302 },
  ),
  doc(collection, "the owner's private deck", () => `/collection/${OWNER_DECK}`, ownerOnly),
  doc(collection, "a deck its holders bought (the creator is someone else)", (f) => `/collection/${f.boughtDeck}`, {
    nobody: "refused",
    guest: "denied",
    member: 200,
    removed: 200,
    owner: 200,
  }),
  doc("routes/_main.collection.$deckId_.cards.$cardKey", "a card of the owner's private deck", () => `/collection/${OWNER_DECK}/cards/major-17`, ownerOnly),
  doc("routes/_main.collection.$deckId_.cards.$cardKey", "a card of a bought deck", (f) => `/collection/${f.boughtDeck}/cards/major-00`, {
    nobody: "refused",
    guest: "denied",
    member: 200,
    removed: 200,
    owner: 200,
  }),
  doc("routes/_main.collection.$deckId_.cards.$cardKey", "a card the deck does not have", () => `/collection/${OWNER_DECK}/cards/wands-01`, {
    ...ownerOnly,
    owner: 404,
  }),
  // Words are the owner's to change; a buyer sees them but may not.
  ...(["words", "restore-words"] as const).map((intent) =>
    act(
      "routes/_main.collection.$deckId_.cards.$cardKey",
      intent,
      async (f) => `/collection/${await f.spareDeck()}/cards/major-00`,
      () => ({ intent, title: "Matrix words" }),
      ownerOnly,
    ),
  ),
  // Repainting a card with its own words is the owner's; a buyer may not repaint a deck they bought.
  act(
    "routes/_main.collection.$deckId_.cards.$cardKey",
    "repaint",
    async (f) => `/collection/${await f.spareDeck()}/cards/major-00`,
    () => ({ intent: "repaint", prompt: "with a lighthouse" }),
    ownerOnly,
  ),
  act(
    "routes/_main.collection.$deckId_.cards.$cardKey",
    "repaint (a bought deck)",
    (f) => `/collection/${f.boughtDeck}/cards/major-00`,
    () => ({ intent: "repaint", prompt: "with a lighthouse" }),
    { nobody: "login", guest: "denied", member: "denied", removed: "denied", owner: "denied" },
  ),
  // Keeping another picture of a card is the owner's; anyone else's choice names no picture they may see.
  act(
    "routes/_main.collection.$deckId_.cards.$cardKey",
    "keep a picture",
    async (f) => `/collection/${await f.spareDeck()}/cards/major-00`,
    () => ({ intent: "keep", picture: "no-such-picture", shown: "" }),
    { ...ownerOnly, owner: 404 },
  ),
  act(
    "routes/_main.collection.$deckId_.cards.$cardKey",
    "words (a bought deck)",
    (f) => `/collection/${f.boughtDeck}/cards/major-00`,
    () => ({ intent: "words", title: "Matrix words" }),
    { nobody: "login", guest: "denied", member: "denied", removed: "denied", owner: "denied" },
  ),
  // Printing and downloading: the owner and buyers holding a paid copy of a listed deck (refunds and unlisting in print.test.ts).
  doc("routes/_main.collection.$deckId_.print", "the print page of the owner's private deck", () => `/collection/${OWNER_DECK}/print`, ownerOnly),
  doc("routes/_main.collection.$deckId_.print", "the print page of a bought deck", (f) => `/collection/${f.boughtDeck}/print`, {
    nobody: "refused",
    guest: "denied",
    member: 200,
    removed: 200,
    owner: 200,
  }),
  act(
    "routes/_main.collection.$deckId_.print",
    "make the PDF (on a paper there is not)",
    () => `/collection/${OWNER_DECK}/print`,
    () => ({ paper: "a5" }),
    ownerOnly,
  ),
  act(
    "routes/_main.collection.$deckId_.print",
    "prepare the pictures (asking for something there is not)",
    () => `/collection/${OWNER_DECK}/print`,
    () => ({ intent: "frames" }),
    ownerOnly,
  ),
  doc(
    "routes/collection.$deckId_.print[.pdf]",
    "the PDF of the owner's private deck (on a paper there is not)",
    () => `/collection/${OWNER_DECK}/print.pdf?paper=a5`,
    ownerOnly,
  ),
  doc("routes/collection.$deckId_.print[.pdf]", "the PDF of a bought deck (not made yet)", (f) => `/collection/${f.boughtDeck}/print.pdf?paper=a4`, {
    nobody: "refused",
    guest: "denied",
    member: "denied",
    removed: "denied",
    owner: "denied",
  }),
  doc(
    "routes/collection.$deckId_.guidebook[.pdf]",
    "the guidebook of the owner's private deck (in a format there is not)",
    () => `/collection/${OWNER_DECK}/guidebook.pdf?format=scroll`,
    ownerOnly,
  ),
  // The box copies the cards' stored pictures: for a deck still being painted the owner is told to wait.
  doc(
    "routes/collection.$deckId_.box[.pdf]",
    "the tuck box of the owner's deck being painted",
    async () => `/collection/${await deckBeingPainted()}/box.pdf`,
    ownerOnly,
  ),
  // A deck still being painted: the owner is told to wait (409) rather than have every picture rendered here.
  doc(
    "routes/collection.$deckId_.cards[.zip]",
    "the pictures of the owner's deck being painted",
    async () => `/collection/${await deckBeingPainted()}/cards.zip`,
    ownerOnly,
  ),
  ...(["rename", "publish", "unpublish", "regenerate", "upgrade", "buy-explorer", "retry", "delete", "list", "unlist", "back", "back-upload"] as const).map(
    (intent) =>
      act(
        collection,
        intent,
        async (f) => `/collection/${await f.spareDeck()}`,
        () => ({ intent, title: "Renamed", card: "major-01", confirm: "delete", price: "0" }),
        ownerOnly,
      ),
  ),
  doc("routes/_main.collection._index", "/collection", () => "/collection", signedIn(200)),
  doc("routes/_main.create-deck", "/create-deck", () => "/create-deck", signedIn(200)),
  // Each person's own credits and ledger; nothing in the address names anyone else's.
  doc("routes/_main.credits", "/credits (each person's own)", () => "/credits", signedIn(200)),
  doc("routes/_main.credits", "/credits, an older page", () => "/credits?page=2", signedIn(200)),
  ...(["suggest", "elaborate", "create"] as const).map((intent) =>
    act(
      "routes/_main.create-deck",
      intent,
      () => "/create-deck",
      () => ({ intent, theme: "Matrix test", style: "woodcut", kind: "major_arcana", quality: "low" }),
      signedIn("allowed"),
    ),
  ),
  // The mailbox is in local builds only (outside production anyone may read it); a production build has no such page.
  LOCAL_TOOLS
    ? doc("routes/_main.dev.mailbox", "/dev/mailbox (local builds only)", () => "/dev/mailbox", all(200))
    : doc("routes/_main.$", "/dev/mailbox in a production build", () => "/dev/mailbox", all(404)),
  // The error reports, like the mailbox, exist in local builds only (the staff's health page shows them in production).
  ...(LOCAL_TOOLS
    ? [
        doc("routes/_main.dev.errors", "/dev/errors (local builds only)", () => "/dev/errors", all(200)),
        act(
          "routes/_main.dev.errors",
          "an unknown intent",
          () => "/dev/errors",
          () => ({ intent: "nothing" }),
          all(400),
        ),
      ]
    : [doc("routes/_main.$", "/dev/errors in a production build", () => "/dev/errors", all(404))]),
  // The periodic jobs on demand, like the mailbox in local builds only; a moment that is not one is refused before anything runs.
  ...(LOCAL_TOOLS
    ? [
        doc("routes/_main.dev.jobs", "/dev/jobs (local builds only)", () => "/dev/jobs", all(200)),
        act(
          "routes/_main.dev.jobs",
          "a moment that is not one",
          () => "/dev/jobs",
          () => ({ at: "soon" }),
          all(400),
        ),
      ]
    : [doc("routes/_main.$", "/dev/jobs in a production build", () => "/dev/jobs", all(404))]),
  // Any page may report the errors it throws; a report that is not one is refused.
  act(
    "routes/errors",
    "a browser's error report",
    () => "/errors",
    () => ({ type: "TypeError", message: "Matrix report", path: "/matrix" }),
    all(204),
  ),
  act(
    "routes/errors",
    "a report without its fields",
    () => "/errors",
    () => ({ message: "Matrix" }),
    all(400),
  ),
  doc("routes/errors", "GET on the error reports", () => "/errors", all(405)),
  doc(journal, "the owner's journal entry", (f) => `/journal/${f.journalId}`, ownerOnly),
  ...(["notes", "share", "unshare"] as const).map((intent) =>
    act(
      journal,
      intent,
      (f) => `/journal/${f.journalId}`,
      () => ({ intent, notes: "mine" }),
      ownerOnly,
    ),
  ),
  act(
    journal,
    "notes, tags and mood",
    (f) => `/journal/${f.journalId}`,
    () => ({ intent: "notes", notes: "mine", tags: "matrix", mood: "calm" }),
    ownerOnly,
  ),
  doc("routes/_main.journal._index", "/journal", () => "/journal", signedIn(200)),
  // Flashcards: each person learns the classic deck or a deck they own or bought; nobody else's private deck.
  doc("routes/_main.learn._index", "/learn (each person's own)", () => "/learn", signedIn(200)),
  doc("routes/_main.learn._index", "/learn with the owner's private deck", () => `/learn?deck=${OWNER_DECK}`, ownerOnly),
  doc("routes/_main.learn.$deckId", "the classic deck's flashcards", () => "/learn/classic?scope=all", signedIn(200)),
  doc("routes/_main.learn.$deckId", "the owner's private deck's flashcards", () => `/learn/${OWNER_DECK}`, ownerOnly),
  act(
    "routes/_main.learn.$deckId",
    "grade a classic card",
    () => "/learn/classic",
    () => ({ card: "major-05", revision: "0", grade: "good" }),
    signedIn("allowed"),
  ),
  act(
    "routes/_main.learn.$deckId",
    "grade a card of the owner's private deck",
    () => `/learn/${OWNER_DECK}`,
    () => ({ card: "major-17", revision: "0", grade: "good" }),
    ownerOnly,
  ),
  // The learner's quiz: each person starts and answers their own attempts; another person's is a 404 (decision 0112).
  doc("routes/_main.learn.quiz._index", "/learn/quiz (each person's own)", () => "/learn/quiz", signedIn(200)),
  act(
    "routes/_main.learn.quiz._index",
    "start a quiz with the classic deck",
    () => "/learn/quiz",
    () => ({ attempt: newId(), deck: "classic", topic: "major" }),
    signedIn("allowed"),
  ),
  act(
    "routes/_main.learn.quiz._index",
    "start a quiz with the owner's private deck",
    () => "/learn/quiz",
    () => ({ attempt: newId(), deck: OWNER_DECK, topic: "all" }),
    ownerOnly,
  ),
  // The lessons' path: each person marks their own lessons read.
  doc("routes/_main.learn.lessons", "/learn/lessons (each person's own)", () => "/learn/lessons", signedIn(200)),
  act(
    "routes/_main.learn.lessons",
    "mark a lesson read",
    () => "/learn/lessons",
    () => ({ lesson: "guide:how-to-read", intent: "read" }),
    signedIn(303),
  ),
  // The daily reminder to learn: each person sets their own.
  act(
    "routes/learn.reminder",
    "set the reminder to learn",
    () => "/learn/reminder",
    () => ({ reminder: "" }),
    signedIn(303),
  ),
  doc("routes/_main.learn.quiz.$attemptId", "the owner's quiz attempt", () => ownersQuizAttempt(), ownerOnly),
  act(
    "routes/_main.learn.quiz.$attemptId",
    "answer the owner's quiz attempt",
    () => ownersQuizAttempt(),
    () => ({ q0: "major-00" }),
    ownerOnly,
  ),
  // Spreads of one's own: each person's list and builder; a spread's link shows it to anyone, only its owner changes it.
  doc("routes/_main.spreads._index", "/spreads (each person's own)", () => "/spreads", signedIn(200)),
  doc("routes/_main.spreads.new", "/spreads/new", () => "/spreads/new", signedIn(200)),
  act(
    "routes/_main.spreads.new",
    "save",
    () => "/spreads/new",
    () => SPREAD_FORM,
    signedIn(302),
  ),
  act(
    "routes/_main.spreads.new",
    "add (without JavaScript)",
    () => "/spreads/new",
    () => ({ ...SPREAD_FORM, intent: "add" }),
    signedIn(200),
  ),
  doc("routes/_main.spreads.$spreadId", "the owner's spread, by its link", (f) => `/spreads/${f.spreadId}`, all(200)),
  doc("routes/_main.spreads.$spreadId", "an unknown spread", () => "/spreads/no-such-spread", all(404)),
  act(
    "routes/_main.spreads.$spreadId",
    "copy",
    (f) => `/spreads/${f.spreadId}`,
    () => ({ intent: "copy" }),
    signedIn(302),
  ),
  doc("routes/_main.spreads.$spreadId_.edit", "the builder on the owner's spread", (f) => `/spreads/${f.spreadId}/edit`, ownerOnly),
  act(
    "routes/_main.spreads.$spreadId_.edit",
    "save",
    (f) => `/spreads/${f.spreadId}/edit`,
    () => SPREAD_FORM,
    ownerOnly,
  ),
  act(
    "routes/_main.spreads.$spreadId_.edit",
    "add (without JavaScript)",
    (f) => `/spreads/${f.spreadId}/edit`,
    () => ({ ...SPREAD_FORM, intent: "add" }),
    ownerOnly,
  ),
  act(
    "routes/_main.spreads.$spreadId_.edit",
    "delete",
    async (f) => `/spreads/${await f.spareSpread()}/edit`,
    () => ({ intent: "delete" }),
    ownerOnly,
  ),
  doc("routes/_main.journal._index", "/journal, searched and filtered (each person's own)", () => "/journal?q=matrix&tag=matrix&mood=calm", signedIn(200)),
  // Importing adds to the person's own journal; a guest is asked for an account first (the file here is missing: 400).
  act(
    "routes/_main.journal._index",
    "import",
    () => "/journal",
    () => ({}),
    { nobody: "login", guest: 401, member: 400, removed: 400, owner: 400 },
  ),
  doc("routes/_main.journal.stats", "/journal/stats (each person's own)", () => "/journal/stats", signedIn(200)),
  doc("routes/_main.journal.log", "/journal/log", () => "/journal/log", signedIn(200)),
  // Logging adds to the person's own journal; a form without a card is refused (400) for everyone signed in.
  act(
    "routes/_main.journal.log",
    "log",
    () => "/journal/log",
    () => ({ spread: "single", "card-0": "" }),
    signedIn(400),
  ),
  doc("routes/journal.export[.json]", "/journal/export.json (each person's own)", () => "/journal/export.json", signedIn(200)),
  doc("routes/journal.export[.csv]", "/journal/export.csv (each person's own)", () => "/journal/export.csv", signedIn(200)),
  doc("routes/_main.login", "/login", () => "/login", { nobody: 200, guest: 200, member: 302, removed: 302, owner: 302 }),
  act(
    "routes/_main.login",
    "send",
    () => "/login",
    () => ({ email: "matrix@example.com" }),
    all("allowed"),
  ),
  doc("routes/_main.signup", "/signup", () => "/signup", { nobody: 200, guest: 200, member: 302, removed: 302, owner: 302 }),
  act(
    "routes/_main.signup",
    "send",
    () => "/signup",
    () => ({ email: "matrix@example.com", mode: "create" }),
    all("allowed"),
  ),
  doc("routes/_main.marketplace.$deckId", "a public deck", () => `/marketplace/${PUBLIC_DECK}`, all(200)),
  doc("routes/_main.marketplace.$deckId", "a private deck (the shop shows public decks only)", () => `/marketplace/${OWNER_DECK}`, all(404)),
  doc("routes/_main.marketplace.$deckId", "the owner's listed deck", (f) => `/marketplace/${f.listedDeck}`, all(200)),
  // Only a buyer reviews, never the creator.
  act(
    "routes/_main.marketplace.$deckId",
    "review (of a deck nobody here bought)",
    (f) => `/marketplace/${f.listedDeck}`,
    () => ({ intent: "review", rating: "5" }),
    { nobody: "login", guest: 403, member: 403, removed: 403, owner: 403 },
  ),
  act(
    "routes/_main.marketplace.$deckId",
    "review",
    (f) => `/marketplace/${f.boughtDeck}`,
    () => ({ intent: "review", rating: "5" }),
    { nobody: "login", guest: 403, member: "allowed", removed: "allowed", owner: "allowed" },
  ),
  act(
    "routes/_main.marketplace.$deckId",
    "edit-review",
    (f) => `/marketplace/${f.boughtDeck}`,
    () => ({ intent: "edit-review", rating: "4" }),
    { nobody: "login", guest: 403, member: "allowed", removed: "allowed", owner: "allowed" },
  ),
  act(
    "routes/_main.marketplace.$deckId",
    "reply",
    (f) => `/marketplace/${f.listedDeck}`,
    (f) => ({ intent: "reply", review: f.reviewId, reply: "Thank you" }),
    { nobody: "login", guest: 403, member: 403, removed: 403, owner: "allowed" },
  ),
  act(
    "routes/_main.marketplace.$deckId",
    "review (a private deck)",
    () => `/marketplace/${OWNER_DECK}`,
    () => ({ intent: "review", rating: "5" }),
    { ...ownerOnly, owner: 404 },
  ),
  doc("routes/_main.marketplace._index", "/marketplace", () => "/marketplace", all(200)),
  // Reporting a listed deck needs an account (a guest is asked to make one); a member's second report of it is a 409.
  doc("routes/_main.marketplace.$deckId_.report", "reporting a public deck", () => `/marketplace/${PUBLIC_DECK}/report`, signedIn(200)),
  doc("routes/_main.marketplace.$deckId_.report", "reporting a private deck", () => `/marketplace/${OWNER_DECK}/report`, {
    nobody: "login",
    guest: 404,
    member: 404,
    removed: 404,
    owner: 404,
  }),
  act(
    "routes/_main.marketplace.$deckId_.report",
    "report",
    () => `/marketplace/${PUBLIC_DECK}/report`,
    () => ({ reason: "other", details: "Matrix" }),
    { nobody: "login", guest: 401, member: "allowed", removed: "allowed", owner: "allowed" },
  ),
  // Staff pages answer 404 to everyone who is not staff (the staff account is tried in marketplace-moderation.test.ts).
  doc("routes/_main.balance", "/balance (each member's own)", () => "/balance", { nobody: 302, guest: 302, member: 200, removed: 200, owner: 200 }),
  act(
    "routes/_main.balance",
    "top up",
    () => "/balance",
    () => ({ amount: "1000", returnTo: "/balance" }),
    { nobody: "login", guest: 302, member: 302, removed: 302, owner: 302 },
  ),
  act(
    "routes/_main.balance",
    "add funds during the owner's reading",
    () => ownersLiveReading().then(() => "/balance"),
    () => ({ amount: "1000", reading: OWNERS_LIVE_READING }),
    { nobody: "login", guest: 302, member: 404, removed: 404, owner: 302 },
  ),
  // The owner's own pending request (made first) keeps them from asking twice: a 409 reached the rule.
  act(
    "routes/_main.readers.$username_.book",
    "ask for a reading",
    () => ownersRequest().then(() => "/readers/ines_duval/book"),
    () => ({ mode: "chat" }),
    { nobody: "login", guest: 302, member: "allowed", removed: "allowed", owner: "allowed" },
  ),
  doc("routes/_main.readings.requests.$requestId", "the owner's reading request", () => ownersRequest().then((id) => `/readings/requests/${id}`), {
    nobody: "refused",
    guest: 404,
    member: 404,
    removed: 404,
    owner: 200,
  }),
  act(
    "routes/_main.readings.requests.$requestId",
    "accept",
    () => ownersRequest().then((id) => `/readings/requests/${id}`),
    () => ({ intent: "accept" }),
    { nobody: "login", guest: 403, member: 404, removed: 404, owner: 403 },
  ),
  act(
    "routes/_main.readings.requests.$requestId",
    "decline",
    () => ownersRequest().then((id) => `/readings/requests/${id}`),
    () => ({ intent: "decline" }),
    { ...ownerOnly, owner: 404 },
  ),
  // Only the request's reader blocks its client: the owner asked, and the readers Theo and Mira were not asked.
  act(
    "routes/_main.readings.requests.$requestId",
    "block the client",
    () => ownersRequest().then((id) => `/readings/requests/${id}`),
    () => ({ intent: "block" }),
    { nobody: "login", guest: 403, member: 404, removed: 404, owner: 403 },
  ),
  act(
    "routes/_main.readings.requests.$requestId",
    "cancel",
    () => ownersRequest().then((id) => `/readings/requests/${id}`),
    () => ({ intent: "cancel" }),
    { nobody: "login", guest: 404, member: 404, removed: 404, owner: "allowed" },
  ),
  // Written readings: the outside reader offers one, the owner asked for it; Theo (member) and Mira (removed) are readers too.
  doc("routes/_main.readers.$username_.written", "asking the outside reader (a guest is sent to sign up)", () => "/readers/orion_hale/written", {
    nobody: 302,
    guest: 302,
    member: 200,
    removed: 200,
    owner: 200,
  }),
  act(
    "routes/_main.readers.$username_.written",
    "ask",
    () => ownersWritten().then(() => "/readers/orion_hale/written"),
    () => ({ offerId: OWNERS_OFFER_ID, question: "What does the month ask of me?", key: `matrixkey${newId().replace(/[^A-Za-z0-9]/g, "")}` }),
    { nobody: "login", guest: 302, member: "allowed", removed: "allowed", owner: "allowed" },
  ),
  // A second opinion on a journal entry: the entry with cards is the member's (the priced table's).
  doc(
    "routes/_main.journal.$entryId_.ask",
    "asking a reader about the member's entry (a guest is sent to sign up)",
    (f) => `/journal/${f.pricedTable.journalId}/ask`,
    {
      nobody: 302,
      guest: 302,
      member: 200,
      removed: "denied",
      owner: "denied",
    },
  ),
  act(
    "routes/_main.journal.$entryId_.ask",
    "ask",
    (f) => ownersWritten().then(() => `/journal/${f.pricedTable.journalId}/ask`),
    () => ({ offerId: OWNERS_OFFER_ID, question: "What would you add to these cards?", key: `matrixkey${newId().replace(/[^A-Za-z0-9]/g, "")}` }),
    { nobody: "login", guest: 302, member: "allowed", removed: "denied", owner: "denied" },
  ),
  doc("routes/_main.written.$requestId", "the owner's written reading", writtenPage, { nobody: "refused", guest: 404, member: 404, removed: 404, owner: 200 }),
  act("routes/_main.written.$requestId", "table", writtenPage, () => ({ intent: "table" }), {
    nobody: "login",
    guest: 404,
    member: 404,
    removed: 404,
    owner: 404,
  }),
  act("routes/_main.written.$requestId", "answer", writtenPage, () => ({ intent: "answer", answer: longAnswer }), {
    nobody: "login",
    guest: 404,
    member: 404,
    removed: 404,
    owner: 404,
  }),
  act("routes/_main.written.$requestId", "tip", writtenPage, () => ({ intent: "tip", amount: "200", key: "matrixtipkey01" }), {
    nobody: "login",
    guest: 404,
    member: 404,
    removed: 404,
    owner: "allowed",
  }),
  doc("routes/_main.reader-dashboard_.written", "/reader-dashboard/written", () => "/reader-dashboard/written", {
    nobody: "refused",
    guest: 403,
    member: 200,
    removed: 200,
    owner: 403,
  }),
  act(
    "routes/_main.reader-dashboard_.written",
    "add",
    () => "/reader-dashboard/written",
    () => ({ intent: "add", title: "Matrix offer", spreadId: "single", price: "10", hours: "24" }),
    { nobody: "login", guest: 403, member: "allowed", removed: "allowed", owner: 403 },
  ),
  act(
    "routes/_main.reader-dashboard_.written",
    "withdraw (the outside reader's offer)",
    () => ownersWritten().then(() => "/reader-dashboard/written"),
    () => ({ intent: "withdraw", offerId: OWNERS_OFFER_ID }),
    { nobody: "login", guest: 403, member: 404, removed: 404, owner: 403 },
  ),
  act(
    "routes/_main.reader-dashboard_.written",
    "restore (the outside reader's offer)",
    () => ownersWritten().then(() => "/reader-dashboard/written"),
    () => ({ intent: "restore", offerId: OWNERS_OFFER_ID }),
    { nobody: "login", guest: 403, member: 404, removed: 404, owner: 403 },
  ),
  doc("routes/readings.incoming", "requests waiting for a reader (each reader's own)", () => "/readings/incoming", {
    nobody: 200,
    guest: 200,
    member: 200,
    removed: 200,
    owner: 200,
  }),
  doc("routes/_main.readings.$readingId", "the owner's paid reading", () => ownersPaidReading().then((id) => `/readings/${id}`), {
    nobody: "refused",
    guest: 404,
    member: 404,
    removed: 404,
    owner: 200,
  }),
  act(
    "routes/_main.readings.$readingId",
    "review",
    () => ownersPaidReading().then((id) => `/readings/${id}`),
    () => ({ intent: "review", rating: "5" }),
    { nobody: "login", guest: 404, member: 404, removed: 404, owner: "allowed" },
  ),
  act(
    "routes/_main.readings.$readingId",
    "reply",
    () => ownersPaidReading().then((id) => `/readings/${id}`),
    () => ({ intent: "reply", reply: "Thank you" }),
    { ...ownerOnly, owner: 404 },
  ),
  act(
    "routes/_main.readings.$readingId",
    "tip",
    () => ownersPaidReading().then((id) => `/readings/${id}`),
    () => ({ intent: "tip", amount: "200", key: "matrix-tip-key" }),
    { nobody: "login", guest: 404, member: 404, removed: 404, owner: "allowed" },
  ),
  act(
    "routes/_main.readings.$readingId",
    "guarantee",
    () => ownersPaidReading().then((id) => `/readings/${id}`),
    () => ({ intent: "guarantee", reason: "generic", words: "Matrix claim of the guarantee" }),
    { nobody: "login", guest: 404, member: 404, removed: 404, owner: "allowed" },
  ),
  act(
    "routes/_main.readings.$readingId",
    "report",
    () => ownersPaidReading().then((id) => `/readings/${id}`),
    () => ({ intent: "report", reason: "Matrix report of a reading" }),
    { nobody: "login", guest: 404, member: 404, removed: 404, owner: "allowed" },
  ),
  // Messages after a reading: the owner's finished reading with the outside reader is a conversation of theirs alone.
  doc("routes/_main.messages._index", "/messages (a guest is sent to sign up)", () => "/messages", {
    nobody: 302,
    guest: 302,
    member: 200,
    removed: 200,
    owner: 200,
  }),
  doc("routes/_main.messages.$threadId", "the owner's conversation about their reading", () => ownersPaidReading().then((id) => `/messages/${id}`), {
    nobody: "refused",
    guest: 404,
    member: 404,
    removed: 404,
    owner: 200,
  }),
  act(
    "routes/_main.messages.$threadId",
    "send",
    () => ownersPaidReading().then((id) => `/messages/${id}`),
    () => ({ intent: "send", body: "A matrix question about the reading" }),
    { nobody: "login", guest: 404, member: 404, removed: 404, owner: "allowed" },
  ),
  act(
    "routes/_main.messages.$threadId",
    "report",
    () => ownersPaidReading().then((id) => `/messages/${id}`),
    () => ({ intent: "report", messageId: "matrix-no-message", reason: "spam" }),
    { ...ownerOnly, owner: 404 },
  ),
  doc("routes/_main.staff.readings", "/staff/readings", () => "/staff/readings", all(404)),
  // The staff account is tried in observability.test.ts.
  doc("routes/_main.staff.health", "/staff/health", () => "/staff/health", all(404)),
  act(
    "routes/_main.staff.readings",
    "refund",
    () => "/staff/readings",
    () => ({ intent: "refund", readingId: "any-reading" }),
    all(404),
  ),
  doc("routes/_main.staff.reports", "/staff/reports", () => "/staff/reports", all(404)),
  // The console (staff-console.test.ts tries the staff account): 404 for everyone else, readers included (member and removed are readers).
  doc("routes/_main.staff._index", "/staff", () => "/staff", all(404)),
  doc("routes/_main.staff.people._index", "/staff/people", () => "/staff/people?q=demo", all(404)),
  doc("routes/_main.staff.people.$userId", "/staff/people/{owner}", () => `/staff/people/${OWNER_ID}`, all(404)),
  ...(["grant", "suspend", "restore"] as const).map((intent) =>
    act(
      "routes/_main.staff.people.$userId",
      intent,
      () => `/staff/people/${OWNER_ID}`,
      () => ({ intent, kind: "completeDeck", amount: "5", reason: "Matrix", key: `matrix-${intent}-key` }),
      all(404),
    ),
  ),
  doc("routes/_main.staff.payments", "/staff/payments", () => "/staff/payments", all(404)),
  act(
    "routes/_main.staff.payments",
    "refund",
    () => "/staff/payments",
    (f) => ({ intent: "refund", receiptId: f.receiptId, reason: "Matrix" }),
    all(404),
  ),
  act(
    "routes/_main.staff.payments",
    "retry-payout",
    () => "/staff/payments",
    () => ({ intent: "retry-payout", payoutId: "any-payout", reason: "Matrix" }),
    all(404),
  ),
  doc("routes/_main.staff.readers", "/staff/readers", () => "/staff/readers", all(404)),
  act(
    "routes/_main.staff.readers",
    "revoke",
    () => "/staff/readers",
    () => ({ intent: "revoke", certificateId: "demo-theo-adept", reason: "Matrix revocation" }),
    all(404),
  ),
  doc("routes/_main.staff.listings", "/staff/listings", () => "/staff/listings?q=tides", all(404)),
  ...(["hide", "dismiss", "unhide", "feature", "unfeature"] as const).flatMap((intent) =>
    (["routes/_main.staff.reports", "routes/_main.staff.listings"] as const).map((route) =>
      act(
        route,
        intent,
        () => `/${route.split(".").slice(1).join("/")}`,
        () => ({ intent, deckId: PUBLIC_DECK, reason: "Matrix" }),
        all(404),
      ),
    ),
  ),
  doc("routes/_main.pricing", "/pricing", () => "/pricing", all(200)),
  doc("routes/_main.guarantee", "/guarantee", () => "/guarantee", all(200)),
  doc("routes/_main.terms", "/terms", () => "/terms", all(200)),
  doc("routes/_main.licensing", "/licensing", () => "/licensing", all(200)),
  doc("routes/_main.shop.$username", "a creator's shop", () => "/shop/luna_vale", all(200)),
  // Following a creator and keeping a wishlist are a member's own (a guest is sent to sign up); nothing names another person's (decision 0113).
  doc("routes/shop.$username.follow", "the follow form's address (back to the shop)", () => "/shop/luna_vale/follow", all(302)),
  ...(["follow", "unfollow"] as const).map((intent) =>
    act(
      "routes/shop.$username.follow",
      intent,
      () => "/shop/luna_vale/follow",
      () => ({ intent, redirectTo: "/shop/luna_vale" }),
      { ...all(303), nobody: "login" },
    ),
  ),
  act(
    "routes/shop.$username.follow",
    "follow (no such shop)",
    () => "/shop/nobody_by_that_name/follow",
    () => ({ intent: "follow" }),
    { nobody: "login", guest: 303, member: 404, removed: 404, owner: 404 },
  ),
  act(
    "routes/shop.$username.follow",
    "follow (one's own shop)",
    () => "/shop/demo_seeker/follow",
    () => ({ intent: "follow" }),
    {
      nobody: "login",
      guest: 303,
      member: 303,
      removed: 303,
      owner: 400,
    },
  ),
  doc("routes/_main.following", "/following (a guest is sent to sign up)", () => "/following", {
    nobody: 302,
    guest: 302,
    member: 200,
    removed: 200,
    owner: 200,
  }),
  doc("routes/marketplace.$deckId.wish", "the wishlist form's address (back to the deck)", () => `/marketplace/${PUBLIC_DECK}/wish`, all(302)),
  ...(["wish", "unwish"] as const).map((intent) =>
    act(
      "routes/marketplace.$deckId.wish",
      intent,
      () => `/marketplace/${PUBLIC_DECK}/wish`,
      () => ({ intent, redirectTo: `/marketplace/${PUBLIC_DECK}` }),
      { ...all(303), nobody: "login" },
    ),
  ),
  act(
    "routes/marketplace.$deckId.wish",
    "wish (a private deck)",
    () => `/marketplace/${OWNER_DECK}/wish`,
    () => ({ intent: "wish" }),
    {
      nobody: "login",
      guest: 303,
      member: 404,
      removed: 404,
      owner: 404,
    },
  ),
  doc("routes/_main.wishlist", "/wishlist (a guest is sent to sign up)", () => "/wishlist", { nobody: 302, guest: 302, member: 200, removed: 200, owner: 200 }),
  doc("routes/_main.privacy", "/privacy", () => "/privacy", all(200)),
  // The service worker's offline page holds nobody's data: the worker fills in what the device saved.
  doc("routes/_main.offline", "/offline", () => "/offline", all(200)),
  doc("routes/_main.profile", "/profile", () => "/profile", signedIn(200)),
  ...(["profile", "remove-avatar", "avatar"] as const).map((intent) =>
    act(
      "routes/_main.profile",
      intent,
      () => "/profile",
      () => ({ intent }),
      signedIn("allowed"),
    ),
  ),
  // Anyone signed in may delete their own account only; without the typed confirmation nothing happens (accounts-delete.test.ts deletes).
  act(
    "routes/_main.profile",
    "delete-account",
    () => "/profile",
    () => ({ intent: "delete-account", confirm: "no" }),
    signedIn(400),
  ),
  // API tokens are the Visionary plan's: nobody in the matrix holds it (api.test.ts makes them); a token is revoked by its owner only.
  act(
    "routes/_main.profile",
    "create-token",
    () => "/profile",
    () => ({ intent: "create-token", name: "Matrix", scope: "read" }),
    signedIn(403),
  ),
  act(
    "routes/_main.profile",
    "revoke-token",
    () => "/profile",
    () => ({ intent: "revoke-token", tokenId: "someone-elses-token" }),
    signedIn(404),
  ),
  doc("routes/_main.reader-dashboard", "/reader-dashboard", () => "/reader-dashboard", signedIn(200)),
  // Theo (member) and Mira (removed) are readers; the demo member (owner) is not.
  act(
    "routes/_main.reader-dashboard",
    "weekly hours",
    () => "/reader-dashboard",
    () => ({ intent: "hours", timeZone: "Europe/Paris", slotMinutes: "30", start1: "09:00", end1: "12:00" }),
    { nobody: "login", guest: 403, member: "allowed", removed: "allowed", owner: 403 },
  ),
  act(
    "routes/_main.reader-dashboard",
    "unblock a client (a reader's own blocks only)",
    () => "/reader-dashboard",
    () => ({ intent: "unblock", clientId: "seed-user-demo" }),
    { nobody: "login", guest: 403, member: "allowed", removed: "allowed", owner: 403 },
  ),
  act(
    "routes/_main.reader-dashboard",
    "availability",
    () => "/reader-dashboard",
    () => ({ intent: "availability", available: "yes" }),
    { nobody: "login", guest: 403, member: "allowed", removed: "allowed", owner: 403 },
  ),
  act(
    "routes/_main.reader-dashboard",
    "profile",
    () => "/reader-dashboard",
    () => ({
      intent: "profile",
      displayName: "Matrix Reader",
      bio: "Reading the cards for friends for years.",
      specialty: "Decisions",
      languages: "English",
      yearsOfPractice: "3",
      price: "1.00",
    }),
    { nobody: "login", guest: 403, member: "allowed", removed: "allowed", owner: 403 },
  ),
  doc("routes/reader-presence", "GET on the tab goodbye", () => "/reader-presence", all(405)),
  act(
    "routes/reader-presence",
    "a reader's tab says goodbye",
    () => "/reader-presence",
    () => ({ tab: "matrixtab01" }),
    { nobody: 403, guest: 403, member: "allowed", removed: "allowed", owner: 403 },
  ),
  doc("routes/_main.readers.$username", "a reader's profile", () => "/readers/ines_duval", all(200)),
  doc("routes/_main.readers._index", "/readers", () => "/readers", all(200)),
  // Starting a reading needs an account: a guest (and a visitor, who becomes one) is sent to create one; someone who is not a reader is not found.
  doc("routes/_main.readers.$username_.book", "starting a reading with a reader", () => "/readers/ines_duval/book", {
    nobody: 302,
    guest: 302,
    member: 200,
    removed: 200,
    owner: 200,
  }),
  doc("routes/_main.readers.$username_.schedule", "a reader's open times", () => "/readers/ines_duval/schedule", {
    nobody: 302,
    guest: 302,
    member: 200,
    removed: 200,
    owner: 200,
  }),
  doc("routes/_main.readers.$username_.schedule", "the open times of a member who is not a reader", () => "/readers/demo_seeker/schedule", {
    nobody: 302,
    guest: 302,
    member: 404,
    removed: 404,
    owner: 404,
  }),
  act(
    "routes/_main.readers.$username_.schedule",
    "book a time that is not open",
    () => "/readers/ines_duval/schedule",
    () => ({ startAt: "1000", mode: "chat", timeZone: "UTC" }),
    { nobody: "login", guest: 302, member: 409, removed: 409, owner: 409 },
  ),
  doc("routes/_main.bookings._index", "/bookings (each member's own)", () => "/bookings", { nobody: 302, guest: 302, member: 200, removed: 200, owner: 200 }),
  act(
    "routes/_main.bookings._index",
    "cancel the owner's booking from the list",
    () => ownersBooking().then(() => "/bookings"),
    () => ({ intent: "cancel", id: OWNERS_BOOKING }),
    { nobody: "login", guest: 302, member: 404, removed: 404, owner: "allowed" },
  ),
  doc("routes/_main.bookings.$bookingId", "the owner's booking", () => ownersBooking().then((id) => `/bookings/${id}`), {
    nobody: "refused",
    guest: 404,
    member: 404,
    removed: 404,
    owner: 200,
  }),
  act(
    "routes/_main.bookings.$bookingId",
    "enter the room",
    () => ownersBooking().then((id) => `/bookings/${id}`),
    () => ({ intent: "enter" }),
    { nobody: "login", guest: 404, member: 404, removed: 404, owner: 409 },
  ),
  act(
    "routes/_main.bookings.$bookingId",
    "cancel",
    () => ownersBooking().then((id) => `/bookings/${id}`),
    () => ({ intent: "cancel" }),
    { nobody: "login", guest: 404, member: 404, removed: 404, owner: "allowed" },
  ),
  doc(
    "routes/bookings.$bookingId.calendar[.ics]",
    "the owner's booking as a calendar file",
    () => ownersBooking().then((id) => `/bookings/${id}/calendar.ics`),
    { nobody: "refused", guest: 404, member: 404, removed: 404, owner: 200 },
  ),
  doc("routes/_main.readers.$username_.book", "starting a reading with a member who is not a reader", () => "/readers/demo_seeker/book", {
    nobody: "refused",
    guest: 404,
    member: 404,
    removed: 404,
    owner: 404,
  }),
  doc("routes/readers.$username.avatar.$file", "a reader's avatar that is not theirs", () => "/readers/ines_duval/avatar/profile-none.png", all(404)),
  // Anyone signed in (a guest too) keeps their own favourites; nothing names another person's.
  doc("routes/readers.$username.favourite", "the favourite form's address (back to the reader)", () => "/readers/ines_duval/favourite", all(302)),
  ...(["favourite", "notify-off", "notify-on", "unfavourite"] as const).map((intent) =>
    act(
      "routes/readers.$username.favourite",
      intent,
      () => "/readers/ines_duval/favourite",
      () => ({ intent }),
      signedIn("allowed"),
    ),
  ),
  act(
    "routes/readers.$username.favourite",
    "favourite (not a reader)",
    () => "/readers/demo_seeker/favourite",
    () => ({ intent: "favourite" }),
    { ...all(404), nobody: "login" },
  ),
  // A stop link works for whoever holds it, signed in or not; one not made here is refused for everyone.
  doc(
    "routes/_main.readers.notices.stop.$token",
    "a forged stop link",
    () => "/readers/notices/stop/someone.some-reader.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    all(400),
  ),
  act(
    "routes/_main.readers.notices.stop.$token",
    "stop (forged link)",
    () => "/readers/notices/stop/someone.some-reader.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    () => ({}),
    all(400),
  ),
  doc("routes/_main.shared.$shareId", "a shared reading", (f) => `/shared/${f.shareId}`, all(200)),
  doc("routes/_main.shared.$shareId", "an unknown shared reading", () => "/shared/unknown", all(404)),
  doc("routes/_main.subscription._index", "/subscription (plans for anyone, the current one for members)", () => "/subscription", all(200)),
  // The owner subscribed in the fixture: a second checkout is refused (409), the portal opens.
  act(
    "routes/_main.subscription._index",
    "checkout",
    () => "/subscription",
    () => ({ intent: "checkout", plan: "creator-monthly" }),
    { nobody: 401, guest: 401, member: 302, removed: 302, owner: 409 },
  ),
  act(
    "routes/_main.subscription._index",
    "manage",
    () => "/subscription",
    () => ({ intent: "manage" }),
    { nobody: 401, guest: 401, member: 404, removed: 404, owner: 302 },
  ),
  // Any member's billing page shows their own account; the subscription's actions are the owner's.
  doc("routes/_main.billing.local", "the owner's test billing page", () => "/billing/local", { ...ownerOnly, member: 200, removed: 200 }),
  act(
    "routes/_main.billing.local",
    "cancel",
    () => "/billing/local",
    () => ({ intent: "cancel" }),
    ownerOnly,
  ),
  act(
    "routes/_main.billing.local",
    "change-plan",
    () => "/billing/local",
    () => ({ intent: "change-plan", price: "price_visionary_monthly" }),
    ownerOnly,
  ),
  act(
    "routes/_main.billing.local",
    "card",
    () => "/billing/local",
    () => ({ intent: "card", card: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" }),
    ownerOnly,
  ),
  act(
    "routes/_main.billing.local",
    "refund",
    () => "/billing/local",
    (f) => ({ intent: "refund", receipt: f.receiptId }),
    ownerOnly,
  ),
  {
    ...act(
      "routes/_main.billing.local",
      "end-period",
      () => "/billing/local",
      () => ({ intent: "end-period" }),
      ownerOnly,
    ),
    last: true,
  },
  // Each member's sales page shows their own sales only; a guest (and a visitor, who becomes one) is asked to create an account first.
  doc("routes/_main.sales", "/sales (each member's own)", () => "/sales", { nobody: 302, guest: 302, member: 200, removed: 200, owner: 200 }),
  act(
    "routes/_main.sales",
    "onboard",
    () => "/sales",
    () => ({ intent: "onboard" }),
    { nobody: "login", guest: 302, member: 302, removed: 302, owner: 302 },
  ),
  // Nobody in the matrix has a balance: a payout is refused before it could be made.
  act(
    "routes/_main.sales",
    "payout",
    () => "/sales",
    () => ({ intent: "payout" }),
    { nobody: "login", guest: 302, member: 409, removed: 409, owner: 409 },
  ),
  doc("routes/_main.sales_.onboarding.local", "the local payout setup (each member's own account)", () => "/sales/onboarding/local", {
    nobody: 302,
    guest: 302,
    member: 200,
    removed: 200,
    owner: 200,
  }),
  act(
    "routes/_main.sales_.onboarding.local",
    "complete",
    () => "/sales/onboarding/local",
    () => ({ intent: "complete", country: "US", holderName: "Matrix Seller" }),
    { nobody: "login", guest: 302, member: 302, removed: 302, owner: 302 },
  ),
  // Each member's offer codes and bundles are their own: a guest is asked to create an account; ending another's is not found.
  doc("routes/_main.sales_.codes", "/sales/codes (each member's own)", () => "/sales/codes", {
    nobody: 302,
    guest: 302,
    member: 200,
    removed: 200,
    owner: 200,
  }),
  act(
    "routes/_main.sales_.codes",
    "create",
    () => "/sales/codes",
    () => ({ intent: "create", code: `MATRIX-${newId().slice(0, 8)}`, kind: "percent", amount: "10" }),
    { nobody: "login", guest: 302, member: 200, removed: 200, owner: 200 },
  ),
  act(
    "routes/_main.sales_.codes",
    "end (the owner's code)",
    () => "/sales/codes",
    (f) => ({ intent: "end", codeId: f.ownerCodeId }),
    { nobody: "login", guest: 302, member: 404, removed: 404, owner: 200 },
  ),
  doc("routes/_main.sales_.bundles", "/sales/bundles (each member's own)", () => "/sales/bundles", {
    nobody: 302,
    guest: 302,
    member: 200,
    removed: 200,
    owner: 200,
  }),
  // Nobody in the matrix sells two priced decks: the bundle is refused on its decks (400), after the person is checked.
  act(
    "routes/_main.sales_.bundles",
    "create",
    () => "/sales/bundles",
    () => ({ intent: "create", title: "Matrix bundle", price: "5", decks: OWNER_DECK }),
    { nobody: "login", guest: 302, member: 400, removed: 400, owner: 400 },
  ),
  act(
    "routes/_main.sales_.bundles",
    "end (the owner's bundle)",
    () => "/sales/bundles",
    (f) => ({ intent: "end", bundleId: f.ownerBundleId }),
    { nobody: "login", guest: 302, member: 404, removed: 404, owner: 200 },
  ),
  doc("routes/_main.checkout.bundle.$bundleId", "a bundle on sale (Luna's)", () => `/checkout/bundle/${SEED_BUNDLE.id}`, signedIn(200)),
  doc("routes/_main.checkout.bundle.$bundleId", "an unknown bundle", () => "/checkout/bundle/no-such-bundle", { ...signedIn(404), nobody: "login" }),
  // The owner holds one of its decks (the demo member bought Desert Mirage): refused before paying; a guest is asked for an account.
  act(
    "routes/_main.checkout.bundle.$bundleId",
    "buy",
    () => `/checkout/bundle/${SEED_BUNDLE.id}`,
    () => ({}),
    { nobody: "login", guest: 401, member: 302, removed: 302, owner: 409 },
  ),
  // A gift's link is its key: anyone may see the gift; only a member may claim it, once (the first to claim it here is the member).
  doc("routes/_main.gifts.$token", "a paid gift's link", (f) => `/gifts/${f.giftToken}`, all(200)),
  doc("routes/_main.gifts.$token", "an unknown gift", () => "/gifts/no-such-gift", all(404)),
  act(
    "routes/_main.gifts.$token",
    "claim",
    (f) => `/gifts/${f.giftToken}`,
    () => ({}),
    { nobody: "login", guest: 401, member: 302, removed: 409, owner: 409 },
  ),
  doc("routes/_main.subscription.success", "the owner's purchase", (f) => `/subscription/success?checkout=${f.checkoutId}`, ownerOnly),
  doc("routes/_main.checkout.local.$sessionId", "the owner's local checkout", (f) => `/checkout/local/${f.localSessionId}`, ownerOnly),
  act(
    "routes/_main.checkout.local.$sessionId",
    "pay again (the checkout is closed)",
    (f) => `/checkout/local/${f.localSessionId}`,
    () => ({ intent: "pay", card: "4000 0000 0000 0002", expiry: "12 / 40", cvc: "123" }),
    ownerOnly,
  ),
  doc("routes/_main.tarot-quiz", "/tarot-quiz", () => "/tarot-quiz", signedIn(200)),
  act(
    "routes/_main.tarot-quiz",
    "start",
    () => "/tarot-quiz",
    () => ({ intent: "start" }),
    { nobody: "login", guest: 403, member: "allowed", removed: "allowed", owner: "allowed" },
  ),
  act(
    "routes/_main.tarot-quiz",
    "submit (an attempt nobody started)",
    () => "/tarot-quiz",
    () => ({ intent: "submit", attempt: "no-such-attempt", q0: "1" }),
    { ...ownerOnly, owner: 404 },
  ),
  act(
    "routes/api.questions",
    "suggest questions",
    () => "/api/questions",
    () => ({ category: "love" }),
    signedIn(200),
  ),
  // The API reads a bearer token and never a cookie: every session here is nobody to it (api.test.ts tries tokens, scopes and other people's decks).
  doc("routes/api.v1.decks", "the API's deck list, with a session and no token", () => "/api/v1/decks", all(401)),
  act(
    "routes/api.v1.decks",
    "a deck made through the API, with a session and no token",
    () => "/api/v1/decks",
    () => ({ theme: "Matrix tides", style: "woodcut", kind: "major_arcana" }),
    all(401),
  ),
  doc("routes/api.v1.decks_.$deckId", "the owner's deck through the API, with a session and no token", () => `/api/v1/decks/${OWNER_DECK}`, all(401)),
  act(
    "routes/api.v1.decks_.$deckId",
    "a post to a deck in the API",
    () => `/api/v1/decks/${OWNER_DECK}`,
    () => ({}),
    all(405),
  ),
  doc(
    "routes/api.v1.decks_.$deckId_.status",
    "the owner's deck's progress through the API, with a session and no token",
    () => `/api/v1/decks/${OWNER_DECK}/status`,
    all(401),
  ),
  act(
    "routes/api.v1.decks_.$deckId_.status",
    "a post to a deck's progress in the API",
    () => `/api/v1/decks/${OWNER_DECK}/status`,
    () => ({}),
    all(405),
  ),
  doc("routes/api.v1.$", "an unknown API path", () => "/api/v1/no-such-thing", all(404)),
  act(
    "routes/api.v1.$",
    "a post to an unknown API path",
    () => "/api/v1/no-such-thing",
    () => ({}),
    all(404),
  ),
  doc("routes/api.v1.openapi[.json]", "the API's OpenAPI document", () => "/api/v1/openapi.json", all(200)),
  doc("routes/_main.developers", "/developers", () => "/developers", all(200)),
  doc("routes/art.back[.svg]", "a painted back", () => "/art/back.svg?theme=Moon&style=woodcut", all(200)),
  doc("routes/art.card[.svg]", "a painted classic card", () => "/art/card.svg?key=major-00&theme=Classic%20tarot&style=art%20nouveau", all(200)),
  doc("routes/art.card[.svg]", "the create form's preview card", () => "/art/card.svg?key=major-17&theme=Moon&style=woodcut", all(200)),
  doc("routes/art.card[.svg]", "any other card of a theme", () => "/art/card.svg?key=major-00&theme=Moon", all(404)),
  doc("routes/auth.google", "/auth/google", () => "/auth/google", all(302)),
  act(
    "routes/auth.google",
    "continue with Google",
    () => "/auth/google",
    () => ({}),
    all(503),
  ),
  doc("routes/invite.$type.$inviteId", "an invitation", (f) => `/invite/participant/${f.inviteId}`, all(200)),
  doc("routes/invite.$inviteId", "a short invitation link", (f) => `/invite/${f.inviteId}`, all("allowed")),
  doc("routes/push.subscription", "the key a browser subscribes with (a visit makes a guest)", () => "/push/subscription", all(200)),
  act(
    "routes/push.subscription",
    "unsubscribe a device",
    () => "/push/subscription",
    () => ({ intent: "unsubscribe", endpoint: "https://push.test/none" }),
    signedIn(200),
  ),
  doc("routes/push.settings", "/push/settings", () => "/push/settings", all(302)),
  act(
    "routes/push.settings",
    "save notification settings",
    () => "/push/settings",
    () => ({ sale: "on" }),
    signedIn(302),
  ),
  doc("routes/logout", "/logout", () => "/logout", all(302)),
  {
    ...act(
      "routes/logout",
      "sign out",
      () => "/logout",
      () => ({}),
      all(302),
    ),
    ownSession: true,
  },
  doc("routes/media.$", "a private deck's card image", (f) => `/media/${f.privateImage}`, { nobody: 404, guest: 404, member: 404, removed: 404, owner: 200 }),
  doc("routes/media.$", "a public deck's card image", (f) => `/media/${f.publicImage}`, all(200)),
  // A priced deck at its buyer's table: the people seated there see what is turned over and the previews, nothing else.
  doc("routes/media.$", "a priced deck's card turned over at its buyer's table", (f) => `/media/${f.pricedTable.images[f.pricedTable.revealed]}`, {
    nobody: 404,
    guest: 200,
    member: 200,
    removed: 200,
    owner: 200,
  }),
  doc("routes/media.$", "a priced deck's preview card", (f) => `/media/${f.pricedTable.images[f.pricedTable.preview]}`, all(200)),
  doc("routes/media.$", "a priced deck's card lying face down at its buyer's table", (f) => `/media/${f.pricedTable.images[f.pricedTable.faceDown]}`, {
    nobody: 404,
    guest: 404,
    member: 404,
    removed: 404,
    owner: 200,
  }),
  doc("routes/media.$", "a priced deck's card still in the pile at its buyer's table", (f) => `/media/${f.pricedTable.images[f.pricedTable.inPile]}`, {
    nobody: 404,
    guest: 404,
    member: 404,
    removed: 404,
    owner: 200,
  }),
  doc("routes/media.$", "someone's avatar", (f) => `/media/${f.avatar}`, all(200)),
  doc("routes/media.$", "a path outside the media folders", () => "/media/..%2f..%2fwrangler.toml", all(404)),
  doc(room, "the owner's reading", (f) => `/reading-room?session=${f.readingId}`, {
    nobody: "refused",
    guest: "denied",
    member: "denied",
    removed: "denied",
    owner: 200,
  }),
  doc(room, "reading with the owner's private deck", () => `/reading-room/${OWNER_DECK}`, {
    nobody: "denied",
    guest: "denied",
    member: "denied",
    removed: "denied",
    owner: 200,
  }),
  doc(room, "the owner's reading with a priced deck they bought", (f) => `/reading-room?session=${f.pricedTable.readingId}`, {
    nobody: "refused",
    guest: 200,
    member: 200,
    removed: 200,
    owner: 200,
  }),
  act(
    room,
    "open a reading",
    () => "/reading-room",
    () => ({}),
    signedIn(302),
  ),
  act(
    room,
    "invite",
    (f) => `/reading-room?session=${f.readingId}`,
    () => ({ intent: "invite", type: "participant", maxUses: "3" }),
    { nobody: "login", guest: 403, member: 403, removed: 403, owner: 200 },
  ),
  doc("routes/reading.($deckId)", "the owner's reading at /reading", (f) => `/reading?session=${f.readingId}`, {
    nobody: "refused",
    guest: "denied",
    member: "denied",
    removed: "denied",
    owner: 200,
  }),
  act(
    "routes/reading.($deckId)",
    "open a reading",
    () => "/reading",
    () => ({}),
    signedIn(302),
  ),
  doc("routes/webhooks.stripe", "GET on the payment webhook", () => "/webhooks/stripe", all(405)),
  act(
    "routes/webhooks.stripe",
    "a delivery without a valid signature",
    () => "/webhooks/stripe",
    () => ({ type: "checkout.session.completed" }),
    all(400),
  ),
  doc("routes/theme", "/theme", () => "/theme", all(302)),
  act(
    "routes/theme",
    "choose a theme",
    () => "/theme",
    () => ({ theme: "dark" }),
    all(200),
  ),
  doc("routes/account-prompt", "/account-prompt", () => "/account-prompt", all(302)),
  act(
    "routes/account-prompt",
    "put the account prompt away",
    () => "/account-prompt",
    () => ({ dismiss: "deck" }),
    all(200),
  ),
  // Last: accepting seats the guest and the member at the owner's second reading, where the private deck lies.
  {
    ...act(
      "routes/invite.$type.$inviteId",
      "accept",
      (f) => `/invite/participant/${f.acceptInviteId}`,
      () => ({}),
      { nobody: "login", guest: 302, member: 302, removed: 403, owner: 302 },
    ),
    last: true,
  },
  {
    ...act(
      "routes/invite.$inviteId",
      "accept",
      (f) => `/invite/${f.acceptInviteId}`,
      () => ({}),
      { nobody: "login", guest: 302, member: 302, removed: 403, owner: 302 },
    ),
    last: true,
  },
];

type RouteModule = { id: string; module: { loader?: unknown; action?: unknown; default?: unknown } };
const ROUTES = Object.values(build.routes as Record<string, RouteModule>);

/** The single-fetch data URL of a page: `/x?y` → `/x.data?y`, and `/` → `/_root.data`. */
function dataPathOf(path: string) {
  const [pathname, query] = path.split("?");
  const base = pathname === "/" ? "/_root" : pathname!.replace(/\/$/, "");
  return `${base}.data${query ? `?${query}` : ""}`;
}

/** Every page is also fetched as data, with the same answers (a redirect there is a 202 that names it). */
const DATA_ROWS: HttpRow[] = ROWS.filter((row) => row.kind === "document" && ROUTES.find((route) => route.id === row.route)?.module.default).map((row) => ({
  ...row,
  kind: "data",
  label: `${row.label} (.data)`,
  path: async (f) => dataPathOf(await row.path(f)),
  cells: Object.fromEntries(Object.entries(row.cells).map(([actor, expected]) => [actor, expected === 302 ? 202 : expected])) as Cells,
}));

const HTTP_ROWS = [...ROWS.filter((row) => !row.last), ...DATA_ROWS, ...ROWS.filter((row) => row.last)];

/** Layouts render inside every page above; they hold no rule of their own. */
const LAYOUTS = new Set(["root", "routes/_main"]);

type SocketRow = { party: string; label: string; path: (f: Fixture) => string; cells: Record<Actor, 101 | 403> };

const SOCKETS: SocketRow[] = [
  {
    party: "reading-room",
    label: "the owner's reading",
    path: (f) => `/parties/reading-room/${f.readingId}`,
    cells: { nobody: 403, guest: 403, member: 403, removed: 403, owner: 101 },
  },
  {
    party: "deck-generator",
    label: "the owner's deck progress",
    path: () => `/parties/deck-generator/${OWNER_DECK}`,
    cells: { nobody: 403, guest: 403, member: 403, removed: 403, owner: 101 },
  },
  {
    party: "reader-presence",
    label: "watching who is online",
    path: () => "/parties/reader-presence/readers",
    cells: { nobody: 101, guest: 101, member: 101, removed: 101, owner: 101 },
  },
  {
    party: "user-channel",
    label: "the owner's account channel",
    path: () => `/parties/user-channel/${OWNER_ID}`,
    cells: { nobody: 403, guest: 403, member: 403, removed: 403, owner: 101 },
  },
  // Theo and Mira are readers in the demo data; the demo member is not.
  {
    party: "reader-presence",
    label: "going online as a reader",
    path: () => "/parties/reader-presence/readers?as=reader",
    cells: { nobody: 403, guest: 403, member: 101, removed: 101, owner: 403 },
  },
];

/** One message of each type the reading room takes, as its host would send it. */
const ROOM_MESSAGES: Record<string, object> = {
  "command:shuffle": { type: "command", command: { type: "shuffle" } },
  "command:chooseSpread": { type: "command", command: { type: "chooseSpread", spreadId: "single" } },
  "command:chooseCustomSpread": { type: "command", command: { type: "chooseCustomSpread", spreadId: "matrixspread1", spread: MATRIX_SPREAD } },
  "command:setReversals": { type: "command", command: { type: "setReversals", on: true } },
  "command:draw": { type: "command", command: { type: "draw" } },
  "command:reveal": { type: "command", command: { type: "reveal", position: 0 } },
  "command:revealAll": { type: "command", command: { type: "revealAll" } },
  "command:move": { type: "command", command: { type: "move", position: 0, x: 0.5, y: 0.5 } },
  "command:setQuestion": { type: "command", command: { type: "setQuestion", question: "What now?" } },
  "command:zoom": { type: "command", command: { type: "zoom", zoom: 1.5, x: 0, y: 0 } },
  "command:handOver": { type: "command", command: { type: "handOver", to: OWNER_ID } },
  "command:remove": { type: "command", command: { type: "remove", id: "nobody-here" } },
  "command:lock": { type: "command", command: { type: "lock", locked: false } },
  "command:reset": { type: "command", command: { type: "reset" } },
  "command:interpret": { type: "command", command: { type: "interpret" } },
  resync: { type: "resync" },
  signal: { type: "signal", to: "*", signal: { kind: "join" } },
  changeDeck: { type: "changeDeck", deckId: null },
  endReading: { type: "endReading" },
  say: { type: "say", text: "Hello, table" },
};

/** Refusals that mean "you may not", as opposed to "not now". */
const NOT_ALLOWED = /Join the reading first|Only the person leading|Only the host can|removed from this reading|locked/;

let cellCount = 0;

function check(expected: Expected, response: Response, where: string) {
  cellCount++;
  const status = response.status;
  // Documents redirect with 302; single-fetch data answers with 202 and the target in a header.
  const location = response.headers.get("location") ?? response.headers.get("x-remix-redirect") ?? "";
  const toLogin = (status === 302 || status === 202) && location.startsWith("/login");
  if (expected === "login") return expect(toLogin, `${where}: ${status} ${location}`).toBe(true);
  if (expected === "denied") return expect([403, 404], `${where}: ${status}`).toContain(status);
  if (expected === "refused") return expect(toLogin || status === 403 || status === 404, `${where}: ${status} ${location}`).toBe(true);
  if (expected === "allowed") {
    expect(status, where).toBeLessThan(500);
    expect([401, 403, 404], `${where}: ${status}`).not.toContain(status);
    return expect(toLogin, `${where}: sent to sign in`).toBe(false);
  }
  expect(status, `${where} ${location}`).toBe(expected);
}

async function openSocket(path: string, cookie: string | undefined) {
  return app.fetch(`${ORIGIN}${path}`, { headers: { upgrade: "websocket", origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
}

function listen(socket: WebSocket) {
  const messages: { type: string; error?: string }[] = [];
  socket.addEventListener("message", (event) => messages.push(JSON.parse(String(event.data))));
  socket.accept();
  return messages;
}

/**
 * Each row asks as five people, in an isolate that may also be painting the decks earlier rows created:
 * on a busy two-core machine a row has taken over five seconds, so rows get more than vitest's default.
 */
const ROW_TIMEOUT = 30_000;

const settle = (ms = 60) => new Promise((resolve) => setTimeout(resolve, ms));

async function seedReadyDeck(ownerId: string, isPublic = false) {
  const id = newId();
  await db().insert(decks).values({ id, creatorId: ownerId, title: "Matrix deck", theme: "Matrix", status: "ready", isPublic });
  const source = await db().select().from(cards).where(eq(cards.deckId, OWNER_DECK));
  for (const card of source.slice(0, 3)) {
    await db()
      .insert(cards)
      .values({ ...card, id: `${id}-${card.cardKey}`, deckId: id, imageKey: null });
  }
  return id;
}

const fixture = {} as Fixture;

/** The owner opens a reading with their private deck and invites someone, who joins and is removed. */
async function readingWithARemovedParticipant() {
  const opened = await post(`/reading-room/${OWNER_DECK}`, {}, { cookie: fixture.cookies.owner });
  expect(opened.status).toBe(302);
  const readingId = new URL(opened.headers.get("location")!, ORIGIN).searchParams.get("session")!;
  const inviteId = newId();
  await db()
    .insert(readingInvites)
    .values({ id: inviteId, sessionId: readingId, createdBy: OWNER_ID, maxUses: 50, expiresAt: Date.now() + 3_600_000 });
  expect((await post(`/invite/participant/${inviteId}`, {}, { cookie: fixture.cookies.removed })).status).toBe(302);

  const hostSocket = (await openSocket(`/parties/reading-room/${readingId}`, fixture.cookies.owner)).webSocket!;
  const hostMessages = listen(hostSocket);
  const seatedSocket = (await openSocket(`/parties/reading-room/${readingId}`, fixture.cookies.removed)).webSocket!;
  listen(seatedSocket);
  await settle(150);
  hostSocket.send(JSON.stringify({ type: "command", command: { type: "remove", id: REMOVED_ID } }));
  await settle(300);
  expect(hostMessages.filter((m) => m.type === "refused")).toEqual([]);
  hostSocket.close();
  return { readingId, inviteId };
}

/** The messages a socket receives, in full. */
function received(socket: WebSocket) {
  const messages: { type: string; event?: { type: string; keys?: string[] } }[] = [];
  socket.addEventListener("message", (event) => messages.push(JSON.parse(String(event.data))));
  socket.accept();
  return messages;
}

/** What `read` gives once it gives something, within a few seconds. */
async function until<T>(read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("waited in vain for the table to settle");
    await settle(20);
  }
}

const PRICED_DECK_KEYS = ["major-00", "major-01", "major-02", "major-03", "major-04", "major-05"];

async function pricedDeckOnABuyersTable(): Promise<PricedTable> {
  const maker = "seed-user-luna";
  const deckId = `matrix-priced-${newId()}`;
  const images = Object.fromEntries(PRICED_DECK_KEYS.map((key) => [key, `card-images/${deckId}/${key.replace("-", "_")}.svg`]));
  await db().batch([
    db().insert(decks).values({ id: deckId, creatorId: maker, title: "Matrix Priced Deck", theme: "Matrix", status: "ready", isPublic: true }),
    ...PRICED_DECK_KEYS.map((key) => {
      const card = FULL_DECK.find((c) => c.key === key)!;
      return db()
        .insert(cards)
        .values({
          id: `${deckId}-${key}`,
          deckId,
          cardKey: key,
          name: card.name,
          arcana: card.arcana,
          suit: card.suit,
          number: card.number,
          status: "ready",
          imageKey: images[key],
        });
    }),
    db().insert(deckListings).values({ deckId, sellerId: maker, priceCents: 900, previewCardKeys: [] }),
    db()
      .insert(deckPurchases)
      .values({ id: newId(), deckId, buyerId: OWNER_ID, sellerId: maker, grossCents: 900, feePercent: 10, feeCents: 90, netCents: 810 }),
  ]);
  for (const key of PRICED_DECK_KEYS)
    await env.MEDIA.put(images[key]!, `<svg xmlns="http://www.w3.org/2000/svg"><text>${key}</text></svg>`, { httpMetadata: { contentType: "image/svg+xml" } });

  const opened = await post(`/reading-room/${deckId}`, {}, { cookie: fixture.cookies.owner });
  expect(opened.status).toBe(302);
  const readingId = new URL(opened.headers.get("location")!, ORIGIN).searchParams.get("session")!;
  const seats: [Actor, "participant" | "spectator" | "co-reader"][] = [
    ["member", "participant"],
    ["guest", "spectator"],
    ["removed", "co-reader"],
  ];
  for (const [actor, role] of seats) {
    const inviteId = newId();
    await db()
      .insert(readingInvites)
      .values({ id: inviteId, sessionId: readingId, createdBy: OWNER_ID, role, maxUses: 50, expiresAt: Date.now() + 3_600_000 });
    expect((await post(`/invite/${role}/${inviteId}`, {}, { cookie: fixture.cookies[actor] })).status, `${actor} takes a seat as ${role}`).toBe(302);
  }

  const host = (await openSocket(`/parties/reading-room/${readingId}`, fixture.cookies.owner)).webSocket!;
  const messages = received(host);
  const command = (body: object) => host.send(JSON.stringify({ type: "command", command: body }));
  command({ type: "chooseSpread", spreadId: "three-card" });
  command({ type: "shuffle" });
  command({ type: "draw" });
  command({ type: "draw" });
  command({ type: "reveal", position: 0 });
  const revealed = await until(() => messages.find((m) => m.event?.type === "revealed")?.event?.keys?.[0]);
  expect(messages.filter((m) => m.type === "refused")).toEqual([]);
  // The pile as the room mirrors it: what is in neither the pile nor turned over lies face down.
  const pile = await until(async () => {
    const [row] = await db().select({ pile: readingSessions.shuffledDeck }).from(readingSessions).where(eq(readingSessions.id, readingId));
    return row?.pile?.length === PRICED_DECK_KEYS.length - 2 ? row.pile : undefined;
  });
  const faceDown = PRICED_DECK_KEYS.find((key) => key !== revealed && !pile.includes(key))!;
  // The listing's preview is a card nobody drew, so each row below speaks of one kind of card.
  const [preview, inPile] = pile as [string, string];
  await db()
    .update(deckListings)
    .set({ previewCardKeys: [preview] })
    .where(eq(deckListings.deckId, deckId));
  host.close();

  const journalId = newId();
  const shareId = newId();
  const named = (key: string, position: number) => ({
    key,
    name: FULL_DECK.find((c) => c.key === key)!.name,
    position,
    positionName: `Card ${position + 1}`,
    reversed: false,
  });
  await db()
    .insert(readingJournal)
    .values({
      id: journalId,
      userId: MEMBER_ID,
      sessionId: readingId,
      deckId,
      spreadId: "three-card",
      spreadName: "Three cards",
      cards: [named(revealed, 0), named(faceDown, 1), named(inPile, 2)],
      question: "Matrix priced?",
      shareId,
    });
  return { deckId, readingId, images, revealed, faceDown, inPile, preview, journalId, shareId };
}

const ACTOR_IDS: Partial<Record<Actor, string>> = { member: MEMBER_ID, removed: REMOVED_ID, owner: OWNER_ID };

async function freshSession(actor: Actor): Promise<string | undefined> {
  if (actor === "nobody") return undefined;
  if (actor !== "guest") return signInAs(ACTOR_IDS[actor]!);
  const jar = new CookieJar();
  jar.take(await visit("/", { headers: { "cf-connecting-ip": "192.0.2.78" } }));
  return jar.header();
}

beforeAll(async () => {
  const guest = new CookieJar();
  guest.take(await visit("/", { headers: { "cf-connecting-ip": "192.0.2.77" } }));
  fixture.cookies = {
    nobody: undefined,
    guest: guest.header(),
    member: await signInAs(MEMBER_ID),
    removed: await signInAs(REMOVED_ID),
    owner: await signInAs(OWNER_ID),
  };

  // The public deck is in the marketplace, free, so a checkout of it is open to every member.
  await db().insert(deckListings).values({ deckId: PUBLIC_DECK, sellerId: "seed-user-luna", priceCents: 0 }).onConflictDoNothing();

  ({ readingId: fixture.readingId, inviteId: fixture.inviteId } = await readingWithARemovedParticipant());
  ({ inviteId: fixture.acceptInviteId } = await readingWithARemovedParticipant());
  fixture.pricedTable = await pricedDeckOnABuyersTable();

  const [image] = await db()
    .select({ key: cards.imageKey })
    .from(cards)
    .where(and(eq(cards.deckId, OWNER_DECK), eq(cards.cardKey, "major-00")));
  fixture.privateImage = image!.key!;
  const [publicImage] = await db()
    .select({ key: cards.imageKey })
    .from(cards)
    .where(and(eq(cards.deckId, PUBLIC_DECK), eq(cards.cardKey, "major-00")));
  fixture.publicImage = publicImage!.key!;
  fixture.avatar = `avatars/${OWNER_ID}/profile-matrix.png`;
  await env.MEDIA.put(fixture.avatar, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), { httpMetadata: { contentType: "image/png" } });

  // One entry for the journal rows (which share and unshare it), another that stays shared.
  fixture.journalId = newId();
  fixture.shareId = newId();
  await db()
    .insert(readingJournal)
    .values([
      { id: fixture.journalId, userId: OWNER_ID, spreadId: "single", spreadName: "Single card", cards: [], question: "Matrix?" },
      { id: newId(), userId: OWNER_ID, spreadId: "single", spreadName: "Single card", cards: [], question: "Shared?", shareId: fixture.shareId },
    ]);
  fixture.spareDeck = () => seedReadyDeck(OWNER_ID);
  fixture.spareSpread = async () => {
    const id = newId().replace(/-/g, "").slice(0, 16);
    await db()
      .insert(customSpreads)
      .values({ id, ownerId: OWNER_ID, ...MATRIX_SPREAD });
    return id;
  };
  fixture.spreadId = await fixture.spareSpread();
  fixture.ownerCodeId = newId();
  await db().insert(offerCodes).values({ id: fixture.ownerCodeId, sellerId: OWNER_ID, code: "OWNERS", kind: "percent", amount: 10 });
  fixture.ownerBundleId = newId();
  await db().insert(bundles).values({ id: fixture.ownerBundleId, sellerId: OWNER_ID, title: "The owner's bundle", priceCents: 500 });
  const giftCheckout = newId();
  await db().insert(checkoutSessions).values({ id: giftCheckout, userId: OWNER_ID, kind: "gift", deckId: PUBLIC_DECK, amountCents: 900, status: "complete" });
  fixture.giftToken = newId();
  await db().insert(deckGifts).values({
    id: newId(),
    checkoutId: giftCheckout,
    deckId: PUBLIC_DECK,
    giverId: OWNER_ID,
    recipientEmail: "friend@example.test",
    token: fixture.giftToken,
    status: "paid",
    feePercent: 10,
  });
  fixture.listedDeck = await seedReadyDeck(OWNER_ID, true);
  await db().insert(deckListings).values({ deckId: fixture.listedDeck, sellerId: OWNER_ID, priceCents: 0 });
  fixture.reviewId = newId();
  await db().insert(deckReviews).values({ id: fixture.reviewId, deckId: fixture.listedDeck, reviewerId: "seed-user-luna", rating: 4, body: "Matrix review" });
  fixture.boughtDeck = await seedReadyDeck("seed-user-luna", true);
  await db().insert(deckListings).values({ deckId: fixture.boughtDeck, sellerId: "seed-user-luna", priceCents: 0 });
  await db()
    .insert(deckPurchases)
    .values(
      [MEMBER_ID, REMOVED_ID, OWNER_ID].map((buyerId) => ({
        id: newId(),
        deckId: fixture.boughtDeck,
        buyerId,
        sellerId: "seed-user-luna",
        grossCents: 0,
        feePercent: 0,
        feeCents: 0,
        netCents: 0,
      })),
    );

  const checkout = await post("/subscription", { intent: "checkout", plan: "mystic-monthly" }, { cookie: fixture.cookies.owner });
  expect(checkout.status).toBe(302);
  const localPath = checkout.headers.get("location")!;
  expect(localPath).toMatch(/^\/checkout\/local\/cs_local_/);
  fixture.localSessionId = localPath.split("/").pop()!;
  fixture.checkoutId = fixture.localSessionId.replace(/^cs_local_/, "");
  const paid = await post(localPath, { intent: "pay", card: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" }, { cookie: fixture.cookies.owner });
  expect(paid.status).toBe(302);
  // The receipt of the payment just made: the newest of the owner's (the demo data holds an older one, of a deck).
  const [receipt] = await db()
    .select({ id: paymentReceipts.id })
    .from(paymentReceipts)
    .where(eq(paymentReceipts.userId, OWNER_ID))
    .orderBy(desc(paymentReceipts.paidAt))
    .limit(1);
  fixture.receiptId = receipt!.id;
});

describe("authorization matrix", () => {
  it("covers every route the app serves", () => {
    const covered = new Set(HTTP_ROWS.map((row) => row.route));
    const routes = ROUTES;
    const missing: string[] = [];
    for (const route of routes) {
      if (LAYOUTS.has(route.id)) continue;
      if (route.module.loader && !ROWS.some((row) => row.route === route.id && row.kind === "document")) missing.push(`${route.id} (loader)`);
      if (route.module.loader && route.module.default && !DATA_ROWS.some((row) => row.route === route.id)) missing.push(`${route.id} (.data)`);
      if (route.module.action && !ROWS.some((row) => row.route === route.id && row.kind === "action")) missing.push(`${route.id} (action)`);
    }
    expect(missing, "routes missing from the authorization matrix").toEqual([]);
    for (const id of covered)
      expect(
        routes.some((route) => route.id === id),
        `${id} is in the matrix but not in the app`,
      ).toBe(true);
  });

  it("covers every party and every reading-room message type", () => {
    expect(new Set(SOCKETS.map((row) => row.party))).toEqual(new Set(PARTIES));
    const commandTypes = commandSchema.options.map((option) => `command:${option.shape.type.value}`);
    const otherTypes = clientMessageSchema.options.map((option) => option.shape.type.value).filter((type) => type !== "command");
    expect(Object.keys(ROOM_MESSAGES).sort()).toEqual([...commandTypes, ...otherTypes].sort());
  });

  it.each(HTTP_ROWS.map((row) => [`${row.route} — ${row.label}`, row] as const))(
    "%s",
    async (_, row) => {
      for (const actor of ACTORS) {
        const path = await row.path(fixture);
        const cookie = row.ownSession ? await freshSession(actor) : fixture.cookies[actor];
        const response =
          row.method === "POST"
            ? await post(path, row.form?.(fixture) ?? {}, { cookie, headers: { "cf-connecting-ip": `192.0.2.${ACTORS.indexOf(actor) + 10}` } })
            : row.kind === "document"
              ? await visit(path, { cookie, headers: { "sec-fetch-site": "same-origin" } })
              : await get(path, { cookie });
        await response.arrayBuffer();
        check(row.cells[actor], response, `${row.label} as ${actor}`);
      }
    },
    ROW_TIMEOUT,
  );

  it.each(SOCKETS.map((row) => [`${row.party} — ${row.label}`, row] as const))(
    "socket: %s",
    async (_, row) => {
      for (const actor of ACTORS) {
        const response = await openSocket(row.path(fixture), fixture.cookies[actor]);
        cellCount++;
        expect(response.status, `${row.label} as ${actor}`).toBe(row.cells[actor]);
        response.webSocket?.accept();
        response.webSocket?.close();
      }
    },
    ROW_TIMEOUT,
  );

  it("lets only the host's socket send each reading-room message; nobody else gets a socket to send it on", async () => {
    // Without a socket nobody sends anything: one refused connection per person stands for every message type.
    for (const actor of ACTORS.filter((a) => a !== "owner")) {
      const response = await openSocket(`/parties/reading-room/${fixture.readingId}`, fixture.cookies[actor]);
      cellCount += Object.keys(ROOM_MESSAGES).length;
      expect(response.status, `a socket as ${actor}`).toBe(403);
    }
    for (const [type, message] of Object.entries(ROOM_MESSAGES)) {
      const response = await openSocket(`/parties/reading-room/${fixture.readingId}`, fixture.cookies.owner);
      cellCount++;
      expect(response.status).toBe(101);
      const messages = listen(response.webSocket!);
      await settle(30);
      response.webSocket!.send(JSON.stringify(message));
      await settle(60);
      const refusals = messages.filter((m) => m.type === "refused" && NOT_ALLOWED.test(m.error ?? ""));
      expect(refusals, `${type} as the host`).toEqual([]);
      response.webSocket!.close();
    }
  }, 60_000);

  it("shows the people seated at a buyer's table with a priced deck only the cards turned over there and its previews, wherever pictures are sent", async () => {
    const t = fixture.pricedTable;
    const url = (key: string) => `/media/${t.images[key]}`;
    for (const actor of ["guest", "member", "removed", "owner"] as const) {
      const cookie = fixture.cookies[actor];
      const open = (key: string) => actor === "owner" || key === t.revealed || key === t.preview;
      for (const key of PRICED_DECK_KEYS) {
        const response = await get(url(key), { cookie });
        await response.arrayBuffer();
        cellCount++;
        expect(response.status, `${key} as ${actor}`).toBe(open(key) ? 200 : 404);
      }
      // The page and its data name only those pictures (the room's socket never names a picture).
      for (const path of [`/reading-room?session=${t.readingId}`, `/reading-room.data?session=${t.readingId}`]) {
        const body = await (await get(path, { cookie })).text();
        for (const key of PRICED_DECK_KEYS) expect(body.includes(url(key)), `${path} names ${key} to ${actor}`).toBe(open(key));
      }
    }
    // The member's journal entry and its shared page show the card turned over, not the others it names.
    for (const path of [`/journal/${t.journalId}`, `/shared/${t.shareId}`]) {
      const body = await (await get(path, { cookie: fixture.cookies.member })).text();
      expect(body, path).toContain(url(t.revealed));
      expect(body, path).not.toContain(url(t.faceDown));
      expect(body, path).not.toContain(url(t.inPile));
    }
    const stranger = await (await get(`/shared/${t.shareId}`)).text();
    expect(stranger).not.toContain(url(t.revealed));
  }, 60_000);

  it("prints its size", () => {
    console.log(
      `authorization matrix: ${cellCount} cells (${HTTP_ROWS.length} pages, data requests and intents, ${SOCKETS.length} sockets, ${Object.keys(ROOM_MESSAGES).length} room message types, ${ACTORS.length} people each)`,
    );
    expect(cellCount).toBeGreaterThan(300);
  });
});
