import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { safeRedirect } from "~/auth/redirect";
import { effectiveTheme, writeTheme } from "~/theme/theme.server";
import { readForm } from "~/lib/read-form.server";

const themeForm = lazySchema(() =>
  z.object({
    theme: z.enum(["light", "dark", "toggle"]),
    redirectTo: z.string().optional(),
  }),
);

export async function action({ request }: ActionFunctionArgs) {
  const parsed = await readForm(request, themeForm);
  if (!parsed.ok) return Response.json({ error: "Choose light or dark." }, { status: 400 });
  const theme = parsed.data.theme === "toggle" ? (effectiveTheme(request) === "dark" ? "light" : "dark") : parsed.data.theme;
  const headers = { "Set-Cookie": writeTheme(theme) };
  // A form posted without JavaScript carries where to go back to; a background submission does not.
  if (parsed.data.redirectTo !== undefined) throw redirect(safeRedirect(parsed.data.redirectTo), { headers });
  return Response.json({ theme }, { headers });
}

export function loader() {
  throw redirect("/");
}
