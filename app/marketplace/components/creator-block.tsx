import { Link } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { shopPath } from "~/marketplace/shop";
import { DeckTile } from "~/decks/deck-tile";
import { VerifiedCreatorBadge } from "~/components/verified-creator-badge";
import { FollowButton } from "./follow-and-wish";

type Creator = {
  username: string | null;
  isCreator: boolean;
  fullName: string | null;
  avatarUrl: string | null;
  bio: string | null;
  verified: boolean;
  decks: {
    id: string;
    title: string;
    theme: string;
    coverUrl: string | null;
    priceCents: number;
    cardCount: number;
    creatorUsername: null;
    ratingAverage: number | null;
    ratingCount: number;
  }[];
};

/** Who made the deck, in their own words, and a few of their other decks in the marketplace. */
export function CreatorBlock({ creator, following }: { creator: Creator; following: boolean | null }) {
  const name = creator.fullName || (creator.username ? `@${creator.username}` : "The creator");
  return (
    <section aria-labelledby="creator-heading" className="mt-14 rounded-3xl border border-line bg-surface/80 p-5 sm:p-8">
      <div className="flex items-center gap-4">
        <Avatar name={creator.fullName || creator.username || "?"} url={creator.avatarUrl} size={64} />
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wider text-muted">The creator</p>
          <h2 id="creator-heading" className="break-words text-2xl font-bold">
            {name}
            {creator.isCreator ? <CreatorMark /> : null}
          </h2>
          {creator.fullName && creator.username ? <p className="text-sm text-muted">@{creator.username}</p> : null}
          {creator.verified ? <VerifiedCreatorBadge className="mt-1" /> : null}
        </div>
      </div>
      {creator.bio ? <p className="mt-4 max-w-2xl whitespace-pre-line break-words leading-relaxed">{creator.bio}</p> : null}
      {creator.username ? (
        <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-3">
          {/* `following` is null on the creator's own deck: nobody follows themselves. */}
          {following === null ? null : <FollowButton username={creator.username} name={name} following={following} />}
          <Link to={shopPath(creator.username)} className="inline-block font-semibold text-brand underline underline-offset-4" data-testid="shop-link">
            Visit {name}’s shop
          </Link>
        </div>
      ) : null}
      {creator.decks.length > 0 ? (
        <>
          <h3 className="mt-8 text-lg font-semibold">More decks by {name}</h3>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {creator.decks.map((deck) => (
              <li key={deck.id}>
                <DeckTile deck={deck} href={`/marketplace/${deck.id}`} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The mark of a person who has put a deck in the marketplace (`users.is_creator`). */
export function CreatorMark() {
  return (
    <span
      className="ml-1.5 inline-flex items-center rounded-full border border-gold/60 px-2 py-0.5 align-middle text-[11px] font-semibold uppercase tracking-wider text-gold"
      data-testid="creator-mark"
    >
      Creator
    </span>
  );
}
