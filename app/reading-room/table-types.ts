import type { CustomSpreadDefinition } from "./custom-spreads";

/** Each card's name and keywords, by the card's key, as the page hands them to the table. */
export type CardInfo = Record<string, { name: string; upright: string[]; reversed: string[] }>;

/** What the page's action answers: an invite link, or why an invite, a deck change or another of the table's forms was refused. */
export type TableActionData = {
  invite: { path: string; expiresAt: number; maxUses: number | null } | null;
  error: string | null;
  deckError?: string | null;
  tableError?: string | null;
};

/** One of the viewer's own spreads, offered to whoever leads after the built-in six. */
export type OwnSpread = { id: string; spread: CustomSpreadDefinition };
