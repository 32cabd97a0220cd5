/**
 * People and paid readings as the worker tests that start after a reading set them up: a member or
 * a reader, and a live reading between two of them that ended a while ago, with the earning the
 * ending writes.
 */
import { env } from "cloudflare:test";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { paidReadings, readerProfiles, readingSessions, sellerLedger, users } from "../../db/schema";
import { signInAs } from "./helpers";

const db = () => createDatabase(env.DB);
export const HOUR = 60 * 60_000;

export async function newPerson(name: string, reader = false) {
  const id = `${name}-${newId()}`;
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.test`, username: id.slice(0, 30), fullName: reader ? "Vera Night" : null, isReader: reader });
  if (reader) await db().insert(readerProfiles).values({ userId: id, available: true });
  return { id, email: `${id}@example.test`, cookie: await signInAs(id) };
}

/** A paid reading between the two that ended `endedAgo` ms ago and charged `charged` cents, its earning in the reader's ledger as the ending writes it. */
export async function endedReading(client: { id: string }, reader: { id: string }, { charged = 1000, endedAgo = HOUR } = {}) {
  const id = `ended-${newId()}`;
  const endedAt = Date.now() - endedAgo;
  const fee = Math.round(charged * 0.3);
  await db().insert(readingSessions).values({ id, hostUserId: reader.id, originalHostUserId: reader.id, isActive: false });
  await db()
    .insert(paidReadings)
    .values({
      id,
      requestId: `request-${id}`,
      clientId: client.id,
      readerId: reader.id,
      mode: "chat",
      pricePerMinuteCents: 100,
      freeMinutes: 0,
      status: "ended",
      minutesBilled: charged / 100,
      chargedCents: charged,
      feePercent: 30,
      feeCents: fee,
      netCents: charged - fee,
      startedAt: endedAt - (charged / 100) * 60_000,
      endedAt,
    });
  await db()
    .insert(sellerLedger)
    .values({
      id: newId(),
      sellerId: reader.id,
      kind: "reading",
      grossCents: charged,
      feeCents: fee,
      netCents: charged - fee,
      referenceId: `reading:${id}`,
      paidReadingId: id,
      createdAt: endedAt,
    });
  return id;
}
