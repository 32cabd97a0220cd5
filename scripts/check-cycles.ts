/**
 * Lists every import cycle among the project's own modules, every import that points up a layer of
 * the house (docs/layers.md), and every two folders that import each other, and exits non-zero when
 * there is one.
 *
 * Imports are read with the TypeScript compiler and resolved as `tsc` resolves them (tsconfig paths,
 * so `~/…` too). Every kind of import counts: plain and type-only imports, re-exports, `import()`
 * calls and `import("…")` types. A cycle is reported once per group of modules that reach each
 * other, with one shortest loop through it.
 *
 *   npx tsx scripts/check-cycles.ts            # app/, party/, workers/, db/, scripts/
 *   npx tsx scripts/check-cycles.ts some/dir   # cycles only, in any folders under the project
 */
import { readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const defaultFolders = ["app", "party", "workers", "db", "scripts"];

const sourceFile = /\.(ts|tsx|mts|cts|js|jsx|mjs)$/;

function filesUnder(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...filesUnder(path));
    else if (sourceFile.test(name) && !name.endsWith(".d.ts")) found.push(path);
  }
  return found;
}

/** Every module specifier one file names, whatever kind of import names it. */
export function specifiersOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      names.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      names.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) names.push(first.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      names.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

export type ImportGraph = Map<string, Set<string>>;

/** The project's own imports among the files under `folders`, keyed by path relative to `root`. */
export function importGraph(root: string, folders: string[] = defaultFolders): ImportGraph {
  const configPath = ts.findConfigFile(root, ts.sys.fileExists, "tsconfig.json");
  const options: ts.CompilerOptions = configPath
    ? ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, dirname(configPath)).options
    : { moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: true, module: ts.ModuleKind.ESNext };
  const host = ts.createCompilerHost(options);
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const files = folders.flatMap((folder) => {
    const path = resolve(root, folder);
    try {
      return statSync(path).isDirectory() ? filesUnder(path) : [];
    } catch {
      return [];
    }
  });
  const inside = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const name of specifiersOf(file, ts.sys.readFile(file) ?? "")) {
      const resolved = ts.resolveModuleName(name, file, options, host, cache).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = resolve(resolved.resolvedFileName);
      if (inside.has(target) && target !== file) targets.add(relative(root, target).split(sep).join("/"));
      else if (target === file) targets.add(relative(root, file).split(sep).join("/"));
    }
    graph.set(relative(root, file).split(sep).join("/"), targets);
  }
  return graph;
}

/** The groups of modules that import each other (strongly connected components of two or more, or one that imports itself). */
function tangledGroups(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  // Iterative Tarjan, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: Iterator<string> }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (graph.get(node) ?? new Set()).values() });
    };
    enter(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const step = top.next.next();
      if (!step.done) {
        const target = step.value;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(top.node, Math.min(low.get(top.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== top.node);
        if (group.length > 1 || graph.get(top.node)?.has(top.node)) groups.push(group.sort());
      }
    }
  }
  return groups;
}

