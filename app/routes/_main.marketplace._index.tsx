import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { STYLE_IDS } from "~/art/styles";
import { DeckTile } from "~/decks/deck-tile";
import { deckKinds } from "../../db/columns";
import { FilterDisclosure, FilterField, Pagination } from "~/components/browse";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { BROWSE_PAGE_SIZE, browseSorts } from "~/marketplace/browse";
import { browseQuery, browseResult } from "~/marketplace/browse.server";
import { wishedDecksQuery } from "~/marketplace/wishlist.server";
import { WishButton } from "~/marketplace/components/follow-and-wish";
import { PricesInUsd } from "~/marketplace/components/prices-in-usd";
import { formatCount } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { Input, Select } from "~/components/ui/field";

/** One round trip (the session's check and the page's reads together), and a render reused for the same data. */
export const handle: PageHandle = { roundTrips: 1, renderMemo: true };

export const meta: MetaFunction = () => [
  { title: "Marketplace — Arcanum" },
  { name: "description", content: "Browse and buy tarot decks made by Arcanum's creators." },
];

const SORT_LABELS: Record<(typeof browseSorts)[number], string> = {
  featured: "Featured",
  newest: "Newest",
  "best-selling": "Best selling",
  "top-rated": "Top rated",
  "price-low": "Price: low to high",
  "price-high": "Price: high to low",
};

/** Dollars in the URL; a value that is not a sensible price is ignored rather than refused. */
const dollars = lazySchema(() => z.coerce.number().finite().min(0).max(100_000).optional().catch(undefined));

/**
 * The URL's query: every parameter is optional and a value that does not parse is dropped, so an
 * old or hand-edited link still shows the marketplace instead of an error.
 */
const browseQuerySchema = lazySchema(() =>
  z.object({
    q: z.string().trim().max(100).optional().catch(undefined),
    min: dollars,
    max: dollars,
    free: z.enum(["1", "on", "true"]).optional().catch(undefined),
    kind: z.enum(deckKinds).optional().catch(undefined),
    style: z.enum(STYLE_IDS).optional().catch(undefined),
    rating: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
    sort: z.enum(browseSorts).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  }),
);

type BrowseQuery = z.infer<typeof browseQuerySchema>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = browseQuerySchema.parse(Object.fromEntries([...url.searchParams].filter(([, v]) => v !== "")));
  let minPriceCents = query.min === undefined ? undefined : Math.round(query.min * 100);
  let maxPriceCents = query.max === undefined ? undefined : Math.round(query.max * 100);
  if (minPriceCents !== undefined && maxPriceCents !== undefined && minPriceCents > maxPriceCents) {
    [minPriceCents, maxPriceCents] = [maxPriceCents, minPriceCents];
  }
  const params = {
    q: query.q,
    minPriceCents,
    maxPriceCents,
    free: query.free !== undefined,
    kind: query.kind,
    style: query.style,
    minRating: query.rating,
    sort: query.sort,
    page: query.page,
  };
  const statement = browseQuery(context.db, params);
  // Read with the session's check, in the page's one round trip: the page's decks and those on the person's wishlist.
  const [rows, wishes] = statement
    ? await context.read((me) => [statement, wishedDecksQuery(context.db, me)] as const)
    : [[], (await context.read((me) => [wishedDecksQuery(context.db, me)] as const))[0]];
  const wished = new Set(wishes.map((wish) => wish.deckId));
  const result = await browseResult(context.db, params, rows);
  return { ...result, tiles: result.tiles.map((tile) => ({ ...tile, wished: wished.has(tile.id) })), query };
}

