// `npm run bench:decks`: how fast a 78-card deck is made, with the real generation code against
// local D1 and R2 and an AI adapter that answers after a simulated delay (text 300 ms, image
// 1.5 s by default), compared with the same work done one call at a time; and how long the
// local painter takes per card. Prints the figures and writes bench-results/decks.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { and, eq } from "drizzle-orm";
import { LocalAi, type AiService } from "../app/ai/ai.server";
import { paintCardSvg } from "../app/art/local-art";
import { createDatabase, type Database } from "../app/db.server";
import { GENERATION_CONCURRENCY, runGeneration } from "../app/decks/generation.server";
import { cardImageKey } from "../app/decks/images";
import { FULL_DECK } from "../app/tarot/cards";
import { cards, decks, users } from "../db/schema";
import { prepareState, projectRoot } from "./local-app.mjs";
import { openLocalBindings } from "./local-bindings";

function option(name: string, fallback: number) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}
const TEXT_MS = option("text-ms", 300);
const IMAGE_MS = option("image-ms", 1500);

async function newDeck(db: Database, label: string) {
  const userId = `bench-${label}-${Date.now()}`;
  const deckId = crypto.randomUUID();
  await db.insert(users).values({ id: userId, email: `${userId}@example.com` });
  await db.insert(decks).values({ id: deckId, creatorId: userId, title: label, theme: "Moonlit tides", artStyle: "watercolour", kind: "complete" });
  for (let i = 0; i < FULL_DECK.length; i += 10) {
    await db.insert(cards).values(
      FULL_DECK.slice(i, i + 10).map((card) => ({
        id: crypto.randomUUID(),
        deckId,
        cardKey: card.key,
        name: card.name,
        arcana: card.arcana,
        suit: card.suit,
        number: card.number,
      })),
    );
  }
  return deckId;
}

/** The same work, one call after another: describe, paint, store, record, card by card. */
async function sequential(db: Database, bucket: R2Bucket, ai: AiService, deckId: string) {
  for (const card of FULL_DECK) {
    const description = await ai.describeCard({ card, theme: "Moonlit tides", style: "watercolour" });
    const image = await ai.paintCard({ card, theme: "Moonlit tides", style: "watercolour" });
    const key = cardImageKey(deckId, card.name, image.ext);
    await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.contentType } });
    await db.update(cards).set({ description, imageKey: key, status: "ready" }).where(eqCard(deckId, card.key));
  }
}

const eqCard = (deckId: string, key: string) => and(eq(cards.deckId, deckId), eq(cards.cardKey, key));

const state = mkdtempSync(path.join(tmpdir(), "arcanum-bench-decks-"));
prepareState(state);
const proxy = await openLocalBindings(state);
try {
  const db = createDatabase(proxy.env.DB);
  const bucket = proxy.env.MEDIA as unknown as R2Bucket;
  // The local adapter, answering only after the delays a remote model would take.
  const ai: AiService = new LocalAi(Math.random, { textMs: TEXT_MS, imageMs: IMAGE_MS });

  console.log(`78 cards, text ${TEXT_MS} ms, image ${IMAGE_MS} ms, ${GENERATION_CONCURRENCY} cards at a time`);
  const concurrentDeck = await newDeck(db, "concurrent");
  let started = performance.now();
  const result = await runGeneration({ db, bucket, ai }, concurrentDeck);
  const concurrentMs = performance.now() - started;
  console.log(`  generation: ${(concurrentMs / 1000).toFixed(1)} s (${result.made} made, ${result.failed} failed)`);

  const sequentialDeck = await newDeck(db, "sequential");
  started = performance.now();
  await sequential(db, bucket, ai, sequentialDeck);
  const sequentialMs = performance.now() - started;
  console.log(`  sequential: ${(sequentialMs / 1000).toFixed(1)} s`);
  const speedup = sequentialMs / concurrentMs;
  console.log(`  speed-up: ${speedup.toFixed(2)}x (target at least 6x)`);

  const local = new LocalAi();
  const themes = ["Moonlit tides", "Neon city oracle", "Autumn forest lanterns"];
  const styles = ["watercolour", "pixel art", "woodcut"];
  started = performance.now();
  let bytes = 0;
  for (const [i, theme] of themes.entries()) {
    for (const card of FULL_DECK) bytes += paintCardSvg({ card, theme, style: styles[i]! }).length;
  }
  const paintMs = (performance.now() - started) / (themes.length * FULL_DECK.length);
  started = performance.now();
  for (const card of FULL_DECK) await local.describeCard({ card, theme: "Moonlit tides", style: "watercolour" });
  const describeMs = (performance.now() - started) / FULL_DECK.length;
  console.log(
    `local painter: ${paintMs.toFixed(2)} ms per card (average SVG ${(bytes / (themes.length * FULL_DECK.length) / 1024).toFixed(1)} KB); local description: ${describeMs.toFixed(3)} ms per card`,
  );

  mkdirSync(path.join(projectRoot, "bench-results"), { recursive: true });
  const figures = {
    measuredAt: new Date().toISOString(),
    textMs: TEXT_MS,
    imageMs: IMAGE_MS,
    concurrency: GENERATION_CONCURRENCY,
    generationSeconds: Number((concurrentMs / 1000).toFixed(2)),
    sequentialSeconds: Number((sequentialMs / 1000).toFixed(2)),
    speedup: Number(speedup.toFixed(2)),
    speedupTarget: 6,
    localPainterMsPerCard: Number(paintMs.toFixed(3)),
    localDescriptionMsPerCard: Number(describeMs.toFixed(4)),
  };
  writeFileSync(path.join(projectRoot, "bench-results", "decks.json"), `${JSON.stringify(figures, null, 2)}\n`);
  console.log("saved bench-results/decks.json");
} finally {
  await proxy.dispose();
  rmSync(state, { recursive: true, force: true });
}
