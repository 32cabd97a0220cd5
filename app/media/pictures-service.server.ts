/**
 * The pictures service (decision 0095): the app's Worker sends an SVG, the pictures Worker answers
 * with its PNG. Both ends are here, so the two cannot drift apart: `rasterOver` is the app's side,
 * over a service binding in production or a local address; `answerPictureRequest` is the pictures
 * Worker's.
 *
 *   POST /png        an SVG → a plain PNG
 *   POST /print-png  an SVG → the print PNG (app/print/png.ts)
 *   GET  /healthz    200 once it answers
 */
import type { Raster } from "./picture-engines.server";

const KINDS = { "/png": "png", "/print-png": "printPng" } as const satisfies Record<string, keyof Raster>;

/**
 * The largest SVG drawn: a card whose picture is an uploaded image carries it inline as a data
 * URL (uploads are at most 10 MB, a third more as base64), with room for the card around it.
 */
export const MAX_SVG_BYTES = 16 * 1024 * 1024;

/** A picture the service refused or could not draw; `status` is its answer's. */
export class PictureServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "PictureServiceError";
  }
}

/** The app's raster: each picture is one request to the service that `send` reaches. */
export function rasterOver(send: (request: Request) => Promise<Response>): Raster {
  const draw = async (path: keyof typeof KINDS, svg: string) => {
    const response = await send(
      new Request(`https://pictures.internal${path}`, { method: "POST", headers: { "content-type": "image/svg+xml; charset=utf-8" }, body: svg }),
    );
    if (!response.ok)
      throw new PictureServiceError(response.status, `The pictures service answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
    return new Uint8Array(await response.arrayBuffer());
  };
  return { png: (svg) => draw("/png", svg), printPng: (svg) => draw("/print-png", svg) };
}

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });

/** The pictures Worker's answer to one request, drawn by `raster` (resvg in its own isolate). */
export async function answerPictureRequest(request: Request, raster: Raster): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path === "/healthz" && request.method === "GET") return text(200, "ok");
  if (!(path in KINDS)) return text(404, "Not found: the pictures service draws at POST /png and POST /print-png");
  if (request.method !== "POST") return text(405, "Send the SVG with POST", { allow: "POST" });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_SVG_BYTES) return text(413, `An SVG of at most ${MAX_SVG_BYTES} bytes`);
  const svg = await request.text();
  if (svg.length > MAX_SVG_BYTES) return text(413, `An SVG of at most ${MAX_SVG_BYTES} bytes`);
  if (!/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(svg)) return text(422, "The body is not an SVG document");
  let png: Uint8Array<ArrayBuffer>;
  try {
    png = await raster[KINDS[path as keyof typeof KINDS]](svg);
  } catch (error) {
    // resvg refuses a document it cannot parse; anything else is ours and is reported as such.
    const message = error instanceof Error ? error.message : String(error);
    return text(/svg|xml|parse/i.test(message) ? 422 : 500, `The picture could not be drawn: ${message}`);
  }
  return new Response(png, { headers: { "content-type": "image/png", "content-length": String(png.byteLength) } });
}
