// The Worker as it would be deployed, for `npm run bench`: its upload and its startup CPU.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { TARGETS } from "./bench-targets";
import { projectRoot } from "./local-app.mjs";
import { formatBytes, measureStartup, measureUpload, UPLOAD_GZIP_LIMIT } from "./worker-size.mjs";

const STARTUP_RUNS = 5;

/**
 * The Worker as it would be deployed: a production build in a folder of its own (with the list of
 * its largest modules), what wrangler would upload for it, and its startup CPU, the least and the
 * median of several runs (the machine is shared, so single runs vary by several times).
 */
export function measureWorker() {
  // Inside the project: the server build names its fonts and WebAssembly by paths that resolve through node_modules.
  const buildDirectory = path.join(projectRoot, "build-bench");
  rmSync(buildDirectory, { recursive: true, force: true });
  const reportFile = path.join(buildDirectory, "modules.json");
  try {
    const build = spawnSync("npx", ["remix", "vite:build"], {
      cwd: projectRoot,
      env: { ...process.env, ARCANUM_BUILD_DIR: buildDirectory, ARCANUM_BUNDLE_REPORT: reportFile },
      stdio: "ignore",
    });
    if (build.status !== 0) throw new Error("the production build failed");
    const upload = measureUpload(buildDirectory);
    const startups = Array.from({ length: STARTUP_RUNS }, () => measureStartup(buildDirectory).cpuMs).sort((a, b) => a - b);
    const bundle = JSON.parse(readFileSync(reportFile, "utf8")) as { packages: Record<string, number>; modules: Record<string, number> };
    const top = (sizes: Record<string, number>) => Object.fromEntries(Object.entries(sizes).slice(0, 15));
    return {
      uploadBytes: upload.bytes,
      uploadGzipBytes: upload.gzipBytes,
      wranglerSays: upload.wranglerSays,
      files: upload.files,
      startupCpuMs: { least: startups[0]!, median: startups[Math.floor(startups.length / 2)]!, runs: startups },
      serverBuildLargest: { packages: top(bundle.packages), modules: top(bundle.modules) },
    };
  } finally {
    rmSync(buildDirectory, { recursive: true, force: true });
  }
}

export function printWorker(worker: ReturnType<typeof measureWorker>) {
  const gzipMb = worker.uploadGzipBytes / 1024 / 1024;
  console.log(
    `Worker upload: ${formatBytes(worker.uploadBytes)}, ${formatBytes(worker.uploadGzipBytes)} gzipped (target < ${TARGETS.workerUploadGzipMb} MB: ${gzipMb < TARGETS.workerUploadGzipMb ? "meets" : "MISSES"}; the suite fails over ${formatBytes(UPLOAD_GZIP_LIMIT)})`,
  );
  for (const file of worker.files.slice(0, 4)) console.log(`  ${file.name.padEnd(48)} ${formatBytes(file.bytes)}, ${formatBytes(file.gzipBytes)} gzipped`);
  const startup = worker.startupCpuMs;
  console.log(
    `Worker startup CPU: least ${startup.least} ms, median ${startup.median} ms of ${STARTUP_RUNS} runs (target < ${TARGETS.workerStartupCpuMs} ms: ${startup.least < TARGETS.workerStartupCpuMs ? "meets" : "MISSES"})`,
  );
  console.log("Largest packages of the server build (bytes as rendered, before minifying):");
  for (const [name, bytes] of Object.entries(worker.serverBuildLargest.packages).slice(0, 8)) console.log(`  ${name.padEnd(32)} ${String(bytes).padStart(9)}`);
}
