import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { deckKinds, deckQualities, newPaintingSecret } from "./columns";

/** Milliseconds since the epoch; every timestamp in the database uses this unit unless named otherwise. */
const millis = (name: string) => integer(name, { mode: "number" });
const now = sql`(unixepoch('subsec') * 1000)`;
const flag = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);

export const readerLevels = sqliteTable("reader_levels", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  rankOrder: integer("rank_order").notNull().unique(),
});

/**
 * Every account, guest or member. A guest has no e-mail and a matching `anonymous_users` row;
 * upgrading fills the e-mail on the same id so nothing the guest owns has to move.
 */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").unique(),
    username: text("username").unique(),
    fullName: text("full_name"),
    avatarUrl: text("avatar_url"),
    bio: text("bio"),
    isCreator: flag("is_creator"),
    isReader: flag("is_reader"),
    /** US cents per minute. */
    customPricePerMinute: integer("custom_price_per_minute"),
    levelId: text("level_id").references(() => readerLevels.id, { onDelete: "set null" }),
    isOnline: flag("is_online"),
    lastSeenAt: millis("last_seen_at"),
    createdAt: millis("created_at").notNull().default(now),
    updatedAt: millis("updated_at").notNull().default(now),
    /** Set by staff: the person cannot sign in or be booked, and their listings leave the marketplace (decision 0078). */
    suspendedAt: millis("suspended_at"),
    suspendedReason: text("suspended_reason"),
  },
  (t) => [
    index("users_readers_idx").on(t.isReader, t.isOnline, t.lastSeenAt),
    check("users_price_check", sql`${t.customPricePerMinute} IS NULL OR ${t.customPricePerMinute} >= 0`),
  ],
);

export const anonymousUsers = sqliteTable("anonymous_users", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  /**
   * SHA-256 of the browser's device cookie. Unique, so requests from one browser that race to
   * create its guest end up with one row; the losers re-read it.
   */
  deviceKeyHash: text("device_key_hash").unique(),
  createdAt: millis("created_at").notNull().default(now),
  updatedAt: millis("updated_at").notNull().default(now),
});

/**
 * Members a browser has been signed in as, keyed by the SHA-256 of its device cookie. A guest
 * made later on such a browser starts without the free allowance (the account has its own).
 */
