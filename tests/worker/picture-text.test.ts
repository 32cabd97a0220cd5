import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvg from "@resvg/resvg-wasm/index_bg.wasm";
import { beforeAll, describe, expect, it } from "vitest";
import { fontFiles, pictureText } from "../../app/media/picture-engines.server";
import type { TextMeasure } from "../../app/media/picture-text";
import { sizesDown } from "../../app/media/picture-text";
import { workerPictureEngines } from "../../app/media/worker-picture-engines.server";
import { pictureFace } from "../../app/media/picture-faces";
import { pictureFontFiles } from "../../app/media/picture-style";
import { woffToSfnt } from "../../app/media/woff";
// The bold Latin face as the site ships it, as a data URL.
import shippedBold from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-700-normal.woff?inline";

/** The bytes of a base64 data URL. */
const dataOf = (url: string) => Uint8Array.from(atob(url.slice(url.indexOf(",") + 1)), (char) => char.charCodeAt(0)).buffer;

let measure: TextMeasure;
let faces: Uint8Array[];

beforeAll(async () => {
  await initWasm(resvg);
  measure = await pictureText(workerPictureEngines);
  faces = await fontFiles(workerPictureEngines);
});

/** The ink box resvg draws `text` in, set at `size` in the face of `weight` and `style`. */
function inkBox(text: string, size: number, weight: 600 | 700, style: "normal" | "italic", fonts = faces) {
  const family = measure.family({ weight, style });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="400"><text x="100" y="200" font-family="${family}" font-size="${size}" font-weight="${weight}" font-style="${style}">${text}</text></svg>`;
  const box = new Resvg(svg, { font: { loadSystemFonts: false, fontBuffers: fonts } }).getBBox();
  if (!box) throw new Error("nothing drawn");
  return box;
}

describe("text in the Worker's pictures", () => {
  it("measures a line as wide as resvg draws it, in every face and across the Latin and Latin Extended files", () => {
    const samples = [
      { text: "Seraphina Vale", weight: 700, style: "normal" },
      { text: "Maximiliana Wolkenstein-Übermarsch", weight: 700, style: "normal" },
      { text: "Łukasiewicz Ørsted Ğüneş", weight: 700, style: "normal" },
      { text: "passed the Arcanum reader examination", weight: 600, style: "normal" },
      { text: "Certificate of Tarot Reading", weight: 600, style: "italic" },
    ] as const;
    for (const sample of samples) {
      const measured = measure.width(sample.text, { size: 80, weight: sample.weight, style: sample.style });
      const drawn = inkBox(sample.text, 80, sample.weight, sample.style).width;
      // The ink box leaves out the side bearings of the first and last letters; kerning moves a few pixels.
      expect(Math.abs(drawn - measured), `${sample.text}: measured ${measured}, drawn ${drawn}`).toBeLessThan(0.03 * measured + 12);
    }
  });

  it("wraps at spaces within the width, breaks a word only when it alone is wider, and shrinks then cuts what will not fit", () => {
    const face = { weight: 700, style: "normal", size: 60 } as const;
    const title = "The Very Long Chronicle of the Seven Silver Foxes Beneath the Drowned Cathedral of Ys and Beyond";
    const lines = measure.wrap(title, 600, face);
    expect(lines.join(" ")).toBe(title);
    for (const line of lines) expect(measure.width(line, face)).toBeLessThanOrEqual(600);
    expect(lines.length).toBeGreaterThan(2);

    const word = "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    const broken = measure.wrap(word, 300, face);
    expect(broken.join("")).toBe(word);
    for (const line of broken) expect(measure.width(line, face)).toBeLessThanOrEqual(300);

    const short = measure.fit("Moon Garden", 600, 3, sizesDown(76, 48, 4), face);
    expect(short).toEqual({ size: 76, lines: ["Moon Garden"] });
    const long = measure.fit(title, 600, 3, sizesDown(76, 48, 4), face);
    expect(long.size).toBe(48);
    expect(long.lines).toHaveLength(3);
    expect(long.lines[2]!.endsWith("…")).toBe(true);
    for (const line of long.lines) expect(measure.width(line, { ...face, size: 48 })).toBeLessThanOrEqual(600);
  });

  it("draws lining figures, so a zero in a verification id stands as tall as a capital rather than an o", async () => {
    const zero = inkBox("0", 200, 700, "normal");
    const capital = inkBox("O", 200, 700, "normal");
    const letter = inkBox("o", 200, 700, "normal");
    expect(zero.height).toBeGreaterThan(letter.height * 1.25);
    expect(Math.abs(zero.height - capital.height)).toBeLessThan(capital.height * 0.12);

    // The face as shipped draws old-style figures: the zero is no taller than an o.
    const shipped = await woffToSfnt(dataOf(shippedBold));
    expect(inkBox("0", 200, 700, "normal", [shipped]).height).toBeLessThan(letter.height * 1.1);
  });

  it("draws in the faces the build made from the shipped files, unwrapped and given lining figures, byte for byte", async () => {
    const bold = pictureFontFiles.findIndex((font) => font.file === "cormorant-garamond-latin-700-normal.woff");
    expect(faces[bold]).toEqual(await pictureFace(dataOf(shippedBold)));
    // Plain font files (TrueType), which resvg reads, not WOFF.
    for (const face of faces) expect(new DataView(face.buffer, face.byteOffset).getUint32(0)).toBe(0x00010000);
  });
});
