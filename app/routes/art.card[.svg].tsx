import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { paintCardSvg } from "~/art/local-art";
import { paintedCardFrom } from "~/art/painted-card";

/** A card face painted on the fly, for the classic deck a reading uses when it names none. */
export async function loader({ request }: LoaderFunctionArgs) {
  const painted = paintedCardFrom(new URL(request.url).searchParams);
  if (!painted) return new Response("A card face needs a known card key and a theme.", { status: 400 });
  return new Response(paintCardSvg(painted), {
    headers: {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "x-content-type-options": "nosniff",
    },
  });
}
