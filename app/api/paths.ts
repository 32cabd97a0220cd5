/** Where the API lives: every path under it answers JSON and reads a bearer token, never a cookie. */
export const API_PREFIX = "/api/v1/";

export function isApiPath(pathname: string): boolean {
  return pathname.startsWith(API_PREFIX);
}

/**
 * An API call that carries a bearer token. Browsers send such a header across sites only after a
 * preflight this app never grants, so another site cannot make a visitor's browser send one.
 */
export function isBearerApiCall(request: Request): boolean {
  return isApiPath(new URL(request.url).pathname) && /^Bearer\s/i.test(request.headers.get("authorization") ?? "");
}
