import { composeCardDescription } from "../../app/ai/fallbacks";
import { paintDeckCardSvg } from "../../app/art/local-art";
import { newPaintingSecret } from "../../app/art/painting-secret";
import { cardImageKey } from "../../app/decks/images";
import type { Database } from "../../app/db.server";
import { rowsPerStatement } from "../../app/lib/d1";
import { MAJOR_ARCANA } from "../../app/tarot/cards";
import {
  cards,
  deckListings,
  deckPurchases,
  deckReviews,
  decks,
  quizAttempts,
  readerCertificates,
  readerLevels,
  readerProfiles,
  userDeckQuotas,
  users,
  walletEntries,
  bundles,
  bundleDecks,
  offerCodes,
} from "../../db/schema";
import { demoMemberStatements, demoWalletBalance } from "./seed-demo-member";
import { DEMO_READER_ID, readerWorldStatements, recountReaders, SEED_CLIENT_COUNT } from "./seed-readers";

type UserSeed = typeof users.$inferInsert;
type DeckSeed = Omit<typeof decks.$inferInsert, "creatorId" | "kind" | "status" | "coverCardId"> & {
  creatorId: string;
  /** The card shown as the deck's cover. */
  coverCardKey: string;
};

const DAY = 24 * 60 * 60 * 1000;

export const READER_LEVELS = [
  { id: "level-apprentice", name: "Apprentice", rankOrder: 1 },
  { id: "level-adept", name: "Adept", rankOrder: 2 },
  { id: "level-master", name: "Master", rankOrder: 3 },
  { id: "level-oracle", name: "Oracle", rankOrder: 4 },
] as const;

export const DEMO_MEMBER_ID = "seed-user-demo";
export const STAFF_MEMBER_ID = "seed-user-staff";

export const SEED_USERS: UserSeed[] = [
  {
    id: "seed-user-luna",
    email: "luna@example.com",
    username: "luna_vale",
    fullName: "Luna Vale",
    bio: "Watercolour witch. I paint the sea the way the moon remembers it.",
    isCreator: true,
  },
  {
    id: "seed-user-orion",
    email: "orion@example.com",
    username: "orion_hale",
    fullName: "Orion Hale",
    bio: "Night-shift coder, day-shift cartomancer. Readings for people who think in systems.",
    isCreator: true,
    isReader: true,
    customPricePerMinute: 149,
    levelId: "level-apprentice",
  },
  {
    id: "seed-user-sage",
    email: "sage@example.com",
    username: "sage_moreno",
    fullName: "Sage Moreno",
    bio: "Forest walker and deck builder. Every card starts as a sketch in the moss.",
    isCreator: true,
  },
  {
    id: "seed-user-mira",
    email: "mira@example.com",
    username: "mira_solenne",
    fullName: "Mira Solenne",
    bio: "Twenty years with the cards. Gentle, direct readings on love, work and crossroads.",
    isReader: true,
    customPricePerMinute: 349,
    levelId: "level-master",
  },
  {
    id: "seed-user-theo",
    email: "theo@example.com",
    username: "theo_ashgrove",
    fullName: "Theo Ashgrove",
    bio: "Career and creative-block readings. I pair the cards with practical next steps.",
    isReader: true,
    customPricePerMinute: 199,
    levelId: "level-adept",
  },
  {
    id: "seed-user-ines",
    email: "ines@example.com",
    username: "ines_duval",
    fullName: "Inès Duval",
    bio: "Celtic Cross specialist. Deep, unhurried sessions for the big questions.",
    isReader: true,
    customPricePerMinute: 499,
    levelId: "level-oracle",
  },
  {
    // The demo reader: online whenever Arcanum runs locally, so a first visit can ask for a reading (seed-readers.ts).
    id: DEMO_READER_ID,
    email: "wren@example.com",
    username: "wren_calloway",
    fullName: "Wren Calloway",
    bio: "Quick, friendly single-card and yes-or-no readings. Sign in as me in a second browser to answer your own requests.",
    isReader: true,
    customPricePerMinute: 129,
    levelId: "level-apprentice",
  },
  {
    id: DEMO_MEMBER_ID,
    email: "demo@example.com",
    username: "demo_seeker",
    fullName: "Demo Seeker",
    bio: "Trying out Arcanum.",
  },
  {
    // Staff by configuration (STAFF_EMAILS names this address in development and tests).
    id: STAFF_MEMBER_ID,
    email: "staff@arcanum.test",
    username: "arcanum-staff",
    fullName: "Arcanum Staff",
  },
];

