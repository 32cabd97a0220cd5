// One place where every Durable Object's handlers are watched: each socket connect, message, close
// and error, each request and each alarm runs in a scope of its own (the request id the Worker
// handed over, or a new one), logs with it, reports an uncaught error once and rethrows it, and
// writes its metrics when it ends. A room changes one line: `extends ObservedServer<Env>`.
import { Server, type Connection, type ConnectionContext } from "partyserver";
import { readConfig, type AppConfig } from "../app/env.server";
import { reportError } from "../app/observe/errors.server";
import { log } from "../app/observe/log.server";
import { flushMetrics } from "../app/observe/metrics.server";
import { newRequestId, openScope, REQUEST_ID_HEADER, runInScope } from "../app/observe/scope.server";

const HANDLERS = ["onConnect", "onMessage", "onClose", "onError", "onRequest", "onAlarm"] as const;
type Handler = (typeof HANDLERS)[number];

function headerId(request: Request | undefined): string | undefined {
  const value = request?.headers.get(REQUEST_ID_HEADER);
  return value && /^[A-Za-z0-9-]{6,64}$/.test(value) ? value : undefined;
}

export class ObservedServer<E extends Cloudflare.Env = Cloudflare.Env> extends Server<E> {
  /**
   * The request id each socket connected with, so its messages log under it. Kept in memory: a
   * socket that outlived a hibernation logs under new ids.
   */
  readonly #socketRequests = new Map<string, string>();

  constructor(ctx: DurableObjectState, env: E) {
    super(ctx, env);
    for (const name of HANDLERS) {
      const own = this[name] as (...args: unknown[]) => unknown;
      // Handlers the class does not define keep partyserver's own.
      if (own === (Server.prototype as unknown as Record<Handler, unknown>)[name]) continue;
      (this as unknown as Record<Handler, unknown>)[name] = (...args: unknown[]) => this.#observe(name, args, () => own.apply(this, args));
    }
  }

  #requestIdFor(name: Handler, args: unknown[]): string {
    if (name === "onRequest") return headerId(args[0] as Request) ?? newRequestId();
    if (name === "onAlarm") return newRequestId();
    const connection = args[0] as Connection;
    if (name === "onConnect") {
      const id = headerId((args[1] as ConnectionContext | undefined)?.request) ?? newRequestId();
      this.#socketRequests.set(connection.id, id);
      return id;
    }
    const id = this.#socketRequests.get(connection.id) ?? newRequestId();
    if (name === "onClose") this.#socketRequests.delete(connection.id);
    return id;
  }

  #config(): AppConfig | null {
    try {
      return readConfig(this.env);
    } catch {
      return null;
    }
  }

  async #observe(name: Handler, args: unknown[], work: () => unknown) {
    const scope = openScope({
      requestId: this.#requestIdFor(name, args),
      route: `party:${this.constructor.name}`,
      request: name === "onRequest" ? (args[0] as Request) : undefined,
      env: this.env,
      config: this.#config(),
      waitUntil: (promise) => this.ctx.waitUntil(promise),
    });
    return runInScope(scope, async () => {
      if (name === "onConnect" || name === "onRequest" || name === "onAlarm") log.info(`party ${name}`, { party: this.constructor.name, room: this.name });
      try {
        return await work();
      } catch (error) {
        reportError(error, "party");
        throw error;
      } finally {
        flushMetrics(scope);
      }
    });
  }
}
