/**
 * Written readings as their tests set them up: members and readers, an offer added through the
 * dashboard, a client asking for it, the cards drawn at the private table, and the answer sent.
 */
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import type { ServerMessage } from "../../app/reading-room/messages";
import type { RoomState } from "../../app/reading-room/state";
import { apply } from "../../app/reading-room/state";
import { readerProfiles, users, writtenOffers } from "../../db/schema";
import { app, ORIGIN, post, signInAs } from "./helpers";
import { topUp } from "./wallet-fixtures";

const db = () => createDatabase(env.DB);

export const QUESTION = "Where is my work leading me this season?";
export const ANSWER =
  "The Tower at the start says the old plan is already gone; the Star in the middle asks for patience; the last card shows the way through.";

export async function newMember(name = "client") {
  const id = `${name}-${newId()}`;
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.test`, username: id.slice(0, 30).toLowerCase() });
  return { id, cookie: await signInAs(id) };
}

export async function newReader() {
  const id = `reader-${newId()}`;
  const username = `w${newId().slice(0, 12)}`.toLowerCase().replace(/[^a-z0-9]/g, "x");
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.test`, username, fullName: "Vera Night", isReader: true, customPricePerMinute: 100 });
  await db().insert(readerProfiles).values({ userId: id, available: true });
  return { id, username, cookie: await signInAs(id) };
}

/** The reader adds an offer through the dashboard's form; its id. */
export async function offer(reader: { id: string; cookie: string }, form: Record<string, string> = {}) {
  const response = await post(
    "/reader-dashboard/written",
    { intent: "add", title: "Three-card reading", spreadId: "three-card", price: "15", hours: "48", ...form },
    { cookie: reader.cookie },
  );
  expect(response.status).toBe(200);
  const [row] = await db()
    .select()
    .from(writtenOffers)
    .where(eq(writtenOffers.readerId, reader.id))
    .orderBy(sql`${writtenOffers.createdAt} DESC`)
    .limit(1);
  return row!.id;
}

export async function ask(client: { cookie: string }, reader: { username: string }, offerId: string, key = newId()) {
  return post(`/readers/${reader.username}/written`, { offerId, question: QUESTION, key }, { cookie: client.cookie });
}

export const requestIdOf = (response: Response) => response.headers.get("location")!.split("/").pop()!;

/** A reader with an offer at $15.00 and a client with $40.00 who asked for it. */
export async function asked() {
  const reader = await newReader();
  const client = await newMember();
  await topUp(client.id, 4000);
  const offerId = await offer(reader);
  const response = await ask(client, reader, offerId);
  expect(response.status).toBe(302);
  return { reader, client, offerId, requestId: requestIdOf(response) };
}

/** The reader opens the private table, draws the spread's three cards and turns them over; the table as the room holds it. */
export async function drawAtTable(reader: { cookie: string }, requestId: string): Promise<RoomState> {
  const opened = await post(`/written/${requestId}`, { intent: "table" }, { cookie: reader.cookie });
  expect(opened.status).toBe(302);
  const sessionId = new URL(opened.headers.get("location")!, ORIGIN).searchParams.get("session")!;
  const response = await app.fetch(`${ORIGIN}/parties/reading-room/${sessionId}`, { headers: { upgrade: "websocket", origin: ORIGIN, cookie: reader.cookie } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  let state: RoomState | null = null;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as ServerMessage;
    if (message.type === "snapshot") state = message.state;
    if (message.type === "event" && state) state = apply(state, message.event);
  });
  socket.accept();
  await expect.poll(() => state !== null).toBe(true);
  expect(state!.spreadId).toBe("three-card");
  const send = (command: object) => socket.send(JSON.stringify({ type: "command", command }));
  send({ type: "shuffle" });
  for (let i = 0; i < 3; i++) send({ type: "draw" });
  send({ type: "revealAll" });
  await expect.poll(() => state!.table.length === 3 && state!.table.every((card) => card.revealed)).toBe(true);
  socket.close();
  return state!;
}

/** A written reading asked, drawn and answered with `ANSWER`. */
export async function answered() {
  const made = await asked();
  await drawAtTable(made.reader, made.requestId);
  expect((await post(`/written/${made.requestId}`, { intent: "answer", answer: ANSWER }, { cookie: made.reader.cookie })).status).toBe(200);
  return made;
}
