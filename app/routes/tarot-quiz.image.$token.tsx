import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { quizCardImage } from "~/readers/quiz.server";

const token = z.string().regex(/^[A-Za-z0-9_-]{16}$/);

const PRIVATE = { "cache-control": "private, no-store", "x-content-type-options": "nosniff" };

/**
 * The picture of a card-image question in the reader quiz, by its per-attempt token: for the person
 * taking that attempt while it runs, and a 404 to everyone else and afterwards.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const user = await context.currentUser();
  const parsed = token.safeParse(params.token);
  const svg = user && parsed.success ? await quizCardImage(context.db, user.id, parsed.data) : null;
  if (!svg) return new Response("Not found.", { status: 404, headers: { ...PRIVATE, "content-type": "text/plain; charset=utf-8" } });
  return new Response(svg, {
    headers: { ...PRIVATE, "content-type": "image/svg+xml", "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox" },
  });
}
