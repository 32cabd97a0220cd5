import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveCertificatePicture } from "~/readers/certificate-images.server";
import type { PageHandle } from "~/lib/page-handle";

/** Round trips: the picture is read from storage, or drawn and stored the first time. */
export const handle: PageHandle = { roundTrips: 3 };

/** The printable certificate as a PNG download; public, like its page. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return serveCertificatePicture(context, request, params.certificateId ?? "", "certificate");
}
