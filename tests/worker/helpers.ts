import { SELF } from "cloudflare:test";

export const ORIGIN = "http://localhost";

export function get(path: string, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: { ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
  });
}

export function post(
  path: string,
  form: Record<string, string>,
  init: { cookie?: string; origin?: string | null; headers?: Record<string, string> } = {},
) {
  const origin = init.origin === undefined ? ORIGIN : init.origin;
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(form),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      host: "localhost",
      ...(origin ? { origin } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
  });
}

/** The `name=value` part of a Set-Cookie header, ready to send back. */
export function cookieFrom(response: Response, name: string): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!header) throw new Error(`no ${name} cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return header.split(";")[0]!;
}

/** Signs in through the sign-in page's demo form and returns the session cookie. */
export async function signInAs(userId: string): Promise<string> {
  const response = await post("/login", { userId, redirectTo: "/" });
  if (response.status !== 302) throw new Error(`sign-in failed with ${response.status}`);
  return cookieFrom(response, "arcanum_session");
}

export const hasMainLayout = (html: string) => html.includes('aria-label="Main"') && html.includes("<footer");
