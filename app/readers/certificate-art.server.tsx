/**
 * The reader certificate as pictures: the printable certificate (landscape, about A4) and the card a
 * link preview shows. satori lays the design out as SVG with the site's faces, the QR code is drawn
 * in as one path, and resvg turns the SVG into a PNG. Both engines are WebAssembly, given as
 * compiled modules (the Worker imports them; the sample-sheet script compiles them from files).
 */
import { layOut, svgToPng, type PictureEngines } from "../media/picture-engines.server";
import { PICTURE_COLOURS, PICTURE_SERIF } from "../media/picture-style";
import { formatDate } from "../lib/format";
import { CERTIFICATE_ART_SIZES, type CertificateArtKind } from "./certificate-art";
import type { CertificateView } from "./certificate.server";
import { qrPath } from "./certificate-qr.server";

/**
 * Part of every stored picture's key: a change of design here renders every certificate again
 * (2: names drawn without direction or control characters).
 */
export const CERTIFICATE_ART_VERSION = "2";

const { ink: INK, night: NIGHT, gold: GOLD, goldBright: GOLD_BRIGHT, goldDim: GOLD_DIM, parchment: PARCHMENT, muted: MUTED, danger: REVOKED } = PICTURE_COLOURS;
const SERIF = PICTURE_SERIF;

const issued = (ms: number) => formatDate(ms, "long");

/** A name in as large a size as fits its length on one or two lines. */
function nameSize(name: string, widest: number, smallest: number): number {
  const length = [...name].length;
  if (length <= 16) return widest;
  return Math.max(smallest, Math.round((widest * 16) / length));
}

function Diamond({ size, color }: { size: number; color: string }) {
  return <div style={{ width: size, height: size, background: color, transform: "rotate(45deg)" }} />;
}

/** A thin gold rule with a diamond in its middle. */
function Rule({ width, color = GOLD_DIM }: { width: number; color?: string }) {
  return (
    <div style={{ display: "flex", alignItems: "center", gap: 18 }}>
      <div style={{ width: width / 2 - 30, height: 2, background: color }} />
      <Diamond size={12} color={GOLD} />
      <div style={{ width: width / 2 - 30, height: 2, background: color }} />
    </div>
  );
}

function RevokedStamp({ certificate, scale }: { certificate: CertificateView; scale: number }) {
  return (
    <div
      style={{
        position: "absolute",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        border: `${6 * scale}px solid ${REVOKED}`,
        borderRadius: 18 * scale,
        padding: `${14 * scale}px ${48 * scale}px`,
        color: REVOKED,
        background: "rgba(12, 10, 24, 0.4)",
        transform: "rotate(-12deg)",
      }}
    >
      <div style={{ fontSize: 120 * scale, fontWeight: 700, letterSpacing: 18 * scale, lineHeight: 1 }}>REVOKED</div>
      <div style={{ fontSize: 30 * scale, fontWeight: 600, marginTop: 6 * scale }}>on {issued(certificate.revokedAt!)}</div>
    </div>
  );
}

