import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { DeckTile, RatingStars } from "~/decks/deck-tile";
import { BundleCard } from "~/marketplace/components/bundle-card";
import { CreatorMark } from "~/marketplace/components/creator-block";
import { VerifiedCreatorBadge } from "~/components/verified-creator-badge";
import { FollowButton } from "~/marketplace/components/follow-and-wish";
import { PricesInUsd } from "~/marketplace/components/prices-in-usd";
import { shopFollowQuery } from "~/marketplace/follows.server";
import { shopOf } from "~/marketplace/shop.server";
import { shopPath } from "~/marketplace/shop";
import { SHARE_PICTURE_SIZE } from "~/media/picture-style";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Shop not found — Arcanum" }];
  const { creator, decks, origin } = data;
  const name = creator.fullName || `@${creator.username}`;
  const title = `${name}’s tarot decks — Arcanum`;
  const text = creator.bio || `${decks.length} ${decks.length === 1 ? "tarot deck" : "tarot decks"} by ${name} on Arcanum.`;
  const description = text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
  // The newest deck's shared picture stands for the shop.
  const image = decks[0] ? `${origin}/marketplace/${decks[0].id}/share.png` : null;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:site_name", content: "Arcanum" },
    { property: "og:title", content: `${name} on Arcanum` },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}${shopPath(creator.username)}` },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:type", content: "image/png" },
          { property: "og:image:width", content: String(SHARE_PICTURE_SIZE.width) },
          { property: "og:image:height", content: String(SHARE_PICTURE_SIZE.height) },
          { property: "og:image:alt", content: `A card from ${decks[0]!.title}` },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: `${name} on Arcanum` },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const username = params.username ?? "";
  // How many follow the shop, and whether the person asking does, with the session's check.
  const [shop, [[follow]]] = await Promise.all([shopOf(context.db, username), context.read((me) => [shopFollowQuery(context.db, username, me)] as const)]);
  if (!shop) throw new Response("Shop not found", { status: 404 });
  return {
    ...shop,
    follow: { followers: follow?.followers ?? 0, following: follow?.following ?? false, own: follow?.own ?? false },
    origin: new URL(request.url).origin,
  };
}

export default function Shop() {
  const { creator, decks, bundles, bannerUrl, rating, follow } = useLoaderData<typeof loader>();
  const name = creator.fullName || `@${creator.username}`;
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <header className="relative mt-6 overflow-hidden rounded-3xl border border-line bg-surface/80">
        <div className="relative h-32 bg-surface-2 sm:h-44" aria-hidden="true">
          {bannerUrl ? <img src={bannerUrl} alt="" className="h-full w-full object-cover object-[50%_30%] opacity-80 blur-[1px]" /> : null}
          <div className="absolute inset-0 bg-gradient-to-b from-transparent to-surface/90" />
        </div>
        <div className="relative -mt-12 flex flex-wrap items-end gap-4 px-5 pb-5 sm:px-8">
          <span className="rounded-full border-4 border-surface bg-surface">
            <Avatar name={creator.fullName || creator.username} url={creator.avatarUrl} size={88} />
          </span>
          <div className="min-w-0 flex-1">
            <h1 className="break-words text-3xl font-bold sm:text-4xl">
              {name}
              {creator.isCreator ? <CreatorMark /> : null}
            </h1>
            <p className="text-sm text-muted">
              {creator.fullName ? `@${creator.username} · ` : ""}
              {`${decks.length} ${decks.length === 1 ? "deck" : "decks"} in the marketplace · `}
              <span data-testid="follower-count">{`${follow.followers} ${follow.followers === 1 ? "follower" : "followers"}`}</span>
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2">
              <RatingStars average={rating.average} count={rating.count} />
              {creator.verified ? <VerifiedCreatorBadge /> : null}
            </p>
          </div>
          {follow.own ? null : <FollowButton username={creator.username} name={name} following={follow.following} className="w-full sm:w-auto" />}
        </div>
        {creator.bio ? <p className="max-w-3xl whitespace-pre-line break-words px-5 pb-6 leading-relaxed sm:px-8">{creator.bio}</p> : null}
      </header>

      {bundles.length > 0 ? (
        <section aria-labelledby="shop-bundles" className="mt-8">
          <h2 id="shop-bundles" className="text-2xl font-bold">
            Bundles
          </h2>
          <ul className="mt-4 grid gap-3 md:grid-cols-2" data-testid="shop-bundles">
            {bundles.map((bundle) => (
              <BundleCard key={bundle.id} bundle={bundle} />
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="shop-decks" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="shop-decks" className="text-2xl font-bold">
            Decks
          </h2>
          {decks.length > 0 ? <PricesInUsd /> : null}
        </div>
        {decks.length === 0 ? (
          <p className="mt-3 rounded-3xl border border-line bg-surface/80 p-6 text-center text-muted" data-testid="shop-empty">
            {name} has no decks in the marketplace yet.{" "}
            <Link to="/marketplace" className="underline">
              Browse the marketplace
            </Link>
          </p>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="shop-decks">
            {decks.map((deck, i) => (
              <li key={deck.id}>
                <DeckTile deck={deck} href={`/marketplace/${deck.id}`} eager={i < 2} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
