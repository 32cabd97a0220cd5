/**
 * A deck's card back: one of the painted designs for its theme and style, or a picture its owner
 * uploaded. The app's pages, the reading room's pile and the prints all ask here for it.
 */
import { BACK_DESIGNS } from "../art/local-art";
import { cardBackUrl } from "./images";

export type DeckBack = { kind: "painted"; design: number } | { kind: "upload"; key: string; version: number };

/** The back as the deck's columns hold it (`card_back`, `back_image_key`, `updated_at` as its version). */
export function deckBackOf(deck: { cardBack: string | null; backImageKey: string | null; updatedAt?: number }): DeckBack {
  if (deck.cardBack === "upload" && deck.backImageKey) return { kind: "upload", key: deck.backImageKey, version: deck.updatedAt ?? 0 };
  const design = /^painted-(\d)$/.exec(deck.cardBack ?? "");
  return { kind: "painted", design: design ? Math.min(BACK_DESIGNS - 1, Number(design[1])) : 0 };
}

export const backDesignOf = (back: DeckBack) => (back.kind === "painted" ? back.design : 0);

/** Where the browser finds the back. */
export function deckBackUrl(deck: { theme: string; artStyle: string | null }, back: DeckBack): string {
  if (back.kind === "upload") return `/media/${back.key}?v=${back.version.toString(36)}`;
  return cardBackUrl(deck.theme, deck.artStyle, back.design);
}

/** A tag for the back, part of a print's version. */
export const backVersion = (back: DeckBack) => (back.kind === "upload" ? `u:${back.key}:${back.version}` : `p:${back.design}`);
