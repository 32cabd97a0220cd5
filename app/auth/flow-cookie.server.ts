import { createCookie } from "@remix-run/cloudflare";
import type { AppConfig } from "../env.server";
import { isSecureRequest } from "./session-cookie";

/**
 * A signed, HttpOnly cookie that carries a sign-in round trip's own state (where to return,
 * a nonce) for as long as the round trip may take.
 */
export function flowCookie(name: string, config: AppConfig, request: Request, maxAgeSeconds: number) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(request),
    path: "/",
    maxAge: maxAgeSeconds,
    secrets: [config.authSecret],
  });
}