/** A shortest loop from `start` back to itself, staying inside `group`. */
function shortestLoop(graph: ImportGraph, group: string[], start: string): string[] {
  const members = new Set(group);
  const previous = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at += 1) {
    const node = queue[at]!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const loop = [node];
        while (loop[0] !== start) loop.unshift(previous.get(loop[0]!)!);
        return [...loop, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

export type Cycle = { modules: string[]; loop: string[] };

/** Every import cycle under `folders`: the modules caught in it and one shortest loop through them. */
export function findCycles(root: string, folders: string[] = defaultFolders): Cycle[] {
  const graph = importGraph(root, folders);
  return tangledGroups(graph)
    .map((modules) => ({ modules, loop: shortestLoop(graph, modules, modules[0]!) }))
    .sort((a, b) => a.modules[0]!.localeCompare(b.modules[0]!));
}

export function describeCycles(cycles: Cycle[]): string {
  return cycles
    .map(
      (cycle, at) =>
        `${at + 1}. ${cycle.loop.join("\n   → ")}${cycle.modules.length > cycle.loop.length - 1 ? `\n   (${cycle.modules.length} modules in this tangle: ${cycle.modules.join(", ")})` : ""}`,
    )
    .join("\n");
}

/**
 * The floors of the house, top first (docs/layers.md, decision 0118). A module imports from its own
 * layer or one below it, never from one above. Each entry is a folder (ending in `/`) or a file; the
 * longest entry that a path starts with places it.
 */
export const layers: { name: string; holds: string[] }[] = [
  {
    name: "entries",
    holds: [
      "workers/",
      "party/",
      "scripts/",
      "app/routes/",
      "app/root.tsx",
      "app/entry.client.tsx",
      "app/entry.server.tsx",
      "app/worker-side.server.ts",
      "app/worker/",
      "app/load-context.server.ts",
      "app/cache/",
      "app/jobs/",
    ],
  },
  {
    name: "features",
    holds: [
      "app/reader-dashboard/",
      "app/reading-room/",
      "app/paid-readings/",
      "app/readers/",
      "app/learn/",
      "app/journal/",
      "app/library/",
      "app/daily/",
      "app/decks/",
      "app/marketplace/",
      "app/print/",
      "app/messages/",
      "app/invites/",
      "app/staff/",
      "app/api/",
      "app/accounts/",
      "app/subscription/",
    ],
  },
  {
    name: "shared domain",
    holds: [
      "app/credits/",
      "app/entitlements/",
      "app/plans/",
      "app/payments/",
      "app/payouts/",
      "app/auth/",
      "app/profile/",
      "app/outbox/",
      "app/sw/",
      "app/components/",
      "app/context.ts",
    ],
  },
  {
    name: "adapters and platform",
    holds: ["app/ai/", "app/art/", "app/mail/", "app/media/", "app/push/", "app/observe/", "app/security/", "app/render/", "app/theme/", "app/env.server.ts"],
  },
  { name: "ground", holds: ["app/lib/", "app/tarot/", "app/components/ui/", "app/db.server.ts"] },
  // The schema and its migrations import nothing of the app: the database is the one thing everything stands on.
  { name: "database", holds: ["db/"] },
];

/**
 * Modules that may import from a layer above their own, each for a reason a successor can read.
 * Every one must still need it: a listed module that no longer imports upward fails the check.
 */
export const upwardImportsAllowed: Record<string, string> = {
  "app/payments/handlers.server.ts":
    "the payment event registry (decision 0074): the one place that names every domain a payment changes, so payments itself never imports them",
};

/** The layer a module stands on (its index in `layers`, 0 the top), or -1 when no entry places it. */
export function layerOf(path: string, floors = layers): number {
  let found = -1;
  let longest = 0;
  floors.forEach((layer, at) => {
    for (const entry of layer.holds) {
      const placed = entry.endsWith("/") ? path.startsWith(entry) : path === entry;
      if (placed && entry.length > longest) {
        found = at;
        longest = entry.length;
      }
    }
  });
  return found;
}

export type UpwardImport = { from: string; to: string; fromLayer: string; toLayer: string };

/** Every import from a module to one on a higher layer, and every module no layer places. */
export function layerBreaches(graph: ImportGraph, floors = layers): { upward: UpwardImport[]; unplaced: string[] } {
  const upward: UpwardImport[] = [];
  const unplaced: string[] = [];
  for (const [from, targets] of graph) {
    const own = layerOf(from, floors);
    if (own < 0) {
      unplaced.push(from);
      continue;
    }
    for (const to of targets) {
      const theirs = layerOf(to, floors);
      if (theirs >= 0 && theirs < own) upward.push({ from, to, fromLayer: floors[own]!.name, toLayer: floors[theirs]!.name });
    }
  }
  return { upward: upward.sort((a, b) => `${a.from} ${a.to}`.localeCompare(`${b.from} ${b.to}`)), unplaced: unplaced.sort() };
}

/** The room a module is drawn in: a folder of `app/` (or a file straight in it), else its top folder. */
export function folderOf(path: string): string {
  const parts = path.split("/");
  if (parts[0] === "app") return parts.length > 2 ? `app/${parts[1]}/` : path;
  return parts.length > 1 ? `${parts[0]}/` : path;
}

/**
 * Pairs of folders that import each other, even without a file-level cycle: each such pair means one
 * of the two imports run back up. Each pair names its imports both ways.
 */
export function foldersImportingEachOther(graph: ImportGraph): { pair: [string, string]; imports: string[] }[] {
  const between = new Map<string, string[]>();
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const a = folderOf(from);
      const b = folderOf(to);
      if (a === b) continue;
      const key = `${a} ${b}`;
      between.set(key, [...(between.get(key) ?? []), `${from} → ${to}`]);
    }
  }
  const pairs: { pair: [string, string]; imports: string[] }[] = [];
  for (const [key, imports] of between) {
    const [a, b] = key.split(" ") as [string, string];
    const back = between.get(`${b} ${a}`);
    if (back && a < b) pairs.push({ pair: [a, b], imports: [...imports, ...back] });
  }
  return pairs.sort((x, y) => x.pair.join().localeCompare(y.pair.join()));
}

