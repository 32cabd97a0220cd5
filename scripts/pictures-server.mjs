// The pictures Worker (workers/pictures.ts) as a build bundled it, in a workerd of its own on the
// port given, so that drawing a picture (seconds of CPU for a painted print card) never holds up
// the app's Worker, which runs in another process and reaches this one at PICTURES_URL (decision
// 0095). As deployed, it is one isolate behind a service binding. Prints `pictures ready URL`.
//
// node scripts/pictures-server.mjs --port 8788 --bundle build/pictures
import path from "node:path";
import { parseArgs } from "node:util";
import { Miniflare } from "miniflare";
import { picturesWorkerOptions } from "./pictures-bundle.mjs";
import { projectRoot } from "./wrangler-env.mjs";

const { values } = parseArgs({ options: { port: { type: "string" }, bundle: { type: "string" }, registry: { type: "string" } } });
const bundle = path.resolve(projectRoot, values.bundle ?? "build/pictures");
const pictures = new Miniflare({
  name: "arcanum-pictures",
  host: "127.0.0.1",
  port: Number(values.port),
  unsafeDevRegistryPath: values.registry,
  ...picturesWorkerOptions(bundle),
});
const url = await pictures.ready;
process.stdout.write(`pictures ready ${url.origin}\n`);
const stop = async () => {
  await pictures.dispose();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