export const deviceMembers = sqliteTable(
  "device_members",
  {
    deviceKeyHash: text("device_key_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.deviceKeyHash, t.userId] }), index("device_members_user_idx").on(t.userId)],
);

/** Accounts at outside identity providers linked to a user (today: Google). */
export const userIdentities = sqliteTable(
  "user_identities",
  {
    provider: text("provider", { enum: ["google"] }).notNull(),
    subject: text("subject").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index("user_identities_user_idx").on(t.userId)],
);

/** Magic links already used: the SHA-256 of each link's sealed state, kept until it would have expired anyway. */
export const usedMagicLinks = sqliteTable(
  "used_magic_links",
  {
    id: text("id").primaryKey(),
    expiresAt: millis("expires_at").notNull(),
  },
  (t) => [index("used_magic_links_expiry_idx").on(t.expiresAt)],
);

/** Fixed-window counters for rate limits, keyed like `magic-link:email:<hash>`. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: millis("window_start").notNull(),
  count: integer("count").notNull(),
});

/** Mail written by the local mail adapter, listed by the development mailbox page. */
export const outboxMessages = sqliteTable(
  "outbox_messages",
  {
    id: text("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    link: text("link"),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [index("outbox_messages_to_idx").on(t.toAddress, t.createdAt)],
);

/** Server-side sign-in sessions. The cookie carries a random token; only its SHA-256 hash is stored. */
export const authSessions = sqliteTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: millis("created_at").notNull().default(now),
    expiresAt: millis("expires_at").notNull(),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId), index("auth_sessions_expiry_idx").on(t.expiresAt)],
);

export { deckKinds, deckQualities };
export const deckStatuses = ["generating", "ready", "failed"] as const;

export const decks = sqliteTable(
  "decks",
  {
    id: text("id").primaryKey(),
    creatorId: text("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    theme: text("theme").notNull(),
    description: text("description"),
    artStyle: text("art_style"),
    kind: text("kind", { enum: deckKinds }).notNull().default("major_arcana"),
    /** How finely the cards are painted; high quality costs more and is part of some plans. */
    quality: text("quality", { enum: deckQualities }).notNull().default("medium"),
    status: text("status", { enum: deckStatuses }).notNull().default("generating"),
    isPublic: flag("is_public"),
    /** Marketplace price in US cents; null when the deck is not for sale. */
    priceCents: integer("price_cents"),
    coverCardId: text("cover_card_id"),
    /** The secret the local painter draws this deck's cards from (decision 0053); never sent. A trigger fills it for a row inserted without one. */
    paintingSecret: text("painting_secret").$defaultFn(newPaintingSecret),
    /** The card back the owner chose: null for the deck's first painted back, `painted-{n}` for another painted design, `upload` for their own picture at `backImageKey`. */
    cardBack: text("card_back"),
    /** Key in the media bucket of the owner's own card back, `card-backs/{deckId}/{id}.{ext}`. */
    backImageKey: text("back_image_key"),
    createdAt: millis("created_at").notNull().default(now),
    updatedAt: millis("updated_at").notNull().default(now),
  },
  (t) => [
    index("decks_creator_idx").on(t.creatorId, t.createdAt),
    index("decks_public_idx").on(t.isPublic, t.createdAt),
    check("decks_price_check", sql`${t.priceCents} IS NULL OR ${t.priceCents} >= 0`),
  ],
);

export const cardStatuses = ["pending", "generating", "ready", "failed"] as const;

export const cards = sqliteTable(
  "cards",
  {
    id: text("id").primaryKey(),
    deckId: text("deck_id")
      .notNull()
      .references(() => decks.id, { onDelete: "cascade" }),
    /** Stable id of the tarot card, for example `major-00` or `cups-queen`. */
    cardKey: text("card_key").notNull(),
    name: text("name").notNull(),
    arcana: text("arcana", { enum: ["major", "minor"] }).notNull(),
    suit: text("suit", { enum: ["wands", "cups", "swords", "pentacles"] }),
    number: integer("number").notNull(),
    description: text("description"),
    /** Key of the image in the media bucket, `card-images/{deckId}/{file}`. */
    imageKey: text("image_key"),
    status: text("status", { enum: cardStatuses }).notNull().default("pending"),
    /** Repaints delivered: a repaint counts only once its new picture is stored. */
    regenerations: integer("regenerations").notNull().default(0),
    createdAt: millis("created_at").notNull().default(now),
    updatedAt: millis("updated_at").notNull().default(now),
    /** Set while a repaint is under way: it holds one of the deck's repaints until the picture arrives or the attempt ends. */
    repaintRequestedAt: millis("repaint_requested_at"),
    /** The owner's own words for the card's title and description; null keeps the original (`name`, `description`), which stays for undo. */
    editedName: text("edited_name"),
    editedDescription: text("edited_description"),
    /** The owner's few words for this card's painting ("with a lighthouse"), added to the deck's theme; null paints the theme alone. */
    prompt: text("prompt"),
  },
  (t) => [uniqueIndex("cards_deck_card_idx").on(t.deckId, t.cardKey)],
);

/**
 * The pictures a card has had, and the other variant each repaint painted beside the one it shows
 * (decision 0120): the owner may keep any of them instead, which puts the one shown here in its place.
 */
export const cardPictures = sqliteTable(
  "card_pictures",
  {
    id: text("id").primaryKey(),
    cardId: text("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    imageKey: text("image_key").notNull(),
    /** The card's own words when this picture was painted. */
    prompt: text("prompt"),
    /** `variant`: painted beside a repaint's picture and never shown yet; `earlier`: a picture the card showed before. */
    kind: text("kind", { enum: ["variant", "earlier"] }).notNull(),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [index("card_pictures_card_idx").on(t.cardId, t.createdAt)],
);

export const readingSessions = sqliteTable(
  "reading_sessions",
  {
    id: text("id").primaryKey(),
    hostUserId: text("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    originalHostUserId: text("original_host_user_id").references(() => users.id, { onDelete: "set null" }),
    deckId: text("deck_id").references(() => decks.id, { onDelete: "set null" }),
    readingStep: text("reading_step").notNull().default("setup"),
    /** JSON array of card keys in shuffled order. */
    shuffledDeck: text("shuffled_deck", { mode: "json" }).$type<string[]>(),
    selectedLayout: text("selected_layout"),
    question: text("question"),
    /** JSON array of card reading entries: name, position, isReversed. */
    selectedCards: text("selected_cards", { mode: "json" }).$type<{ name: string; position: number; isReversed: boolean }[]>(),
    interpretation: text("interpretation"),
    zoomLevel: real("zoom_level").notNull().default(1),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** When the host locked the room (null while open): no new seats from then on. */
    lockedAt: millis("locked_at"),
    /** Who laid the deck now on the table; a private deck is shown at the table only when its owner did. */
    deckLaidBy: text("deck_laid_by"),
    lastActivityAt: millis("last_activity_at").notNull().default(now),
    createdAt: millis("created_at").notNull().default(now),
    updatedAt: millis("updated_at").notNull().default(now),
  },
  (t) => [index("reading_sessions_host_idx").on(t.hostUserId, t.createdAt), index("reading_sessions_activity_idx").on(t.isActive, t.lastActivityAt)],
);

export const seatRoles = ["host", "co-reader", "participant", "spectator"] as const;

export const sessionParticipants = sqliteTable(
  "session_participants",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => readingSessions.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    anonymousId: text("anonymous_id").references(() => anonymousUsers.id, { onDelete: "set null" }),
    name: text("name").notNull().default("User"),
    isHost: flag("is_host"),
    /** How the person sits at the table: participant, co-reader (may lead too) or spectator. */
    role: text("role", { enum: seatRoles }).notNull().default("participant"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** When the host removed this person (null while seated): the seat then opens nothing. */
    removedAt: millis("removed_at"),
    /** When the person first came to the table (null until then): a locked room keeps out anyone who has not. */
    arrivedAt: millis("arrived_at"),
    joinedAt: millis("joined_at").notNull().default(now),
    lastSeenAt: millis("last_seen_at").notNull().default(now),
  },
  (t) => [
    index("session_participants_session_idx").on(t.sessionId, t.isActive, t.lastSeenAt),
    index("session_participants_user_idx").on(t.userId),
    index("session_participants_anonymous_idx").on(t.anonymousId),
  ],
);

/** A link that seats its holder at a reading, until it expires or its uses run out. */
export const readingInvites = sqliteTable(
  "reading_invites",
  {
    /** Random, unguessable; the link's last segment. */
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => readingSessions.id, { onDelete: "cascade" }),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: seatRoles }).notNull().default("participant"),
    video: flag("video"),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    expiresAt: millis("expires_at").notNull(),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [index("reading_invites_session_idx").on(t.sessionId)],
);

/** A finished reading as kept in one person's journal, with their own notes. */
export const readingJournal = sqliteTable(
  "reading_journal",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id").references(() => readingSessions.id, { onDelete: "set null" }),
    /** The deck the cards were drawn from; null for the classic deck (or a deck since deleted). */
    deckId: text("deck_id").references(() => decks.id, { onDelete: "set null" }),
    question: text("question"),
    spreadId: text("spread_id").notNull(),
    spreadName: text("spread_name").notNull(),
    /** JSON: the cards in position order: key, name, position, position name, reversed. */
    cards: text("cards", { mode: "json" }).$type<{ key: string; name: string; position: number; positionName: string; reversed: boolean }[]>().notNull(),
    interpretation: text("interpretation"),
    notes: text("notes").notNull().default(""),
    /** Counts the saves of the notes: a save written against an older count is stale and refused (decision 0060). */
    notesRevision: integer("notes_revision").notNull().default(0),
    /** The submission key of the page form that saved the notes last, and which of its sends (decision 0127); null after any other write. */
    notesForm: text("notes_form"),
    notesFormSend: integer("notes_form_send").notNull().default(0),
    /** Set while the entry is shared: the read-only link's last segment. */
    shareId: text("share_id"),
    /** The person's own labels, lower case, at most ten (JSON array); searched with the rest (migration 0033). */
    tags: text("tags", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** How the person felt about the reading, one of `JOURNAL_MOODS`; null when not said. */
    mood: text("mood"),
    /** Set when the reading was done with a physical deck and logged by hand: the deck's name as the person gave it (migration 0037). */
    physicalDeck: text("physical_deck"),
    /** The positions as they lay (name, meaning, place on the table, turn), kept so an entry reads right after its spread changes (migration 0038). */
    layout: text("layout", { mode: "json" }).$type<{ name: string; meaning: string; x: number; y: number; rotation: number }[]>(),
    createdAt: millis("created_at").notNull().default(now),
    updatedAt: millis("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("reading_journal_user_session_idx").on(t.userId, t.sessionId),
    index("reading_journal_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("reading_journal_share_idx").on(t.shareId),
  ],
);

export const planTypes = ["free", "explorer", "mystic", "creator", "visionary"] as const;

export const userDeckQuotas = sqliteTable(
  "user_deck_quotas",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    planType: text("plan_type", { enum: planTypes }).notNull().default("free"),
    majorArcanaQuota: integer("major_arcana_quota").notNull().default(1),
    completeDeckQuota: integer("complete_deck_quota").notNull().default(0),
    majorArcanaUsed: integer("major_arcana_used").notNull().default(0),
    completeDeckUsed: integer("complete_deck_used").notNull().default(0),
    lastRefreshDate: millis("last_refresh_date").notNull().default(now),
    nextRefreshDate: millis("next_refresh_date").notNull(),
    maxRolloverQuota: integer("max_rollover_quota").notNull().default(0),
    /** Credits a merged guest spent beyond what the account had left; taken from the next refreshes. */
    majorArcanaOwed: integer("major_arcana_owed").notNull().default(0),
    completeDeckOwed: integer("complete_deck_owed").notNull().default(0),
    updatedAt: millis("updated_at").notNull().default(now),
  },
  (t) => [
    index("user_deck_quotas_refresh_idx").on(t.nextRefreshDate),
    check(
      "user_deck_quotas_bounds",
      sql`${t.majorArcanaUsed} >= 0 AND ${t.completeDeckUsed} >= 0 AND ${t.majorArcanaUsed} <= ${t.majorArcanaQuota} AND ${t.completeDeckUsed} <= ${t.completeDeckQuota}`,
    ),
  ],
);

/** Every change to a user's quotas, with why. `reference_id` makes a consumption idempotent. */
export const deckQuotaLedger = sqliteTable(
  "deck_quota_ledger",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    majorArcanaChange: integer("major_arcana_change").notNull().default(0),
    completeDeckChange: integer("complete_deck_change").notNull().default(0),
    description: text("description").notNull(),
    referenceId: text("reference_id"),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [index("deck_quota_ledger_user_idx").on(t.userId, t.createdAt), uniqueIndex("deck_quota_ledger_reference_idx").on(t.userId, t.referenceId)],
);

export const subscriptionStatuses = ["active", "trialing", "past_due", "canceled", "unpaid", "incomplete", "incomplete_expired", "paused"] as const;

export const subscriptions = sqliteTable("subscriptions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  subscriptionStatus: text("subscription_status", { enum: subscriptionStatuses }).notNull(),
  priceId: text("price_id").notNull(),
  /** Seconds since the epoch, as the payment provider reports it. */
  currentPeriodEnd: integer("current_period_end").notNull(),
  providerCustomerId: text("provider_customer_id"),
  providerSubscriptionId: text("provider_subscription_id").unique(),
  /** Set when the subscriber cancelled: it stays active until `current_period_end`, then ends. */
  cancelAtPeriodEnd: flag("cancel_at_period_end"),
  /** A change of plan the subscriber chose that starts with the next period (a downgrade waits for it). */
  scheduledPriceId: text("scheduled_price_id"),
  /** Milliseconds: when the state stored here was read from the provider; an older reading never overwrites it. */
  providerStateAt: integer("provider_state_at").notNull().default(0),
  updatedAt: millis("updated_at").notNull().default(now),
});

/** Every payment event applied, by the provider's event id: a repeated delivery finds its row and changes nothing. */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: millis("received_at").notNull().default(now),
  /** What applying it did: `applied`, `ignored` (nothing of ours), `held` (a refund waiting for its payment). */
  outcome: text("outcome", { enum: ["applied", "ignored", "held"] })
    .notNull()
    .default("applied"),
});

/**
 * Deliveries of payment events that failed, one row per delivery, for staff (decision 0077): refused
 * signatures (no event id), purchases this version does not know, refunds owed and not yet made, and
 * errors. The provider delivers a failed event again; its success shows in `payment_events`.
 */
export const paymentEventFailures = sqliteTable(
  "payment_event_failures",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id"),
    type: text("type"),
    failure: text("failure", { enum: ["signature", "ahead", "unknown-kind", "refund-pending", "error"] }).notNull(),
    message: text("message").notNull(),
    failedAt: millis("failed_at").notNull().default(now),
  },
  (table) => [index("payment_event_failures_failed_at_idx").on(table.failedAt)],
);

