import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/staff.server";
import { LocalTime } from "~/components/local-time";
import { PageHeader } from "~/components/page-header";
import { ReasonForm, StaffList, StaffRow, StaffSection } from "~/staff/staff-forms";
import { StaffNav } from "~/staff/staff-nav";
import { Badge } from "~/components/ui/badge";
import { formatMoney } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { staffMeta } from "~/staff/meta";
import { staffAction } from "~/staff/staff-action.server";
import { readersOverview, revokeCertificateAsStaff } from "~/staff/readers.server";

// Revoking: who asks, the revocation (and, for a certificate already revoked, a look), the record
// beside the stored pictures let go, then the page again (2 loaders at once).
export const handle: PageHandle = { actionRoundTrips: 5 };

export const meta: MetaFunction = staffMeta("Readers");

export async function loader({ context }: LoaderFunctionArgs) {
  await requireStaff(context);
  return readersOverview(context.db);
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffAction(request, context, {
    revoke: async ({ context, staff, form }) => {
      const certificateId = String(form.get("certificateId") ?? "");
      const outcome = await revokeCertificateAsStaff(context.db, context.cloudflare.env.MEDIA, staff, certificateId, String(form.get("reason") ?? ""));
      return { outcome, target: `certificate:${certificateId}` };
    },
  });

export default function StaffReaders() {
  const { applications, readers, certificates, readings, reports } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <PageHeader eyebrow="Staff" title="Readers">
        <p>Applications, readers and their levels, certificates, and paid readings with their reports.</p>
      </PageHeader>
      <StaffNav />
      {result && !result.target ? (
        <p role="alert" className="mb-6 text-danger">
          {result.message}
        </p>
      ) : null}
      <StaffSection title="Reported paid readings" id="reports">
        <p className="mb-3 text-sm">
          {reports.length === 0 ? "No open report." : `${reports.length} open ${reports.length === 1 ? "report" : "reports"}.`}{" "}
          <Link to="/staff/readings" className="text-brand underline">
            Look at them and refund
          </Link>
        </p>
      </StaffSection>
      <StaffSection title="Certificates" id="certificates">
        <StaffList empty="No certificate issued yet.">
          {certificates.map((certificate) => (
            <StaffRow key={certificate.id} testId="staff-certificate">
              <p className="flex flex-wrap items-center gap-2">
                <Link to={`/certificate/${certificate.id}`} className="font-semibold underline">
                  {certificate.holderName || "A reader"}
                </Link>
                <span>{certificate.levelName}</span>
                <LocalTime at={certificate.issuedAt} className="text-muted" />
                {certificate.revokedAt ? <Badge tone="gold">Revoked</Badge> : null}
              </p>
              {certificate.revokedAt ? (
                <p className="mt-1 text-muted">Revoked: {certificate.revokedReason}</p>
              ) : (
                <details className="mt-2" open={result?.target === `certificate:${certificate.id}`}>
                  <summary className="cursor-pointer font-semibold">Revoke…</summary>
                  <div className="mt-2">
                    <ReasonForm
                      intent="revoke"
                      target={`certificate:${certificate.id}`}
                      hidden={{ certificateId: certificate.id }}
                      label="Reason (shown on the certificate's page)"
                      button="Revoke the certificate"
                      variant="danger"
                      result={result}
                    />
                  </div>
                </details>
              )}
              {certificate.revokedAt && result?.target === `certificate:${certificate.id}` ? (
                <p role={result.ok ? "status" : "alert"} className="mt-1">
                  {result.message}
                </p>
              ) : null}
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
      <StaffSection title="Readers and levels" id="levels">
        <StaffList empty="No reader yet.">
          {readers.map((reader) => (
            <StaffRow key={reader.id}>
              <Link to={`/staff/people/${reader.id}`} className="font-semibold underline">
                {reader.fullName || reader.username || reader.id}
              </Link>{" "}
              · {reader.levelName} · {reader.price != null ? `${formatMoney(reader.price)} a minute` : "no price"}
              {reader.suspendedAt ? " · suspended" : ""}
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
      <StaffSection title="Applications" id="applications">
        <StaffList empty="No application.">
          {applications.map((application) => (
            <StaffRow key={application.userId}>
              <Link to={`/staff/people/${application.userId}`} className="font-semibold underline">
                {application.displayName}
              </Link>{" "}
              · {application.email} · {application.yearsOfPractice} years · {formatMoney(application.pricePerMinute)} a minute ·{" "}
              {application.isReader ? "passed the quiz" : "not yet a reader"} · <LocalTime at={application.updatedAt} />
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
      <StaffSection title="Paid readings" id="readings">
        <StaffList empty="No paid reading yet.">
          {readings.map((reading) => (
            <StaffRow key={reading.id}>
              {reading.status} · {reading.minutes} min · charged {formatMoney(reading.chargedCents)}
              {reading.refundedCents > 0 ? ` · refunded ${formatMoney(reading.refundedCents)}` : ""} · <LocalTime at={reading.createdAt} /> ·{" "}
              <Link to={`/staff/people/${reading.clientId}`} className="underline">
                client
              </Link>{" "}
              ·{" "}
              <Link to={`/staff/people/${reading.readerId}`} className="underline">
                reader
              </Link>
            </StaffRow>
          ))}
        </StaffList>
      </StaffSection>
    </div>
  );
}
