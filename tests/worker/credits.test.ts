import { env } from "cloudflare:test";
import { and, eq, like, lt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addOneMonth,
  consumeCredits,
  DEFAULT_REFRESH_PERIOD_MS,
  getQuota,
  initializeQuotaForPlan,
  monthlyGrant,
  quotasForPlan,
  refreshDeckQuotas,
  refreshQuotaIfDue,
  refundCredits,
  REFRESH_DESCRIPTION,
} from "../../app/credits/credits.server";
import { deckCharge, estimateCost, upgradeCharge } from "../../app/plans/cost";
import { createDatabase } from "../../app/db.server";
import { runPeriodicJobs } from "../../app/jobs/periodic.server";
import { deckQuotaLedger, userDeckQuotas, users } from "../../db/schema";

const db = () => createDatabase(env.DB);
const DAY = 24 * 60 * 60 * 1000;

type QuotaSeed = Partial<typeof userDeckQuotas.$inferInsert>;

/** A new user, with a quota record when `quota` is given. */
async function newUser(quota?: QuotaSeed) {
  const id = `credits-${crypto.randomUUID()}`;
  await db()
    .insert(users)
    .values({ id, email: `${id}@example.com` });
  if (quota) {
    await db()
      .insert(userDeckQuotas)
      .values({ userId: id, nextRefreshDate: Date.now() + 10 * DAY, ...quota });
  }
  return id;
}

async function record(userId: string) {
  return db().query.userDeckQuotas.findFirst({ where: eq(userDeckQuotas.userId, userId) });
}

async function ledger(userId: string) {
  return db().select().from(deckQuotaLedger).where(eq(deckQuotaLedger.userId, userId));
}

const MAJOR = { majorArcana: 1, completeDeck: 0 };

describe("consuming credits", () => {
  it("lets exactly 3 of 100 concurrent requests through for 3 Major Arcana credits", async () => {
    const userId = await newUser({ majorArcanaQuota: 3 });
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => consumeCredits(db(), userId, MAJOR, { referenceId: `deck:race-${i}` })));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => r.ok && r.status === "charged")).toHaveLength(3);
    expect(results.filter((r) => !r.ok && r.status === "refused")).toHaveLength(97);
    expect(await record(userId)).toMatchObject({ majorArcanaQuota: 3, majorArcanaUsed: 3, completeDeckUsed: 0 });
    const lines = (await ledger(userId)).filter((line) => line.majorArcanaChange < 0);
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.majorArcanaChange === -1 && line.description === "Deck generation")).toBe(true);
    expect(await ledger(userId)).toHaveLength(3);
  });

  it("charges a reference once when it is repeated one after another", async () => {
    const userId = await newUser({ majorArcanaQuota: 3 });
    const first = await consumeCredits(db(), userId, MAJOR, { referenceId: "deck:one", description: "Deck “Moon”" });
    const second = await consumeCredits(db(), userId, MAJOR, { referenceId: "deck:one", description: "Deck “Moon”" });
    expect(first).toMatchObject({ ok: true, status: "charged", remaining: { majorArcana: 2, completeDeck: 0 } });
    expect(second).toMatchObject({ ok: true, status: "already_charged", remaining: { majorArcana: 2, completeDeck: 0 } });
    expect(first.ok && second.ok && first.ledgerId === second.ledgerId).toBe(true);
    expect((await record(userId))?.majorArcanaUsed).toBe(1);
    const lines = await ledger(userId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ referenceId: "deck:one", description: "Deck “Moon”", majorArcanaChange: -1, completeDeckChange: 0 });
  });

  it("charges a reference once when it is repeated concurrently", async () => {
    const userId = await newUser({ majorArcanaQuota: 0, completeDeckQuota: 10 });
    const charge = { majorArcana: 0, completeDeck: 3 };
    const results = await Promise.all(Array.from({ length: 30 }, () => consumeCredits(db(), userId, charge, { referenceId: "deck:same" })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.status === "charged")).toHaveLength(1);
    expect(results.filter((r) => r.status === "already_charged")).toHaveLength(29);
    expect(await record(userId)).toMatchObject({ completeDeckUsed: 3, majorArcanaUsed: 0 });
    expect(await ledger(userId)).toHaveLength(1);
  });

  it("refuses when not enough is left of either type, and writes nothing", async () => {
    const userId = await newUser({ majorArcanaQuota: 2, majorArcanaUsed: 1, completeDeckQuota: 2, completeDeckUsed: 0 });
    const before = await record(userId);

    const tooManyMajor = await consumeCredits(db(), userId, { majorArcana: 2, completeDeck: 0 }, { referenceId: "deck:a" });
    expect(tooManyMajor).toEqual({
      ok: false,
      status: "refused",
      requested: { majorArcana: 2, completeDeck: 0 },
      remaining: { majorArcana: 1, completeDeck: 2 },
    });
    const tooManyComplete = await consumeCredits(db(), userId, deckCharge("complete", "high"), { referenceId: "deck:b" });
    expect(tooManyComplete).toMatchObject({ ok: false, status: "refused" });
    const bothButOneShort = await consumeCredits(db(), userId, { majorArcana: 1, completeDeck: 3 }, { referenceId: "deck:c" });
    expect(bothButOneShort.ok).toBe(false);

    expect(await record(userId)).toEqual(before);
    expect(await ledger(userId)).toHaveLength(0);

    // What is left can still be spent, exactly.
    expect((await consumeCredits(db(), userId, { majorArcana: 1, completeDeck: 2 }, { referenceId: "deck:d" })).ok).toBe(true);
    expect(await record(userId)).toMatchObject({ majorArcanaUsed: 2, completeDeckUsed: 2 });
  });

  it("rejects negative or fractional amounts as a programming error", async () => {
    const userId = await newUser({});
    await expect(consumeCredits(db(), userId, { majorArcana: -1, completeDeck: 0 }, { referenceId: "x" })).rejects.toThrow(RangeError);
    await expect(consumeCredits(db(), userId, { majorArcana: 0.5, completeDeck: 0 }, { referenceId: "y" })).rejects.toThrow(RangeError);
    expect(await ledger(userId)).toHaveLength(0);
  });
});

