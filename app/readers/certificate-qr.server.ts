import { encode } from "uqr";

/** A QR code as one SVG path of unit squares, with the quiet zone (4 modules) counted in `size`. */
export type QrPath = { size: number; path: string };

export function qrPath(text: string): QrPath {
  const qr = encode(text, { ecc: "M", border: 4 });
  let path = "";
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { size: qr.size, path };
}
