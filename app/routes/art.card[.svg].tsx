import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { paintCardSvg, paintPreviewCardSvg } from "~/art/local-art";
import { publicPainting } from "~/art/painted-card";

/** A card face painted on the fly: the classic deck a reading uses when it names none, and the create form's previews. */
export async function loader({ request }: LoaderFunctionArgs) {
  const asked = publicPainting(new URL(request.url).searchParams);
  if (!("painting" in asked)) return new Response(asked.message, { status: asked.status });
  const { painting } = asked;
  return new Response(painting.preview ? paintPreviewCardSvg(painting) : paintCardSvg(painting), {
    headers: {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "x-content-type-options": "nosniff",
    },
  });
}
