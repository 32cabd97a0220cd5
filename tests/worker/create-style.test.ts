/**
 * The create form says which style the painter understood before any credit is spent: the page as
 * served offers the style field with a check that answers without making a deck.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createDatabase } from "../../app/db.server";
import { decks, users } from "../../db/schema";
import { get, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
const understood = (html: string) => {
  const m = /data-testid="style-understood"[^>]*>([^<]*)</.exec(html);
  return m ? m[1]!.trim() : null;
};

async function newMember() {
  const id = `create-style-${crypto.randomUUID()}`;
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com` });
  return { id, cookie: await signInAs(id) };
}

describe("the create form's style reading", () => {
  it("offers the style field and its check in the page as served", async () => {
    const member = await newMember();
    const page = await get("/create-deck", { cookie: member.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="customStyle"');
    expect(html).toMatch(/<button[^>]*name="intent"[^>]*value="style"/);
  });

  it("names the style it understood, composed from the words it knows, and makes no deck", async () => {
    const member = await newMember();
    const checked = await post(
      "/create-deck",
      { intent: "style", style: "custom", customStyle: "neon crayon", theme: "Cats ruling a neon Tokyo", kind: "complete", quality: "medium" },
      { cookie: member.cookie },
    );
    expect(checked.status).toBe(200);
    const html = await checked.text();
    expect(understood(html)).toBe("Understood as crayon with the colours of cyberpunk neon.");
    expect(text(html)).toContain("Cats ruling a neon Tokyo");
    expect(await db().select().from(decks).where(eq(decks.creatorId, member.id))).toEqual([]);

    const misspelt = await post("/create-deck", { intent: "style", style: "custom", customStyle: "ukiyoe" }, { cookie: member.cookie });
    expect(understood(await misspelt.text())).toBe("Painted as ukiyo-e.");
  });

  it("answers a visitor with the sign-in, not a reading", async () => {
    const response = await post("/create-deck", { intent: "style", style: "custom", customStyle: "crayon" });
    expect(response.status).not.toBe(200);
  });
});
