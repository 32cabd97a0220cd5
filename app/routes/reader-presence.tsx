import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { readerTabClosed } from "~/readers/presence.server";
import { readForm } from "~/lib/read-form.server";

const goodbye = lazySchema(() => z.object({ tab: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }));

/** A reader's tab says goodbye by beacon as its page unloads. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await context.currentUser();
  if (!user?.isReader) return new Response("Only readers have tabs to close", { status: 403 });
  const parsed = await readForm(request, goodbye);
  if (!parsed.ok) return new Response("Name the tab that is closing", { status: 400 });
  await readerTabClosed(context.cloudflare.env, user.id, parsed.data.tab);
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response("Readers' tabs post here as they close", { status: 405, headers: { allow: "POST" } });
}