export const SEED_DECKS: DeckSeed[] = [
  {
    id: "seed-deck-celestial-tides",
    coverCardKey: "major-17",
    creatorId: "seed-user-luna",
    title: "Celestial Tides",
    theme: "Moonlit oceans, tides and constellations",
    description: "Silver tides and drifting constellations: a Major Arcana painted in moonlight and salt.",
    artStyle: "watercolour",
    isPublic: true,
    priceCents: 900,
  },
  {
    id: "seed-deck-neon-oracle",
    coverCardKey: "major-01",
    creatorId: "seed-user-orion",
    title: "Neon Oracle",
    theme: "Cyberpunk city at night, neon signs and rain",
    description: "Rain-slick streets and flickering signs. The Fool steps off a rooftop into a sea of holograms.",
    artStyle: "pixel art",
    isPublic: true,
    priceCents: 1200,
  },
  {
    id: "seed-deck-verdant-grove",
    coverCardKey: "major-09",
    creatorId: "seed-user-sage",
    title: "Verdant Grove",
    theme: "Ancient forest spirits, moss and mushrooms",
    description: "Old trees keep old secrets. Spirits of moss and mycelium walk the Major Arcana.",
    artStyle: "woodcut",
    isPublic: true,
    priceCents: null,
  },
  {
    id: "seed-deck-desert-mirage",
    coverCardKey: "major-19",
    creatorId: "seed-user-luna",
    title: "Desert Mirage",
    theme: "Golden dunes, mirages and desert stars",
    description: "Heat shimmer and cold starlight: a deck about what is real and what only seems so.",
    artStyle: "art nouveau",
    isPublic: true,
    priceCents: 700,
  },
  {
    id: "seed-deck-gilded-clockwork",
    coverCardKey: "major-10",
    creatorId: "seed-user-sage",
    title: "Gilded Clockwork",
    theme: "Victorian brass automata and clockwork",
    description: "Brass hearts, patient gears. Each card is a small machine that keeps a human truth.",
    artStyle: "oil painting",
    isPublic: true,
    priceCents: 1500,
  },
  {
    id: "seed-deck-autumn-lanterns",
    coverCardKey: "major-18",
    creatorId: DEMO_MEMBER_ID,
    title: "Autumn Lanterns",
    theme: "Autumn lanterns and falling leaves",
    description: "A private first deck: warm light against the coming dark.",
    artStyle: "minimalist",
    isPublic: false,
    priceCents: null,
  },
];

/**
 * The public demo decks as marketplace listings: some priced, some free, two chosen by staff, with
 * sales so the shop's order has something to go on. Their ratings are not written here: the
 * database counts them from the reviews below (decision 0054).
 */
export const SEED_LISTINGS: Record<string, { tags: string[]; featured?: boolean; salesCount: number }> = {
  "seed-deck-celestial-tides": { tags: ["ocean", "moon", "stars"], featured: true, salesCount: 42 },
  "seed-deck-neon-oracle": { tags: ["cyberpunk", "city", "rain"], salesCount: 27 },
  "seed-deck-verdant-grove": { tags: ["forest", "nature", "mushrooms"], featured: true, salesCount: 65 },
  "seed-deck-desert-mirage": { tags: ["desert", "dunes"], salesCount: 6 },
  "seed-deck-gilded-clockwork": { tags: ["steampunk", "victorian", "brass"], salesCount: 11 },
};

/** A bundle of Luna's two priced decks, and a code for anything in her shop (decision 0114). */
export const SEED_BUNDLE = { id: "seed-bundle-sky-and-sand", sellerId: "seed-user-luna", title: "Sky and Sand", priceCents: 1200 } as const;
export const SEED_BUNDLE_DECKS = ["seed-deck-celestial-tides", "seed-deck-desert-mirage"] as const;
export const SEED_OFFER_CODE = { id: "seed-code-moonlit", sellerId: "seed-user-luna", code: "MOONLIT", kind: "percent", amount: 25 } as const;

