// Stripe's client in the Worker, with the resources the app calls and no others (decisions 0076 and
// 0086). The SDK's constructor makes an object for every resource of Stripe's API (well over a
// hundred, from Issuing to Treasury), so the Worker uploaded and compiled all of them, about 11 KB
// gzipped, to call eight. The build keeps the constructor's lines for those eight, drops the
// namespace of all resources the class also exposed (`Stripe.resources`, unused by the app), and
// tells the bundler that a resource's module does nothing when loaded, so the ones nobody names
// are left out.
//
// The build fails if the SDK's constructor no longer has the shape edited here, or no longer has
// one of the eight, so an upgrade cannot silently drop a resource the app calls.
import type { Plugin } from "vite";
import { applyEdits } from "./vite-text-patch";

/**
 * The properties of a Stripe client the app calls (`stripe.checkout.sessions.create(…)` and so on).
 * `webhooks` is the class's own and always there. tests/worker/stripe-resources.test.ts holds the
 * app's code to this list.
 */
export const STRIPE_RESOURCES: readonly string[] = [
  "accountLinks",
  "accounts",
  "billingPortal",
  "checkout",
  "paymentIntents",
  "refunds",
  "subscriptions",
  "transfers",
];

const CORE = /[\\/]stripe[\\/]esm[\\/]stripe\.core\.js$/;
const RESOURCE_MODULES = /[\\/]stripe[\\/]esm[\\/]resources(\.js$|[\\/])/;

const BEGIN = "        // StripeInitInstanceVariables: The beginning of the section generated from our OpenAPI spec\n";
const END = "        // StripeInitInstanceVariables: The end of the section generated from our OpenAPI spec\n";
const ASSIGNMENT = /^ {8}this\.(\w+) = new \w+\(this\);$/;

/** Keeps the constructor's resources the app calls; throws when the source is not shaped as expected. */
export function keepStripeResources(source: string, file = "stripe.core.js"): string {
  const start = source.indexOf(BEGIN);
  const stop = source.indexOf(END);
  if (start < 0 || stop < start || source.indexOf(BEGIN, start + 1) >= 0) {
    throw new Error(`${file}: expected one generated section of resources in Stripe's constructor`);
  }
  const lines = source
    .slice(start + BEGIN.length, stop)
    .split("\n")
    .filter(Boolean);
  const names = lines.map((line) => {
    const name = ASSIGNMENT.exec(line)?.[1];
    if (!name) throw new Error(`${file}: expected only resource assignments in Stripe's constructor, found ${JSON.stringify(line.trim())}`);
    return name;
  });
  const missing = STRIPE_RESOURCES.filter((name) => !names.includes(name));
  if (missing.length > 0) throw new Error(`${file}: Stripe's client no longer makes ${missing.join(", ")}`);
  const kept = lines.filter((_, i) => STRIPE_RESOURCES.includes(names[i]!));
  const trimmed = source.slice(0, start + BEGIN.length) + kept.map((line) => `${line}\n`).join("") + source.slice(stop);
  // The namespace of every resource, read only by `_prepResources` (never called) and `Stripe.resources`.
  return applyEdits(trimmed, [{ find: "import * as resources from './resources.js';\n", replace: "const resources = {};\n" }], "Stripe's client", file);
}

export function stripeResources(): Plugin {
  return {
    name: "arcanum:stripe-resources",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0]!;
      if (CORE.test(file)) return { code: keepStripeResources(code, file), map: null };
      // A resource's module only defines its class; unnamed, it can be left out.
      if (RESOURCE_MODULES.test(file)) return { moduleSideEffects: false };
      return null;
    },
  };
}