/**
 * Pairs of folders that still import each other today, to be taken apart one by one (docs/layers.md):
 * a new pair fails the check, and so does a listed pair that no longer imports both ways.
 */
export const foldersKnownToImportEachOther: [string, string][] = [
  ["app/decks/", "app/marketplace/"],
  ["app/decks/", "app/payments/"],
  ["app/marketplace/", "app/payments/"],
  ["app/marketplace/", "app/reading-room/"],
  ["app/marketplace/", "app/staff/"],
  ["app/observe/", "app/security/"],
  ["app/paid-readings/", "app/payments/"],
  ["app/paid-readings/", "app/reading-room/"],
  ["app/payments/", "app/subscription/"],
];

/**
 * What breaks the house's rules, one line each: an import up a layer (beyond `upwardImportsAllowed`),
 * a module on no layer, two folders importing each other (beyond `foldersKnownToImportEachOther`),
 * and an entry of either list that the code no longer needs. Empty when the house keeps its rules.
 */
export function houseProblems(
  graph: ImportGraph,
  rules: { floors?: typeof layers; allowed?: Record<string, string>; knownPairs?: [string, string][] } = {},
): string[] {
  const { floors = layers, allowed = upwardImportsAllowed, knownPairs = foldersKnownToImportEachOther } = rules;
  const problems: string[] = [];
  const { upward, unplaced } = layerBreaches(graph, floors);
  for (const row of upward) if (!(row.from in allowed)) problems.push(`up a layer: ${row.from} (${row.fromLayer}) → ${row.to} (${row.toLayer})`);
  for (const path of unplaced) problems.push(`on no layer: ${path} (place its folder in \`layers\`, scripts/check-cycles.ts)`);
  for (const path of Object.keys(allowed)) {
    if (!upward.some((row) => row.from === path)) problems.push(`no longer imports up a layer: ${path} (take it off upwardImportsAllowed)`);
  }
  const known = new Set(knownPairs.map((pair) => pair.join(" ")));
  const tangled = foldersImportingEachOther(graph);
  for (const row of tangled) {
    if (!known.has(row.pair.join(" "))) problems.push(`folders importing each other: ${row.pair.join(" and ")}\n   ${row.imports.join("\n   ")}`);
  }
  const still = new Set(tangled.map((row) => row.pair.join(" ")));
  for (const pair of known)
    if (!still.has(pair)) problems.push(`no longer importing each other: ${pair.replace(" ", " and ")} (take the pair off foldersKnownToImportEachOther)`);
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const folders = process.argv.slice(2);
  const cycles = findCycles(root, folders.length ? folders : defaultFolders);
  if (cycles.length) console.error(`${cycles.length} import cycle${cycles.length === 1 ? "" : "s"}:\n${describeCycles(cycles)}`);
  const problems = folders.length ? [] : houseProblems(importGraph(root));
  if (problems.length) console.error(problems.join("\n"));
  if (cycles.length || problems.length) process.exit(1);
  console.log(`No import cycles in ${(folders.length ? folders : defaultFolders).join(", ")}.`);
  if (!folders.length) console.log(`Every import points down a layer: ${layers.map((layer) => layer.name).join(" → ")}.`);
}
