import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { gridPictureUrl } from "../../app/decks/images";
import { get, signInAs } from "./helpers";

/** Width and height of a WebP picture, from its header (VP8X, lossy VP8 or lossless VP8L); throws for anything else. */
function webpSize(bytes: Uint8Array): { width: number; height: number } {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (text(0, 4) !== "RIFF" || text(8, 12) !== "WEBP") throw new Error("not a WebP");
  const at = (i: number) => bytes[i]!;
  const chunk = text(12, 16);
  if (chunk === "VP8X") return { width: 1 + (at(24) | (at(25) << 8) | (at(26) << 16)), height: 1 + (at(27) | (at(28) << 8) | (at(29) << 16)) };
  if (chunk === "VP8 ") return { width: (at(26) | (at(27) << 8)) & 0x3fff, height: (at(28) | (at(29) << 8)) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = at(21) | (at(22) << 8) | (at(23) << 16) | (at(24) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  throw new Error(`unknown WebP chunk ${chunk}`);
}

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const thumbs = async (deckId: string) => (await env.MEDIA.list({ prefix: `card-images/${deckId}/thumbs/` })).objects.map((object) => object.key);

describe("card pictures at grid size", () => {
  it("draws an SVG card as a 400-pixel WebP, once: the second request gets the stored copy", async () => {
    const path = "/media/card-images/seed-deck-neon-oracle/the_fool.svg?v=1&size=grid";
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const picture = await bytesOf(first);
    // The card is 3:4; 400 wide is 533 high.
    expect(webpSize(picture)).toEqual({ width: 400, height: 533 });
    expect(picture.length).toBeLessThan(30_000);
    expect(await thumbs("seed-deck-neon-oracle")).toHaveLength(1);

    const again = await get(path);
    expect(again.headers.get("content-type")).toBe("image/webp");
    expect(await bytesOf(again)).toEqual(picture);
    expect(await thumbs("seed-deck-neon-oracle")).toHaveLength(1);
    // Without `size=grid` the picture itself comes, as SVG.
    expect((await get("/media/card-images/seed-deck-neon-oracle/the_fool.svg?v=1")).headers.get("content-type")).toBe("image/svg+xml");
  });

  it("asks the same question of the viewer as the picture itself: a private deck's thumbnails are its owner's", async () => {
    const path = "/media/card-images/seed-deck-autumn-lanterns/the_moon.svg?v=1&size=grid";
    expect((await get(path)).status).toBe(404);
    expect((await get(path, { cookie: await signInAs("seed-user-luna") })).status).toBe(404);
    expect(await thumbs("seed-deck-autumn-lanterns")).toHaveLength(0);
    const owner = await get(path, { cookie: await signInAs("seed-user-demo") });
    expect(owner.status).toBe(200);
    expect(owner.headers.get("content-type")).toBe("image/webp");
    expect(owner.headers.get("cache-control")).toContain("private");
  });

  it("makes a new thumbnail when a new picture is stored under the same key", async () => {
    const key = "card-images/seed-deck-neon-oracle/the_magician.svg";
    const path = `/media/${key}?v=2&size=grid`;
    const before = await bytesOf(await get(path));
    const original = await (await env.MEDIA.get(key))!.text();
    await env.MEDIA.put(key, original.replaceAll(/fill="#[0-9a-fA-F]{6}"/g, 'fill="#ff0000"'), { httpMetadata: { contentType: "image/svg+xml" } });
    const after = await bytesOf(await get(path));
    expect(webpSize(after)).toEqual({ width: 400, height: 533 });
    expect(after).not.toEqual(before);
    expect((await thumbs("seed-deck-neon-oracle")).filter((name) => name.includes("/the_magician."))).toHaveLength(2);
  });

  it("serves the picture itself when it cannot be drawn", async () => {
    // The Magician, like the Fool, is one of the deck's preview cards: anyone may see it.
    const key = "card-images/seed-deck-neon-oracle/the_magician.svg";
    await env.MEDIA.put(key, "<svg this is not", { httpMetadata: { contentType: "image/svg+xml" } });
    const response = await get(`/media/${key}?v=4&size=grid`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(await response.text()).toBe("<svg this is not");
  });

  it("asks for thumbnails of stored SVG cards only", () => {
    expect(gridPictureUrl("/media/card-images/d1/the_fool.svg?v=abc")).toBe("/media/card-images/d1/the_fool.svg?v=abc&size=grid");
    expect(gridPictureUrl("/media/card-images/d1/the_fool.png?v=abc")).toBe("/media/card-images/d1/the_fool.png?v=abc");
    expect(gridPictureUrl("/art/card.svg?key=major-00&theme=x")).toBe("/art/card.svg?key=major-00&theme=x");
  });

  it("has the deck page's grid show thumbnails, and its card dialog the picture itself", async () => {
    const html = await (await get("/collection/seed-deck-autumn-lanterns", { cookie: await signInAs("seed-user-demo") })).text();
    const grid = html.slice(html.indexOf('aria-label="Cards"'));
    const pictures = [...grid.matchAll(/<img src="(\/media\/card-images\/[^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
    expect(pictures).toHaveLength(22);
    expect(pictures.every((src) => src.endsWith("&size=grid"))).toBe(true);
    // The first row loads at once, the first card first; the rest as they come near.
    expect(grid.match(/loading="eager"/g)).toHaveLength(2);
    expect(grid).toContain('fetchpriority="high"');
  });
});