/** The printable certificate, with the QR code to its page (`qr`, a picture) in the corner. */
function CertificateSheet({ certificate, qr }: { certificate: CertificateView; qr: string }) {
  const { width, height } = CERTIFICATE_ART_SIZES.certificate;
  const qrBox = { x: width - 150 - 250, y: height - 140 - 250 - 60, size: 250 };
  const size = nameSize(certificate.holderName, 132, 70);
  const revoked = certificate.revokedAt !== null;
  return (
    <div
      style={{
        width,
        height,
        display: "flex",
        position: "relative",
        alignItems: "center",
        justifyContent: "center",
        fontFamily: SERIF,
        // Lining figures: the face's old-style zero reads as an o, which a verification id cannot afford.
        fontVariantNumeric: "lining-nums",
        color: PARCHMENT,
        backgroundColor: INK,
        backgroundImage: `radial-gradient(circle at 50% 0%, #2a1f5c 0%, ${NIGHT} 45%, ${INK} 100%)`,
      }}
    >
      <div style={{ position: "absolute", left: 44, top: 44, width: width - 88, height: height - 88, border: `4px solid ${GOLD}`, borderRadius: 10 }} />
      <div style={{ position: "absolute", left: 64, top: 64, width: width - 128, height: height - 128, border: `1.5px solid ${GOLD_DIM}`, borderRadius: 6 }} />
      {[
        [52, 52],
        [width - 68, 52],
        [52, height - 68],
        [width - 68, height - 68],
      ].map(([left, top]) => (
        <div key={`${left}-${top}`} style={{ position: "absolute", left, top, display: "flex" }}>
          <Diamond size={16} color={GOLD_BRIGHT} />
        </div>
      ))}
      <div style={{ display: "flex", flexDirection: "column", alignItems: "center", width: width - 360, marginTop: -10 }}>
        <div style={{ fontSize: 40, fontWeight: 700, letterSpacing: 22, color: GOLD }}>ARCANUM</div>
        <div style={{ fontSize: 86, fontStyle: "italic", fontWeight: 600, marginTop: 26, color: PARCHMENT }}>Certificate of Tarot Reading</div>
        <div style={{ display: "flex", marginTop: 28 }}>
          <Rule width={720} />
        </div>
        <div style={{ fontSize: 40, fontStyle: "italic", fontWeight: 600, color: MUTED, marginTop: 46 }}>This certifies that</div>
        <div
          style={{
            fontSize: size,
            fontWeight: 700,
            color: GOLD_BRIGHT,
            marginTop: 18,
            textAlign: "center",
            lineHeight: 1.08,
            maxWidth: width - 420,
          }}
        >
          {certificate.holderName}
        </div>
        <div style={{ fontSize: 40, fontWeight: 600, color: PARCHMENT, marginTop: 34, textAlign: "center", maxWidth: 1320, lineHeight: 1.35 }}>
          {`passed the Arcanum reader examination with ${certificate.score} of ${certificate.total} answers right (${certificate.percent}%) and is certified as a tarot reader at the level of`}
        </div>
        <div style={{ fontSize: 92, fontWeight: 700, color: GOLD, marginTop: 22, letterSpacing: 6 }}>{certificate.levelName}</div>
      </div>
      <div style={{ position: "absolute", left: 150, bottom: 140, display: "flex", flexDirection: "column", alignItems: "flex-start" }}>
        <div style={{ width: 420, height: 2, background: GOLD_DIM }} />
        <div style={{ fontSize: 36, fontWeight: 700, marginTop: 14 }}>{issued(certificate.issuedAt)}</div>
        <div style={{ fontSize: 26, fontWeight: 600, color: MUTED, letterSpacing: 4 }}>DATE OF ISSUE</div>
      </div>
      <div style={{ position: "absolute", left: 640, bottom: 140, display: "flex", flexDirection: "column", alignItems: "flex-start" }}>
        <div style={{ width: 560, height: 2, background: GOLD_DIM }} />
        <div style={{ fontSize: 36, fontWeight: 700, marginTop: 14 }}>{certificate.id}</div>
        <div style={{ fontSize: 26, fontWeight: 600, color: MUTED, letterSpacing: 4 }}>VERIFICATION ID</div>
      </div>
      <div
        style={{
          position: "absolute",
          left: qrBox.x - 14,
          top: qrBox.y - 14,
          width: qrBox.size + 28,
          height: qrBox.size + 28,
          background: PARCHMENT,
          borderRadius: 14,
          border: `3px solid ${GOLD}`,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
        }}
      >
        <img src={qr} width={qrBox.size} height={qrBox.size} alt="" />
      </div>
      <div style={{ position: "absolute", left: qrBox.x - 14, top: qrBox.y + qrBox.size + 24, width: qrBox.size + 28, display: "flex", justifyContent: "center", fontSize: 26, fontWeight: 600, color: MUTED, letterSpacing: 3 }}>
        SCAN TO VERIFY
      </div>
      {revoked ? (
        <div style={{ position: "absolute", left: 0, top: 0, width, height, display: "flex", alignItems: "center", justifyContent: "center" }}>
          <RevokedStamp certificate={certificate} scale={1.4} />
        </div>
      ) : null}
    </div>
  );
}

