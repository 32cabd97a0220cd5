import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { BACK_DESIGNS, paintCardBackSvg } from "~/art/local-art";

const query = lazySchema(() =>
  z.object({
    theme: z.string().trim().min(1).max(200),
    style: z.string().trim().max(60).default(""),
    design: z.coerce
      .number()
      .int()
      .min(0)
      .max(BACK_DESIGNS - 1)
      .default(0),
  }),
);

/** A deck's card back, painted from (theme, style); the same query always gives the same bytes. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = query.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success)
    return new Response("A card back needs a theme (up to 200 characters), an optional style and an optional design from 0 to 3.", { status: 400 });
  return new Response(paintCardBackSvg(parsed.data), {
    headers: {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "x-content-type-options": "nosniff",
    },
  });
}
