/** Both names the session cookie may have: `__Host-` prefixed on https, plain on local http. */
export const SESSION_COOKIE_NAMES = ["__Host-arcanum_session", "arcanum_session"] as const;

export function sessionCookieName(secure: boolean) {
  return secure ? SESSION_COOKIE_NAMES[0] : SESSION_COOKIE_NAMES[1];
}

/** Whether the request carries a session cookie at all (valid or not): such requests are never served shared pages. */
export function hasSessionCookie(request: Request): boolean {
  const header = request.headers.get("cookie");
  if (!header) return false;
  return header.split(";").some((part) => {
    const name = part.split("=")[0]?.trim();
    return SESSION_COOKIE_NAMES.some((n) => n === name);
  });
}
