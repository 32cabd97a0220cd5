// Puts a finished free reading into one person's journal in the running app's stored database.
// Argument: userId; prints the entry's id.
import { randomUUID } from "node:crypto";
import { createDatabase } from "../../app/db.server";
import { readingJournal } from "../../db/schema";
import { openLocalBindings, whileUnlocked } from "../../scripts/local-bindings";

const [userId] = process.argv.slice(2) as [string];
const proxy = await openLocalBindings();
try {
  const db = createDatabase(proxy.env.DB);
  const id = randomUUID();
  const at = Date.UTC(2026, 2, 12, 9, 30);
  // The running app holds the same database: a write it has locked for a moment is tried again.
  await whileUnlocked(() =>
    db.insert(readingJournal).values({
      id,
      userId,
      spreadId: "single",
      spreadName: "Single card",
      question: "What does the morning ask of me?",
      cards: [{ key: "major-17", name: "The Star", position: 0, positionName: "The answer", reversed: false }],
      createdAt: at,
      updatedAt: at,
    }),
  );
  process.stdout.write(id);
} finally {
  await proxy.dispose();
}
