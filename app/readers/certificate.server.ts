/**
 * Reader certificates: what the public certificate page and its images may say about one, and their
 * revocation by staff. A certificate is public by its id (a random token): anyone with the link sees
 * the holder's name as it was printed, the level, the date and the score, and never their e-mail
 * or account id.
 */
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { readerCertificates, users } from "../../db/schema";
import type { Database } from "../db.server";
import { revokeFormSchema } from "./certificate";
import { cleanName } from "../auth/display-name";
import { levelById } from "./levels";

export type CertificateView = {
  /** The verification id, printed on the certificate and in its address. */
  id: string;
  holderName: string;
  levelName: string;
  issuedAt: number;
  score: number;
  total: number;
  percent: number;
  revokedAt: number | null;
  revokedReason: string | null;
  /** The holder's public profile name while they are still a reader with a username; else null. */
  holderUsername: string | null;
};

/** Certificate ids are url-safe base64 tokens; anything else cannot be one. */
export const certificateIdSchema = lazySchema(() => z.string().regex(/^[A-Za-z0-9_-]{1,64}$/));

/** The certificate with this id as the public may see it, or null when there is none. */
export async function getCertificate(db: Database, id: string): Promise<CertificateView | null> {
  if (!certificateIdSchema.safeParse(id).success) return null;
  const [row] = await db
    .select({
      id: readerCertificates.id,
      holderName: readerCertificates.holderName,
      levelId: readerCertificates.levelId,
      issuedAt: readerCertificates.issuedAt,
      score: readerCertificates.score,
      total: readerCertificates.total,
      revokedAt: readerCertificates.revokedAt,
      revokedReason: readerCertificates.revokedReason,
      username: users.username,
      isReader: users.isReader,
    })
    .from(readerCertificates)
    .innerJoin(users, eq(users.id, readerCertificates.userId))
    .where(eq(readerCertificates.id, id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    // Names printed before they were cleaned on input are cleaned here, for the page and the pictures.
    holderName: cleanName(row.holderName) || "A certified reader",
    levelName: levelById(row.levelId).name,
    issuedAt: row.issuedAt,
    score: row.score,
    total: row.total,
    percent: row.total > 0 ? Math.round((row.score / row.total) * 100) : 0,
    revokedAt: row.revokedAt,
    revokedReason: row.revokedAt ? row.revokedReason : null,
    holderUsername: row.isReader && row.username ? row.username : null,
  };
}

/** A word for the certificate's state that changes whenever what its images say changes. */
export function certificateState(certificate: Pick<CertificateView, "revokedAt">): string {
  return certificate.revokedAt ? `revoked-${certificate.revokedAt}` : "valid";
}

export type RevokeOutcome = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * Revokes a certificate for good, with the reason the page will show. Staff only: the caller has
 * checked that. One conditional statement, so two staff members revoking at once revoke it once.
 */
export async function revokeCertificate(db: Database, staff: { id: string }, id: string, reason: string, now = Date.now()): Promise<RevokeOutcome> {
  const parsed = revokeFormSchema.shape.reason.safeParse(reason);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Say why the certificate is revoked." };
  if (!certificateIdSchema.safeParse(id).success) return { ok: false, status: 404, message: "No certificate has this id." };
  const revoked = await db
    .update(readerCertificates)
    .set({ revokedAt: now, revokedReason: parsed.data })
    .where(and(eq(readerCertificates.id, id), isNull(readerCertificates.revokedAt)))
    .returning({ id: readerCertificates.id });
  if (revoked.length > 0) {
    // The table keeps no revoker: the log line is the record of who did it.
    console.info(JSON.stringify({ event: "certificate-revoked", certificateId: id, staffId: staff.id, at: now }));
    return { ok: true, message: "The certificate is revoked. Its page and images now say so." };
  }
  const exists = await db.select({ id: readerCertificates.id }).from(readerCertificates).where(eq(readerCertificates.id, id)).limit(1);
  return exists.length > 0
    ? { ok: false, status: 409, message: "This certificate was already revoked." }
    : { ok: false, status: 404, message: "No certificate has this id." };
}