/**
 * The local payment provider's own records (customers, subscriptions, checkout sessions, invoices),
 * shaped like Stripe's objects: offline, the local checkout and portal keep them here and the
 * webhook handler reads them back exactly as it reads Stripe's.
 */
export const localPaymentObjects = sqliteTable("local_payment_objects", {
  id: text("id").primaryKey(),
  object: text("object").notNull(),
  data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  updatedAt: millis("updated_at").notNull().default(now),
});

export const checkoutKinds = ["subscription", "explorer-plus", "deck", "top-up", "bundle", "gift"] as const;
export const checkoutStatuses = ["open", "complete", "expired"] as const;

/**
 * A purchase someone started: what, for whom, at what price. Its id is the idempotency key sent to
 * the provider and the metadata every event about it carries back; the success page reads it.
 */
export const checkoutSessions = sqliteTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: checkoutKinds }).notNull(),
    planKey: text("plan_key"),
    deckId: text("deck_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    /** What the checkout page and the receipt call it ("Explorer Plus — all 78 cards for …"). */
    description: text("description").notNull().default(""),
    providerSessionId: text("provider_session_id").unique(),
    status: text("status", { enum: checkoutStatuses }).notNull().default("open"),
    createdAt: millis("created_at").notNull().default(now),
    completedAt: millis("completed_at"),
    /** The creator's offer code the price was lowered by, claimed when the payment completes (decision 0114). */
    offerCodeId: text("offer_code_id"),
    /** The bundle bought, for a checkout of the `bundle` kind. */
    bundleId: text("bundle_id"),
  },
  (t) => [index("checkout_sessions_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Money received, one row per provider payment (a paid invoice, a paid one-off checkout), with what
 * was refunded of it: the subscriber's receipts, and the way from a refunded charge back to what it
 * bought. Written by the webhook handler in the event's own batch.
 */
export const paymentReceipts = sqliteTable(
  "payment_receipts",
  {
    /** The provider's invoice or checkout session id. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: checkoutKinds }).notNull(),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    currency: text("currency").notNull(),
    /** The payment the provider's refunds name. */
    paymentIntentId: text("payment_intent_id"),
    checkoutId: text("checkout_id"),
    /** The provider's own receipt page, where it has one. */
    receiptUrl: text("receipt_url"),
    paidAt: millis("paid_at").notNull(),
    refundedAt: millis("refunded_at"),
  },
  (t) => [index("payment_receipts_user_idx").on(t.userId, t.paidAt), index("payment_receipts_intent_idx").on(t.paymentIntentId)],
);

/**
 * A refund the provider reported before the payment it refunds (the provider does not promise
 * order): kept by the payment's id, the highest refunded total seen, and applied in the batch that
 * writes the payment's receipt.
 */
export const pendingRefunds = sqliteTable("pending_refunds", {
  paymentIntentId: text("payment_intent_id").primaryKey(),
  /** The charge's whole amount, to tell a full refund from a partial one. */
  amountCents: integer("amount_cents").notNull(),
  refundedCents: integer("refunded_cents").notNull(),
  receivedAt: millis("received_at").notNull(),
});

/** The cards an account has paid with, by the provider's fingerprint: two accounts of one person pay alike (decision 0051). */
export const paymentCards = sqliteTable(
  "payment_cards",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    seenAt: millis("seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fingerprint] }), index("payment_cards_fingerprint_idx").on(t.fingerprint)],
);

/* ------------------------------------------------------------------------------------------------
 * Marketplace
 * --------------------------------------------------------------------------------------------- */

export const listingStatuses = ["listed", "unlisted"] as const;
export const listingLicences = ["personal", "commercial"] as const;

/**
 * A deck offered in the marketplace, by its owner: its price (0 for free), what the shop window
 * says of it, which cards anyone may see (the rest only buyers), and its licence. Unlisting keeps
 * the row, so buyers keep their access; staff may hide a listing with a reason the creator sees.
 * Sales and ratings are counters changed in the same batch as the sale or the review.
 */
export const deckListings = sqliteTable(
  "deck_listings",
  {
    deckId: text("deck_id")
      .primaryKey()
      .references(() => decks.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    description: text("description").notNull().default(""),
    tags: text("tags", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** Card keys anyone may see; every other card's picture is for the owner and buyers. */
    previewCardKeys: text("preview_card_keys", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    licence: text("licence", { enum: listingLicences }).notNull().default("personal"),
    status: text("status", { enum: listingStatuses }).notNull().default("listed"),
    /** Set by staff: the listing is out of the marketplace, and `hiddenReason` tells the creator why. */
    hiddenAt: millis("hidden_at"),
    hiddenReason: text("hidden_reason"),
    /** Chosen by staff for the shop window. */
    featured: flag("featured"),
    salesCount: integer("sales_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /**
     * How much the listing earned its place in the shop window, and its rating pulled toward the
     * middle: kept by the triggers of migration 0012 from the view `deck_listing_quality`, which is
     * the one definition of both, and refreshed by the periodic job while the newness bonus fades.
     */
    qualityScore: real("quality_score").notNull().default(0),
    ratingScore: real("rating_score").notNull().default(0),
    /**
     * In the marketplace now: listed, not hidden by staff, and the deck ready (not being painted).
     * Kept by the triggers of migration 0012, so a page and its count read one index.
     */
    visible: flag("visible"),
    /**
     * Copies of the deck's kind and (lower-cased) art style, and the listing's row in the search
     * index: kept by the triggers of migration 0013 so a search and its filters read the listing
     * alone, joined to the index by a number.
     */
    deckKind: text("deck_kind", { enum: deckKinds }).notNull().default("major_arcana"),
    artStyle: text("art_style"),
    searchId: integer("search_id"),
    listedAt: millis("listed_at").notNull().default(now),
    updatedAt: millis("updated_at").notNull().default(now),
  },
  (t) => [
    index("deck_listings_seller_idx").on(t.sellerId, t.listedAt),
    index("deck_listings_newest_idx").on(t.visible, t.listedAt, t.deckId),
    index("deck_listings_price_idx").on(t.visible, t.priceCents, t.qualityScore, t.deckId),
    index("deck_listings_sales_idx").on(t.visible, t.salesCount, t.qualityScore, t.deckId),
    index("deck_listings_featured_idx").on(t.visible, t.featured, t.qualityScore, t.deckId),
    index("deck_listings_rating_idx").on(t.visible, t.ratingScore, t.ratingCount, t.deckId),
    index("deck_listings_search_idx").on(t.searchId, t.visible, t.deckKind, t.priceCents, t.artStyle, t.ratingCount, t.ratingSum),
    check("deck_listings_price_check", sql`${t.priceCents} >= 0`),
    check("deck_listings_rating_check", sql`${t.ratingCount} >= 0 AND ${t.ratingSum} >= 0`),
  ],
);

export const purchaseStatuses = ["paid", "refunded"] as const;

/**
 * A buyer's copy of a deck: one row per buyer and deck, whatever the number of attempts, so a deck
 * cannot be bought twice. The fee is the seller's plan's at the time of the sale. A refund ends
 * the access (status `refunded`).
 */
export const deckPurchases = sqliteTable(
  "deck_purchases",
  {
    id: text("id").primaryKey(),
    deckId: text("deck_id")
      .notNull()
      .references(() => decks.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerId: text("seller_id").notNull(),
    checkoutId: text("checkout_id"),
    grossCents: integer("gross_cents").notNull(),
    feePercent: integer("fee_percent").notNull(),
    feeCents: integer("fee_cents").notNull(),
    netCents: integer("net_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: purchaseStatuses }).notNull().default("paid"),
    createdAt: millis("created_at").notNull().default(now),
    refundedAt: millis("refunded_at"),
  },
  (t) => [uniqueIndex("deck_purchases_buyer_deck_idx").on(t.buyerId, t.deckId), index("deck_purchases_deck_idx").on(t.deckId)],
);

export const sellerEntryKinds = ["sale", "refund", "payout", "reading", "reading-refund", "tip", "booking", "written", "guarantee"] as const;

/**
 * The creator's money, one line per change: a sale (gross, fee, net), a refund (the same,
 * negative), a payout (net only, negative). The balance is the sum of `net_cents`; the reference
 * id is unique, so nothing is written twice.
 */
export const sellerLedger = sqliteTable(
  "seller_ledger",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: sellerEntryKinds }).notNull(),
    purchaseId: text("purchase_id"),
    payoutId: text("payout_id"),
    grossCents: integer("gross_cents").notNull().default(0),
    feeCents: integer("fee_cents").notNull().default(0),
    netCents: integer("net_cents").notNull(),
    referenceId: text("reference_id").notNull().unique(),
    createdAt: millis("created_at").notNull().default(now),
    /** The paid reading a `reading` or `reading-refund` line is for (last: added after the table was made). */
    paidReadingId: text("paid_reading_id"),
  },
  (t) => [index("seller_ledger_seller_idx").on(t.sellerId, t.createdAt)],
);

export const offerCodeKinds = ["percent", "amount"] as const;

/**
 * A creator's offer code (decision 0114): a percentage or an amount (in cents) off one of their
 * decks (`deck_id`) or anything in their shop (null), until `expires_at`, at most `max_uses` times,
 * until they end it. Codes are unique per creator, in capitals.
 */
export const offerCodes = sqliteTable(
  "offer_codes",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    kind: text("kind", { enum: offerCodeKinds }).notNull(),
    amount: integer("amount").notNull(),
    deckId: text("deck_id").references(() => decks.id, { onDelete: "cascade" }),
    expiresAt: millis("expires_at"),
    maxUses: integer("max_uses"),
    endedAt: millis("ended_at"),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("offer_codes_seller_code_idx").on(t.sellerId, t.code),
    check("offer_codes_amount_check", sql`${t.amount} > 0 AND (${t.kind} <> 'percent' OR ${t.amount} <= 100) AND (${t.maxUses} IS NULL OR ${t.maxUses} > 0)`),
  ],
);

/** A use of an offer code: claimed in the batch of the payment that completes with it, one per checkout. */
export const offerCodeUses = sqliteTable(
  "offer_code_uses",
  {
    checkoutId: text("checkout_id")
      .primaryKey()
      .references(() => checkoutSessions.id, { onDelete: "cascade" }),
    codeId: text("code_id")
      .notNull()
      .references(() => offerCodes.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id").references(() => users.id, { onDelete: "set null" }),
    usedAt: millis("used_at").notNull(),
  },
  (t) => [index("offer_code_uses_code_idx").on(t.codeId)],
);

/** A creator's bundle: two or more of their own listed decks at one price, less than their sum (decision 0114). */
export const bundles = sqliteTable(
  "bundles",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    priceCents: integer("price_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    endedAt: millis("ended_at"),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("bundles_seller_title_idx").on(t.sellerId, t.title), check("bundles_price_check", sql`${t.priceCents} > 0`)],
);

export const bundleDecks = sqliteTable(
  "bundle_decks",
  {
    bundleId: text("bundle_id")
      .notNull()
      .references(() => bundles.id, { onDelete: "cascade" }),
    deckId: text("deck_id")
      .notNull()
      .references(() => decks.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.deckId] }), index("bundle_decks_deck_idx").on(t.deckId)],
);

export const giftStatuses = ["pending", "paid", "claimed", "refunded"] as const;

/**
 * A deck bought for someone by e-mail address (decision 0115): paid by the giver (`checkout_id`),
 * claimed once by whoever holds the link's token, which makes it their purchase.
 */
export const deckGifts = sqliteTable(
  "deck_gifts",
  {
    id: text("id").primaryKey(),
    checkoutId: text("checkout_id")
      .notNull()
      .references(() => checkoutSessions.id, { onDelete: "cascade" }),
    deckId: text("deck_id")
      .notNull()
      .references(() => decks.id, { onDelete: "cascade" }),
    giverId: text("giver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message").notNull().default(""),
    token: text("token").notNull(),
    status: text("status", { enum: giftStatuses }).notNull().default("pending"),
    /** The seller's fee when the gift was paid: the claim's purchase carries it. */
    feePercent: integer("fee_percent"),
    claimedBy: text("claimed_by").references(() => users.id, { onDelete: "set null" }),
    claimedAt: millis("claimed_at"),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("deck_gifts_checkout_idx").on(t.checkoutId),
    uniqueIndex("deck_gifts_token_idx").on(t.token),
    index("deck_gifts_giver_idx").on(t.giverId, t.createdAt),
  ],
);

export const payoutStatuses = ["pending", "paid", "failed"] as const;

/** Money sent to a creator's payout account (Stripe Connect, or the local stand-in). */
export const payouts = sqliteTable(
  "payouts",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: payoutStatuses }).notNull().default("pending"),
    providerTransferId: text("provider_transfer_id"),
    createdAt: millis("created_at").notNull().default(now),
    paidAt: millis("paid_at"),
  },
  (t) => [index("payouts_seller_idx").on(t.sellerId, t.createdAt)],
);

/** A creator's payout account at the provider, and whether it may receive money yet. */
export const sellerAccounts = sqliteTable("seller_accounts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  provider: text("provider", { enum: ["stripe", "local"] }).notNull(),
  accountId: text("account_id").notNull().unique(),
  payoutsEnabled: flag("payouts_enabled"),
  createdAt: millis("created_at").notNull().default(now),
  updatedAt: millis("updated_at").notNull().default(now),
});

/** A buyer's rating and review of a deck, once per deck, editable; the creator may answer once. */
export const deckReviews = sqliteTable(
  "deck_reviews",
  {
    id: text("id").primaryKey(),
    deckId: text("deck_id")
      .notNull()
      .references(() => decks.id, { onDelete: "cascade" }),
    reviewerId: text("reviewer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    body: text("body").notNull().default(""),
    reply: text("reply"),
    repliedAt: millis("replied_at"),
    createdAt: millis("created_at").notNull().default(now),
    updatedAt: millis("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("deck_reviews_reviewer_deck_idx").on(t.reviewerId, t.deckId),
    index("deck_reviews_deck_idx").on(t.deckId, t.createdAt),
    check("deck_reviews_rating_check", sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** "actioned": staff hid the deck; "dismissed": staff found nothing to do. */
export const reportStatuses = ["open", "actioned", "dismissed"] as const;

/** Someone's report of a deck in the marketplace, with their reason, for staff to look at. */
export const deckReports = sqliteTable(
  "deck_reports",
  {
    id: text("id").primaryKey(),
    deckId: text("deck_id")
      .notNull()
      .references(() => decks.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: reportStatuses }).notNull().default("open"),
    createdAt: millis("created_at").notNull().default(now),
    resolvedAt: millis("resolved_at"),
    resolvedBy: text("resolved_by"),
  },
  (t) => [uniqueIndex("deck_reports_reporter_deck_idx").on(t.reporterId, t.deckId), index("deck_reports_status_idx").on(t.status, t.createdAt)],
);

/**
 * One timed try at the reader quiz. The drawn questions and their correct answers stay here on the
 * server; the page only ever receives the questions and their choices. `deadlineAt` is fixed when the
 * attempt starts, so a reload never restarts the clock.
 */
export const quizAttempts = sqliteTable(
  "quiz_attempts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** JSON: the questions as shown, with the index of the right choice for each. */
    questions: text("questions").notNull(),
    startedAt: millis("started_at").notNull(),
    deadlineAt: millis("deadline_at").notNull(),
    submittedAt: millis("submitted_at"),
    /** Number of right answers once graded. */
    score: integer("score"),
    passed: integer("passed", { mode: "boolean" }),
    /** JSON: the chosen index per question, once graded. */
    answers: text("answers"),
  },
  (t) => [index("quiz_attempts_user_idx").on(t.userId, t.startedAt)],
);

/** Proof that a reader passed the quiz; `id` is the random public id shown in the certificate's address. */
export const readerCertificates = sqliteTable(
  "reader_certificates",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attemptId: text("attempt_id")
      .notNull()
      .references(() => quizAttempts.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    total: integer("total").notNull(),
    /** The level the certificate attests and the holder's name, as they were when it was issued. */
    levelId: text("level_id").notNull().default("level-apprentice"),
    holderName: text("holder_name").notNull().default(""),
    issuedAt: millis("issued_at").notNull(),
    /** Set by staff when the certificate no longer stands; the page then says so. */
    revokedAt: millis("revoked_at"),
    revokedReason: text("revoked_reason"),
  },
  (t) => [
    // An attempt backs one certificate per level: the pass that made a reader, and later the promotions it still qualifies for.
    uniqueIndex("reader_certificates_attempt_level_idx").on(t.attemptId, t.levelId),
    index("reader_certificates_user_idx").on(t.userId, t.issuedAt),
  ],
);

/** A member's reader application, saved as a draft before the quiz; one per person. */
export const readerApplications = sqliteTable("reader_applications", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  displayName: text("display_name").notNull(),
  bio: text("bio").notNull(),
  /** JSON array of specialties, from the list or written in. */
  specialties: text("specialties").notNull(),
  /** JSON array of languages, as `parseLanguages` writes them. */
  languages: text("languages").notNull(),
  yearsOfPractice: integer("years_of_practice").notNull(),
  /** Intended price per minute in cents. */
  pricePerMinute: integer("price_per_minute").notNull(),
  updatedAt: millis("updated_at").notNull(),
});

/**
 * A reader's public profile beyond what `users` holds (name, bio, price, level): made from the
 * application when the quiz is passed, edited on the dashboard. `available` is the reader's own
 * choice to be reachable; being online also needs an open tab (see the presence room).
 */
export const readerProfiles = sqliteTable(
  "reader_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** JSON array of specialties. */
    specialties: text("specialties").notNull().default("[]"),
    /** JSON array of languages, each written as a capitalised name ("English"). */
    languages: text("languages").notNull().default("[]"),
    yearsOfPractice: integer("years_of_practice").notNull().default(0),
    available: flag("available"),
    /** Kept by the paid readings: completed readings and the sum and count of their ratings (1 to 5). */
    completedReadings: integer("completed_readings").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    updatedAt: millis("updated_at").notNull().default(now),
    /** Different clients with at least one counted reading: what the level ladder climbs on. */
    countedClients: integer("counted_clients").notNull().default(0),
    /** A few plain-text lines the reader writes about themselves, shown on the list and atop their page. */
    introduction: text("introduction").notNull().default(""),
    /** A reader of the local demo world (scripts/seed/seed-readers.ts): marked on their card and page, kept online in local development (decision 0099). */
    demo: flag("demo"),
  },
  (t) => [
    check(
      "reader_profiles_counts_check",
      sql`${t.completedReadings} >= 0 AND ${t.ratingCount} >= 0 AND ${t.ratingSum} BETWEEN ${t.ratingCount} AND ${t.ratingCount} * 5`,
    ),
  ],
);

/* ------------------------------------------------------------------------------------------------
 * Paid readings with human readers
 * --------------------------------------------------------------------------------------------- */

export const walletEntryKinds = ["top-up", "charge", "refund", "top-up-refund", "tip", "hold", "written", "written-refund", "guarantee"] as const;

/**
 * A client's reading balance in cents, changed only together with a `wallet_entries` line in one
 * batch, so the balance is always the sum of its lines; it can never go below zero.
 */
export const readingWallets = sqliteTable(
  "reading_wallets",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balanceCents: integer("balance_cents").notNull().default(0),
    updatedAt: millis("updated_at").notNull().default(now),
  },
  (t) => [check("reading_wallets_balance_check", sql`${t.balanceCents} >= 0`)],
);

/**
 * One line per change of a reading balance: a top-up (positive), a charged minute (negative), a
 * refund of a reading (positive), a top-up paid back to the card (negative). The reference is unique, so no top-up, minute or refund is
 * written twice, however often its cause is delivered.
 */
export const walletEntries = sqliteTable(
  "wallet_entries",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: walletEntryKinds }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    paidReadingId: text("paid_reading_id"),
    /** The minute of the reading a charge pays for, from 0. */
    minute: integer("minute"),
    checkoutId: text("checkout_id"),
    referenceId: text("reference_id").notNull().unique(),
    description: text("description").notNull(),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [index("wallet_entries_user_idx").on(t.userId, t.createdAt), index("wallet_entries_reading_idx").on(t.paidReadingId)],
);

