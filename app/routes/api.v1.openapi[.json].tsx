import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { originOf } from "~/api/api.server";
import { apiJson } from "~/api/errors";
import { openApiDocument } from "~/api/openapi.server";
import type { PageHandle } from "~/lib/page-handle";

/** Round trips: none; the document is written from the schemas. */
export const handle: PageHandle = { roundTrips: 0 };

/** `GET /api/v1/openapi.json`: the API's description, open to anyone. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiJson(openApiDocument(originOf(request)));
}