/** The query string for a link, without empty values and without page 1. */
function searchFor(query: BrowseQuery, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, page: page && page > 1 ? page : undefined })) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export default function Marketplace() {
  const { tiles, total, page, pageCount, query } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const filtered = Object.entries(query).some(([key, value]) => key !== "page" && key !== "sort" && value !== undefined);
  // What the Filters button counts: the fields behind it that narrow the result (the search box is beside it).
  const activeFilters = [query.min, query.max, query.free, query.kind, query.style, query.rating].filter((value) => value !== undefined).length;
  const first = (page - 1) * BROWSE_PAGE_SIZE + 1;
  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Marketplace" title="Decks from the community">
        <p>Every deck here was dreamed up by a creator and painted with Arcanum. Preview the cards, then make one yours.</p>
      </PageHeader>
      <Form
        method="get"
        role="search"
        aria-label="Search and filter decks"
        className="rounded-3xl border border-line bg-surface/70 p-4 sm:p-5"
        onChange={(event) => {
          // Typing in the search box waits for Enter or the button; the other fields apply at once.
          if ((event.target as HTMLElement).getAttribute("name") !== "q") submit(event.currentTarget, { preventScrollReset: true });
        }}
      >
        <div className="flex gap-2">
          <label htmlFor="marketplace-search" className="sr-only">
            Search decks
          </label>
          <input
            id="marketplace-search"
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            maxLength={100}
            placeholder="Search title, theme, tags or creator"
            className="h-11 min-w-0 flex-1 rounded-full border border-line bg-surface px-5 text-ink placeholder:text-muted/80 focus:border-brand focus:outline-none"
          />
          <button type="submit" className={buttonClasses("primary")}>
            Search
          </button>
        </div>
        <div className="mt-3 sm:mt-4">
          <FilterDisclosure active={activeFilters} openAtFirst={total === 0 && activeFilters > 0}>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
              <FilterField id="filter-min" label="Min price ($)">
                <Input look="compact" id="filter-min" name="min" type="number" min={0} step="0.01" inputMode="decimal" defaultValue={query.min ?? ""} />
              </FilterField>
              <FilterField id="filter-max" label="Max price ($)">
                <Input look="compact" id="filter-max" name="max" type="number" min={0} step="0.01" inputMode="decimal" defaultValue={query.max ?? ""} />
              </FilterField>
              <FilterField id="filter-kind" label="Deck">
                <Select look="compact" id="filter-kind" name="kind" defaultValue={query.kind ?? ""}>
                  <option value="">Any deck</option>
                  <option value="major_arcana">Major Arcana (22)</option>
                  <option value="complete">Full deck (78)</option>
                </Select>
              </FilterField>
              <FilterField id="filter-style" label="Style">
                <Select look="compact" className="capitalize" id="filter-style" name="style" defaultValue={query.style ?? ""}>
                  <option value="">Any style</option>
                  {STYLE_IDS.map((style) => (
                    <option key={style} value={style}>
                      {style}
                    </option>
                  ))}
                </Select>
              </FilterField>
              <FilterField id="filter-rating" label="Rating">
                <Select look="compact" id="filter-rating" name="rating" defaultValue={query.rating ?? ""}>
                  <option value="">Any rating</option>
                  {[4, 3, 2].map((stars) => (
                    <option key={stars} value={stars}>
                      {stars} stars and up
                    </option>
                  ))}
                </Select>
              </FilterField>
              <FilterField id="filter-sort" label="Sort by">
                <Select look="compact" id="filter-sort" name="sort" defaultValue={query.sort ?? "featured"}>
                  {browseSorts.map((sort) => (
                    <option key={sort} value={sort}>
                      {SORT_LABELS[sort]}
                    </option>
                  ))}
                </Select>
              </FilterField>
            </div>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
              <label className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" name="free" value="1" defaultChecked={query.free !== undefined} className="h-4 w-4 accent-brand" />
                Free decks only
              </label>
              <div className="flex items-center gap-3">
                {filtered ? (
                  <Link to="/marketplace" className="text-sm text-muted underline underline-offset-4 hover:text-ink">
                    Clear filters
                  </Link>
                ) : null}
                <button type="submit" className={buttonClasses("secondary", "sm")}>
                  Apply filters
                </button>
              </div>
            </div>
          </FilterDisclosure>
        </div>
      </Form>
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm text-muted" aria-live="polite">
          {total === 0
            ? query.q
              ? `0 decks matching “${query.q}”`
              : "0 decks"
            : `${formatCount(total)} ${total === 1 ? "deck" : "decks"}${query.q ? ` matching “${query.q}”` : ""}${
                pageCount > 1 ? ` · showing ${first}–${first + tiles.length - 1}` : ""
              }`}
        </p>
        <PricesInUsd />
      </div>
      {tiles.length > 0 ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
          {tiles.map((deck, i) => (
            <li key={deck.id} className="relative">
              <DeckTile deck={deck} href={`/marketplace/${deck.id}`} eager={i < 4} />
              <WishButton deckId={deck.id} title={deck.title} wished={deck.wished} compact className="absolute right-4 top-4" />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-6 rounded-2xl border border-dashed border-line p-10 text-center">
          <p className="font-display text-xl font-bold">No decks found</p>
          <p className="mt-2 text-muted">
            {total > 0 ? "This page is past the last one." : "Nothing matches these words and filters. Try fewer filters or another word."}
          </p>
          <Link to={total > 0 ? `/marketplace${searchFor(query, 1)}` : "/marketplace"} className={`${buttonClasses("secondary")} mt-5`}>
            {total > 0 ? "Back to the first page" : "Clear search and filters"}
          </Link>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} href={(n) => `/marketplace${searchFor(query, n)}`} />
    </div>
  );
}
