/**
 * The credits page (/credits): what a person has, what it makes, when it refreshes and how much
 * carries over, and every line of their ledger with the deck or payment behind it, a page at a
 * time. And money lines that say what they are once.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { consumeCredits, initializeQuotaForPlan } from "../../app/credits/credits.server";
import { LEDGER_PAGE_SIZE } from "../../app/credits/history.server";
import { subscriptions, users } from "../../db/schema";
import { CookieJar, get, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&rsquo;/g, "’")
    .replace(/\s+/g, " ")
    .trim();
const section = (html: string, testId: string) => {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start, testId).toBeGreaterThan(-1);
  return html.slice(html.indexOf(">", start) + 1, html.indexOf("</section>", start));
};

async function newMember() {
  const id = `credits-page-${crypto.randomUUID()}`;
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com` });
  return { id, cookie: await signInAs(id) };
}

describe("the credits page", () => {
  it("shows a subscriber's credits, what they make, the refresh and rollover, and the ledger with the deck and the payment", async () => {
    const member = await newMember();
    const now = Date.now();
    await initializeQuotaForPlan(db(), member.id, "creator-monthly", now, { referenceId: `subscription:sub_${member.id}:price_creator_monthly:1` });
    await db()
      .insert(subscriptions)
      .values({
        userId: member.id,
        subscriptionStatus: "active",
        priceId: "price_creator_monthly",
        currentPeriodEnd: Math.floor((now + 30 * 86_400_000) / 1000),
      });
    const made = await post(
      "/create-deck",
      { intent: "create", theme: "Lantern harbour", style: "woodcut", kind: "complete", quality: "medium" },
      { cookie: member.cookie },
    );
    expect(made.status).toBe(302);
    const deckId = made.headers.get("location")!.split("/").pop()!;

    const response = await get("/credits", { cookie: member.cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    const left = text(section(html, "credits-left"));
    expect(left).toContain("On the Creator plan.");
    expect(text(/data-testid="complete-deck-credits"[^>]*>(\d+)</.exec(html)![1]!)).toBe("11");
    expect(left).toContain("Your credits make 3 full decks at high quality or 11 at medium.");

    const refresh = text(section(html, "credits-refresh"));
    expect(refresh).toMatch(/^Next refresh On .+, your plan gives 12 complete-deck credits\./);
    expect(refresh).toContain("Unused credits carry over, up to 6 of each kind; the rest lapse.");

    const ledger = section(html, "credit-ledger");
    expect(ledger).toMatch(new RegExp(`<a[^>]*href="/collection/${deckId}"[^>]*>Deck “Lantern harbour”</a>`));
    expect(text(ledger)).toContain("−1 complete-deck credit");
    // React may separate the text around the dot with empty comments.
    expect(ledger).toMatch(
      /Deck quotas allocated for Creator plan subscription<\/span> (?:<!-- -->)?·(?:<!-- -->)? <a[^>]*href="\/subscription#payments"[^>]*>receipt<\/a>/,
    );
    expect(text(ledger)).toContain("+12 complete-deck credits");
  });

  it("pages a long ledger, newest first", async () => {
    const member = await newMember();
    await initializeQuotaForPlan(db(), member.id, "visionary-monthly", Date.now(), { referenceId: `grant:${member.id}` });
    const charges = LEDGER_PAGE_SIZE + 3;
    for (let i = 0; i < charges; i++) {
      await consumeCredits(db(), member.id, { majorArcana: 0, completeDeck: 1 }, { referenceId: `line:${i}`, description: `Charge ${i}`, now: Date.now() + i });
    }
    const first = await (await get("/credits", { cookie: member.cookie })).text();
    const firstLines = [...section(first, "credit-ledger").matchAll(/<li/g)];
    expect(firstLines).toHaveLength(LEDGER_PAGE_SIZE);
    expect(text(section(first, "credit-ledger"))).toMatch(/^Charge 22 /);
    expect(first).toMatch(/<a[^>]*href="\/credits\?page=2"[^>]*>Older<\/a>/);
    expect(first).not.toContain(">Newer</a>");

    const second = await (await get("/credits?page=2", { cookie: member.cookie })).text();
    const rest = text(section(second, "credit-ledger"));
    expect([...section(second, "credit-ledger").matchAll(/<li/g)]).toHaveLength(charges + 1 - LEDGER_PAGE_SIZE);
    expect(rest).toContain("Charge 0");
    expect(rest).toContain("Deck quotas allocated for Visionary plan subscription");
    expect(second).toMatch(/<a[^>]*href="\/credits"[^>]*>Newer<\/a>/);
    expect(second).not.toContain(">Older</a>");

    // A page number that is not one reads as the first page, never as an error.
    expect((await get("/credits?page=-4", { cookie: member.cookie })).status).toBe(200);
  });

  it("shows a guest what they have and how to have more, and sends a visitor without an account to sign in", async () => {
    const jar = new CookieJar();
    jar.take(await visit("/", { headers: { "cf-connecting-ip": "198.51.100.71" } }));
    const response = await get("/credits", { cookie: jar.header(), headers: { "cf-connecting-ip": "198.51.100.71" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(text(section(html, "credits-left"))).toContain("As a guest, on the free plan.");
    expect(html).toMatch(/data-testid="major-arcana-credits"[^>]*>1</);
    expect(text(section(html, "credits-left"))).toContain("Your credits make 1 Major Arcana deck at medium quality.");
    expect(text(section(html, "guest-credits"))).toContain("Sign in to use an account’s credits, or create an account to keep these and subscribe for more.");
    expect(text(section(html, "credits-refresh"))).toContain("Unused credits do not carry over");

    const nobody = await get("/credits");
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toMatch(/^\/login\?redirectTo=%2Fcredits/);
  });

  it("is reached from the header's badge and the account menus", async () => {
    const html = await (await get("/", { cookie: await signInAs("seed-user-demo") })).text();
    expect(html).toMatch(/<a[^>]*data-testid="deck-badge"[^>]*href="\/credits"/);
    expect(html.match(/<a[^>]*href="\/credits"[^>]*>Credits<\/a>/g)).toHaveLength(2);
  });
});

describe("money lines", () => {
  it("say what each line is once on the balance page", async () => {
    const html = await (await get("/balance", { cookie: await signInAs("seed-user-demo") })).text();
    const ledger = text(section(html.replace("</table>", "</table></section>"), "wallet-ledger"));
    expect(ledger).toContain("Top-up of $20.00");
    expect(ledger).not.toMatch(/Top-up: Top-up/);
  });
});