/**
 * Reviews of the free demo deck by people who added it to their collection (a free purchase, as
 * the marketplace writes one): the only ratings the seeded shop shows.
 */
export const SEED_REVIEWS = [
  {
    deckId: "seed-deck-verdant-grove",
    reviewerId: "seed-user-mira",
    rating: 5,
    body: "The Hermit under the mushrooms is the most patient card I own. I read with it every morning.",
    daysAgo: 12,
  },
  {
    deckId: "seed-deck-verdant-grove",
    reviewerId: "seed-user-theo",
    rating: 4,
    body: "Quiet, earthy and easy to read. I would love the Minor Arcana too.",
    daysAgo: 8,
  },
  {
    deckId: "seed-deck-verdant-grove",
    reviewerId: "seed-user-ines",
    rating: 5,
    body: "Woodcut lines that hold up at small sizes; clients notice the Star.",
    daysAgo: 5,
  },
  { deckId: "seed-deck-verdant-grove", reviewerId: "seed-user-orion", rating: 4, body: "", daysAgo: 2 },
] as const;

/**
 * What the seeded readers offer: specialties, languages and years of practice. Their readings,
 * clients and ratings are not written here: they are counted from the paid readings and reviews of
 * seed-readers.ts (decision 0099). All have chosen to be available: a tab of theirs puts them online.
 */
const SEED_READER_PROFILES = [
  { userId: "seed-user-orion", specialties: ["Career and money", "Decisions"], languages: ["English"], yearsOfPractice: 3 },
  { userId: "seed-user-mira", specialties: ["Love and relationships", "Decisions", "Spiritual growth"], languages: ["English", "French"], yearsOfPractice: 20 },
  { userId: "seed-user-theo", specialties: ["Career and money", "Creative block"], languages: ["English", "German"], yearsOfPractice: 7 },
  { userId: "seed-user-ines", specialties: ["Spiritual growth", "Shadow work"], languages: ["French", "English", "Spanish"], yearsOfPractice: 15 },
  { userId: DEMO_READER_ID, specialties: ["Decisions", "Love and relationships"], languages: ["English"], yearsOfPractice: 1, demo: true },
];

/**
 * How the seeded readers got where they are: the quiz they passed (right answers of 12, days ago) and the
 * levels they climbed since, each with its certificate (the ids are public, as in `/certificate/{id}`).
 * Their counted clients and ratings (seed-readers.ts) meet each level's thresholds, so a review of their level moves nobody.
 */
const SEED_READER_HISTORY = [
  { userId: "seed-user-orion", name: "Orion Hale", score: 10, passedDaysAgo: 40, levels: [["level-apprentice", "demo-orion-apprentice"]] },
  { userId: DEMO_READER_ID, name: "Wren Calloway", score: 10, passedDaysAgo: 30, levels: [["level-apprentice", "demo-wren-apprentice"]] },
  {
    userId: "seed-user-theo",
    name: "Theo Ashgrove",
    score: 11,
    passedDaysAgo: 200,
    levels: [
      ["level-apprentice", "demo-theo-apprentice"],
      ["level-adept", "demo-theo-adept"],
    ],
  },
  {
    userId: "seed-user-mira",
    name: "Mira Solenne",
    score: 12,
    passedDaysAgo: 700,
    levels: [
      ["level-apprentice", "demo-mira-apprentice"],
      ["level-adept", "demo-mira-adept"],
      ["level-master", "demo-mira-master"],
    ],
  },
  {
    userId: "seed-user-ines",
    name: "Inès Duval",
    score: 12,
    passedDaysAgo: 900,
    levels: [
      ["level-apprentice", "demo-ines-apprentice"],
      ["level-adept", "demo-ines-adept"],
      ["level-master", "demo-ines-master"],
      ["level-oracle", "demo-ines-oracle"],
    ],
  },
] as const;

