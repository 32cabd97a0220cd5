// Seeds the local development database and bucket that `wrangler dev` uses.
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import { createDatabase } from "../app/db.server";
import { seedDemoData } from "./seed-data";

// `wrangler dev --persist-to DIR` keeps its state in DIR/v3; the proxy takes that folder itself.
const persistTo = process.env.ARCANUM_PERSIST_TO;
const proxy = await getPlatformProxy<Env>({
  configPath: "wrangler.toml",
  persist: persistTo ? { path: path.join(persistTo, "v3") } : true,
});
try {
  const counts = await seedDemoData(createDatabase(proxy.env.DB), proxy.env.MEDIA);
  console.log(`Seeded ${counts.users} users, ${counts.decks} decks, ${counts.cards} cards, ${counts.listings} listings.`);
} finally {
  await proxy.dispose();
}