describe("a user without a quota record", () => {
  it("gets the free defaults, and the record is created once even under concurrency", async () => {
    const userId = await newUser();
    const now = Date.now();
    const quotas = await Promise.all(Array.from({ length: 20 }, () => getQuota(db(), userId, now)));
    for (const quota of quotas) {
      expect(quota).toMatchObject({
        userId,
        planType: "free",
        majorArcanaQuota: 1,
        completeDeckQuota: 0,
        majorArcanaUsed: 0,
        completeDeckUsed: 0,
        maxRolloverQuota: 0,
        lastRefreshDate: now,
        nextRefreshDate: now + DEFAULT_REFRESH_PERIOD_MS,
      });
    }
    expect(DEFAULT_REFRESH_PERIOD_MS).toBe(2_592_000_000);
    expect(await db().select().from(userDeckQuotas).where(eq(userDeckQuotas.userId, userId))).toHaveLength(1);
    expect(await ledger(userId)).toHaveLength(0);
  });

  it("can spend the free credit straight away, once", async () => {
    const userId = await newUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => consumeCredits(db(), userId, deckCharge("major_arcana", "medium"), { referenceId: `deck:${i}` })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await record(userId)).toMatchObject({ planType: "free", majorArcanaQuota: 1, majorArcanaUsed: 1 });
    expect(await ledger(userId)).toHaveLength(1);
  });

  it("keeps an existing record as it is", async () => {
    const quota = await getQuota(db(), "seed-user-sage");
    expect(quota).toMatchObject({ planType: "creator", completeDeckQuota: 12, maxRolloverQuota: 6 });
  });
});

