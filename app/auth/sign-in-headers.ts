import type { HeadersFunction } from "@remix-run/cloudflare";

/** Lets the sign-in action's Retry-After (on 429) reach the browser; Remix drops other action headers by default. */
export const signInHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("retry-after");
  if (retryAfter) headers.set("retry-after", retryAfter);
  return headers;
};
