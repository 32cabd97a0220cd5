/** The heart a saved thing shows: filled once it is saved (a deck on the wishlist, a favourite reader). */
export function Heart({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.5-4.6-9.2-9.3C1.6 7.8 3.8 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.4 0 5.6 3.3 4.4 6.7-1.7 4.7-9.2 9.3-9.2 9.3Z" />
    </svg>
  );
}

/** The round button a heart sits in on a tile or a card in a list. */
export const ROUND_HEART_CLASSES = "grid size-11 place-items-center rounded-full border border-line bg-surface/90 shadow-sm transition hover:bg-surface-2";
