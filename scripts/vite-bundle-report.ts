// What the server build is made of: with ARCANUM_BUNDLE_REPORT=<file>, the server build writes each
// module's rendered size, by module and by package, largest first, to that JSON file
// (`npm run bench` reads it to list what the Worker uploads).
import { writeFileSync } from "node:fs";
import type { Plugin } from "vite";

const packageOf = (id: string) => {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  return inPackage ? inPackage[1]! : id.startsWith("app/") ? "(app)" : "(other)";
};

export function bundleReport(): Plugin {
  const file = process.env.ARCANUM_BUNDLE_REPORT;
  return {
    name: "arcanum-bundle-report",
    apply: "build",
    generateBundle(_options, bundle) {
      if (!file || !this.environment?.config.build.ssr) return;
      const modules: Record<string, number> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const [id, module] of Object.entries(output.modules))
          modules[id.replace(/^.*?node_modules\//, "node_modules/").replace(/^.*?\/app\//, "app/")] = module.renderedLength;
      }
      const packages: Record<string, number> = {};
      for (const [id, size] of Object.entries(modules)) packages[packageOf(id)] = (packages[packageOf(id)] ?? 0) + size;
      const sorted = (sizes: Record<string, number>) => Object.fromEntries(Object.entries(sizes).sort((a, b) => b[1] - a[1]));
      writeFileSync(file, `${JSON.stringify({ packages: sorted(packages), modules: sorted(modules) }, null, 1)}\n`);
    },
  };
}
