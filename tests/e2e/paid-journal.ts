// Puts an ended paid reading into the running app's stored database, kept in both people's journals
// as the room leaves it. Arguments: clientId readerId question; prints {client, reader} entry ids.
import { randomUUID } from "node:crypto";
import { createDatabase } from "../../app/db.server";
import { paidReadings, readingJournal, readingSessions } from "../../db/schema";
import { openLocalBindings, whileUnlocked } from "../../scripts/local-bindings";

const [clientId, readerId, question] = process.argv.slice(2) as [string, string, string];
const proxy = await openLocalBindings();
try {
  const db = createDatabase(proxy.env.DB);
  const id = randomUUID();
  const now = Date.now();
  const entry = (userId: string) => ({
    id: randomUUID(),
    userId,
    sessionId: id,
    spreadId: "single",
    spreadName: "Single card",
    question,
    cards: [{ key: "major-17", name: "The Star", position: 0, positionName: "The answer", reversed: false }],
    createdAt: now,
    updatedAt: now,
  });
  const client = entry(clientId);
  const reader = entry(readerId);
  // The running app holds the same database: a write it has locked for a moment is tried again.
  await whileUnlocked(() =>
    db.batch([
      db
        .insert(readingSessions)
        .values({ id, hostUserId: readerId, originalHostUserId: readerId, isActive: false, createdAt: now, updatedAt: now, lastActivityAt: now }),
      db.insert(paidReadings).values({
        id,
        requestId: randomUUID(),
        clientId,
        readerId,
        mode: "chat",
        pricePerMinuteCents: 100,
        freeMinutes: 0,
        status: "ended",
        minutesBilled: 4,
        chargedCents: 400,
        feePercent: 30,
        feeCents: 120,
        netCents: 280,
        createdAt: now,
        startedAt: now - 240_000,
        endedAt: now,
      }),
      db.insert(readingJournal).values([client, reader]),
    ]),
  );
  process.stdout.write(JSON.stringify({ client: client.id, reader: reader.id }));
} finally {
  await proxy.dispose();
}
