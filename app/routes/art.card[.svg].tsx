import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { paintCardSvg } from "~/art/local-art";
import { FULL_DECK } from "~/tarot/cards";

const CARDS = new Map(FULL_DECK.map((card) => [card.key, card]));

const query = z.object({
  key: z.string().refine((key) => CARDS.has(key), "Unknown card"),
  theme: z.string().trim().min(1).max(200),
  style: z.string().trim().max(60).default(""),
});

/** A card face painted on the fly, for the classic deck a reading uses when it names none. */
export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return new Response("A card face needs a known card key and a theme.", { status: 400 });
  return new Response(paintCardSvg({ card: CARDS.get(parsed.data.key)!, theme: parsed.data.theme, style: parsed.data.style }), {
    headers: {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "x-content-type-options": "nosniff",
    },
  });
}
