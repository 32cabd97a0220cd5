/**
 * The Worker's build keeps only the Stripe resources the app calls (scripts/vite-stripe-resources.ts,
 * which these tests' own build applies too, so the adapter tests talk through the same client).
 * Here: the app calls no resource beyond that list, and the client has the list and nothing else.
 */
import { describe, expect, it } from "vitest";
import { stripeClient } from "../../app/payments/stripe.server";
import { STRIPE_RESOURCES } from "../../scripts/vite-stripe-resources";

const sources = import.meta.glob<string>(["../../app/**/*.ts", "../../app/**/*.tsx", "../../party/**/*.ts", "../../workers/**/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

describe("Stripe's client in the Worker", () => {
  it("has every resource the app's code calls on a Stripe client", () => {
    const called = new Set<string>();
    for (const source of Object.values(sources)) {
      for (const [, name] of source.matchAll(/\bstripe\.(\w+)\.\w/g)) called.add(name!);
    }
    // The scan finds the adapters' calls (checkout sessions, payouts' transfers…), so it is looking in the right places.
    expect(called).toContain("checkout");
    expect(called).toContain("transfers");
    const outside = [...called].filter((name) => name !== "webhooks" && !STRIPE_RESOURCES.includes(name));
    expect(outside).toEqual([]);
  });

  it("makes those resources and leaves the rest of Stripe's API out", () => {
    const client = stripeClient("sk_test_resources") as unknown as Record<string, unknown>;
    for (const name of STRIPE_RESOURCES) expect(client[name], name).toBeTruthy();
    expect(typeof client.webhooks).toBe("object");
    for (const name of ["issuing", "treasury", "customers", "invoices", "terminal"]) expect(client[name], name).toBeUndefined();
  });
});
