/**
 * The reader certificate as pictures: the printable certificate (landscape, about A4) and the card a
 * link preview shows. The design is written as SVG with its text measured in the site's faces
 * (names and levels shrink, then wrap, to fit), the QR code is drawn in as one path, and resvg turns
 * the SVG into a PNG (../media/picture-engines.server).
 */
import { pictureText, type PictureEngines } from "../media/picture-engines.server";
import { PICTURE_COLOURS } from "../media/picture-style";
import { bar, diamond, frame, pictureDocument } from "../media/picture-svg";
import { blockHeight, sizesDown, textSvg, type TextMeasure, type TextStyle } from "../media/picture-text";
import { formatDate } from "../lib/format";
import { CERTIFICATE_ART_SIZES, type CertificateArtKind } from "./certificate-art";
import type { CertificateView } from "./certificate.server";
import { qrPath } from "./certificate-qr.server";

/**
 * Part of every stored picture's key: a change of design here renders every certificate again
 * (2: names drawn without direction or control characters; 3: drawn without a layout engine).
 */
export const CERTIFICATE_ART_VERSION = "3";

const { gold: GOLD, goldBright: GOLD_BRIGHT, goldDim: GOLD_DIM, parchment: PARCHMENT, muted: MUTED, danger: REVOKED, ink: INK } = PICTURE_COLOURS;

const issued = (ms: number) => formatDate(ms, "long");

type Words = TextStyle & { lineHeight?: number; fill: string };

/** A stack of lines, each block `gap` pixels below the one before, measured before it is placed. */
class Column {
  private readonly parts: { gap: number; height: number; draw: (top: number) => string }[] = [];
  constructor(private readonly measure: TextMeasure) {}

  text(gap: number, lines: string[], words: Words, x: number, anchor: "start" | "middle" = "start"): this {
    const height = blockHeight(this.measure, words, lines.length);
    this.parts.push({ gap, height, draw: (top) => textSvg(this.measure, { ...words, lines, x, top, anchor }) });
    return this;
  }

  shape(gap: number, height: number, draw: (top: number) => string): this {
    this.parts.push({ gap, height, draw });
    return this;
  }

  get height(): number {
    return this.parts.reduce((total, part) => total + part.gap + part.height, 0);
  }

  draw(top: number): string {
    let y = top;
    return this.parts
      .map((part) => {
        y += part.gap;
        const drawn = part.draw(y);
        y += part.height;
        return drawn;
      })
      .join("");
  }
}

/**
 * A holder's name as large as fits: on one line down to `oneLine`, then on two lines down to
 * `smallest`, and past that cut with an ellipsis.
 */
function fitName(measure: TextMeasure, name: string, width: number, largest: number, oneLine: number, smallest: number) {
  const face = { weight: 700, style: "normal" } as const;
  const single = measure.fit(name, width, 1, sizesDown(largest, oneLine), face);
  if (single.lines[0] === name.split(/\s+/).filter(Boolean).join(" ")) return single;
  return measure.fit(name, width, 2, sizesDown(oneLine, smallest), face);
}

/** The red stamp over a revoked certificate, centred on (cx, cy) and turned as if pressed by hand. */
function revokedStamp(measure: TextMeasure, certificate: CertificateView, cx: number, cy: number, scale: number): string {
  const title: Words = { size: 120 * scale, weight: 700, style: "normal", letterSpacing: 18 * scale, lineHeight: 1, fill: REVOKED };
  const when: Words = { size: 30 * scale, weight: 600, style: "normal", fill: REVOKED };
  const whenText = `on ${issued(certificate.revokedAt!)}`;
  const inner = Math.max(measure.width("REVOKED", title), measure.width(whenText, when));
  const border = 6 * scale;
  const width = inner + 2 * 48 * scale + 2 * border;
  const column = new Column(measure).text(0, ["REVOKED"], title, cx, "middle").text(6 * scale, [whenText], when, cx, "middle");
  const height = column.height + 2 * 14 * scale + 2 * border;
  const box = { x: cx - width / 2, y: cy - height / 2, width, height };
  return `<g transform="rotate(-12 ${cx} ${cy})">${frame(box, { width: border, colour: REVOKED, radius: 18 * scale }, "rgba(12,10,24,0.4)")}${column.draw(box.y + border + 14 * scale)}</g>`;
}

