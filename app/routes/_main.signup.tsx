import type { MetaFunction } from "@remix-run/cloudflare";
import { SIGN_IN_ACTION_ROUND_TRIPS, SignInPage } from "~/components/sign-in-page";
import type { PageHandle } from "~/lib/page-handle";

export const handle: PageHandle = { actionRoundTrips: SIGN_IN_ACTION_ROUND_TRIPS };
export { signInAction as action, signInLoader as loader } from "~/auth/sign-in.server";
export { signInHeaders as headers } from "~/auth/sign-in-headers";

export const meta: MetaFunction = () => [{ title: "Create Account — Arcanum" }];

export default function Signup() {
  return <SignInPage mode="create" />;
}
