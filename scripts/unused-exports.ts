// Lists exports no other module imports: `npx tsx scripts/unused-exports.ts`. Route modules, entries and
// configurations are read by frameworks by name, so their exports are not counted. A listed export is
// either dead (remove it) or only used in its own file (drop the `export`).
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const projects = ["tsconfig.json", "tsconfig.node.json", "app/sw/tsconfig.json"];

/** Modules whose exports a framework or runtime reads by name. */
const readByName = (file: string) =>
  /^app\/routes\//.test(file) ||
  /^app\/(root|entry\.server|entry\.client)\.tsx?$/.test(file) ||
  /^workers\//.test(file) ||
  /\.(test|e2e\.test)\.ts$/.test(file) ||
  /^[^/]+\.ts$/.test(file) ||
  file.endsWith(".d.ts") ||
  /^tests\/e2e\/global-setup\.ts$/.test(file);

const used = new Map<string, Set<string>>();
const exported = new Map<string, string[]>();
const use = (file: string, name: string) => {
  const names = used.get(file) ?? new Set<string>();
  names.add(name);
  used.set(file, names);
};

for (const project of projects) {
  const configPath = path.join(root, project);
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) continue;
  const program = ts.createProgram(config.fileNames, config.options);
  const checker = program.getTypeChecker();
  for (const source of program.getSourceFiles()) {
    const file = path.relative(root, source.fileName);
    if (file.startsWith("..") || file.startsWith("node_modules")) continue;
    const symbol = checker.getSymbolAtLocation(source);
    if (symbol)
      exported.set(
        file,
        checker.getExportsOfModule(symbol).map((one) => one.name),
      );
    const visit = (node: ts.Node) => {
      const specifier =
        ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
          ? node.moduleSpecifier
          : ts.isImportTypeNode(node)
            ? (node.argument as ts.LiteralTypeNode).literal
            : undefined;
      if (specifier && ts.isStringLiteral(specifier)) {
        const target = checker.getSymbolAtLocation(specifier)?.valueDeclaration?.getSourceFile().fileName;
        if (target) {
          const targetFile = path.relative(root, target);
          const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
          if (ts.isExportDeclaration(node)) {
            if (node.exportClause && ts.isNamedExports(node.exportClause))
              for (const one of node.exportClause.elements) use(targetFile, (one.propertyName ?? one.name).text);
            else use(targetFile, "*");
          } else if (ts.isImportTypeNode(node)) {
            use(targetFile, node.qualifier ? (ts.isIdentifier(node.qualifier) ? node.qualifier.text : node.qualifier.left.getText()) : "*");
          } else if (!clause) use(targetFile, "*");
          else {
            if (clause.name) use(targetFile, "default");
            const bindings = clause.namedBindings;
            if (bindings && ts.isNamespaceImport(bindings)) use(targetFile, "*");
            if (bindings && ts.isNamedImports(bindings)) for (const one of bindings.elements) use(targetFile, (one.propertyName ?? one.name).text);
          }
        }
      }
      // Dynamic imports (`await import("…")`) take the whole module.
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        const resolved = ts.resolveModuleName(node.arguments[0].text, source.fileName, config.options, ts.sys).resolvedModule;
        if (resolved) use(path.relative(root, resolved.resolvedFileName), "*");
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

let count = 0;
for (const [file, names] of [...exported].sort(([a], [b]) => a.localeCompare(b))) {
  if (readByName(file)) continue;
  const taken = used.get(file) ?? new Set<string>();
  if (taken.has("*")) continue;
  for (const name of names) {
    if (taken.has(name)) continue;
    console.log(`${file}: ${name}`);
    count++;
  }
}
console.log(`${count} exports no other module imports`);
