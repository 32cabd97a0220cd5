// Seeds the local development database and bucket that `wrangler dev` uses.
import { createDatabase } from "../app/db.server";
import { openLocalBindings } from "../scripts/local-bindings";
import { seedDemoData } from "./seed-data";

// The state of `wrangler dev --persist-to ARCANUM_PERSIST_TO`, or the project's own.
const proxy = await openLocalBindings();
try {
  const counts = await seedDemoData(createDatabase(proxy.env.DB), proxy.env.MEDIA);
  console.log(
    `Seeded ${counts.users} users, ${counts.decks} decks, ${counts.cards} cards, ${counts.listings} listings, ${counts.readings} paid readings and ${counts.reviews} reviews.`,
  );
} finally {
  await proxy.dispose();
}
