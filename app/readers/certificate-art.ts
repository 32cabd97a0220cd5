/** What the certificate's pictures are: their sizes (the page's preview tags name them) and faces. */
export type CertificateArtKind = "certificate" | "og";

/** The printable certificate (landscape, close to A4's proportions) and the link-preview card. */
export const CERTIFICATE_ART_SIZES: Record<CertificateArtKind, { width: number; height: number }> = {
  certificate: { width: 2000, height: 1414 },
  og: { width: 1200, height: 630 },
};
