import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { describeCycles, findCycles } from "../../scripts/check-cycles";

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
