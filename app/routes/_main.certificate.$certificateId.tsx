import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { isStaff, requireStaff } from "~/auth/staff.server";
import { ErrorScreen } from "~/components/status-screens";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { longDate } from "~/lib/format";
import { CERTIFICATE_ART_SIZES } from "~/readers/certificate-art";
import { qrPath } from "~/readers/certificate-qr.server";
import { REVOKE_REASON_MAX, REVOKE_REASON_MIN, revokeFormSchema } from "~/readers/certificate";
import { certificateState, getCertificate } from "~/readers/certificate.server";
import { revokeCertificateAsStaff } from "~/staff/readers.server";
import type { PageHandle } from "~/lib/page-handle";
import { readForm } from "~/lib/read-form.server";

export const handle: PageHandle = { actionRoundTrips: 5 };

const NOT_FOUND = "No certificate has this id.";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Certificate not found — Arcanum" }, { name: "robots", content: "noindex" }];
  const { certificate, pageUrl, ogImage } = data;
  const title = certificate.revokedAt
    ? `Revoked certificate of ${certificate.holderName} — Arcanum`
    : `${certificate.holderName}, certified tarot reader (${certificate.levelName}) — Arcanum`;
  const description = certificate.revokedAt
    ? `This Arcanum reader certificate was revoked on ${longDate(certificate.revokedAt)}.`
    : `${certificate.holderName} passed the Arcanum reader examination (${certificate.percent}%) and is certified at the ${certificate.levelName} level since ${longDate(certificate.issuedAt)}. Verification id ${certificate.id}.`;
  const { width, height } = CERTIFICATE_ART_SIZES.og;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Arcanum" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: pageUrl },
    { property: "og:image", content: ogImage },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(width) },
    { property: "og:image:height", content: String(height) },
    { property: "og:image:alt", content: `Arcanum reader certificate of ${certificate.holderName}, ${certificate.levelName}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: ogImage },
  ];
};

/** Public: anyone with the link may check a certificate. Staff also see the revoke form. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const certificate = await getCertificate(context.db, params.certificateId ?? "");
  if (!certificate) throw new Response(NOT_FOUND, { status: 404 });
  const origin = new URL(request.url).origin;
  const pageUrl = `${origin}/certificate/${certificate.id}`;
  const viewer = await context.currentUser();
  return {
    certificate,
    pageUrl,
    // The state in the address makes previewers fetch the picture again once it says REVOKED.
    ogImage: `${pageUrl}/og.png?v=${certificateState(certificate)}`,
    qr: qrPath(pageUrl),
    staff: isStaff(viewer, context.config),
  };
}

type ActionData = { ok: boolean; message: string };

/** Staff only (404 for everyone else): revoke the certificate, with a reason the page shows. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(context);
  const id = params.certificateId ?? "";
  const read = await readForm(request, revokeFormSchema);
  if (!read.ok) return data<ActionData>({ ok: false, message: read.message }, { status: 400 });
  const outcome = await revokeCertificateAsStaff(context.db, context.cloudflare.env.MEDIA, staff, id, read.data.reason);
  if (!outcome.ok) return data<ActionData>({ ok: false, message: outcome.message }, { status: outcome.status });
  return data<ActionData>({ ok: true, message: outcome.message });
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">{label}</dt>
      <dd className="mt-1 font-display text-xl font-semibold">{children}</dd>
    </div>
  );
}

function RevokeForm() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const error = result && !result.ok ? result.message : null;
  return (
    <section aria-labelledby="revoke-title" className="mt-8 rounded-3xl border border-danger/40 bg-surface/80 p-6">
      <h2 id="revoke-title" className="text-2xl font-bold">
        Staff: revoke this certificate
      </h2>
      <p className="mt-1 text-sm text-muted">Revoking cannot be undone. The page and both pictures will say it was revoked, with the reason below.</p>
      <Form method="post" className="mt-4 grid gap-3">
        <input type="hidden" name="intent" value="revoke" />
        <label htmlFor="revoke-reason" className="text-sm font-medium">
          Reason (shown publicly)
        </label>
        <textarea
          id="revoke-reason"
          name="reason"
          required
          minLength={REVOKE_REASON_MIN}
          maxLength={REVOKE_REASON_MAX}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "revoke-error" : undefined}
          className="rounded-2xl border border-line bg-surface px-4 py-3 text-sm"
        />
        {error ? (
          <p id="revoke-error" role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div>
          <button type="submit" className={buttonClasses("danger")} disabled={navigation.state === "submitting"}>
            Revoke the certificate
          </button>
        </div>
      </Form>
    </section>
  );
}

export default function Certificate() {
  const { certificate, pageUrl, qr, staff } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const revoked = certificate.revokedAt !== null;
  return (
    // Lining figures: the display face's old-style 0 and 1 are easily misread in an id or a score.
    <div className="mx-auto max-w-4xl px-4 pb-16 pt-10 lining-nums sm:pt-14">
      {result?.ok ? (
        <p role="status" className="mb-6 rounded-2xl border border-line bg-surface/80 p-4 text-sm">
          {result.message}
        </p>
      ) : null}
      {revoked ? (
        <div role="alert" className="mb-6 rounded-3xl border-2 border-danger bg-surface/80 p-5 text-danger" data-testid="certificate-revoked">
          <p className="font-display text-2xl font-bold">This certificate is revoked.</p>
          <p className="mt-1">
            Revoked on {longDate(certificate.revokedAt!)}: {certificate.revokedReason}
          </p>
        </div>
      ) : null}
      <article
        aria-labelledby="certificate-title"
        className="card-frame relative overflow-hidden bg-[#0c0a18] bg-[radial-gradient(circle_at_50%_0%,#2a1f5c_0%,#151229_45%,#0c0a18_100%)] p-6 text-center text-[#f1ecff] sm:p-12"
      >
        <p className="text-xs font-semibold uppercase tracking-[0.4em] text-[#e6bd63]">Arcanum</p>
        <h1 id="certificate-title" className="mt-3 text-3xl font-semibold italic sm:text-5xl">
          Certificate of Tarot Reading
        </h1>
        <p className="mt-6 font-display text-xl italic text-[#b1a8cc]">This certifies that</p>
        <p className="mt-2 break-words font-display text-4xl font-bold text-[#f2cd7a] sm:text-6xl" data-testid="certificate-holder">
          {certificate.holderName}
        </p>
        <p className="mx-auto mt-4 max-w-2xl font-display text-lg sm:text-xl">
          passed the Arcanum reader examination with {certificate.score} of {certificate.total} answers right ({certificate.percent}%) and is certified as a
          tarot reader at the level of
        </p>
        <p className="mt-3 font-display text-4xl font-bold tracking-wide text-[#e6bd63]">{certificate.levelName}</p>
        {revoked ? (
          <p className="mx-auto mt-6 w-fit -rotate-6 rounded-xl border-4 border-[#ff6b6b] px-6 py-1 font-display text-4xl font-bold tracking-[0.3em] text-[#ff6b6b]">
            REVOKED
          </p>
        ) : null}
      </article>

      <div className="mt-8 grid gap-8 sm:grid-cols-[1fr_auto]">
        <div>
          <dl className="grid gap-5 sm:grid-cols-2">
            <Detail label="Holder">{certificate.holderName}</Detail>
            <Detail label="Level">
              <span className="inline-flex items-center gap-2">
                {certificate.levelName} {revoked ? null : <Badge tone="gold">Certified reader</Badge>}
              </span>
            </Detail>
            <Detail label="Date of issue">{longDate(certificate.issuedAt)}</Detail>
            <Detail label="Score">
              {certificate.score} of {certificate.total} ({certificate.percent}%)
            </Detail>
            <Detail label="Verification id">
              <code className="font-mono text-base" data-testid="certificate-id">
                {certificate.id}
              </code>
            </Detail>
            <Detail label="Status">{revoked ? <span className="text-danger">Revoked</span> : <span className="text-success">Valid</span>}</Detail>
          </dl>
          <div className="mt-6 flex flex-wrap gap-3">
            <a href={`/certificate/${certificate.id}/certificate.png`} download className={buttonClasses("gold")}>
              Download PNG
            </a>
            {certificate.holderUsername ? (
              <Link to={`/readers/${certificate.holderUsername}`} className={buttonClasses("secondary")}>
                See {certificate.holderName}'s reader profile
              </Link>
            ) : null}
          </div>
          <div className="mt-6">
            <label htmlFor="certificate-link" className="text-sm font-medium">
              Share this certificate: copy its link
            </label>
            <input
              id="certificate-link"
              type="url"
              readOnly
              value={pageUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="mt-2 w-full rounded-2xl border border-line bg-surface px-4 py-3 font-mono text-sm"
            />
          </div>
        </div>
        <figure className="mx-auto w-48 text-center sm:w-52">
          <a href={pageUrl} className="block rounded-2xl border border-line bg-[#f1ecff] p-2">
            <svg
              viewBox={`0 0 ${qr.size} ${qr.size}`}
              role="img"
              aria-label={`QR code of this certificate's address, ${pageUrl}`}
              data-testid="certificate-qr"
              shapeRendering="crispEdges"
              className="block h-auto w-full"
            >
              <rect width={qr.size} height={qr.size} fill="#f1ecff" />
              <path d={qr.path} fill="#0c0a18" />
            </svg>
          </a>
          <figcaption className="mt-2 text-xs text-muted">Scan to open this page and check the certificate.</figcaption>
        </figure>
      </div>
      {staff && !revoked ? <RevokeForm /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
        <p className="font-display text-7xl font-bold text-gold">XVI</p>
        <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold">Page not found</p>
        <h1 className="text-4xl font-bold">{NOT_FOUND}</h1>
        <p className="text-muted">
          Check the address against the verification id printed on the certificate. A certificate whose holder deleted their account is gone too.
        </p>
        <Link to="/readers" className={buttonClasses("secondary")}>
          See our readers
        </Link>
      </div>
    );
  }
  return <ErrorScreen message={isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined} />;
}
