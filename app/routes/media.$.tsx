import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveMedia } from "~/marketplace/serve-media.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return serveMedia(context, request, params["*"] ?? "");
}
