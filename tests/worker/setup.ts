import { applyD1Migrations, env } from "cloudflare:test";
import { createDatabase } from "../../app/db.server";
import { seedDemoData } from "../../db/seed-data";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedDemoData(createDatabase(env.DB), env.MEDIA);
