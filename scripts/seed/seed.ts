// Makes the local development database and bucket that `wrangler dev` uses ready: the migrations not
// yet applied, then the demo data, with the stills of the decks' covers drawn by resvg in this process.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createDatabase } from "../../app/db.server";
import { pictureFontFiles } from "../../app/media/picture-style";
import { resvgRaster } from "../../app/print/resvg-raster.server";
import { openLocalBindings } from "../local-bindings";
import { applyMigrations } from "./migrate-local";
import { seedDemoData } from "./seed-data";

const require = createRequire(import.meta.url);
const bytes = (specifier: string) => {
  const data = readFileSync(require.resolve(specifier));
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
};
const fonts = pictureFontFiles.map(({ file, ...font }) => ({ ...font, load: () => Promise.resolve(bytes(`@fontsource/cormorant-garamond/files/${file}`)) }));
const stills = resvgRaster({ resvg: new WebAssembly.Module(bytes("@resvg/resvg-wasm/index_bg.wasm")), fonts });

// The state of `wrangler dev --persist-to ARCANUM_PERSIST_TO`, or the project's own.
const proxy = await openLocalBindings();
try {
  const migrated = await applyMigrations(proxy.env.DB);
  console.log(migrated.length > 0 ? `Applied ${migrated.length} migrations, ${migrated[0]} to ${migrated.at(-1)}.` : "No migrations to apply.");
  const counts = await seedDemoData(createDatabase(proxy.env.DB), proxy.env.MEDIA, Date.now(), stills);
  console.log(
    `Seeded ${counts.users} users, ${counts.decks} decks, ${counts.cards} cards, ${counts.listings} listings, ${counts.readings} paid readings and ${counts.reviews} reviews.`,
  );
} finally {
  await proxy.dispose();
}
