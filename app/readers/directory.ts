import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { SPECIALTIES } from "./application";

/** Shared by the readers page's form and its server query. */
export const READERS_PAGE_SIZE = 12;

export const readerSorts = ["recommended", "price-low", "price-high", "top-rated", "most-readings", "newest"] as const;
export type ReaderSort = (typeof readerSorts)[number];

export const READER_SORT_LABELS: Record<ReaderSort, string> = {
  recommended: "Recommended",
  "price-low": "Price: low to high",
  "price-high": "Price: high to low",
  "top-rated": "Top rated",
  "most-readings": "Most readings",
  newest: "Newest",
};

/** The lowest average ratings one may ask for, as they appear in the URL. */
export const readerRatingFloors = ["4.5", "4", "3"] as const;

/** Dollars a minute in the URL; a value that is not a sensible price is ignored rather than refused. */
const dollars = lazySchema(() => z.coerce.number().finite().min(0).max(10_000).optional().catch(undefined));

/**
 * The readers page's query. Every parameter is optional and a value that does not parse is dropped,
 * so an old or hand-edited link still shows the list instead of an error.
 */
export const readersQuerySchema = lazySchema(() =>
  z.object({
    online: z.enum(["1", "on", "true"]).optional().catch(undefined),
    /** Only the viewer's favourite readers. */
    mine: z.enum(["1", "on", "true"]).optional().catch(undefined),
    specialty: z.enum(SPECIALTIES).optional().catch(undefined),
    language: z.string().trim().min(1).max(40).optional().catch(undefined),
    min: dollars,
    max: dollars,
    rating: z.enum(readerRatingFloors).optional().catch(undefined),
    sort: z.enum(readerSorts).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  }),
);

export type ReadersQuery = z.infer<typeof readersQuerySchema>;

/** The query from a URL's search parameters; empty fields count as absent. */
export function parseReadersQuery(searchParams: URLSearchParams): ReadersQuery {
  return readersQuerySchema.parse(Object.fromEntries([...searchParams].filter(([, value]) => value !== "")));
}

/** The query string for a link to the list, without empty values and without page 1. */
export function readersSearch(query: ReadersQuery, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, page: page && page > 1 ? page : undefined })) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A rating as the list and profile show it: "4.8", from the stored sum and count; null when unrated. */
export function averageRating(ratingSum: number, ratingCount: number): number | null {
  return ratingCount > 0 ? Math.round((ratingSum / ratingCount) * 10) / 10 : null;
}