describe("refunds", () => {
  it("gives a failed generation's credits back once", async () => {
    const userId = await newUser({ majorArcanaQuota: 1, completeDeckQuota: 3 });
    await consumeCredits(db(), userId, { majorArcana: 1, completeDeck: 3 }, { referenceId: "deck:failed" });
    expect(await record(userId)).toMatchObject({ majorArcanaUsed: 1, completeDeckUsed: 3 });

    const results = await Promise.all(Array.from({ length: 10 }, () => refundCredits(db(), userId, "deck:failed")));
    expect(results.filter((r) => r.status === "refunded")).toHaveLength(1);
    expect(results.filter((r) => r.status === "already_refunded")).toHaveLength(9);
    expect(results.find((r) => r.status === "refunded")?.refunded).toEqual({ majorArcana: 1, completeDeck: 3 });
    expect(await record(userId)).toMatchObject({ majorArcanaUsed: 0, completeDeckUsed: 0 });
    expect(await refundCredits(db(), userId, "deck:failed")).toMatchObject({ status: "already_refunded" });
    expect(await record(userId)).toMatchObject({ majorArcanaUsed: 0, completeDeckUsed: 0 });

    const refundLines = await db()
      .select()
      .from(deckQuotaLedger)
      .where(and(eq(deckQuotaLedger.userId, userId), eq(deckQuotaLedger.referenceId, "refund:deck:failed")));
    expect(refundLines).toHaveLength(1);
    expect(refundLines[0]).toMatchObject({ majorArcanaChange: 1, completeDeckChange: 3 });
    expect(refundLines[0]!.description).toBeTruthy();

    // The consumption stays on record: the same reference is not charged a second time.
    expect(await consumeCredits(db(), userId, MAJOR, { referenceId: "deck:failed" })).toMatchObject({ ok: true, status: "already_charged" });
    expect((await record(userId))?.majorArcanaUsed).toBe(0);
  });

  it("refunds nothing for a reference that was never charged", async () => {
    const userId = await newUser({ majorArcanaQuota: 1, majorArcanaUsed: 1 });
    expect(await refundCredits(db(), userId, "deck:unknown")).toEqual({ status: "not_charged", refunded: { majorArcana: 0, completeDeck: 0 } });
    expect((await record(userId))?.majorArcanaUsed).toBe(1);
    expect(await ledger(userId)).toHaveLength(0);
  });

  it("never takes used counts below zero, after a refresh has reset them", async () => {
    const userId = await newUser({ majorArcanaQuota: 1 });
    const now = Date.now();
    await consumeCredits(db(), userId, MAJOR, { referenceId: "deck:old", now });
    await db()
      .update(userDeckQuotas)
      .set({ nextRefreshDate: now - 1 })
      .where(eq(userDeckQuotas.userId, userId));
    expect(await refreshQuotaIfDue(db(), userId, now)).toBe(true);
    expect((await record(userId))?.majorArcanaUsed).toBe(0);

    expect(await refundCredits(db(), userId, "deck:old")).toEqual({ status: "refunded", refunded: { majorArcana: 0, completeDeck: 0 } });
    expect((await record(userId))?.majorArcanaUsed).toBe(0);
  });
});

