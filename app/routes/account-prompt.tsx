import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { ACCOUNT_PROMPT_MOMENTS } from "~/auth/account-prompt";
import { dismissMoments } from "~/auth/account-prompt.server";
import { safeRedirect } from "~/auth/redirect";
import { readForm } from "~/lib/read-form.server";

const dismissForm = lazySchema(() =>
  z.object({
    dismiss: z.array(z.enum(ACCOUNT_PROMPT_MOMENTS)).min(1).max(ACCOUNT_PROMPT_MOMENTS.length),
    redirectTo: z.string().optional(),
  }),
);

/**
 * "Not now" on the prompt to create an account. It only writes this browser's own cookie, so
 * anyone may post it; without JavaScript the form comes back to the page it was posted from.
 */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = await readForm(request, dismissForm, { lists: ["dismiss"] });
  if (!parsed.ok) return Response.json({ error: "Say which prompt to put away: deck or reading." }, { status: 400 });
  const headers = { "Set-Cookie": dismissMoments(request, parsed.data.dismiss) };
  if (parsed.data.redirectTo !== undefined) throw redirect(safeRedirect(parsed.data.redirectTo), { headers });
  return Response.json({ dismissed: parsed.data.dismiss }, { headers });
}

export function loader() {
  throw redirect("/");
}
