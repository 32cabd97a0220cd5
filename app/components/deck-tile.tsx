import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { DeckSummary } from "~/decks/queries.server";
import { formatPrice } from "~/decks/images";
import { TarotCardImage } from "./tarot-card";

type Tile = Pick<DeckSummary, "id" | "title" | "theme" | "coverUrl" | "priceCents" | "cardCount" | "creatorUsername" | "coverName">;

/**
 * A deck's cover, title and theme. `status` replaces the price line's right side (an owner's own
 * decks show whether they are public, private or still being made, not a price).
 */
export function DeckTile({ deck, href, eager = false, status }: { deck: Tile; href: string; eager?: boolean; status?: ReactNode }) {
  return (
    <Link
      to={href}
      prefetch="intent"
      className="group flex flex-col gap-3 rounded-2xl p-2 transition hover:bg-surface-2/70"
    >
      <TarotCardImage
        src={deck.coverUrl}
        alt=""
        eager={eager}
        className="transition duration-300 group-hover:-translate-y-1 group-hover:rotate-[-1deg]"
      />
      <div className="px-1">
        <h3 className="font-display text-xl font-bold leading-tight">{deck.title}</h3>
        <p className="mt-0.5 line-clamp-1 text-sm text-muted">{deck.theme}</p>
        {deck.creatorUsername ? <p className="mt-1 truncate text-sm text-muted">by @{deck.creatorUsername}</p> : null}
        <p className="mt-1 flex items-baseline justify-between gap-2 text-sm">
          <span className="text-xs text-muted">{deck.cardCount} cards</span>
          {status ?? <span className="font-semibold text-gold">{formatPrice(deck.priceCents)}</span>}
        </p>
      </div>
    </Link>
  );
}
