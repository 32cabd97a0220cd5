/** A card picture as it comes back from a painter, ready to store. */
export type PaintedImage = {
  bytes: Uint8Array;
  contentType: string;
  ext: "png" | "jpg" | "webp" | "svg";
  /** True when painting failed and this is the "artwork unavailable" card. */
  placeholder: boolean;
};

export type ImageFormat = { contentType: string; ext: PaintedImage["ext"] };

const BY_MIME: Record<string, PaintedImage["ext"]> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/pjpeg": "jpg",
  "image/webp": "webp",
  "image/svg+xml": "svg",
};

/** Strict base64 (standard or URL-safe alphabet, whitespace ignored) to bytes; null when it is not base64 or decodes to nothing. */
export function decodeBase64(data: unknown): Uint8Array | null {
  if (typeof data !== "string") return null;
  const clean = data.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/");
  if (!clean || !/^[A-Za-z0-9+/]+={0,2}$/.test(clean) || clean.length % 4 === 1) return null;
  try {
    const binary = atob(clean);
    if (!binary.length) return null;
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** The format the bytes announce by their first bytes; null when unrecognised. */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return { contentType: "image/png", ext: "png" };
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return { contentType: "image/jpeg", ext: "jpg" };
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return { contentType: "image/webp", ext: "webp" };
  const head = new TextDecoder().decode(bytes.subarray(0, 256)).trimStart();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return { contentType: "image/svg+xml", ext: "svg" };
  return null;
}

/** Content type and extension from a declared MIME type, else from the bytes themselves. */
export function imageFormat(bytes: Uint8Array, mimeType?: string | null): ImageFormat | null {
  const mime = (mimeType ?? "").split(";")[0]!.trim().toLowerCase();
  const ext = BY_MIME[mime];
  if (ext) return { contentType: mime, ext };
  return sniffImage(bytes);
}

/** Reads whatever an image binding answered with (base64 text, bytes, a buffer or a stream) into bytes. */
export async function imageBytes(answer: unknown): Promise<Uint8Array | null> {
  if (answer == null) return null;
  if (answer instanceof Uint8Array) return answer.length ? answer : null;
  if (answer instanceof ArrayBuffer) return answer.byteLength ? new Uint8Array(answer) : null;
  if (answer instanceof ReadableStream) {
    const buffer = await new Response(answer).arrayBuffer();
    return buffer.byteLength ? new Uint8Array(buffer) : null;
  }
  if (typeof answer === "string") return decodeBase64(answer);
  if (typeof answer === "object" && "image" in answer) return imageBytes((answer as { image: unknown }).image);
  return null;
}

export function svgImage(svg: string): PaintedImage {
  return { bytes: new TextEncoder().encode(svg), contentType: "image/svg+xml", ext: "svg", placeholder: false };
}
