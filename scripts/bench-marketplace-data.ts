// Fills a local state folder with 5,000 listed decks for `npm run bench:marketplace`: varied titles,
// themes, tags, styles, prices, kinds, sales and ratings, each with a cover card. Run with
// ARCANUM_PERSIST_TO set to the state folder (after migrations and the demo seed).
import { STYLE_IDS } from "../app/art/styles";
import { createDatabase } from "../app/db.server";
import { rowsPerStatement } from "../app/lib/d1";
import { cards, deckListings, decks, users } from "../db/schema";
import { openLocalBindings } from "./local-bindings";

const COUNT = Number(process.env.BENCH_LISTINGS ?? 5000);
const DAY = 24 * 60 * 60 * 1000;
const WORDS = [
  "moon",
  "tide",
  "ember",
  "forest",
  "neon",
  "glass",
  "desert",
  "raven",
  "clockwork",
  "garden",
  "storm",
  "velvet",
  "harbour",
  "saint",
  "comet",
  "lantern",
  "frost",
  "copper",
  "willow",
  "oracle",
];
const THEMES = [
  "Moonlit oceans and constellations",
  "Cyberpunk alleys in the rain",
  "Ancient forest spirits",
  "Victorian brass automata",
  "Desert caravans at dusk",
  "Northern lights over ice",
  "Candlelit chapels",
  "Koi ponds and lotus flowers",
];

const proxy = await openLocalBindings();
try {
  const db = createDatabase(proxy.env.DB);
  const now = Date.now();
  // A deterministic spread, so every run measures the same shop.
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

  const creators = Array.from({ length: 200 }, (_, i) => ({
    id: `bench-creator-${i}`,
    email: `bench-creator-${i}@example.com`,
    username: `${pick(WORDS)}_maker_${i}`,
  }));
  const deckRows = [];
  const cardRows = [];
  const listingRows = [];
  for (let i = 0; i < COUNT; i++) {
    const id = `bench-deck-${String(i).padStart(5, "0")}`;
    const creator = creators[i % creators.length]!;
    const listedAt = now - Math.floor(random() * 365) * DAY;
    const ratingCount = random() < 0.6 ? Math.floor(random() * 80) : 0;
    deckRows.push({
      id,
      creatorId: creator.id,
      title: `${pick(WORDS)} ${pick(WORDS)} ${i}`.replace(/^./, (c) => c.toUpperCase()),
      theme: pick(THEMES),
      artStyle: pick(STYLE_IDS),
      kind: random() < 0.3 ? ("complete" as const) : ("major_arcana" as const),
      status: "ready" as const,
      isPublic: true,
      coverCardId: `${id}-major-00`,
      createdAt: listedAt,
      updatedAt: listedAt,
    });
    cardRows.push({ id: `${id}-major-00`, deckId: id, cardKey: "major-00", name: "The Fool", arcana: "major" as const, number: 0, status: "ready" as const });
    listingRows.push({
      deckId: id,
      sellerId: creator.id,
      priceCents: random() < 0.2 ? 0 : 100 * (1 + Math.floor(random() * 30)),
      description: `A deck of ${pick(WORDS)} and ${pick(WORDS)}.`,
      tags: [pick(WORDS), pick(WORDS)],
      featured: random() < 0.01,
      salesCount: Math.floor(random() * 200),
      ratingCount,
      ratingSum: Math.round(ratingCount * (2 + random() * 3)),
      listedAt,
      updatedAt: listedAt,
    });
  }
  const statements = [
    ...rowsPerStatement(creators, 30).map((rows) => db.insert(users).values(rows).onConflictDoNothing()),
    ...rowsPerStatement(deckRows, 16).map((rows) => db.insert(decks).values(rows).onConflictDoNothing()),
    ...rowsPerStatement(cardRows, 14).map((rows) => db.insert(cards).values(rows).onConflictDoNothing()),
    ...rowsPerStatement(listingRows, 18).map((rows) => db.insert(deckListings).values(rows).onConflictDoNothing()),
  ];
  for (let i = 0; i < statements.length; i += 100) {
    const [first, ...rest] = statements.slice(i, i + 100);
    await db.batch([first!, ...rest]);
  }
  console.log(`Listed ${COUNT} bench decks by ${creators.length} creators.`);
} finally {
  await proxy.dispose();
}
