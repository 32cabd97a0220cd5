import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveMedia } from "~/marketplace/serve-media.server";
import { readerAvatarKey } from "~/readers/queries.server";

/** A reader's avatar by username, so that reader pages never carry the user id that the stored picture's address holds. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const key = await readerAvatarKey(context.db, params.username ?? "", params.file ?? "");
  if (!key) return new Response("Not found", { status: 404 });
  return serveMedia(context, request, key);
}
