// `npm run profile -- <path> [--member] [--url http://127.0.0.1:8787] [--seconds 8]`:
// a V8 CPU profile of the Worker while one page is under load, taken through `wrangler dev`'s
// inspector. Prints where the time goes (self time per function, and time inside each of our own
// modules) and saves the .cpuprofile under bench-results/profiles/ for Chrome's DevTools.
// The inspector it needs relays an event per D1 query to wrangler, which slows query-heavy pages
// on its own (docs/decisions/0047-members-pages.md): read the profile's shares, not its rates.
import autocannon from "autocannon";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { projectRoot } from "./local-app.mjs";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: "string", default: process.env.PROFILE_URL ?? "http://127.0.0.1:8787" },
    inspector: { type: "string", default: process.env.PROFILE_INSPECTOR ?? "ws://127.0.0.1:9229/ws" },
    seconds: { type: "string", default: "8" },
    connections: { type: "string", default: "10" },
    cookie: { type: "string" },
    top: { type: "string", default: "30" },
  },
});
const pathname = positionals[0] ?? "/";

/** One inspector session: sends a method and waits for its answer. */
async function inspector(url: string) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  return {
    send<T = unknown>(method: string, params: Record<string, unknown> = {}) {
      const id = nextId++;
      return new Promise<T>((resolve) => {
        waiting.set(id, resolve as (result: unknown) => void);
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => socket.close(),
  };
}

const session = await inspector(values.inspector!);
await session.send("Profiler.enable");
await session.send("Profiler.setSamplingInterval", { interval: 200 });
await session.send("Profiler.start");
const result = await autocannon({
  url: values.url + pathname,
  connections: Number(values.connections),
  duration: Number(values.seconds),
  headers: values.cookie ? { cookie: values.cookie } : {},
});
const { profile } = await session.send<{ profile: Profile }>("Profiler.stop");
session.close();

// Self time per sample, then summed per function and per source module.
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const label = (frame: CallFrame) => `${frame.functionName || "(anonymous)"} ${frame.url.split("/").slice(-2).join("/")}:${frame.lineNumber + 1}`;
const selfByFunction = new Map<string, number>();
for (const [id, us] of self) {
  const key = label(byId.get(id)!.callFrame);
  selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + us);
}

// Inclusive time of each function: a sample counts once for every distinct function on its stack.
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)!.callFrame;
    if (!frame.functionName) continue;
    const key = label(frame);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}

const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
const top = Number(values.top);
console.log(`${pathname}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
console.log(
  `CPU samples ${(total / 1000).toFixed(0)} ms over ${values.seconds} s (${(total / 1000 / result.requests.total || 0).toFixed(2)} ms per request, idle included)\n`,
);
console.log("Self time:");
for (const [key, us] of [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${key}`);
console.log("\nInclusive time:");
for (const [key, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${key}`);

const out = path.join(projectRoot, "bench-results", "profiles");
mkdirSync(out, { recursive: true });
const file = path.join(out, `${pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}${values.cookie ? "-member" : ""}.cpuprofile`);
writeFileSync(file, JSON.stringify(profile));
console.log(`\nSaved ${path.relative(projectRoot, file)}`);