/** The QR code to `url` in a box of `size` at (x, y): dark modules on the parchment. */
function qrCode(url: string, x: number, y: number, size: number): string {
  const qr = qrPath(url);
  const scale = size / qr.size;
  return `<g transform="translate(${x} ${y}) scale(${scale})" shape-rendering="crispEdges"><rect width="${qr.size}" height="${qr.size}" fill="${PARCHMENT}"/><path fill="${INK}" d="${qr.path}"/></g>`;
}

/** The printable certificate, with the QR code to its page in the corner. */
function certificateSheet(measure: TextMeasure, certificate: CertificateView, pageUrl: string): string {
  const size = CERTIFICATE_ART_SIZES.certificate;
  const { width, height } = size;
  const centre = width / 2;
  const qrBox = { x: width - 150 - 250, y: height - 140 - 250 - 60, size: 250 };
  const name = fitName(measure, certificate.holderName, width - 420, 132, 70, 60);
  const sentence = `passed the Arcanum reader examination with ${certificate.score} of ${certificate.total} answers right (${certificate.percent}%) and is certified as a tarot reader at the level of`;
  const body: Words = { size: 40, weight: 600, style: "normal", lineHeight: 1.35, fill: PARCHMENT };
  const level = measure.fit(certificate.levelName, width - 420, 1, sizesDown(92, 56), { weight: 700, style: "normal", letterSpacing: 6 });

  const column = new Column(measure)
    .text(0, ["ARCANUM"], { size: 40, weight: 700, style: "normal", letterSpacing: 22, fill: GOLD }, centre, "middle")
    .text(26, ["Certificate of Tarot Reading"], { size: 86, weight: 600, style: "italic", fill: PARCHMENT }, centre, "middle")
    .shape(28, 12, (top) => rule(centre, top + 6, 720))
    .text(46, ["This certifies that"], { size: 40, weight: 600, style: "italic", fill: MUTED }, centre, "middle")
    .text(18, name.lines, { size: name.size, weight: 700, style: "normal", lineHeight: 1.08, fill: GOLD_BRIGHT }, centre, "middle")
    .text(34, measure.wrap(sentence, 1320, body), body, centre, "middle")
    .text(22, level.lines, { size: level.size, weight: 700, style: "normal", letterSpacing: 6, fill: GOLD }, centre, "middle");

  const signature = (x: number, ruleWidth: number, value: string, label: string) =>
    new Column(measure)
      .shape(0, 2, (top) => bar(x, top, ruleWidth, 2, GOLD_DIM))
      .text(14, [value], { size: 36, weight: 700, style: "normal", fill: PARCHMENT }, x)
      .text(0, [label], { size: 26, weight: 600, style: "normal", letterSpacing: 4, fill: MUTED }, x);
  const issuedOn = signature(150, 420, issued(certificate.issuedAt), "DATE OF ISSUE");
  const verification = signature(640, 560, certificate.id, "VERIFICATION ID");

  const corners = [
    [60, 60],
    [width - 60, 60],
    [60, height - 60],
    [width - 60, height - 60],
  ]
    .map(([x, y]) => diamond(x!, y!, 16, GOLD_BRIGHT))
    .join("");
  const qrFrame = { x: qrBox.x - 14, y: qrBox.y - 14, width: qrBox.size + 28, height: qrBox.size + 28 };
  const scanLabel = textSvg(measure, {
    lines: ["SCAN TO VERIFY"],
    x: qrFrame.x + qrFrame.width / 2,
    top: qrBox.y + qrBox.size + 24,
    anchor: "middle",
    size: 26,
    weight: 600,
    style: "normal",
    letterSpacing: 3,
    fill: MUTED,
  });

  return pictureDocument(
    size,
    { x: 0.5, y: 0, middle: 0.45 },
    [
      frame({ x: 44, y: 44, width: width - 88, height: height - 88 }, { width: 4, colour: GOLD, radius: 10 }),
      frame({ x: 64, y: 64, width: width - 128, height: height - 128 }, { width: 1.5, colour: GOLD_DIM, radius: 6 }),
      corners,
      column.draw((height - column.height) / 2 - 10),
      issuedOn.draw(height - 140 - issuedOn.height),
      verification.draw(height - 140 - verification.height),
      frame(qrFrame, { width: 3, colour: GOLD, radius: 14 }, PARCHMENT),
      qrCode(pageUrl, qrBox.x, qrBox.y, qrBox.size),
      scanLabel,
      certificate.revokedAt !== null ? revokedStamp(measure, certificate, width / 2, height / 2, 1.4) : "",
    ].join(""),
  );
}

