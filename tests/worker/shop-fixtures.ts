/**
 * People and listed decks for the tests of a creator's shop (offer codes, bundles, gifts): a person
 * signed in, on the creator plan when asked, and a one-card deck of theirs listed at a price through
 * the deck page's own form.
 */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { subscriptions, users } from "../../db/schema";
import { oneCardDeck, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);

/** A signed-in person whose username starts with `prefix`; on the creator plan with `plan`. */
export async function newPerson(prefix: string, plan?: "creator") {
  const id = newId();
  const email = `${id}@example.com`;
  const username = `${prefix}_${id.slice(0, 10)}`;
  await db().insert(users).values({ id, email, username });
  if (plan) {
    await db()
      .insert(subscriptions)
      .values({ userId: id, subscriptionStatus: "active", priceId: `price_${plan}_monthly`, currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400 });
  }
  return { id, email, username, cookie: await signInAs(id) };
}

/** A ready one-card deck of the seller's (helpers' `oneCardDeck`), titled `title` and a few letters of an id, listed at `price` dollars. */
export async function listedDeck(seller: { id: string; cookie: string }, price: string, title: string) {
  const deckId = await oneCardDeck(seller.id, `${title} ${newId().slice(0, 6)}`);
  const listed = await post(`/collection/${deckId}`, { intent: "list", price, description: "", tags: "" }, { cookie: seller.cookie });
  expect(listed.status).toBe(200);
  return deckId;
}