export const readingModes = ["chat", "voice", "video"] as const;
export const readingRequestStatuses = ["pending", "accepted", "declined", "lapsed", "cancelled"] as const;

/**
 * A client asking an online reader for a reading, at the price and free minutes shown when they
 * asked. Pending until the reader answers or it lapses at `expires_at`; accepted once, guarded by
 * its status, and then names the paid reading it opened.
 */
export const readingRequests = sqliteTable(
  "reading_requests",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: readingModes }).notNull(),
    pricePerMinuteCents: integer("price_per_minute_cents").notNull(),
    freeMinutes: integer("free_minutes").notNull(),
    question: text("question").notNull().default(""),
    status: text("status", { enum: readingRequestStatuses }).notNull().default("pending"),
    paidReadingId: text("paid_reading_id"),
    expiresAt: millis("expires_at").notNull(),
    createdAt: millis("created_at").notNull().default(now),
    answeredAt: millis("answered_at"),
    /** A live second opinion (migration 0054): the client's journal entry whose cards the table opens with. */
    journalEntryId: text("journal_entry_id").references(() => readingJournal.id, { onDelete: "set null" }),
    /** Whether the table shows the entry's question and its AI interpretation too. */
    shareQuestion: integer("share_question", { mode: "boolean" }).notNull().default(false),
    shareInterpretation: integer("share_interpretation", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("reading_requests_reader_idx").on(t.readerId, t.status, t.expiresAt),
    index("reading_requests_client_idx").on(t.clientId, t.createdAt),
    // One open request per client at a time.
    uniqueIndex("reading_requests_one_pending_idx")
      .on(t.clientId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const paidReadingStatuses = ["waiting", "live", "ended"] as const;

/**
 * A paid reading between a client and a reader, in the reading room of the same id. The room's
 * clock charges it minute by minute (`minutes_billed` is the next minute to charge, and guards
 * each charge); when it ends, the totals, the fee and the reader's net are set once.
 */
export const paidReadings = sqliteTable(
  "paid_readings",
  {
    id: text("id")
      .primaryKey()
      .references(() => readingSessions.id, { onDelete: "cascade" }),
    requestId: text("request_id").notNull().unique(),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: readingModes }).notNull(),
    pricePerMinuteCents: integer("price_per_minute_cents").notNull(),
    freeMinutes: integer("free_minutes").notNull(),
    status: text("status", { enum: paidReadingStatuses }).notNull().default("waiting"),
    minutesBilled: integer("minutes_billed").notNull().default(0),
    chargedCents: integer("charged_cents").notNull().default(0),
    feePercent: integer("fee_percent").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    netCents: integer("net_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** Time the room was down while the clock ran, never billed past one grace period (decision 0052). */
    interruptedMs: integer("interrupted_ms").notNull().default(0),
    endReason: text("end_reason"),
    startedAt: millis("started_at"),
    endedAt: millis("ended_at"),
    refundedAt: millis("refunded_at"),
    createdAt: millis("created_at").notNull().default(now),
    /** Set when it ends: whether it counts toward the reader's readings, clients and rating (decision 0051). */
    counted: flag("counted"),
  },
  (t) => [
    index("paid_readings_client_idx").on(t.clientId, t.createdAt),
    index("paid_readings_reader_idx").on(t.readerId, t.createdAt),
    index("paid_readings_counted_idx")
      .on(t.readerId, t.clientId)
      .where(sql`${t.counted} = 1`),
    // A reader gives one paid reading at a time: a second acceptance fails while one is live.
    uniqueIndex("paid_readings_one_live_per_reader_idx")
      .on(t.readerId)
      .where(sql`${t.status} = 'live'`),
    check("paid_readings_money_check", sql`${t.chargedCents} >= 0 AND ${t.refundedCents} BETWEEN 0 AND ${t.chargedCents}`),
  ],
);

export const holdKinds = ["booking"] as const;
export const holdStatuses = ["held", "released", "converted"] as const;

/**
 * Money set aside from a reading balance for something still to come (decision 0081): the balance
 * stays, what can be spent is the balance less its open holds. A hold is settled once: released
 * (nothing charged) or converted (`converted_cents` charged, the rest released). One hold per thing.
 */
export const walletHolds = sqliteTable(
  "wallet_holds",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: holdKinds }).notNull(),
    subjectId: text("subject_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: holdStatuses }).notNull().default("held"),
    convertedCents: integer("converted_cents").notNull().default(0),
    createdAt: millis("created_at").notNull().default(now),
    settledAt: millis("settled_at"),
  },
  (t) => [
    uniqueIndex("wallet_holds_subject_idx").on(t.kind, t.subjectId),
    index("wallet_holds_user_idx").on(t.userId, t.status),
    check("wallet_holds_amount_check", sql`${t.amountCents} > 0 AND ${t.convertedCents} BETWEEN 0 AND ${t.amountCents}`),
  ],
);

