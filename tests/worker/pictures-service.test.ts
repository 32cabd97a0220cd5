/**
 * The pictures Worker (workers/pictures.ts, decision 0095) as the app reaches it: through the
 * PICTURES binding to the bundle the build made, in a runtime of its own beside the app's.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_SVG_BYTES, PictureServiceError, rasterOver } from "../../app/media/pictures-service.server";
import { printPngHeader } from "../../app/print/png";

const send = (request: Request) => env.PICTURES.fetch(request);
const raster = rasterOver(send);
const call = (path: string, init?: RequestInit) => env.PICTURES.fetch(new Request(`https://pictures.internal${path}`, init));

/** A 40 × 30 picture: red, with a word in the site's face. */
const SMALL = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#ff0000"/><text x="2" y="20" font-size="12" font-family="serif">Hi</text></svg>`;

describe("the pictures service", () => {
  it("draws an SVG as a plain PNG and as the print PNG the PDF copies, each at the SVG's size", async () => {
    const png = await raster.png(SMALL);
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const view = new DataView(png.buffer, png.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([40, 30]);

    const print = await raster.printPng(SMALL);
    // Our own layout (RGB, one IDAT), which the PDF writer reads without decoding.
    expect(printPngHeader(print)).toMatchObject({ width: 40, height: 30 });
  });

  it("answers what it cannot draw with a reason and the right status, and the app's side raises it", async () => {
    expect((await call("/png", { method: "POST", body: "hello" })).status).toBe(422);
    const broken = await call("/print-png", { method: "POST", body: "<svg><g></svg>" });
    expect(broken.status).toBe(422);
    expect(await broken.text()).toMatch(/^The picture could not be drawn: /);
    const get = await call("/png");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await call("/jpeg", { method: "POST", body: SMALL })).status).toBe(404);
    expect((await call("/png", { method: "POST", body: `<svg xmlns="http://www.w3.org/2000/svg">${" ".repeat(MAX_SVG_BYTES)}</svg>` })).status).toBe(413);
    expect((await call("/healthz")).status).toBe(200);

    const refused = await raster.png("not a picture").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PictureServiceError);
    expect((refused as PictureServiceError).status).toBe(422);
  });
});
