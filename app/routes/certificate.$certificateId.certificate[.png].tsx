import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveCertificatePicture } from "~/readers/certificate-images.server";

/** The printable certificate as a PNG download; public, like its page. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return serveCertificatePicture(context, request, params.certificateId ?? "", "certificate");
}
