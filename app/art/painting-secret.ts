/**
 * A deck's painting secret: the random choices of its pictures come from it, so the deck's public
 * theme and style are not enough to paint them again. It is kept with the deck and never sent.
 */

export { newPaintingSecret } from "../../db/columns";

/** What one painting of one card takes from its deck's secret: the deck's own seed and the painting's. */
export type PaintingSeeds = { deck: number; card: number };

const encoder = new TextEncoder();

/**
 * The seeds of one painting (a card and its variant) under the deck's secret, from HMAC-SHA-256:
 * a card that anyone may see tells nothing of another card's seed, nor of the secret.
 */
export async function paintingSeeds(secret: string, cardKey: string, variant: number): Promise<PaintingSeeds> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const seed = async (label: string) => new DataView(await crypto.subtle.sign("HMAC", key, encoder.encode(label))).getUint32(0);
  const [deck, card] = await Promise.all([seed("deck"), seed(`card:${cardKey}:${Math.max(0, Math.floor(variant))}`)]);
  return { deck, card };
}
