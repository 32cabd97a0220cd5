// Checks what `wrangler deploy` would ship: a production build without development tools, and a
// configuration that does not turn development mode on. Exits non-zero with the reason otherwise.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./wrangler-env.mjs";
import { formatBytes, measureUpload, UPLOAD_GZIP_LIMIT } from "./worker-size.mjs";

const problems = [];
// The folder `remix vite:build` wrote to (vite.config.ts): `npm test` checks its own build.
const buildDirectory = process.env.ARCANUM_BUILD_DIR || "build";
const server = path.join(projectRoot, buildDirectory, "server", "index.js");
if (!existsSync(server)) problems.push(`${buildDirectory}/server/index.js is missing: run \`npm run build\` first`);
else {
  const built = readFileSync(server, "utf8");
  if (/routes\/_main\.dev\./.test(built)) problems.push("the server build contains a /dev route");
  // The local stand-ins for Stripe's checkout, billing portal and payout onboarding (vite.config.ts).
  if (/routes\/_main\.[\w$.]*\.local\b/.test(built)) problems.push("the server build contains a local payments route");
  // Nor their providers, left out behind `__LOCAL_BUILD__` (types/build-kind.d.ts).
  if (/\bclass Local(Payments|Payouts)\b/.test(built)) problems.push("the server build contains the local payment or payout provider");
  // The demo readers are kept online only in a local build (decision 0099).
  if (/\b(demoReadersToKeep|keepDemoReadersOnline)\b/.test(built)) problems.push("the server build keeps the demo readers online");
  // Pictures are drawn by the pictures Worker, never by the one every page runs in (decision 0095).
  if (/__wbindgen|\bclass Resvg\b/.test(built)) problems.push("the server build contains resvg: the app's Worker draws through the pictures Worker");
}
if (!existsSync(path.resolve(projectRoot, buildDirectory, "pictures", "pictures.js")))
  problems.push(`${buildDirectory}/pictures/pictures.js is missing: the build makes the pictures Worker`);
const assets = path.join(projectRoot, buildDirectory, "client", "assets");
if (existsSync(assets) && readdirSync(assets).some((name) => name.startsWith("_main.dev."))) {
  problems.push("the client build contains a /dev route module");
}
const wrangler = readFileSync(path.join(projectRoot, "wrangler.toml"), "utf8");
if (/^\s*APP_ENV\s*=/m.test(wrangler)) problems.push("wrangler.toml sets APP_ENV: the deployed default must be production");

// What `wrangler deploy` would upload, gzipped, held under a limit well inside the free plan's 3 MB.
if (existsSync(server)) {
  const upload = measureUpload(path.join(projectRoot, buildDirectory));
  console.log(
    `production check: the Worker uploads ${formatBytes(upload.bytes)}, ${formatBytes(upload.gzipBytes)} gzipped (limit ${formatBytes(UPLOAD_GZIP_LIMIT)})`,
  );
  if (upload.gzipBytes > UPLOAD_GZIP_LIMIT) {
    const largest = upload.files
      .slice(0, 3)
      .map((file) => `${file.name} ${formatBytes(file.gzipBytes)}`)
      .join(", ");
    problems.push(
      `the Worker's upload is ${formatBytes(upload.gzipBytes)} gzipped, over ${formatBytes(UPLOAD_GZIP_LIMIT)} (largest: ${largest}); see docs/decisions/0075-pictures-without-satori.md`,
    );
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`production check: ${problem}`);
  process.exit(1);
}
console.log("production check: no development routes in the build, APP_ENV left to its production default, the upload within its limit");
