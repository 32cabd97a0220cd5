import { isSameOrigin } from "./origin";

/** Refuses a state-changing request that another site made the browser send. */
export function requireSameOrigin(request: Request) {
  if (!isSameOrigin(request)) {
    throw new Response("This request came from another site and was refused.", { status: 403 });
  }
}
