// How long a reading room takes to carry one action to every browser at the table, with 2, 10 and
// 50 people connected (docs/decisions/0088). `npm run bench:room` runs it alone; `npm run bench`
// runs it with its other figures, both on a server from `startRoomServer`.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { freePort, projectRoot, startServer } from "./local-app.mjs";

const SIZES = [2, 10, 50];
/**
 * Actions per size; spaced so the room's per-socket rate limit (10 a second) is never hit. The figure
 * compared is the p99 of each action's slowest delivery, one sample per action: with 150 actions it
 * was the second-slowest of 150 and moved by a factor of two between runs; 400 make it the fourth.
 */
const ACTIONS = 400;
const GAP_MS = 110;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

export const ROOM_TARGETS = { p99At50Ms: 30, ratio: 2 };

/**
 * The server the room is measured on: the Worker's own runtime without the debugger (decision 0088),
 * on the state folder given. Every seated browser is a guest from one address, so the guest limit
 * is raised.
 */
export async function startRoomServer(persistTo: string) {
  return startServer({
    port: await freePort(),
    persistTo,
    logLevel: "error",
    stdio: "ignore",
    inspector: false,
    direct: true,
    vars: { GUEST_LIMIT_PER_HOUR: "100000" },
  });
}

/** One person's cookies, kept like a browser keeps them. */
class Person {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  private take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
    return response;
  }
  async visit(pathname: string) {
    return this.take(
      await fetch(`${this.base}${pathname}`, {
        headers: { "user-agent": BROWSER, "sec-fetch-dest": "document", accept: "text/html", cookie: this.header() },
        redirect: "manual",
      }),
    );
  }
  async post(pathname: string, form: Record<string, string>) {
    return this.take(
      await fetch(`${this.base}${pathname}`, {
        method: "POST",
        body: new URLSearchParams(form),
        headers: { "user-agent": BROWSER, origin: this.base, "content-type": "application/x-www-form-urlencoded", cookie: this.header() },
        redirect: "manual",
      }),
    );
  }
}

function connect(base: string, sessionId: string, person: Person, received: (zoom: number, at: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace("http", "ws")}/parties/reading-room/${sessionId}`, {
      headers: { cookie: person.header(), origin: base, "user-agent": BROWSER },
    });
    socket.on("message", (data) => {
      const at = performance.now();
      const message = JSON.parse(String(data));
      if (message.type === "snapshot") resolve(socket);
      if (message.type === "event" && message.event.type === "zoomed") received(message.event.zoom, at);
      if (message.type === "refused") console.warn("refused:", message.error);
    });
    socket.on("error", reject);
    socket.on("unexpected-response", (_request, response) => reject(new Error(`socket refused with ${response.statusCode}`)));
  });
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Number(ms.toFixed(2));

/** One table of `size` people: a host, and guests seated through an invite link, all connected. */
async function measureTable(base: string, size: number) {
  const host = new Person(base);
  await host.visit("/");
  const started = await host.post("/reading-room", {});
  const sessionId = new URL(started.headers.get("location")!, base).searchParams.get("session")!;
  const inviteHtml = await (await host.post(`/reading-room?session=${sessionId}`, { intent: "invite", type: "participant", maxUses: "50" })).text();
  const invitePath = new URL(/href="([^"]+)" data-testid="invite-link"/.exec(inviteHtml)![1]!.replace(/&amp;/g, "&")).pathname;

  const people = [host];
  for (let i = 1; i < size; i++) {
    const guest = new Person(base);
    await guest.visit("/");
    const joined = await guest.post(invitePath, {});
    if (joined.status !== 302) throw new Error(`joining failed with ${joined.status}`);
    people.push(guest);
  }

  // Every delivery of action k: when it was sent, and when each browser had it.
  const sentAt = new Map<number, number>();
  const deliveries = new Map<number, number[]>();
  const sockets = await Promise.all(
    people.map((person) =>
      connect(base, sessionId, person, (zoom, at) => {
        const sent = sentAt.get(zoom);
        if (sent !== undefined) deliveries.get(zoom)!.push(at - sent);
      }),
    ),
  );
  try {
    for (let k = 0; k < ACTIONS; k++) {
      // Each action is a distinct zoom level, so its event can be told apart.
      const zoom = Number((1 + (k + 1) / 1000).toFixed(3));
      deliveries.set(zoom, []);
      sentAt.set(zoom, performance.now());
      sockets[0]!.send(JSON.stringify({ type: "command", command: { type: "zoom", zoom, x: 0, y: 0 } }));
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    for (const socket of sockets) socket.close();
  }
  const perDelivery = [...deliveries.values()].flat();
  const perAction = [...deliveries.values()].filter((list) => list.length === size).map((list) => Math.max(...list));
  return {
    clients: size,
    actions: ACTIONS,
    deliveries: perDelivery.length,
    missing: ACTIONS * size - perDelivery.length,
    p50: round(percentile(perDelivery, 50)),
    p99: round(percentile(perDelivery, 99)),
    allClientsP50: round(percentile(perAction, 50)),
    allClientsP99: round(percentile(perAction, 99)),
  };
}

/**
 * Seats 2, 10 and 50 people at fresh tables of the server at `base` and times `ACTIONS` actions of
 * each host, printing each table's figures as it ends.
 */
export async function measureRoomDelivery(base: string) {
  const results: Awaited<ReturnType<typeof measureTable>>[] = [];
  console.log("Reading room: one action carried to every browser at the table");
  for (const size of SIZES) {
    const figure = await measureTable(base, size);
    results.push(figure);
    console.log(
      `  ${String(size).padStart(2)} people: p50 ${figure.p50} ms, p99 ${figure.p99} ms per delivery; until all have it p50 ${figure.allClientsP50} ms, p99 ${figure.allClientsP99} ms (${figure.missing} missing)`,
    );
  }
  const p99At = (n: number) => results.find((result) => result.clients === n)!.allClientsP99;
  const ratio = Number((p99At(50) / p99At(2)).toFixed(2));
  const figures = {
    measuredAt: new Date().toISOString(),
    gapMs: GAP_MS,
    load: loadavg().map((load) => Number(load.toFixed(2))),
    cores: cpus().length,
    results,
    p99At50Ms: p99At(50),
    ratioP99_50_to_2: ratio,
    targetP99At50Ms: ROOM_TARGETS.p99At50Ms,
    targetRatio: ROOM_TARGETS.ratio,
    meets: p99At(50) < ROOM_TARGETS.p99At50Ms && ratio <= ROOM_TARGETS.ratio,
  };
  console.log(`  ${roomVerdict(figures)}`);
  return figures;
}

export type RoomDelivery = Awaited<ReturnType<typeof measureRoomDelivery>>;

/** The room's figures against its targets, in one line. */
export function roomVerdict(figures: Pick<RoomDelivery, "p99At50Ms" | "ratioP99_50_to_2" | "meets">) {
  const { p99At50Ms, ratioP99_50_to_2: ratio, meets } = figures;
  return `p99 at 50 people ${p99At50Ms} ms, p99(50)/p99(2) = ${ratio} (targets: under ${ROOM_TARGETS.p99At50Ms} ms and at most ${ROOM_TARGETS.ratio}: ${meets ? "meets" : "MISSES"})`;
}

/** Keeps the room's latest figures in bench-results/room.json, whichever bench measured them. */
export function saveRoomDelivery(figures: RoomDelivery) {
  mkdirSync(path.join(projectRoot, "bench-results"), { recursive: true });
  writeFileSync(path.join(projectRoot, "bench-results", "room.json"), `${JSON.stringify(figures, null, 2)}\n`);
}
