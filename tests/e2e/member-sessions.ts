// Starts sessions for seeded members straight in the local database, so browser tests that are
// not about signing in do not spend the sign-in rate limits. Arguments are `name=userId`;
// prints {name: token} as JSON.
import { createHash, randomBytes } from "node:crypto";
import { createDatabase } from "../../app/db.server";
import { SESSION_TTL_MS } from "../../app/auth/session.server";
import { authSessions } from "../../db/schema";
import { openLocalBindings } from "../../scripts/local-bindings";

const wanted = process.argv.slice(2).map((arg) => arg.split("=") as [string, string]);
const proxy = await openLocalBindings();
try {
  const db = createDatabase(proxy.env.DB);
  const tokens: Record<string, string> = {};
  const now = Date.now();
  for (const [name, userId] of wanted) {
    const token = `m.${randomBytes(32).toString("base64url")}`;
    const id = createHash("sha256").update(token).digest("hex");
    await db.insert(authSessions).values({ id, userId, createdAt: now, expiresAt: now + SESSION_TTL_MS });
    tokens[name] = token;
  }
  process.stdout.write(JSON.stringify(tokens));
} finally {
  await proxy.dispose();
}
