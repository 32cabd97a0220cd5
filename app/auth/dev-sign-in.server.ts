import { and, asc, isNotNull, like } from "drizzle-orm";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Database } from "../db.server";
import type { AppConfig } from "../env.server";
import { startSession } from "./session.server";

const DEMO_ID_PREFIX = "seed-user-";

/** Demo accounts from the seed, offered on the sign-in page outside production only. */
export async function listDemoAccounts(db: Database, config: AppConfig) {
  if (config.isProduction) return [];
  return db
    .select({ id: users.id, username: users.username, fullName: users.fullName, isReader: users.isReader, isCreator: users.isCreator })
    .from(users)
    .where(and(like(users.id, `${DEMO_ID_PREFIX}%`), isNotNull(users.email)))
    .orderBy(asc(users.username));
}

/** Signs in as a seeded demo account; refused in production and for any other account. */
export async function signInAsDemo(db: Database, config: AppConfig, request: Request, userId: string) {
  if (config.isProduction || !userId.startsWith(DEMO_ID_PREFIX)) return null;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user?.email) return null;
  return startSession(db, request, user.id);
}