/** A reader's weekly hours for scheduled readings: a weekday (0 Sunday) and minutes after midnight in their time zone, cut into slots. */
export const readerAvailability = sqliteTable(
  "reader_availability",
  {
    id: text("id").primaryKey(),
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weekday: integer("weekday").notNull(),
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute").notNull(),
    slotMinutes: integer("slot_minutes").notNull(),
    timeZone: text("time_zone").notNull(),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [
    index("reader_availability_reader_idx").on(t.readerId, t.weekday),
    check(
      "reader_availability_hours_check",
      sql`${t.weekday} BETWEEN 0 AND 6 AND ${t.startMinute} >= 0 AND ${t.endMinute} <= 1440 AND ${t.startMinute} < ${t.endMinute} AND ${t.slotMinutes} > 0`,
    ),
  ],
);

/** A date (`YYYY-MM-DD` in the reader's time zone) the reader takes off: no slots that day. */
export const readerDaysOff = sqliteTable(
  "reader_days_off",
  {
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
  },
  (t) => [primaryKey({ columns: [t.readerId, t.date] })],
);

export const bookingStatuses = ["booked", "cancelled", "completed", "reader-no-show", "client-no-show"] as const;

/**
 * A scheduled reading: a client booked a reader's slot at the price of the day, and the slot's
 * minutes are held from the client's balance (`wallet_holds`, kind `booking`) until it is settled.
 * One booked slot per reader and start; the room's paid reading is `reading_id` once it opens.
 */
export const readerBookings = sqliteTable(
  "reader_bookings",
  {
    id: text("id").primaryKey(),
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startAt: millis("start_at").notNull(),
    minutes: integer("minutes").notNull(),
    mode: text("mode", { enum: readingModes }).notNull(),
    pricePerMinuteCents: integer("price_per_minute_cents").notNull(),
    holdCents: integer("hold_cents").notNull(),
    /** The zone the client booked in: their reminder's times are in it. */
    clientTimeZone: text("client_time_zone").notNull(),
    /** The site the booking was made on: the reminders' links point there. */
    origin: text("origin").notNull(),
    status: text("status", { enum: bookingStatuses }).notNull().default("booked"),
    remindedAt: millis("reminded_at"),
    readingId: text("reading_id"),
    clientArrivedAt: millis("client_arrived_at"),
    readerArrivedAt: millis("reader_arrived_at"),
    cancelledBy: text("cancelled_by"),
    createdAt: millis("created_at").notNull().default(now),
    settledAt: millis("settled_at"),
    /** Whether the reader was e-mailed of the booking; a client's cancellation is mailed to them only then (decision 0090). */
    readerTold: integer("reader_told", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [
    // Two clients booking one slot at once: one wins.
    uniqueIndex("reader_bookings_slot_idx")
      .on(t.readerId, t.startAt)
      .where(sql`${t.status} = 'booked'`),
    index("reader_bookings_client_idx").on(t.clientId, t.startAt),
    index("reader_bookings_reader_idx").on(t.readerId, t.startAt),
    index("reader_bookings_due_idx").on(t.status, t.startAt),
  ],
);

/** The client's rating and review of a paid reading, once; the reader may answer once. */
export const readingReviews = sqliteTable(
  "reading_reviews",
  {
    paidReadingId: text("paid_reading_id")
      .primaryKey()
      .references(() => paidReadings.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    body: text("body").notNull().default(""),
    reply: text("reply"),
    repliedAt: millis("replied_at"),
    createdAt: millis("created_at").notNull().default(now),
    /** Whether the rating weighs in the reader's average (decision 0051); every review is shown either way. */
    counted: flag("counted"),
  },
  (t) => [
    index("reading_reviews_reader_idx").on(t.readerId, t.createdAt),
    index("reading_reviews_counted_idx")
      .on(t.readerId, t.clientId, t.createdAt)
      .where(sql`${t.counted} = 1`),
    check("reading_reviews_rating_check", sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** A client's report of a paid reading, for staff, who may refund it. */
export const readingReports = sqliteTable(
  "reading_reports",
  {
    id: text("id").primaryKey(),
    paidReadingId: text("paid_reading_id")
      .notNull()
      .references(() => paidReadings.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    resolvedAt: millis("resolved_at"),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("reading_reports_once_idx").on(t.paidReadingId, t.reporterId), index("reading_reports_open_idx").on(t.resolvedAt, t.createdAt)],
);

/**
 * A client's claim of the satisfaction guarantee on a paid reading (app/paid-readings/guarantee.ts):
 * one per reading, what it credited the client and what of that the reader's earning gave back.
 * Money records: they stay when an account is deleted.
 */
export const guaranteeClaims = sqliteTable(
  "guarantee_claims",
  {
    id: text("id").primaryKey(),
    paidReadingId: text("paid_reading_id")
      .notNull()
      .unique()
      .references(() => paidReadings.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    words: text("words").notNull(),
    creditCents: integer("credit_cents").notNull(),
    readerShareCents: integer("reader_share_cents").notNull(),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [
    index("guarantee_claims_client_idx").on(t.clientId, t.createdAt),
    index("guarantee_claims_reader_idx").on(t.readerId, t.createdAt),
    check("guarantee_claims_money_check", sql`${t.creditCents} > 0 AND ${t.readerShareCents} BETWEEN 0 AND ${t.creditCents}`),
  ],
);

export const apiTokenScopes = ["read", "read_write"] as const;

/**
 * A person's API tokens (decision 0056). Only the SHA-256 of the token is kept: the token itself is
 * shown once, when it is made. `prefix` is its first characters, for telling tokens apart in lists.
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope", { enum: apiTokenScopes }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    lastUsedAt: millis("last_used_at"),
    revokedAt: millis("revoked_at"),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId, t.createdAt)],
);

/**
 * What an API request sent with an `Idempotency-Key` answered, so the same key gets the same answer
 * (decision 0056). A row without `responseStatus` is a request still under way. Kept for a day.
 */
export const apiIdempotencyKeys = sqliteTable(
  "api_idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: millis("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("api_idempotency_keys_created_idx").on(t.createdAt)],
);

/**
 * The key a form that can wait carries (journal notes, a review, a deck request), per person: the
 * first post with it takes effect, a repeat gets its outcome back (decision 0060). `claim` names the
 * request that took the key; a row without `outcomeStatus` is still under way. Kept for 30 days.
 */
export const submissionKeys = sqliteTable(
  "submission_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    action: text("action").notNull(),
    claim: text("claim").notNull(),
    outcomeStatus: integer("outcome_status"),
    outcomeBody: text("outcome_body"),
    createdAt: millis("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("submission_keys_created_idx").on(t.createdAt)],
);

/**
 * One browser's Web Push subscription (decision 0061): where its push service takes messages and the
 * keys they are encrypted with. A device belongs to the account signed in when it subscribed, through
 * that sign-in (`sessionId`): signing out there removes it, and a push service answering 404 or 410 too.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id"),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: millis("created_at").notNull().default(now),
    lastSuccessAt: millis("last_success_at"),
    failureCount: integer("failure_count").notNull().default(0),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId), index("push_subscriptions_session_idx").on(t.sessionId)],
);

/** Which kinds of push a person wants; no row means every kind is on. */
export const pushSettings = sqliteTable("push_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  readingRequests: integer("reading_requests", { mode: "boolean" }).notNull().default(true),
  readerOnline: integer("reader_online", { mode: "boolean" }).notNull().default(true),
  deckReady: integer("deck_ready", { mode: "boolean" }).notNull().default(true),
  sales: integer("sales", { mode: "boolean" }).notNull().default(true),
  dailyCard: integer("daily_card", { mode: "boolean" }).notNull().default(true),
  /** Reminders of scheduled readings (decision 0081). */
  bookings: integer("bookings", { mode: "boolean" }).notNull().default(true),
  /** Messages after a reading (decision 0105), by push and, without a device, by e-mail. */
  messages: integer("messages", { mode: "boolean" }).notNull().default(true),
  /** New decks of the creators a person follows (decision 0113). */
  newDecks: integer("new_decks", { mode: "boolean" }).notNull().default(true),
  /** News of the decks on a person's wishlist, such as a lower price (decision 0113). */
  wishlist: integer("wishlist", { mode: "boolean" }).notNull().default(true),
  updatedAt: millis("updated_at").notNull().default(now),
});

/**
 * A creator a member follows: they hear of the creator's new decks in the marketplace, at most once
 * a day per creator (`lastNotifiedAt`, decision 0113). Only the follower sees whom they follow.
 */
export const creatorFollows = sqliteTable(
  "creator_follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: millis("created_at").notNull().default(now),
    lastNotifiedAt: millis("last_notified_at"),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.creatorId] }),
    index("creator_follows_creator_idx").on(t.creatorId),
    index("creator_follows_follower_idx").on(t.followerId, t.createdAt),
  ],
);

/**
 * A deck a member saved for later: they hear when its price drops, at most once a day per deck
 * (`lastNotifiedAt`, decision 0113). Only its owner sees their wishlist.
 */
export const wishlistItems = sqliteTable(
  "wishlist_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deckId: text("deck_id")
      .notNull()
      .references(() => decks.id, { onDelete: "cascade" }),
    createdAt: millis("created_at").notNull().default(now),
    lastNotifiedAt: millis("last_notified_at"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deckId] }),
    index("wishlist_items_deck_idx").on(t.deckId),
    index("wishlist_items_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * A reader a person keeps as a favourite; with `notify` on, they hear when the reader comes online
 * (by push, else by e-mail), at most once per reader and follower every few hours (decision 0064).
 */
export const readerFollows = sqliteTable(
  "reader_follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: millis("created_at").notNull().default(now),
    lastNotifiedAt: millis("last_notified_at"),
    notify: integer("notify", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.readerId] }),
    index("reader_follows_reader_idx").on(t.readerId),
    index("reader_follows_follower_idx").on(t.followerId, t.createdAt),
  ],
);

/**
 * A client a reader takes no readings from (live, booked or written) until the reader lifts it
 * (decision 0089).
 */
export const readerBlocks = sqliteTable(
  "reader_blocks",
  {
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.readerId, t.clientId] }), index("reader_blocks_client_idx").on(t.clientId)],
);

