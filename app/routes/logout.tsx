import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { endSession } from "~/auth/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  throw redirect("/", { headers: { "Set-Cookie": await endSession(context.db, request) } });
}

/** Signing out changes state, so it only happens on POST. */
export function loader() {
  throw redirect("/");
}
