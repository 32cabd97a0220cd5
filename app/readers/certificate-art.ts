/** What the certificate's pictures are: their sizes (the page's preview tags name them) and faces. */
export type CertificateArtKind = "certificate" | "og";

/** The printable certificate (landscape, close to A4's proportions) and the link-preview card. */
export const CERTIFICATE_ART_SIZES: Record<CertificateArtKind, { width: number; height: number }> = {
  certificate: { width: 2000, height: 1414 },
  og: { width: 1200, height: 630 },
};

/** The faces the pictures are set in: the site's display face, Latin and Latin Extended. */
export const certificateFontFiles = [
  { name: "Cormorant Garamond", weight: 600, style: "normal", file: "cormorant-garamond-latin-600-normal.woff" },
  { name: "Cormorant Garamond", weight: 700, style: "normal", file: "cormorant-garamond-latin-700-normal.woff" },
  { name: "Cormorant Garamond", weight: 600, style: "italic", file: "cormorant-garamond-latin-600-italic.woff" },
  { name: "Cormorant Garamond", weight: 600, style: "normal", file: "cormorant-garamond-latin-ext-600-normal.woff" },
  { name: "Cormorant Garamond", weight: 700, style: "normal", file: "cormorant-garamond-latin-ext-700-normal.woff" },
] as const;
