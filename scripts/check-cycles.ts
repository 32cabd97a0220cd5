/**
 * Lists every import cycle among the project's own modules and exits non-zero when there is one.
 *
 * Imports are read with the TypeScript compiler and resolved as `tsc` resolves them (tsconfig paths,
 * so `~/…` too). Every kind of import counts: plain and type-only imports, re-exports, `import()`
 * calls and `import("…")` types. A cycle is reported once per group of modules that reach each
 * other, with one shortest loop through it.
 *
 *   npx tsx scripts/check-cycles.ts            # app/, party/, workers/, db/
 *   npx tsx scripts/check-cycles.ts some/dir   # any folders under the project
 */
import { readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const defaultFolders = ["app", "party", "workers", "db"];

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

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const folders = process.argv.slice(2);
  const cycles = findCycles(root, folders.length ? folders : defaultFolders);
  if (cycles.length) {
    console.error(`${cycles.length} import cycle${cycles.length === 1 ? "" : "s"}:\n${describeCycles(cycles)}`);
    process.exit(1);
  }
  console.log(`No import cycles in ${(folders.length ? folders : defaultFolders).join(", ")}.`);
}
