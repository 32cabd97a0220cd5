import { redirect } from "@remix-run/cloudflare";
export { googleAction as action } from "~/auth/sign-in.server";

/** Starting a sign-in changes state (cookies), so it only happens on POST. */
export function loader() {
  throw redirect("/login");
}
