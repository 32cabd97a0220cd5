/**
 * The certificate's pictures as the routes serve them: rendered once per certificate, state and
 * design, and kept in R2 under `certificates/{id}/`. The key holds the state (valid, or revoked at
 * a moment), so a revoked certificate is never served from its earlier picture; revoking also
 * deletes the earlier ones.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { textResponse } from "../lib/http";
import type { CertificateArtKind } from "./certificate-art";
import { CERTIFICATE_ART_VERSION, renderCertificatePng } from "./certificate-art.server";
import { certificateState, getCertificate, type CertificateView } from "./certificate.server";
import { workerPictureEngines } from "../media/worker-picture-engines.server";
import { certificatePrefix } from "./certificate-storage.server";

function keyOf(certificate: CertificateView, kind: CertificateArtKind, pageUrl: string): string {
  // The QR code holds the page's address, so a picture is kept per host the page was asked under.
  const host = new URL(pageUrl).host.replace(/[^A-Za-z0-9.-]/g, "_");
  return `${certificatePrefix(certificate.id)}${kind}-${certificateState(certificate)}-${host}-v${CERTIFICATE_ART_VERSION}.png`;
}

/** The picture's PNG bytes: the stored copy, or a new render that is stored for the next time. */
export async function certificatePicture(
  bucket: R2Bucket,
  certificate: CertificateView,
  kind: CertificateArtKind,
  pageUrl: string,
): Promise<ReadableStream | Uint8Array<ArrayBuffer>> {
  const key = keyOf(certificate, kind, pageUrl);
  const stored = await bucket.get(key);
  if (stored) return stored.body;
  const png = await renderCertificatePng(certificate, kind, pageUrl, workerPictureEngines);
  // Stored before answering: a second request right after finds it instead of rendering again.
  await bucket.put(key, png, { httpMetadata: { contentType: "image/png" } });
  return png;
}

/** Latin letters that do not come apart into a base letter and an accent. */
const LETTERS: Record<string, string> = { ł: "l", ø: "o", ß: "ss", æ: "ae", œ: "oe", đ: "d", ð: "d", þ: "th", ı: "i" };

/** A file name for the download: "arcanum-certificate-seraphina-vale-q7Xb2LmN0aRt.png". */
export function certificateFileName(certificate: Pick<CertificateView, "id" | "holderName">): string {
  const slug = certificate.holderName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[łøßæœđðþı]/g, (letter) => LETTERS[letter] ?? "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `arcanum-certificate-${slug ? `${slug}-` : ""}${certificate.id}.png`;
}

/**
 * The answer of a picture route: the PNG, or a 404 that says no certificate has the id. Browsers and
 * caches keep a picture for five minutes at most, so a revocation shows soon everywhere.
 */
export async function serveCertificatePicture(context: AppLoadContext, request: Request, certificateId: string, kind: CertificateArtKind): Promise<Response> {
  const certificate = await getCertificate(context.db, certificateId);
  if (!certificate) return textResponse(404, "No certificate has this id.");
  const pageUrl = `${new URL(request.url).origin}/certificate/${certificate.id}`;
  const png = await certificatePicture(context.cloudflare.env.MEDIA, certificate, kind, pageUrl);
  const headers = new Headers({
    "content-type": "image/png",
    "cache-control": "public, max-age=300",
    "x-content-type-options": "nosniff",
  });
  if (kind === "certificate") headers.set("content-disposition", `attachment; filename="${certificateFileName(certificate)}"`);
  return new Response(png, { headers });
}
