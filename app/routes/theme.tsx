import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { safeRedirect } from "~/auth/redirect";
import { requireSameOrigin } from "~/auth/require-same-origin.server";
import { effectiveTheme, writeTheme } from "~/theme/theme.server";

const themeForm = z.object({
  theme: z.enum(["light", "dark", "toggle"]),
  redirectTo: z.string().optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const parsed = themeForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Choose light or dark." }, { status: 400 });
  const theme =
    parsed.data.theme === "toggle" ? ((await effectiveTheme(request)) === "dark" ? "light" : "dark") : parsed.data.theme;
  const headers = { "Set-Cookie": await writeTheme(theme) };
  // A form posted without JavaScript carries where to go back to; a background submission does not.
  if (parsed.data.redirectTo !== undefined) throw redirect(safeRedirect(parsed.data.redirectTo), { headers });
  return data({ theme }, { headers });
}

export function loader() {
  throw redirect("/");
}
