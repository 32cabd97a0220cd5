/** Where the library keeps a card's page, by its key (`major-00`, `cups-queen`). */
export function libraryPath(key: string, deckId?: string | null): string {
  return deckId ? `/cards/${key}?deck=${encodeURIComponent(deckId)}` : `/cards/${key}`;
}