describe("the monthly refresh", () => {
  it("rolls unused credits over up to the cap, resets used counts and logs the change", async () => {
    const now = Date.now();
    const due = now - 1000;
    const unused = await newUser({
      planType: "mystic",
      majorArcanaQuota: 0,
      completeDeckQuota: 2,
      completeDeckUsed: 0,
      maxRolloverQuota: 1,
      nextRefreshDate: due,
    });
    const spent = await newUser({
      planType: "mystic",
      majorArcanaQuota: 0,
      completeDeckQuota: 2,
      completeDeckUsed: 2,
      maxRolloverQuota: 1,
      nextRefreshDate: due,
    });
    const later = await newUser({
      planType: "mystic",
      majorArcanaQuota: 0,
      completeDeckQuota: 2,
      completeDeckUsed: 2,
      maxRolloverQuota: 1,
      nextRefreshDate: now + DAY,
    });
    const laterBefore = await record(later);

    const result = await refreshDeckQuotas(db(), now);
    expect(result.refreshed).toBeGreaterThanOrEqual(2);

    expect(await record(unused)).toMatchObject({
      completeDeckQuota: 3,
      completeDeckUsed: 0,
      majorArcanaQuota: 0,
      majorArcanaUsed: 0,
      lastRefreshDate: now,
      nextRefreshDate: addOneMonth(now),
    });
    expect(await record(spent)).toMatchObject({ completeDeckQuota: 2, completeDeckUsed: 0, lastRefreshDate: now });
    expect(await record(later)).toEqual(laterBefore);

    const [line] = await ledger(unused);
    expect(line).toMatchObject({ description: REFRESH_DESCRIPTION, completeDeckChange: 1, majorArcanaChange: 0, createdAt: now });
    expect(await ledger(spent)).toMatchObject([{ description: "Monthly quota refresh", completeDeckChange: 2 }]);
    expect(await ledger(later)).toHaveLength(0);

    // Nothing is due any more: a second run changes nothing.
    await refreshDeckQuotas(db(), now);
    expect((await record(unused))?.completeDeckQuota).toBe(3);
    expect(await ledger(unused)).toHaveLength(1);
  });

  it("grants each plan type its monthly credits", async () => {
    const now = Date.now();
    const free = await newUser({ planType: "free", majorArcanaQuota: 1, majorArcanaUsed: 1, nextRefreshDate: now - 1 });
    const creator = await newUser({
      planType: "creator",
      majorArcanaQuota: 0,
      completeDeckQuota: 4,
      completeDeckUsed: 1,
      maxRolloverQuota: 2,
      nextRefreshDate: now - 1,
    });
    const explorer = await newUser({ planType: "explorer", majorArcanaQuota: 0, completeDeckQuota: 1, maxRolloverQuota: 1, nextRefreshDate: now - 1 });
    for (const userId of [free, creator, explorer]) expect(await refreshQuotaIfDue(db(), userId, now)).toBe(true);
    expect(await record(free)).toMatchObject({ majorArcanaQuota: 1, majorArcanaUsed: 0, completeDeckQuota: 0 });
    expect(await record(creator)).toMatchObject({ completeDeckQuota: 14, completeDeckUsed: 0, majorArcanaQuota: 0 });
    // One-off credits bring no grant, but unused ones stay within the cap.
    expect(await record(explorer)).toMatchObject({ completeDeckQuota: 1, majorArcanaQuota: 0 });
    expect(await refreshQuotaIfDue(db(), free, now)).toBe(false);
  });

  it("works through many due records in bounded batches", async () => {
    const now = Date.now();
    const ids = await Promise.all(
      Array.from({ length: 7 }, (_, i) => newUser({ planType: "free", majorArcanaQuota: 1, majorArcanaUsed: 1, nextRefreshDate: now - 1000 - i })),
    );
    const first = await refreshDeckQuotas(db(), now, { batchSize: 2, maxBatches: 2 });
    expect(first).toEqual({ refreshed: 4, batches: 2 });
    const rest = await refreshDeckQuotas(db(), now, { batchSize: 2, maxBatches: 10 });
    expect(rest.refreshed).toBeGreaterThanOrEqual(3);
    for (const id of ids) expect(await record(id)).toMatchObject({ majorArcanaUsed: 0, nextRefreshDate: addOneMonth(now) });
    const due = await db().select().from(userDeckQuotas).where(lt(userDeckQuotas.nextRefreshDate, now));
    expect(due).toHaveLength(0);
  });

  it("applies when a due record is read", async () => {
    const now = Date.now();
    const userId = await newUser({ planType: "free", majorArcanaQuota: 1, majorArcanaUsed: 1, nextRefreshDate: now - 1 });
    expect(await getQuota(db(), userId, now)).toMatchObject({ majorArcanaUsed: 0, nextRefreshDate: addOneMonth(now) });
    const second = await newUser({ planType: "free", majorArcanaQuota: 1, majorArcanaUsed: 1, nextRefreshDate: now - 1 });
    expect(await consumeCredits(db(), second, MAJOR, { referenceId: "deck:after-refresh", now })).toMatchObject({ ok: true, status: "charged" });
    expect(await record(second)).toMatchObject({ majorArcanaUsed: 1, lastRefreshDate: now });
    expect((await ledger(second)).map((l) => l.description).sort()).toEqual(["Deck generation", "Monthly quota refresh"]);
  });

  it("runs with the periodic jobs", async () => {
    const now = Date.now();
    const userId = await newUser({ planType: "free", majorArcanaQuota: 1, majorArcanaUsed: 1, nextRefreshDate: now - 1 });
    const result = await runPeriodicJobs(db(), now);
    expect(result.failed).toEqual([]);
    expect((await record(userId))?.majorArcanaUsed).toBe(0);
  });

  it("moves to the same day next month, clamped to the month's end", () => {
    expect(new Date(addOneMonth(Date.UTC(2025, 0, 15, 10, 30))).toISOString()).toBe("2025-02-15T10:30:00.000Z");
    expect(new Date(addOneMonth(Date.UTC(2025, 0, 31, 8))).toISOString()).toBe("2025-02-28T08:00:00.000Z");
    expect(new Date(addOneMonth(Date.UTC(2024, 0, 31))).toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(new Date(addOneMonth(Date.UTC(2025, 11, 31))).toISOString()).toBe("2026-01-31T00:00:00.000Z");
    expect(new Date(addOneMonth(Date.UTC(2025, 2, 31))).toISOString()).toBe("2025-04-30T00:00:00.000Z");
  });
});

describe("cost", () => {
  const left = (majorArcana: number, completeDeck: number) => ({ majorArcana, completeDeck });

  it("costs one Major Arcana credit per unit at medium and three complete-deck credits at high", () => {
    expect(estimateCost({ quality: "medium", left: left(1, 0) })).toMatchObject({ cost: left(1, 0), enough: true });
    expect(estimateCost({ quality: "medium", units: 2, left: left(1, 5) })).toMatchObject({ cost: left(2, 0), enough: false });
    expect(estimateCost({ quality: "high", left: left(5, 3) })).toMatchObject({ cost: left(0, 3), enough: true });
    expect(estimateCost({ quality: "high", units: 2, left: left(5, 5) })).toMatchObject({ cost: left(0, 6), enough: false });
    expect(estimateCost({ quality: "medium", left: left(1, 0) }).summary).toMatch(/1 Major Arcana credit/);
    expect(estimateCost({ quality: "medium", left: left(0, 0) }).summary).toMatch(/not enough/i);
  });

  it("charges the product's decks as documented", () => {
    expect(deckCharge("major_arcana", "medium")).toEqual(left(1, 0));
    expect(deckCharge("complete", "medium")).toEqual(left(0, 1));
    expect(deckCharge("complete", "high")).toEqual(left(0, 3));
    expect(deckCharge("major_arcana", "high")).toEqual(left(0, 3));
    // A subscriber holds complete-deck credits only: a 22-card deck takes one of those.
    expect(deckCharge("major_arcana", "medium", left(0, 2))).toEqual(left(0, 1));
    expect(deckCharge("major_arcana", "medium", left(1, 2))).toEqual(left(1, 0));
    expect(estimateCost({ quality: "medium", left: left(0, 2) })).toMatchObject({ cost: left(0, 1), enough: true });
    expect(upgradeCharge()).toEqual(left(0, 1));
    expect(estimateCost({ kind: "complete", quality: "medium", left: left(0, 1) })).toMatchObject({ cost: left(0, 1), enough: true });
    expect(estimateCost({ kind: "complete", quality: "medium", left: left(3, 0) }).enough).toBe(false);
  });
});

describe("plan quotas", () => {
  it("derives quotas from the catalogue", () => {
    expect(quotasForPlan("free")).toEqual({ planType: "free", majorArcanaQuota: 1, completeDeckQuota: 0, maxRolloverQuota: 0 });
    expect(quotasForPlan("mystic-monthly")).toEqual({ planType: "mystic", majorArcanaQuota: 0, completeDeckQuota: 2, maxRolloverQuota: 1 });
    expect(quotasForPlan("creator-monthly")).toEqual({ planType: "creator", majorArcanaQuota: 0, completeDeckQuota: 12, maxRolloverQuota: 6 });
    expect(quotasForPlan("creator-yearly")).toEqual(quotasForPlan("creator-monthly"));
    expect(quotasForPlan("visionary-monthly")).toMatchObject({ completeDeckQuota: 24, maxRolloverQuota: 12 });
    expect(quotasForPlan("explorer-plus")).toEqual({ planType: "explorer", majorArcanaQuota: 0, completeDeckQuota: 1, maxRolloverQuota: 1 });
    expect(() => quotasForPlan("platinum")).toThrow();
    expect(monthlyGrant("free")).toEqual({ majorArcana: 1, completeDeck: 0 });
    expect(monthlyGrant("visionary")).toEqual({ majorArcana: 0, completeDeck: 24 });
    expect(monthlyGrant("explorer")).toEqual({ majorArcana: 0, completeDeck: 0 });
  });

  it("allocates a subscription's quotas with a ledger line, once per reference", async () => {
    const userId = await newUser({ majorArcanaQuota: 1, majorArcanaUsed: 1 });
    const now = Date.now();
    const periodEnd = now + 30 * DAY;
    const first = await initializeQuotaForPlan(db(), userId, "creator-monthly", now, { periodEnd, referenceId: "sub:1" });
    expect(first.status).toBe("allocated");
    expect(first.quota).toMatchObject({
      planType: "creator",
      majorArcanaQuota: 0,
      majorArcanaUsed: 0,
      completeDeckQuota: 12,
      completeDeckUsed: 0,
      maxRolloverQuota: 6,
      lastRefreshDate: now,
      nextRefreshDate: periodEnd,
    });
    await consumeCredits(db(), userId, deckCharge("complete", "medium"), { referenceId: "deck:sub" });
    const again = await initializeQuotaForPlan(db(), userId, "creator-monthly", now, { periodEnd, referenceId: "sub:1" });
    expect(again.status).toBe("already_allocated");
    expect(again.quota.completeDeckUsed).toBe(1);
    const lines = (await ledger(userId)).filter((l) => l.referenceId === "sub:1");
    expect(lines).toMatchObject([{ description: "Deck quotas allocated for Creator plan subscription", completeDeckChange: 12, majorArcanaChange: 0 }]);
  });

  it("creates the record for a new subscriber, refreshing a yearly plan monthly", async () => {
    const userId = await newUser();
    const now = Date.now();
    const result = await initializeQuotaForPlan(db(), userId, "visionary-yearly", now, { periodEnd: now + 365 * DAY });
    expect(result).toMatchObject({ status: "allocated", quota: { planType: "visionary", completeDeckQuota: 24, nextRefreshDate: addOneMonth(now) } });
    expect(await ledger(userId)).toMatchObject([{ description: "Deck quotas allocated for Visionary plan subscription", completeDeckChange: 24 }]);
  });

  it("adds Explorer Plus to what the user has", async () => {
    const now = Date.now();
    const freeUser = await newUser({ majorArcanaQuota: 1, majorArcanaUsed: 1, nextRefreshDate: now + 5 * DAY });
    const result = await initializeQuotaForPlan(db(), freeUser, "explorer-plus", now, { referenceId: "pay:1" });
    expect(result.quota).toMatchObject({
      planType: "explorer",
      majorArcanaQuota: 1,
      majorArcanaUsed: 1,
      completeDeckQuota: 1,
      maxRolloverQuota: 1,
      nextRefreshDate: now + 5 * DAY,
    });
    expect((await initializeQuotaForPlan(db(), freeUser, "explorer-plus", now, { referenceId: "pay:1" })).quota.completeDeckQuota).toBe(1);

    const subscriber = await newUser({ planType: "creator", majorArcanaQuota: 0, completeDeckQuota: 4, completeDeckUsed: 2, maxRolloverQuota: 2 });
    const added = await initializeQuotaForPlan(db(), subscriber, "explorer-plus", now);
    expect(added.quota).toMatchObject({ planType: "creator", completeDeckQuota: 5, completeDeckUsed: 2, maxRolloverQuota: 2 });
    expect(
      await db()
        .select()
        .from(deckQuotaLedger)
        .where(and(eq(deckQuotaLedger.userId, subscriber), like(deckQuotaLedger.description, "%Explorer Plus%"))),
    ).toHaveLength(1);
  });
});
