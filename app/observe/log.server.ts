// The one logger: a JSON line per event, with the request id, route and person of the work it
// belongs to, so Workers Logs can gather every line of one request (decision 0077).
import { currentScope } from "./scope.server";

export type Level = "debug" | "info" | "warn" | "error";

/** An error as a log field: its kind and message, never the object (which may hold a request). */
export function describeError(error: unknown): { type: string; message: string } {
  if (error instanceof Error) return { type: error.name || "Error", message: error.message };
  return { type: typeof error, message: String(error) };
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  const scope = currentScope();
  const line: Record<string, unknown> = { level, msg };
  if (scope) {
    line.requestId = scope.requestId;
    line.route = scope.route;
    if (scope.userId) line.userId = scope.userId;
  }
  for (const [key, value] of Object.entries(fields)) line[key] = value instanceof Error ? describeError(value) : value;
  const text = JSON.stringify(line);
  if (level === "error") console.error(text);
  else if (level === "warn") console.warn(text);
  else console.log(text);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
