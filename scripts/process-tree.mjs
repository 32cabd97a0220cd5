// Stopping a local server for good: the Node process we start and every process it started. The
// runtimes wrangler and miniflare start (workerd) are not told when their Node parent is killed;
// they go on answering and writing the state folder, beside the next server started on it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

/**
 * A process as listed: `started` tells a pid used again by another process apart (its start time,
 * in clock ticks from /proc or as `ps` writes it), `name` is its command's name, and `cpuSeconds`
 * the CPU time it and its reaped children used (from /proc only; null where it comes from `ps`).
 * @typedef {{ pid: number, parent: number, started: string, name: string, cpuSeconds: number | null }} Listed
 */

/** Linux lists processes under /proc; elsewhere `ps` does. */
export const withProc = existsSync("/proc/self/stat");

/**
 * Every process: from /proc where there is one, else from `ps`.
 * @returns {Listed[]}
 */
export function processTable() {
  /** @type {Listed[]} */
  const rows = [];
  if (withProc) {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = readStat(Number(entry));
      if (!stat) continue; // ended while the list was read
      const { fields, name } = stat;
      // utime, stime, and the reaped children's cutime and cstime, in ticks of 1/100 s.
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      rows.push({ pid: Number(entry), parent: Number(fields[1]), started: fields[19] ?? "", name, cpuSeconds: ticks / 100 });
    }
    return rows;
  }
  const listed = spawnSync("ps", ["-A", "-o", "pid=,ppid=,lstart=,comm="], { encoding: "utf8" });
  for (const line of (listed.stdout ?? "").split("\n")) {
    // lstart is five words: "Mon Nov 30 21:19:44 2026".
    const [, pid, parent, started, name] = /^\s*(\d+)\s+(\d+)\s+(\S+\s+\S+\s+\S+\s+\S+\s+\S+)\s+(.*)$/.exec(line) ?? [];
    if (pid && parent) rows.push({ pid: Number(pid), parent: Number(parent), started: started ?? "", name: (name ?? "").trim(), cpuSeconds: null });
  }
  return rows;
}

/**
 * /proc/PID/stat: the command's name and the fields after it (the state first), or null once it is gone.
 * @param {number} pid
 */
function readStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    return { name: stat.slice(stat.indexOf("(") + 1, close), fields: stat.slice(close + 2).split(" ") };
  } catch {
    return null;
  }
}

/**
 * The processes `pid` started, and the ones they started, as they are now.
 * @param {number} pid
 * @returns {Listed[]}
 */
function descendantsOf(pid) {
  const table = processTable();
  const found = [];
  const parents = [pid];
  for (let parent = parents.pop(); parent !== undefined; parent = parents.pop())
    for (const row of table)
      if (row.parent === parent) {
        found.push(row);
        parents.push(row.pid);
      }
  return found;
}

/**
 * Whether the process is still the one seen (not gone, not a zombie, its pid not used again).
 * @param {{ pid: number, started?: string }} seen
 */
function stillRunning(seen) {
  if (!withProc) {
    try {
      process.kill(seen.pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  const stat = readStat(seen.pid);
  return stat !== null && stat.fields[0] !== "Z" && (seen.started === undefined || stat.fields[19] === seen.started);
}

/**
 * Whether a process of this pid runs (a zombie waiting for its parent does not).
 * @param {number} pid
 */
export const isRunning = (pid) => stillRunning({ pid });

/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits up to `ms` for every process of `family` to end; resolves with those still running.
 * @param {Listed[]} family
 * @param {number} ms
 */
async function endOf(family, ms) {
  const deadline = Date.now() + ms;
  while (family.some(stillRunning) && Date.now() < deadline) await pause(50);
  return family.filter(stillRunning);
}

/**
 * Stops `child` and everything it started: SIGTERM first, so it closes its runtimes itself; after
 * `graceMs`, SIGKILL. What it started and is still running half a second after it ended (a runtime
 * of a Node process killed before closing it) is killed and waited for, so the state folder is
 * free when this resolves. Resolves with the names of the processes it had to kill that way.
 * @param {import("node:child_process").ChildProcess} child
 * @param {number} [graceMs]
 * @returns {Promise<string[]>}
 */
export async function stopProcessTree(child, graceMs = 5000) {
  const family = child.pid === undefined ? [] : descendantsOf(child.pid);
  await new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
    const kill = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve(undefined);
    });
    child.kill("SIGTERM");
  });
  // Helpers that end when their parent's pipes close (esbuild's service) are given a moment to.
  const left = await endOf(family, 500);
  for (const { pid } of left) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone meanwhile
    }
  }
  await endOf(left, 5000);
  return left.map((row) => row.name);
}
