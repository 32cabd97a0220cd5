// Makes the local development database and bucket that `wrangler dev` uses ready: the migrations not
// yet applied, then the demo data.
import { createDatabase } from "../../app/db.server";
import { openLocalBindings } from "../local-bindings";
import { applyMigrations } from "./migrate-local";
import { seedDemoData } from "./seed-data";

// The state of `wrangler dev --persist-to ARCANUM_PERSIST_TO`, or the project's own.
const proxy = await openLocalBindings();
try {
  const migrated = await applyMigrations(proxy.env.DB);
  console.log(migrated.length > 0 ? `Applied ${migrated.length} migrations, ${migrated[0]} to ${migrated.at(-1)}.` : "No migrations to apply.");
  const counts = await seedDemoData(createDatabase(proxy.env.DB), proxy.env.MEDIA);
  console.log(
    `Seeded ${counts.users} users, ${counts.decks} decks, ${counts.cards} cards, ${counts.listings} listings, ${counts.readings} paid readings and ${counts.reviews} reviews.`,
  );
} finally {
  await proxy.dispose();
}
