// What the Worker costs to upload and to start, measured the way Cloudflare counts it:
// - the upload: `wrangler deploy --dry-run --outdir` writes every module it would send; their sum and
//   the sum of each file gzipped (what the plans limit; source maps are not sent and not counted);
// - the startup: `wrangler check startup` runs the bundle's top level in workerd under the profiler
//   and writes a CPU profile; the CPU time is every sample but the idle ones.
// `measureUpload` and `measureStartup` take the server build's folder (build/ by default), so a check
// can measure the build it just made (scripts/check-production.mjs, scripts/bench.ts).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { projectRoot, wranglerBin, wranglerEnv } from "./wrangler-env.mjs";

/** The most the gzipped upload may weigh before the suite fails (the free plan allows 3 MB). */
export const UPLOAD_GZIP_LIMIT = 2 * 1024 * 1024;

/** @param {string[]} args */
function wrangler(args) {
  const run = spawnSync(process.execPath, [wranglerBin, ...args], { cwd: projectRoot, env: wranglerEnv(), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${run.stdout}\n${run.stderr}`);
  return `${run.stdout}\n${run.stderr}`;
}

/**
 * wrangler's `--alias` does not override the `[alias]` table of wrangler.toml, so a build in another
 * folder is measured through a copy of the configuration, beside it (its paths are relative to it),
 * whose alias and assets directory name that folder; removed afterwards.
 * @template T
 * @param {string} buildDirectory
 * @param {(config: string[]) => T} run
 * @returns {T}
 */
function withConfigFor(buildDirectory, run) {
  const target = `./${path.relative(projectRoot, path.join(buildDirectory, "server", "index.js"))}`;
  const source = readFileSync(path.join(projectRoot, "wrangler.toml"), "utf8");
  const assets = `./${path.relative(projectRoot, path.join(buildDirectory, "client"))}`;
  const replaced = source
    .replace(/^"remix-build" = .*$/m, `"remix-build" = ${JSON.stringify(target)}`)
    // The static assets of the same build: on a fresh clone build/client does not exist.
    .replace(/^directory = "\.\/build\/client"$/m, `directory = ${JSON.stringify(assets)}`);
  if (!replaced.includes(JSON.stringify(target)) && target !== "./build/server/index.js")
    throw new Error('wrangler.toml has no "remix-build" alias to point at the build');
  if (!replaced.includes(`directory = ${JSON.stringify(assets)}`)) throw new Error("wrangler.toml has no [assets] directory to point at the build");
  const config = path.join(projectRoot, `.wrangler-measure-${process.pid}.toml`);
  writeFileSync(config, replaced);
  try {
    return run(["--config", config]);
  } finally {
    rmSync(config, { force: true });
  }
}

/**
 * Bytes and gzipped bytes of what `wrangler deploy` would upload for the build in `buildDirectory`, file by file.
 * @param {string} [buildDirectory]
 */
export function measureUpload(buildDirectory = path.join(projectRoot, "build")) {
  const out = mkdtempSync(path.join(tmpdir(), "arcanum-upload-"));
  try {
    const printed = withConfigFor(buildDirectory, (config) => wrangler(["deploy", "--dry-run", "--outdir", out, ...config]));
    const files = readdirSync(out)
      .filter((name) => !name.endsWith(".map") && name !== "README.md")
      .map((name) => {
        const data = readFileSync(path.join(out, name));
        return { name: name.replace(/^[0-9a-f]{40}-/, ""), bytes: statSync(path.join(out, name)).size, gzipBytes: gzipSync(data, { level: 9 }).length };
      })
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const total = files.reduce((sum, file) => ({ bytes: sum.bytes + file.bytes, gzipBytes: sum.gzipBytes + file.gzipBytes }), { bytes: 0, gzipBytes: 0 });
    // wrangler's own figure, in KiB, for comparison.
    const line = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(printed);
    const wranglerSays = line ? { bytes: Math.round(Number(line[1]) * 1024), gzipBytes: Math.round(Number(line[2]) * 1024) } : null;
    return { ...total, wranglerSays, files };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * The CPU time of the Worker's startup in workerd, in milliseconds, from `wrangler check startup`'s profile.
 * @param {string} [buildDirectory]
 */
export function measureStartup(buildDirectory = path.join(projectRoot, "build")) {
  const out = mkdtempSync(path.join(tmpdir(), "arcanum-startup-"));
  try {
    const profileFile = path.join(out, "startup.cpuprofile");
    withConfigFor(buildDirectory, (config) => wrangler(["check", "startup", "--outfile", profileFile, ...config]));
    /** @type {{ nodes: { id: number, callFrame: { functionName: string } }[], samples: number[], timeDeltas: number[] }} */
    const profile = JSON.parse(readFileSync(profileFile, "utf8"));
    const names = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
    let cpu = 0;
    let idle = 0;
    profile.samples.forEach((id, i) => {
      const delta = profile.timeDeltas[i] ?? 0;
      if (names.get(id) === "(idle)") idle += delta;
      else cpu += delta;
    });
    return { cpuMs: Math.round(cpu / 100) / 10, idleMs: Math.round(idle / 100) / 10, samples: profile.samples.length };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** @param {number} bytes */
export const formatBytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
