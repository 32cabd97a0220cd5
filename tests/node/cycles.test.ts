import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { describeCycles, findCycles, houseProblems, importGraph, layerOf, layers } from "../../scripts/check-cycles";

const project = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const fixtures: string[] = [];
after(() => fixtures.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A small project in a temporary folder, with the same `~/` alias as ours. */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "arcanum-cycles-"));
  fixtures.push(root);
  const config = {
    compilerOptions: { module: "ESNext", moduleResolution: "Bundler", jsx: "react-jsx", allowJs: true, baseUrl: ".", paths: { "~/*": ["./app/*"] } },
  };
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify(config));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

void test("the project's own modules import one another without a cycle", () => {
  const cycles = findCycles(project);
  assert.equal(cycles.length, 0, `import cycles:\n${describeCycles(cycles)}`);
});

void test("a planted cycle through the ~/ alias and a type-only import is found and named", () => {
  const root = fixture({
    "app/payments/events.server.ts": `import { sell } from "~/marketplace/purchase.server";\nexport const handle = () => sell();\n`,
    "app/marketplace/purchase.server.ts": `import type { Kind } from "../payments/kinds";\nexport const sell = (kind?: Kind) => kind;\n`,
    "app/payments/kinds.ts": `export type Kind = "deck";\nexport type Handler = typeof import("~/payments/events.server");\n`,
    "app/clean/a.tsx": `import { b } from "./b";\nexport const a = () => <p>{b}</p>;\n`,
    "app/clean/b.ts": `export const b = 1;\n`,
  });
  const cycles = findCycles(root, ["app"]);
  assert.equal(cycles.length, 1);
  assert.deepEqual(cycles[0]!.modules, ["app/marketplace/purchase.server.ts", "app/payments/events.server.ts", "app/payments/kinds.ts"]);
  assert.deepEqual(cycles[0]!.loop, [
    "app/marketplace/purchase.server.ts",
    "app/payments/kinds.ts",
    "app/payments/events.server.ts",
    "app/marketplace/purchase.server.ts",
  ]);
  assert.match(describeCycles(cycles), /purchase\.server\.ts\n {3}→ app\/payments\/kinds\.ts/);
});

void test("re-exports and import() calls close a cycle too; two separate tangles are two cycles", () => {
  const root = fixture({
    "party/room.ts": `export * from "./store";\n`,
    "party/store.ts": `export const load = () => import("./room");\n`,
    "db/schema.ts": `export { seed } from "./seed";\n`,
    "db/seed.ts": `import "./schema";\nexport const seed = 1;\n`,
  });
  const cycles = findCycles(root, ["party", "db"]);
  assert.deepEqual(
    cycles.map((cycle) => cycle.modules),
    [
      ["db/schema.ts", "db/seed.ts"],
      ["party/room.ts", "party/store.ts"],
    ],
  );
});

void test("a tree whose imports only go one way has no cycle", () => {
  const root = fixture({
    "app/a.ts": `import type { B } from "./b";\nimport { c } from "~/c";\nexport const a: B = c;\n`,
    "app/b.ts": `import { c } from "./c";\nexport type B = typeof c;\n`,
    "app/c.ts": `export const c = 1;\n`,
  });
  assert.deepEqual(findCycles(root, ["app"]), []);
});

void test("every import of the project points down a layer, and no two folders import each other beyond the known pairs", () => {
  const problems = houseProblems(importGraph(project));
  assert.deepEqual(problems, [], `the house breaks its layers (docs/layers.md):\n${problems.join("\n")}`);
});

/** The project's own layers, laid over a small fixture: routes → features → platform → ground. */
const smallHouse = [
  { name: "entries", holds: ["app/routes/"] },
  { name: "features", holds: ["app/decks/", "app/marketplace/"] },
  { name: "platform", holds: ["app/push/"] },
  { name: "ground", holds: ["app/lib/", "app/lib/special.ts"] },
];

void test("an import up a layer is named with both layers, unless the module is allowed it for a reason", () => {
  const root = fixture({
    "app/routes/deck.tsx": `import { deck } from "~/decks/deck";\nexport const page = deck;\n`,
    "app/decks/deck.ts": `import { cents } from "../lib/money";\nexport const deck = cents;\n`,
    "app/push/notify.server.ts": `import { deck } from "../decks/deck";\nexport const told = deck;\n`,
    "app/lib/money.ts": `export const cents = 1;\n`,
  });
  const graph = importGraph(root, ["app"]);
  assert.deepEqual(houseProblems(graph, { floors: smallHouse, allowed: {}, knownPairs: [] }), [
    "up a layer: app/push/notify.server.ts (platform) → app/decks/deck.ts (features)",
  ]);
  assert.deepEqual(houseProblems(graph, { floors: smallHouse, allowed: { "app/push/notify.server.ts": "a reason" }, knownPairs: [] }), []);
  // An allowance the code no longer needs is a problem too, so the list only shrinks.
  assert.deepEqual(houseProblems(graph, { floors: smallHouse, allowed: { "app/decks/deck.ts": "no longer" }, knownPairs: [] }), [
    "up a layer: app/push/notify.server.ts (platform) → app/decks/deck.ts (features)",
    "no longer imports up a layer: app/decks/deck.ts (take it off upwardImportsAllowed)",
  ]);
});

void test("two folders of one layer that import each other are named, and a known pair that came apart must leave the list", () => {
  const root = fixture({
    "app/decks/deck.ts": `import { price } from "../marketplace/price";\nexport const deck = price;\n`,
    "app/marketplace/price.ts": `export const price = 1;\n`,
    "app/marketplace/listing.ts": `import { deck } from "~/decks/deck";\nexport const listing = deck;\n`,
  });
  const graph = importGraph(root, ["app"]);
  const problems = houseProblems(graph, { floors: smallHouse, allowed: {}, knownPairs: [] });
  assert.equal(problems.length, 1);
  assert.match(
    problems[0]!,
    /^folders importing each other: app\/decks\/ and app\/marketplace\/\n {3}app\/decks\/deck\.ts → app\/marketplace\/price\.ts\n {3}app\/marketplace\/listing\.ts → app\/decks\/deck\.ts$/,
  );
  assert.deepEqual(houseProblems(graph, { floors: smallHouse, allowed: {}, knownPairs: [["app/decks/", "app/marketplace/"]] }), []);
  assert.deepEqual(houseProblems(graph, { floors: smallHouse, allowed: {}, knownPairs: [["app/decks/", "app/push/"]] }), [
    problems[0]!,
    "no longer importing each other: app/decks/ and app/push/ (take the pair off foldersKnownToImportEachOther)",
  ]);
});

void test("a module is placed by the longest entry that holds it, and one no entry holds is named", () => {
  assert.equal(layerOf("app/lib/special.ts", smallHouse), 3);
  assert.equal(layerOf("app/components/ui/button.tsx"), layerOf("app/lib/cn.ts"));
  assert.ok(layerOf("app/components/site-nav.tsx") < layerOf("app/components/ui/button.tsx"));
  assert.equal(layerOf("app/nowhere.ts", smallHouse), -1);
  const root = fixture({ "app/elsewhere/thing.ts": `export const x = 1;\n` });
  assert.deepEqual(houseProblems(importGraph(root, ["app"]), { floors: smallHouse, allowed: {}, knownPairs: [] }), [
    "on no layer: app/elsewhere/thing.ts (place its folder in `layers`, scripts/check-cycles.ts)",
  ]);
  assert.equal(layers[0]!.name, "entries");
});
