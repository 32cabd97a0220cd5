import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { TarotCardImage } from "../components/tarot-card";
import { VerifiedCreatorBadge } from "../components/verified-creator-badge";
import { formatPrice } from "../lib/format";

type Tile = {
  id: string;
  title: string;
  theme: string;
  coverUrl: string | null;
  priceCents: number | null;
  cardCount: number;
  creatorUsername: string | null;
  /** The creator carries the verified-creator badge. */
  creatorVerified?: boolean;
  /** Marketplace tiles show the average rating and how many gave one; null average means no rating yet. */
  ratingAverage?: number | null;
  ratingCount?: number;
};

/** Five stars filled to the average, read out as a sentence. */
export function RatingStars({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) return <span className="text-xs text-muted">No ratings yet</span>;
  const filled = Math.round(average);
  return (
    <span className="inline-flex items-center gap-1 text-xs text-muted">
      <span className="sr-only">
        Rated {average.toFixed(1)} out of 5 by {count} {count === 1 ? "buyer" : "buyers"}
      </span>
      <span aria-hidden="true" className="tracking-tight text-gold">
        {"★".repeat(filled)}
        <span className="text-line">{"★".repeat(5 - filled)}</span>
      </span>
      <span aria-hidden="true">
        {average.toFixed(1)} ({count})
      </span>
    </span>
  );
}

/**
 * A deck's cover, title and theme. `status` replaces the price line's right side (an owner's own
 * decks show whether they are public, private or still being made, not a price).
 */
export function DeckTile({ deck, href, eager = false, status }: { deck: Tile; href: string; eager?: boolean; status?: ReactNode }) {
  return (
    <Link to={href} prefetch="intent" className="group flex h-full flex-col gap-3 rounded-2xl p-2 transition hover:bg-surface-2/70">
      <TarotCardImage src={deck.coverUrl} alt="" eager={eager} className="transition duration-300 group-hover:-translate-y-1 group-hover:rotate-[-1deg]" />
      <div className="min-w-0 px-1">
        <h3 className="break-words font-display text-xl font-bold leading-tight">{deck.title}</h3>
        <p className="mt-0.5 line-clamp-1 text-sm text-muted">{deck.theme}</p>
        {deck.creatorUsername ? (
          <p className="mt-1 flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm text-muted">
            <span className="max-w-full shrink-0 truncate">by @{deck.creatorUsername}</span>
            {deck.creatorVerified ? <VerifiedCreatorBadge compact /> : null}
          </p>
        ) : null}
        {deck.ratingCount !== undefined ? (
          <p className="mt-1">
            <RatingStars average={deck.ratingAverage ?? null} count={deck.ratingCount} />
          </p>
        ) : null}
        <p className="mt-1 flex items-baseline justify-between gap-2 text-sm">
          <span className="text-xs text-muted">
            {deck.cardCount} {deck.cardCount === 1 ? "card" : "cards"}
          </span>
          {status ?? <span className="font-semibold text-gold">{deck.priceCents ? formatPrice(deck.priceCents) : "Free"}</span>}
        </p>
      </div>
    </Link>
  );
}
