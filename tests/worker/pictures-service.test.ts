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

  it("draws a card's stills: one JPEG 300 and one 600 pixels wide, heights in proportion, the smaller halved from the larger", async () => {
    const card = `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="80"><rect width="60" height="80" fill="#0000ff"/><rect width="30" height="80" fill="#ffff00"/></svg>`;
    const stills = await raster.stills(card);
    for (const width of [300, 600] as const) {
      const jpeg = stills[width];
      expect([jpeg[0], jpeg[1], jpeg.at(-2), jpeg.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
      const frame = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xc0);
      const view = new DataView(jpeg.buffer, jpeg.byteOffset + frame);
      expect({ height: view.getUint16(5), width: view.getUint16(7), components: view.getUint8(9) }).toEqual({ width, height: (width * 4) / 3, components: 3 });
    }
    // A JPEG of two flat halves is small; a PNG of the same would be no smaller at 600 × 800.
    expect(stills[300].byteLength).toBeLessThan(stills[600].byteLength);
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
