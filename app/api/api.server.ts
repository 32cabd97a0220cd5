/**
 * The frame every API route runs in: who is asking (a bearer token, never a cookie), whether their
 * plan still includes the API, their token's rate limit and scope; and one error shape for every
 * refusal, a thrown error included.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { apiError } from "./errors";
import { PLAN_ENDED_MESSAGE, type TokenScope } from "./tokens";
import { authenticate, type ApiCaller } from "./tokens.server";
import { reportError } from "../observe/errors.server";

type Args = { request: Request; context: AppLoadContext };

const REFUSALS = {
  unauthorized: "Send a live API token as `Authorization: Bearer <token>`. Tokens are made on your profile page.",
  plan_required: PLAN_ENDED_MESSAGE,
} as const;

/** Runs `work` for the token's owner when the token may, else answers with the refusal. */
export async function apiRoute({ request, context }: Args, need: TokenScope, work: (caller: ApiCaller) => Promise<Response>): Promise<Response> {
  try {
    const auth = await authenticate(context.db, request);
    if (!auth.ok) {
      if (auth.code === "rate_limited") {
        const seconds = Math.max(1, Math.ceil((auth.retryAfterMs ?? 0) / 1000));
        return apiError("rate_limited", `Too many requests with this token. Try again in ${seconds} seconds.`, { headers: { "retry-after": String(seconds) } });
      }
      return apiError(auth.code, REFUSALS[auth.code], auth.code === "unauthorized" ? { headers: { "www-authenticate": 'Bearer realm="arcanum"' } } : {});
    }
    if (need === "read_write" && auth.caller.scope !== "read_write") {
      return apiError("insufficient_scope", "This token may only read. Make a token with read and write access to change anything.");
    }
    return await work(auth.caller);
  } catch (error) {
    if (error instanceof Response) return error;
    reportError(error);
    return apiError("internal_error", "Something went wrong on our side. Try again: with the same Idempotency-Key nothing is made twice.");
  }
}

/** A 405 for a method a route does not answer. */
export function methodNotAllowed(allowed: string[]): Response {
  return apiError("method_not_allowed", `Use ${allowed.join(" or ")} here.`, { headers: { allow: allowed.join(", ") } });
}

/** The first problem of each field, for a 422. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.length > 0 ? issue.path.join(".") : "body"] ??= issue.message;
  return fields;
}

/** The request's origin, for absolute URLs in answers. */
export function originOf(request: Request): string {
  return new URL(request.url).origin;
}
