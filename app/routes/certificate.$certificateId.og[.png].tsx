import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveCertificatePicture } from "~/readers/certificate-images.server";

/** The certificate's link-preview card (Open Graph image); public, like its page. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return serveCertificatePicture(context, request, params.certificateId ?? "", "og");
}