/** A seeded attempt's questions: twelve of them, as the quiz stores them, standing in for the real drawn set. */
const SEEDED_QUESTIONS = JSON.stringify(
  Array.from({ length: 12 }, (_, i) => ({ prompt: `Demo question ${i + 1}`, choices: ["Right", "Wrong", "Wrong", "Wrong"], correct: 0, topic: "demo" })),
);

/**
 * Puts the demo world in place: reader levels, creators with public decks (painted by the local card painter into R2),
 * readers with levels, prices, hours, offers and the clients, readings and reviews behind their numbers, and a demo
 * member with a history. Safe to run again: existing rows are left alone, and the readers' counters and the demo
 * member's balance are set again from their rows.
 */
export async function seedDemoData(db: Database, media: R2Bucket, now = Date.now()) {
  const userRows = SEED_USERS.map((u, i) => ({
    ...u,
    createdAt: now - (60 - i) * DAY,
    updatedAt: now - (60 - i) * DAY,
    isOnline: false,
    lastSeenAt: u.isReader ? now - (i + 1) * DAY : null,
  }));
  const deckRows = SEED_DECKS.map(({ coverCardKey, ...d }, i) => ({
    ...d,
    paintingSecret: newPaintingSecret(),
    kind: "major_arcana" as const,
    status: "ready" as const,
    coverCardId: `${d.id}-${coverCardKey}`,
    createdAt: now - (30 - i * 3) * DAY,
    updatedAt: now - (30 - i * 3) * DAY,
  }));
  const listingRows = deckRows
    .filter((d) => d.isPublic)
    .map((d) => ({
      deckId: d.id!,
      sellerId: d.creatorId,
      priceCents: d.priceCents ?? 0,
      description: d.description ?? "",
      previewCardKeys: ["major-00", "major-01", "major-02"],
      listedAt: d.createdAt,
      updatedAt: d.createdAt,
      ...SEED_LISTINGS[d.id!],
    }));
  const cardRows = SEED_DECKS.flatMap((d) =>
    MAJOR_ARCANA.map((card) => ({
      id: `${d.id}-${card.key}`,
      deckId: d.id!,
      cardKey: card.key,
      name: card.name,
      arcana: card.arcana,
      suit: card.suit,
      number: card.number,
      description: composeCardDescription({ card, theme: d.theme!, style: d.artStyle ?? "" }),
      imageKey: cardImageKey(d.id!, card.name, "svg"),
      status: "ready" as const,
    })),
  );

  // Painted under each deck's own secret, as the generator paints.
  await Promise.all(
    deckRows.flatMap((d) =>
      MAJOR_ARCANA.map(async (card) =>
        media.put(cardImageKey(d.id!, card.name, "svg"), await paintDeckCardSvg({ card, theme: d.theme!, style: d.artStyle ?? "" }, d.paintingSecret), {
          httpMetadata: { contentType: "image/svg+xml", cacheControl: "public, max-age=31536000, immutable" },
        }),
      ),
    ),
  );

  const statements = [
    db
      .insert(readerLevels)
      .values([...READER_LEVELS])
      .onConflictDoNothing(),
    ...rowsPerStatement(userRows, 15).map((rows) => db.insert(users).values(rows).onConflictDoNothing()),
    db
      .insert(readerProfiles)
      .values(
        SEED_READER_PROFILES.map((p) => ({
          ...p,
          demo: p.demo ?? false,
          available: true,
          specialties: JSON.stringify(p.specialties),
          languages: JSON.stringify(p.languages),
          updatedAt: now,
        })),
      )
      .onConflictDoNothing(),
    db
      .insert(quizAttempts)
      .values(
        SEED_READER_HISTORY.map((r) => ({
          id: `demo-attempt-${r.userId}`,
          userId: r.userId,
          questions: SEEDED_QUESTIONS,
          answers: JSON.stringify(Array.from({ length: 12 }, (_, i) => (i < r.score ? 0 : 1))),
          startedAt: now - r.passedDaysAgo * DAY,
          deadlineAt: now - r.passedDaysAgo * DAY + 15 * 60_000,
          submittedAt: now - r.passedDaysAgo * DAY + 11 * 60_000,
          score: r.score,
          passed: true,
        })),
      )
      .onConflictDoNothing(),
    db
      .insert(readerCertificates)
      .values(
        SEED_READER_HISTORY.flatMap((r) =>
          r.levels.map(([levelId, id], step) => ({
            id,
            userId: r.userId,
            attemptId: `demo-attempt-${r.userId}`,
            score: r.score,
            total: 12,
            levelId,
            holderName: r.name,
            // The pass, then each promotion a while after the one before.
            issuedAt: now - r.passedDaysAgo * DAY + 11 * 60_000 + step * Math.floor((r.passedDaysAgo * DAY) / (r.levels.length + 1)),
          })),
        ),
      )
      .onConflictDoNothing(),
    db
      .insert(userDeckQuotas)
      .values([
        { userId: DEMO_MEMBER_ID, planType: "free", nextRefreshDate: now + 30 * DAY },
        // A Creator-plan member with the plan's month: four high-quality decks' worth of complete-deck credits, so full decks and upgrades can be tried.
        { userId: "seed-user-sage", planType: "creator", majorArcanaQuota: 0, completeDeckQuota: 12, maxRolloverQuota: 6, nextRefreshDate: now + 30 * DAY },
      ])
      .onConflictDoNothing(),
    // The demo member can book a reader straight away: $20 topped up yesterday, beside what is left of an earlier top-up (seed-demo-member.ts).
    db
      .insert(walletEntries)
      .values({
        id: "demo-top-up",
        userId: DEMO_MEMBER_ID,
        kind: "top-up",
        amountCents: 2000,
        referenceId: "top-up:demo",
        description: "Top-up of $20.00",
        createdAt: now - DAY,
      })
      .onConflictDoNothing(),
    ...rowsPerStatement(deckRows, 14).map((rows) => db.insert(decks).values(rows).onConflictDoNothing()),
    ...rowsPerStatement(cardRows, 11).map((rows) => db.insert(cards).values(rows).onConflictDoNothing()),
    ...rowsPerStatement(listingRows, 18).map((rows) => db.insert(deckListings).values(rows).onConflictDoNothing()),
    db
      .insert(deckPurchases)
      .values(
        SEED_REVIEWS.map((r) => ({
          id: `seed-purchase-${r.deckId}-${r.reviewerId}`,
          deckId: r.deckId,
          buyerId: r.reviewerId,
          sellerId: SEED_DECKS.find((d) => d.id === r.deckId)!.creatorId,
          grossCents: 0,
          feePercent: 0,
          feeCents: 0,
          netCents: 0,
          createdAt: now - (r.daysAgo + 1) * DAY,
        })),
      )
      .onConflictDoNothing(),
    db
      .insert(deckReviews)
      .values(
        SEED_REVIEWS.map((r) => ({
          id: `seed-review-${r.deckId}-${r.reviewerId}`,
          deckId: r.deckId,
          reviewerId: r.reviewerId,
          rating: r.rating,
          body: r.body,
          createdAt: now - r.daysAgo * DAY,
          updatedAt: now - r.daysAgo * DAY,
        })),
      )
      .onConflictDoNothing(),
    db
      .insert(bundles)
      .values({ ...SEED_BUNDLE, createdAt: now - 2 * DAY })
      .onConflictDoNothing(),
    db
      .insert(bundleDecks)
      .values(SEED_BUNDLE_DECKS.map((deckId) => ({ bundleId: SEED_BUNDLE.id, deckId })))
      .onConflictDoNothing(),
    db
      .insert(offerCodes)
      .values({ ...SEED_OFFER_CODE, createdAt: now - 2 * DAY })
      .onConflictDoNothing(),
  ];
  const readers = readerWorldStatements(db, now);
  const [first, ...rest] = [
    ...statements,
    ...readers.statements,
    ...demoMemberStatements(db, now),
    demoWalletBalance(db, now),
    // Last: the counters from the rows above.
    recountReaders(
      db,
      SEED_READER_PROFILES.map((p) => p.userId),
    ),
  ];
  await db.batch([first!, ...rest]);
  return {
    users: userRows.length + SEED_CLIENT_COUNT,
    decks: deckRows.length,
    cards: cardRows.length,
    listings: listingRows.length,
    readings: readers.readings + 1,
    reviews: readers.reviews + 1,
  };
}
