/**
 * Readers, as staff see them: applications, readers with their levels, certificates (revoked with a
 * reason through the readers module), and paid readings with their reports.
 */
import { desc, eq } from "drizzle-orm";
import { paidReadings, readerApplications, readerCertificates, users } from "../../db/schema";
import type { Database } from "../db.server";
import { openReadingReports } from "../paid-readings/readings.server";
import { revokeCertificate } from "../readers/certificate.server";
import { forgetCertificatePictures } from "../readers/certificate-storage.server";
import { levelById } from "../readers/levels";
import { recordStaffAction } from "./audit.server";
import type { StaffOutcome } from "./people.server";

export async function readersOverview(db: Database) {
  const [[applications, readers, certificates, readings], reports] = await Promise.all([
    db.batch([
      db
        .select({
          userId: readerApplications.userId,
          displayName: readerApplications.displayName,
          yearsOfPractice: readerApplications.yearsOfPractice,
          pricePerMinute: readerApplications.pricePerMinute,
          updatedAt: readerApplications.updatedAt,
          email: users.email,
          isReader: users.isReader,
        })
        .from(readerApplications)
        .innerJoin(users, eq(users.id, readerApplications.userId))
        .orderBy(desc(readerApplications.updatedAt))
        .limit(50),
      db
        .select({
          id: users.id,
          username: users.username,
          fullName: users.fullName,
          levelId: users.levelId,
          price: users.customPricePerMinute,
          suspendedAt: users.suspendedAt,
        })
        .from(users)
        .where(eq(users.isReader, true))
        .orderBy(users.username)
        .limit(200),
      db
        .select({
          id: readerCertificates.id,
          userId: readerCertificates.userId,
          holderName: readerCertificates.holderName,
          levelId: readerCertificates.levelId,
          issuedAt: readerCertificates.issuedAt,
          revokedAt: readerCertificates.revokedAt,
          revokedReason: readerCertificates.revokedReason,
        })
        .from(readerCertificates)
        .orderBy(desc(readerCertificates.issuedAt))
        .limit(100),
      db
        .select({
          id: paidReadings.id,
          clientId: paidReadings.clientId,
          readerId: paidReadings.readerId,
          status: paidReadings.status,
          minutes: paidReadings.minutesBilled,
          chargedCents: paidReadings.chargedCents,
          refundedCents: paidReadings.refundedCents,
          createdAt: paidReadings.createdAt,
        })
        .from(paidReadings)
        .orderBy(desc(paidReadings.createdAt))
        .limit(50),
    ]),
    openReadingReports(db),
  ]);
  return {
    applications,
    readers: readers.map((reader) => ({ ...reader, levelName: levelById(reader.levelId).name })),
    certificates: certificates.map((certificate) => ({ ...certificate, levelName: levelById(certificate.levelId).name })),
    readings,
    reports,
  };
}

/** Revokes a certificate through the readers module and records it. */
export async function revokeCertificateAsStaff(
  db: Database,
  media: R2Bucket,
  staff: { id: string },
  certificateId: string,
  reason: string,
): Promise<StaffOutcome> {
  const outcome = await revokeCertificate(db, staff, certificateId, reason);
  if (outcome.ok) {
    // The stored pictures said "valid": they are drawn again, revoked, when next asked for.
    await Promise.all([
      recordStaffAction(db, {
        staffId: staff.id,
        action: "revoke-certificate",
        target: `certificate:${certificateId}`,
        reason: reason.trim(),
        outcome: "Revoked",
      }),
      forgetCertificatePictures(media, certificateId),
    ]);
  }
  return outcome.ok ? outcome : { ...outcome, field: outcome.status === 400 ? "reason" : undefined };
}