/** A thin gold rule `width` wide centred on (cx, cy), with a diamond in its middle. */
function rule(cx: number, cy: number, width: number): string {
  const side = width / 2 - 30;
  return bar(cx - 6 - 18 - side, cy - 1, side, 2, GOLD_DIM) + diamond(cx, cy, 12, GOLD) + bar(cx + 6 + 18, cy - 1, side, 2, GOLD_DIM);
}

/** The link preview: who, at what level, and where. */
function previewCard(measure: TextMeasure, certificate: CertificateView): string {
  const size = CERTIFICATE_ART_SIZES.og;
  const { width, height } = size;
  const revoked = certificate.revokedAt !== null;
  const left = 90;
  const name = fitName(measure, certificate.holderName, 680, 92, 52, 44);
  const pill: Words = { size: 38, weight: 700, style: "normal", fill: GOLD };
  const levelText = measure.clipLine(certificate.levelName, 400, pill);
  const pillBox = { width: measure.width(levelText, pill) + 2 * 26 + 4, height: blockHeight(measure, pill, 1) + 2 * 6 + 4 };
  const since: Words = { size: 32, weight: 600, style: "italic", fill: MUTED };
  const sinceHeight = blockHeight(measure, since, 1);

  const column = new Column(measure)
    .text(
      0,
      [revoked ? "CERTIFICATE REVOKED" : "CERTIFIED TAROT READER"],
      { size: 30, weight: 700, style: "normal", letterSpacing: 12, fill: revoked ? REVOKED : GOLD },
      left,
    )
    .text(22, name.lines, { size: name.size, weight: 700, style: "normal", lineHeight: 1.05, fill: GOLD_BRIGHT }, left)
    .shape(30, pillBox.height, (top) =>
      [
        frame({ x: left, y: top, ...pillBox }, { width: 2, colour: GOLD, radius: pillBox.height / 2 }),
        textSvg(measure, { ...pill, lines: [levelText], x: left + pillBox.width / 2, top: top + 2 + 6, anchor: "middle" }),
        textSvg(measure, {
          ...since,
          lines: [`${revoked ? "issued" : "since"} ${issued(certificate.issuedAt)}`],
          x: left + pillBox.width + 18,
          top: top + (pillBox.height - sinceHeight) / 2,
        }),
      ].join(""),
    );

  const card = { x: width - 96 - 270, y: 95, width: 270, height: 440 };
  const emblem = new Column(measure)
    .shape(0, 54, (top) => diamond(card.x + card.width / 2, top + 27, 54, GOLD))
    .text(48, ["ARCANUM"], { size: 36, weight: 700, style: "normal", letterSpacing: 6, fill: GOLD_BRIGHT }, card.x + card.width / 2, "middle")
    .text(8, [`${certificate.percent}% on the examination`], { size: 24, weight: 600, style: "italic", fill: MUTED }, card.x + card.width / 2, "middle");

  return pictureDocument(
    size,
    { x: 0.2, y: 0, middle: 0.5 },
    [
      frame({ x: 24, y: 24, width: width - 48, height: height - 48 }, { width: 3, colour: GOLD, radius: 8 }),
      frame({ x: 36, y: 36, width: width - 72, height: height - 72 }, { width: 1, colour: GOLD_DIM, radius: 4 }),
      column.draw((height - column.height) / 2),
      frame(card, { width: 3, colour: GOLD, radius: 18 }, "rgba(42,31,92,0.55)"),
      frame({ x: card.x + 12, y: card.y + 12, width: 240, height: 410 }, { width: 1, colour: GOLD_DIM, radius: 12 }),
      // Over the card on the right, so the holder's name stays readable beside it.
      revoked ? revokedStamp(measure, certificate, 700 + (width - 700) / 2, height / 2, 0.55) : emblem.draw(card.y + (card.height - emblem.height) / 2),
    ].join(""),
  );
}

/** The certificate (or its preview card) as SVG, with the QR code to `pageUrl` on the certificate. */
export async function renderCertificateSvg(certificate: CertificateView, kind: CertificateArtKind, pageUrl: string, modules: PictureEngines): Promise<string> {
  const measure = await pictureText(modules);
  return kind === "certificate" ? certificateSheet(measure, certificate, pageUrl) : previewCard(measure, certificate);
}

/** The certificate (or its preview card) as PNG. */
export async function renderCertificatePng(
  certificate: CertificateView,
  kind: CertificateArtKind,
  pageUrl: string,
  modules: PictureEngines,
): Promise<Uint8Array<ArrayBuffer>> {
  return modules.raster.png(await renderCertificateSvg(certificate, kind, pageUrl, modules));
}
