import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { listDemoAccounts, signInAsDemo } from "./dev-sign-in.server";
import { safeRedirect } from "./redirect";

export async function signInLoader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  const user = await context.currentUser();
  if (user && !user.isGuest) throw redirect(redirectTo);
  return { demoAccounts: await listDemoAccounts(context.db, context.config), redirectTo };
}

export type SignInLoaderData = Awaited<ReturnType<typeof signInLoader>>;

const demoForm = z.object({ userId: z.string().min(1).max(64), redirectTo: z.string().optional() });

export async function signInAction({ request, context }: ActionFunctionArgs) {
  const parsed = demoForm.safeParse(Object.fromEntries(await request.formData()));
  const redirectTo = safeRedirect(parsed.data?.redirectTo, "/");
  const cookie = parsed.success ? await signInAsDemo(context.db, context.config, request, parsed.data.userId) : null;
  if (!cookie) {
    return data({ error: "Authentication failed" }, { status: 400 });
  }
  throw redirect(redirectTo, { headers: { "Set-Cookie": cookie } });
}
