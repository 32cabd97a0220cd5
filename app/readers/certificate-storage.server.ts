/**
 * Where a certificate's rendered pictures are kept in R2: everything of one certificate under
 * `certificates/{id}/`. Apart from the renderer, so that whatever deletes pictures (a revocation, an
 * account deletion) does not load the rendering engines.
 */
import { deleteMediaUnder } from "../media/media.server";

export const certificatePrefix = (certificateId: string) => `certificates/${certificateId}/`;

/** Deletes every stored picture of a certificate (after it is revoked, or with its holder's account). */
export function forgetCertificatePictures(bucket: R2Bucket, certificateId: string): Promise<void> {
  return deleteMediaUnder(bucket, certificatePrefix(certificateId));
}