/**
 * How a person takes their card of the day (decision 0065): the time zone whose midnight starts their
 * day, the deck it is drawn from (null: the classic deck) and the reminder's time, in minutes after
 * their midnight (null: no reminder). No row: their request's time zone and the classic deck.
 */
export const dailySettings = sqliteTable("daily_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  timeZone: text("time_zone").notNull(),
  deckId: text("deck_id").references(() => decks.id, { onDelete: "set null" }),
  reminderMinute: integer("reminder_minute"),
  /** The local date of the last reminder sent, so a day gets one at most. */
  remindedOn: text("reminded_on"),
  /** The local date the person last turned their card over, and last read its meaning (decision 0108). */
  turnedOn: text("turned_on"),
  readOn: text("read_on"),
  /** The daily reminder to learn (decision 0112): minutes after midnight (null: off), and the local date it last went. */
  learnReminderMinute: integer("learn_reminder_minute"),
  learnRemindedOn: text("learn_reminded_on"),
  updatedAt: millis("updated_at").notNull().default(now),
});

/** A card of the day kept in the journal: one per person and local date; the days kept make the streak. */
export const dailyCards = sqliteTable(
  "daily_cards",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The person's own date when they drew it, `YYYY-MM-DD`. */
    localDate: text("local_date").notNull(),
    cardKey: text("card_key").notNull(),
    reversed: integer("reversed", { mode: "boolean" }).notNull(),
    deckId: text("deck_id").references(() => decks.id, { onDelete: "set null" }),
    journalId: text("journal_id").references(() => readingJournal.id, { onDelete: "set null" }),
    savedAt: millis("saved_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
);

export const deckPrintStatuses = ["working", "ready", "failed"] as const;

/**
 * A print-ready PDF of a deck, made for one holder (its owner or a buyer: the title page names
 * them and their licence) on one paper and arrangement, from one version of the deck's cards. A
 * changed card, title or back gives a new version, hence a new file (decision 0066).
 */
export const deckPrints = sqliteTable(
  "deck_prints",
  {
    id: text("id").primaryKey(),
    deckId: text("deck_id")
      .notNull()
      .references(() => decks.id, { onDelete: "cascade" }),
    holderId: text("holder_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: text("version").notNull(),
    paper: text("paper", { enum: ["a4", "letter"] }).notNull(),
    arrangement: text("arrangement", { enum: ["sheets", "single"] }).notNull(),
    status: text("status", { enum: deckPrintStatuses }).notNull().default("working"),
    cardsDone: integer("cards_done").notNull().default(0),
    cardsTotal: integer("cards_total").notNull(),
    /** Key of the finished file in the media bucket, `prints/{deckId}/{id}.pdf`. */
    fileKey: text("file_key"),
    bytes: integer("bytes"),
    /** The holder asked to be e-mailed once the PDF is ready; cleared as the e-mail is sent. */
    emailWhenReady: flag("email_when_ready"),
    createdAt: millis("created_at").notNull().default(now),
    updatedAt: millis("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("deck_prints_version_idx").on(t.deckId, t.holderId, t.version, t.paper, t.arrangement)],
);

/**
 * Error reports kept by the local reporter (no SENTRY_DSN): one row per kind of error, counted, so a
 * repeat adds to the count rather than a row (decision 0077). Never an e-mail, a cookie or a body.
 */
export const errorGroups = sqliteTable(
  "error_groups",
  {
    fingerprint: text("fingerprint").primaryKey(),
    /** Where it was thrown: "server", "party" (a Durable Object) or "browser". */
    source: text("source").notNull(),
    type: text("type").notNull(),
    message: text("message").notNull(),
    frame: text("frame").notNull(),
    count: integer("count").notNull().default(1),
    firstSeen: millis("first_seen").notNull(),
    lastSeen: millis("last_seen").notNull(),
    requestId: text("request_id").notNull(),
    route: text("route").notNull(),
    userId: text("user_id"),
    release: text("release"),
  },
  (table) => [index("error_groups_last_seen_idx").on(table.lastSeen)],
);

/**
 * Metrics kept in D1 outside production (development, tests): the points of one metric and label
 * summed in memory and written together, a row per write (decision 0091).
 */
export const metricPoints = sqliteTable(
  "metric_points",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    /** What the point is about: a route, a model, an outcome. */
    label: text("label").notNull(),
    /** The sum of the points' values. */
    value: real("value").notNull(),
    /** How many points the row sums. */
    count: integer("count").notNull().default(1),
    at: millis("at").notNull(),
  },
  (table) => [index("metric_points_name_at_idx").on(table.name, table.at)],
);

/**
 * Everything staff did in the console, one row per action: who, when, what, to which thing and why
 * (decision 0078). Rows are only ever added.
 */
export const staffActions = sqliteTable(
  "staff_actions",
  {
    id: text("id").primaryKey(),
    staffId: text("staff_id")
      .notNull()
      .references(() => users.id),
    action: text("action").notNull(),
    /** What the action was about, as `kind:id` (`user:…`, `receipt:…`, `payout:…`, `certificate:…`, `deck:…`). */
    target: text("target").notNull(),
    reason: text("reason").notNull(),
    /** What came of it, in a sentence, for the console's history. */
    outcome: text("outcome").notNull().default(""),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [index("staff_actions_created_idx").on(t.createdAt), index("staff_actions_target_idx").on(t.target, t.createdAt)],
);

/**
 * A refund staff asked for, claimed before the payment provider is called: one row per receipt and
 * amount already refunded, so two clicks at once send one refund (decision 0078).
 */
export const refundClaims = sqliteTable("refund_claims", {
  /** `{receiptId}:{refundedCents before}`. */
  id: text("id").primaryKey(),
  receiptId: text("receipt_id").notNull(),
  staffId: text("staff_id")
    .notNull()
    .references(() => users.id),
  createdAt: millis("created_at").notNull().default(now),
});

export const jobOutcomes = ["running", "ok", "failed"] as const;

/** Each periodic job's run: when it started and finished, how it ended, and what it changed, as counts. */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    id: text("id").primaryKey(),
    job: text("job").notNull(),
    startedAt: millis("started_at").notNull(),
    finishedAt: millis("finished_at"),
    outcome: text("outcome", { enum: jobOutcomes }).notNull().default("running"),
    /** What the run changed, by name (`{"paid":1,"failed":0}`); empty when the job reports nothing. */
    changes: text("changes", { mode: "json" })
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'`),
    error: text("error"),
  },
  (t) => [index("job_runs_started_idx").on(t.startedAt), index("job_runs_job_idx").on(t.job, t.startedAt)],
);

/**
 * A spread a person made: its positions on the builder's grid, as `app/reading-room/custom-spreads.ts`
 * validates them. The id is unguessable and doubles as the spread's share link (decision 0080).
 */
export const customSpreads = sqliteTable(
  "custom_spreads",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    /** JSON: each position's name, meaning, grid column (x) and row (y), and whether it lies turned across. */
    positions: text("positions", { mode: "json" }).$type<{ name: string; meaning: string; x: number; y: number; rotated: boolean }[]>().notNull(),
    createdAt: millis("created_at").notNull().default(now),
    updatedAt: millis("updated_at").notNull().default(now),
  },
  (t) => [index("custom_spreads_owner_idx").on(t.ownerId, t.updatedAt)],
);

/* ------------------------------------------------------------------------------------------------
 * Written readings: a reader's fixed-price offers and the requests clients pay for (decision 0082)
 * --------------------------------------------------------------------------------------------- */

/** A written reading a reader offers: a built-in spread at a fixed price, answered within so many hours. */
export const writtenOffers = sqliteTable(
  "written_offers",
  {
    id: text("id").primaryKey(),
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    spreadId: text("spread_id").notNull(),
    priceCents: integer("price_cents").notNull(),
    answerHours: integer("answer_hours").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: millis("created_at").notNull().default(now),
  },
  (t) => [index("written_offers_reader_idx").on(t.readerId, t.active), check("written_offers_price_check", sql`${t.priceCents} > 0`)],
);

export const writtenRequestStatuses = ["asked", "answered", "refunded", "cancelled"] as const;
export const writtenRequestKinds = ["written", "second-opinion"] as const;

/**
 * A client's paid question to a reader, with the offer as it stood when they asked. The price left
 * the balance when it was asked; it reaches the reader's earnings when answered, or comes back to
 * the client once if the deadline passes first. `form_key` makes a double submit one request.
 */
export const writtenRequests = sqliteTable(
  "written_requests",
  {
    id: text("id").primaryKey(),
    offerId: text("offer_id").references(() => writtenOffers.id, { onDelete: "set null" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    spreadId: text("spread_id").notNull(),
    priceCents: integer("price_cents").notNull(),
    answerHours: integer("answer_hours").notNull(),
    question: text("question").notNull(),
    status: text("status", { enum: writtenRequestStatuses }).notNull().default("asked"),
    formKey: text("form_key").notNull(),
    deadlineAt: millis("deadline_at").notNull(),
    askedAt: millis("asked_at").notNull(),
    answeredAt: millis("answered_at"),
    answer: text("answer"),
    /** The deck the cards were drawn from (null: the classic deck), set with the answer. */
    deckId: text("deck_id"),
    /** JSON: the cards recorded at the private table, in position order, as the journal keeps them. */
    cards: text("cards", { mode: "json" }).$type<{ key: string; name: string; position: number; positionName: string; reversed: boolean }[]>(),
    /** The private table (a reading session hosted by the reader) the cards are drawn at. */
    roomId: text("room_id"),
    refundedAt: millis("refunded_at"),
    /**
     * A second opinion (migration 0050) is asked about a reading already in the client's journal:
     * its spread and cards are copied here when asked, so the reader answers without drawing.
     */
    kind: text("kind", { enum: writtenRequestKinds }).notNull().default("written"),
    /** The journal entry a second opinion is about; the answer is shown there. */
    journalEntryId: text("journal_entry_id").references(() => readingJournal.id, { onDelete: "set null" }),
    /** The spread's name as the entry kept it (a second opinion's spread may be the client's own). */
    spreadName: text("spread_name"),
    /** The question asked at the table, when the client chose to show it to the reader. */
    readingQuestion: text("reading_question"),
    /** The entry's interpretation, when the client chose to show it to the reader. */
    sharedInterpretation: text("shared_interpretation"),
  },
  (t) => [
    uniqueIndex("written_requests_client_key_idx").on(t.clientId, t.formKey),
    index("written_requests_entry_idx").on(t.journalEntryId),
    index("written_requests_reader_idx").on(t.readerId, t.status, t.deadlineAt),
    index("written_requests_client_idx").on(t.clientId, t.askedAt),
    index("written_requests_due_idx").on(t.status, t.deadlineAt),
  ],
);

export const readingMessageThreads = ["live", "written"] as const;

/**
 * A message between a client and their reader about one reading (decision 0105): a paid live reading
 * (`thread_kind` live, `thread_id` its id) or an answered written reading (written, the request's id).
 * The two people are copied from the reading when the message is written, so every read is by them.
 */
export const readingMessages = sqliteTable(
  "reading_messages",
  {
    id: text("id").primaryKey(),
    threadId: text("thread_id").notNull(),
    threadKind: text("thread_kind", { enum: readingMessageThreads }).notNull(),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readerId: text("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: millis("created_at").notNull(),
    /** When the other person first saw it. */
    readAt: millis("read_at"),
    /** Set when the other person reported it, with their reason (MESSAGE_REPORT_REASONS). */
    reportedAt: millis("reported_at"),
    reportReason: text("report_reason"),
  },
  (t) => [
    index("reading_messages_thread_idx").on(t.threadId, t.createdAt),
    index("reading_messages_client_idx").on(t.clientId, t.createdAt),
    index("reading_messages_reader_idx").on(t.readerId, t.createdAt),
    index("reading_messages_sender_idx").on(t.senderId, t.createdAt),
    index("reading_messages_reported_idx").on(t.reportedAt),
  ],
);

export const flashcardStates = ["new", "learning", "review", "relearning"] as const;
export const flashcardGrades = ["again", "hard", "good", "easy"] as const;

/**
 * Where one person stands with one card of one deck they learn with (decision 0107): the FSRS
 * memory state and when the card is next due. `deckId` is null for the classic deck. `lastReviewId`
 * names the review that wrote the row, so a grade's batch can tell that its own write landed.
 */
export const flashcards = sqliteTable(
  "flashcards",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deckId: text("deck_id").references(() => decks.id, { onDelete: "cascade" }),
    cardKey: text("card_key").notNull(),
    due: millis("due").notNull(),
    stability: real("stability").notNull(),
    difficulty: real("difficulty").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull(),
    /** Reviews so far: a grade names the count its page showed, and a stale one changes nothing. */
    reps: integer("reps").notNull(),
    lapses: integer("lapses").notNull(),
    state: text("state", { enum: flashcardStates }).notNull(),
    lastReview: millis("last_review").notNull(),
    lastReviewId: text("last_review_id").notNull(),
    createdAt: millis("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("flashcards_deck_card_idx").on(t.userId, t.deckId, t.cardKey),
    // SQLite holds NULLs apart in a unique index: the classic deck's cards need one of their own.
    uniqueIndex("flashcards_classic_card_idx")
      .on(t.userId, t.cardKey)
      .where(sql`${t.deckId} IS NULL`),
    index("flashcards_due_idx").on(t.userId, t.deckId, t.due),
  ],
);

/** Every grade given, as FSRS logs it: the card's state before the review, the grade, and the due date it set. */
export const flashcardReviews = sqliteTable(
  "flashcard_reviews",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deckId: text("deck_id").references(() => decks.id, { onDelete: "cascade" }),
    cardKey: text("card_key").notNull(),
    grade: text("grade", { enum: flashcardGrades }).notNull(),
    /** The card's state when it was graded (`new` for its first review). */
    state: text("state", { enum: flashcardStates }).notNull(),
    stability: real("stability").notNull(),
    difficulty: real("difficulty").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull(),
    /** When the card was due before this review, and when this review set it due. */
    dueBefore: millis("due_before").notNull(),
    nextDue: millis("next_due").notNull(),
    reviewedAt: millis("reviewed_at").notNull(),
  },
  (t) => [index("flashcard_reviews_user_idx").on(t.userId, t.deckId, t.reviewedAt)],
);

export const learnQuizKinds = ["picture", "meaning", "reversed", "position"] as const;

/** A learner's quiz (decision 0112): one attempt, drawn when started, answered once. */
export const learnQuizAttempts = sqliteTable(
  "learn_quiz_attempts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The deck whose pictures it shows; null for the classic deck. */
    deckId: text("deck_id").references(() => decks.id, { onDelete: "cascade" }),
    /** Which cards it draws from: all of them, the Major Arcana, a suit, or the spreads' positions. */
    topic: text("topic").notNull(),
    questionCount: integer("question_count").notNull(),
    score: integer("score"),
    createdAt: millis("created_at").notNull(),
    answeredAt: millis("answered_at"),
    /** Set with the score by the one request whose answers count; the rest of its batch checks it. */
    answerClaim: text("answer_claim"),
  },
  (t) => [index("learn_quiz_attempts_user_idx").on(t.userId, t.createdAt)],
);

export const learnQuizQuestions = sqliteTable(
  "learn_quiz_questions",
  {
    attemptId: text("attempt_id")
      .notNull()
      .references(() => learnQuizAttempts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind", { enum: learnQuizKinds }).notNull(),
    /** The card asked about; null for a spread's position. */
    cardKey: text("card_key"),
    prompt: text("prompt").notNull(),
    /** JSON: the choices as shown, `{ value, label }` each. */
    choices: text("choices").notNull(),
    answer: text("answer").notNull(),
    chosen: text("chosen"),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.position] })],
);

/** The lessons a person has marked read on the lessons' path (decision 0112). */
export const lessonReads = sqliteTable(
  "lesson_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A lesson of the path: `guide:{slug}` or `cards:{group}`. */
    lesson: text("lesson").notNull(),
    readAt: millis("read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lesson] })],
);

/** The days, on the person's own calendar, they reviewed a flashcard or turned their card of the day: the learning streak (decision 0112). */
export const learningDays = sqliteTable(
  "learning_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    localDate: text("local_date").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
);