/** The link preview: who, at what level, and where. */
function PreviewCard({ certificate }: { certificate: CertificateView }) {
  const { width, height } = CERTIFICATE_ART_SIZES.og;
  const size = nameSize(certificate.holderName, 92, 52);
  const revoked = certificate.revokedAt !== null;
  return (
    <div
      style={{
        width,
        height,
        display: "flex",
        position: "relative",
        fontFamily: SERIF,
        // Lining figures: the face's old-style zero reads as an o, which a verification id cannot afford.
        fontVariantNumeric: "lining-nums",
        color: PARCHMENT,
        backgroundColor: INK,
        backgroundImage: `radial-gradient(circle at 20% 0%, #2a1f5c 0%, ${NIGHT} 50%, ${INK} 100%)`,
      }}
    >
      <div style={{ position: "absolute", left: 24, top: 24, width: width - 48, height: height - 48, border: `3px solid ${GOLD}`, borderRadius: 8 }} />
      <div style={{ position: "absolute", left: 36, top: 36, width: width - 72, height: height - 72, border: `1px solid ${GOLD_DIM}`, borderRadius: 4 }} />
      <div style={{ display: "flex", flexDirection: "column", justifyContent: "center", paddingLeft: 90, width: 800, height }}>
        <div style={{ fontSize: 30, fontWeight: 700, letterSpacing: 12, color: revoked ? REVOKED : GOLD }}>{revoked ? "CERTIFICATE REVOKED" : "CERTIFIED TAROT READER"}</div>
        <div style={{ fontSize: size, fontWeight: 700, color: GOLD_BRIGHT, marginTop: 22, lineHeight: 1.05, maxWidth: 680 }}>{certificate.holderName}</div>
        <div style={{ display: "flex", alignItems: "center", marginTop: 30, gap: 18 }}>
          <div style={{ display: "flex", border: `2px solid ${GOLD}`, borderRadius: 999, padding: "6px 26px", fontSize: 38, fontWeight: 700, color: GOLD }}>
            {certificate.levelName}
          </div>
          <div style={{ fontSize: 32, fontWeight: 600, fontStyle: "italic", color: MUTED }}>{`${revoked ? "issued" : "since"} ${issued(certificate.issuedAt)}`}</div>
        </div>
      </div>
      <div style={{ position: "absolute", right: 96, top: 95, width: 270, height: 440, display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", border: `3px solid ${GOLD}`, borderRadius: 18, background: "rgba(42, 31, 92, 0.55)" }}>
        <div style={{ position: "absolute", left: 12, top: 12, width: 240, height: 410, border: `1px solid ${GOLD_DIM}`, borderRadius: 12 }} />
        {revoked ? null : <Diamond size={54} color={GOLD} />}
        {revoked ? null : <div style={{ fontSize: 36, fontWeight: 700, letterSpacing: 6, color: GOLD_BRIGHT, marginTop: 48 }}>ARCANUM</div>}
        {revoked ? null : <div style={{ fontSize: 24, fontStyle: "italic", fontWeight: 600, color: MUTED, marginTop: 8 }}>{`${certificate.percent}% on the examination`}</div>}
      </div>
      {revoked ? (
        // Over the card on the right, so the holder's name stays readable beside it.
        <div style={{ position: "absolute", left: 700, top: 0, width: width - 700, height, display: "flex", alignItems: "center", justifyContent: "center" }}>
          <RevokedStamp certificate={certificate} scale={0.55} />
        </div>
      ) : null}
    </div>
  );
}

/** A QR code to `url`, as an SVG picture for satori's <img>: dark modules on the parchment. */
function qrPicture(url: string): string {
  const qr = qrPath(url);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${qr.size} ${qr.size}" shape-rendering="crispEdges"><rect width="${qr.size}" height="${qr.size}" fill="${PARCHMENT}"/><path fill="${INK}" d="${qr.path}"/></svg>`;
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

/** The certificate (or its preview card) as SVG, with the QR code to `pageUrl` on the certificate. */
export function renderCertificateSvg(certificate: CertificateView, kind: CertificateArtKind, pageUrl: string, modules: PictureEngines): Promise<string> {
  const art = kind === "certificate" ? <CertificateSheet certificate={certificate} qr={qrPicture(pageUrl)} /> : <PreviewCard certificate={certificate} />;
  return layOut(art, CERTIFICATE_ART_SIZES[kind], modules);
}

/** The certificate (or its preview card) as PNG. */
export async function renderCertificatePng(certificate: CertificateView, kind: CertificateArtKind, pageUrl: string, modules: PictureEngines): Promise<Uint8Array<ArrayBuffer>> {
  return svgToPng(await renderCertificateSvg(certificate, kind, pageUrl, modules), modules);
}
