/**
 * The licences say what they grant, in one place: `/licensing` for anyone, with each licence and each
 * plan's rights as the rule module words them; a deck for sale's page names the licence it is sold
 * with and links to what it grants; the footer and the pricing page link there.
 */
import { env } from "cloudflare:test";
import { and, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { COMMERCIAL_RIGHTS_LABEL } from "../../app/entitlements/entitlements";
import { COMMERCIAL_PRINT_COPIES, licencePath, LICENCES, NEVER_GRANTED, PLAN_RIGHTS, PLAN_RIGHTS_PATH } from "../../app/marketplace/licences";
import { deckListings } from "../../db/schema";
import { get } from "./helpers";

const db = () => createDatabase(env.DB);
/** A page's text with the entities React writes read back. */
const textOf = async (response: Response) =>
  (await response.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("licensing", () => {
  it("is written out for anyone: both licences, what no licence grants, and each plan's rights with the plans that carry them", async () => {
    const response = await get("/licensing");
    expect(response.status).toBe(200);
    const page = await textOf(response);
    for (const licence of Object.values(LICENCES)) for (const line of [...licence.grants, ...licence.withholds]) expect(page).toContain(line);
    for (const line of NEVER_GRANTED) expect(page).toContain(line);
    expect(page).toContain(`up to ${COMMERCIAL_PRINT_COPIES} copies in all`);
    for (const [rights, words] of Object.entries(PLAN_RIGHTS)) {
      expect(page).toContain(COMMERCIAL_RIGHTS_LABEL[rights as keyof typeof PLAN_RIGHTS]);
      for (const line of words.grants) expect(page).toContain(line);
    }
    // Each level names its plans: Mystic's rights are limited, Visionary's extended.
    const section = (rights: string) => page.slice(page.indexOf(`data-testid="rights-${rights}"`), page.indexOf(`data-testid="rights-${rights}"`) + 600);
    expect(section("limited")).toContain("Mystic");
    expect(section("extended")).toContain("Visionary");
    expect(section("personal")).toContain("Free, Explorer Plus");
  });

  it("is named with a link on a deck for sale's page, in the footer and on the pricing page's rights", async () => {
    const [listing] = await db()
      .select()
      .from(deckListings)
      .where(and(eq(deckListings.status, "listed"), gt(deckListings.priceCents, 0)))
      .limit(1);
    expect(listing).toBeDefined();
    const licence = listing!.licence === "commercial" ? "commercial" : "personal";
    const deckPage = await textOf(await get(`/marketplace/${listing!.deckId}`));
    expect(deckPage).toContain(`href="${licencePath(licence)}"`);
    expect(deckPage).toContain('href="/licensing"');
    const pricing = await textOf(await get("/pricing"));
    expect(pricing).toContain(`href="${PLAN_RIGHTS_PATH}"`);
  });
});
