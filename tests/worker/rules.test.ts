import { describe, expect, it } from "vitest";
import { displayName, personName } from "../../app/auth/display-name";
import { loginPath, safeRedirect } from "../../app/auth/redirect";
import { deckCreditsLabel, remainingDeckCredits } from "../../app/credits/badge";
import { findPlanByKey, PLANS, plansFor, tierOfPlanKey } from "../../app/plans/catalogue";
import { isSubscribed } from "../../app/plans/subscription";
import { isReaderOnline } from "../../app/readers/presence";
import { cardFileName, FULL_DECK, MAJOR_ARCANA } from "../../app/tarot/cards";

describe("safe redirects", () => {
  it.each([
    ["/collection", "/collection"],
    ["/pricing?billing=yearly#creator", "/pricing?billing=yearly#creator"],
    ["https://evil.example", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["/%0d%0aSet-Cookie:x", "/%0d%0aSet-Cookie:x"],
    ["/\u0000x", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [undefined, "/"],
  ])("%s → %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it("builds the login path with the return target", () => {
    expect(loginPath("/collection?a=1")).toBe("/login?redirectTo=%2Fcollection%3Fa%3D1");
    expect(loginPath("//evil")).toBe("/login");
  });
});

describe("plan catalogue (spec section 9)", () => {
  it("holds every plan with the spec's prices and counts", () => {
    const expected: Record<string, [number, number, number]> = {
      free: [0, 1, 22],
      "explorer-plus": [5, 1, 56],
      "mystic-monthly": [12.99, 2, 156],
      "mystic-yearly": [124.7, 24, 1872],
      "creator-monthly": [29.99, 4, 312],
      "creator-yearly": [287.9, 48, 3744],
      "visionary-monthly": [79.99, 8, 624],
      // The spec lists $767.99, against its own 20% saving: the yearly price is computed (decision 0096).
      "visionary-yearly": [767.9, 96, 7488],
    };
    expect(PLANS.map((p) => p.key).sort()).toEqual(Object.keys(expected).sort());
    for (const [key, [price, decks, cardsCount]] of Object.entries(expected)) {
      const plan = findPlanByKey(key)!;
      expect([plan.price, plan.deckCount, plan.cardCount]).toEqual([price, decks, cardsCount]);
    }
  });

  it("marks only Creator popular and sets the seller fees by tier", () => {
    expect(PLANS.filter((p) => p.popular).map((p) => p.tier)).toEqual(["creator", "creator"]);
    expect(findPlanByKey("mystic-yearly")!.sellerFeePercent).toBe(30);
    expect(findPlanByKey("creator-monthly")!.sellerFeePercent).toBe(25);
    expect(findPlanByKey("visionary-monthly")!.sellerFeePercent).toBe(15);
    expect(findPlanByKey("explorer-plus")!.mode).toBe("payment");
  });

  it("derives the tier from the key prefix and picks plans per billing choice", () => {
    expect(tierOfPlanKey("creator-yearly")).toBe("creator");
    expect(tierOfPlanKey("explorer-plus")).toBe("explorer");
    expect(tierOfPlanKey("whatever")).toBe("free");
    expect(
      plansFor("yearly")
        .filter((p) => p.mode === "subscription")
        .every((p) => p.interval === "year"),
    ).toBe(true);
  });
});

describe("small rules", () => {
  it("counts deck credits left per type, never below zero", () => {
    expect(remainingDeckCredits(null)).toBe(1);
    expect(remainingDeckCredits({ majorArcanaQuota: 2, completeDeckQuota: 1, majorArcanaUsed: 5, completeDeckUsed: 0 })).toBe(1);
    expect(deckCreditsLabel(1)).toBe("1 credit");
    expect(deckCreditsLabel(0)).toBe("0 credits");
    expect(deckCreditsLabel(2)).toBe("2 credits");
  });

  it("heads the avatar menu with the username, the e-mail's local part, or User", () => {
    expect(displayName({ username: "luna", email: "x@y.z" })).toBe("luna");
    expect(displayName({ username: null, email: "star@y.z" })).toBe("star");
    expect(displayName({ username: null, email: null })).toBe("User");
  });

  it("shows a person to the others in a reading by their full name, else as the avatar menu does", () => {
    expect(personName({ fullName: "Luna Vale", username: "luna", email: "x@y.z" })).toBe("Luna Vale");
    expect(personName({ fullName: "", username: "luna", email: "x@y.z" })).toBe("luna");
    expect(personName({ fullName: null, username: null, email: "star@y.z" })).toBe("star");
  });

  it("counts subscriptions active or trialing, and readers online within five minutes", () => {
    expect(["active", "trialing", "past_due", null].map(isSubscribed)).toEqual([true, true, false, false]);
    const now = 10 * 60 * 1000;
    expect(isReaderOnline({ isOnline: true, lastSeenAt: now - 4 * 60 * 1000 }, now)).toBe(true);
    expect(isReaderOnline({ isOnline: true, lastSeenAt: now - 6 * 60 * 1000 }, now)).toBe(false);
    expect(isReaderOnline({ isOnline: false, lastSeenAt: now }, now)).toBe(false);
  });

  it("knows the 78 cards with unique keys and file names", () => {
    expect(MAJOR_ARCANA).toHaveLength(22);
    expect(FULL_DECK).toHaveLength(78);
    expect(new Set(FULL_DECK.map((c) => c.key)).size).toBe(78);
    expect(cardFileName("The High Priestess", "png")).toBe("the_high_priestess.png");
    expect(cardFileName("Queen of Cups", "webp")).toBe("queen_of_cups.webp");
  });
});
