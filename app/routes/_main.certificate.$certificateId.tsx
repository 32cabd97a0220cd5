import type { MetaFunction } from "@remix-run/cloudflare";

export const meta: MetaFunction = () => [{ title: "Reader certificate — Arcanum" }];

/** No certificate has been issued yet: every id is unknown until the reader application exists. */
export function loader() {
  throw new Response("Certificate not found", { status: 404 });
}

export default function Certificate() {
  return null;
}
