import { apiError } from "~/api/errors";

/** Any other path under `/api/v1`: not found, in the API's own shape. */
export function loader() {
  return apiError("not_found", "There is nothing at this path. The API's paths are listed at /api/v1/openapi.json.");
}

export function action() {
  return apiError("not_found", "There is nothing at this path. The API's paths are listed at /api/v1/openapi.json.");
}
