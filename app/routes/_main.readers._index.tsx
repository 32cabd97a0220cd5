import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { FilterDisclosure, FilterField, Pagination } from "~/components/browse";
import { PageHeader } from "~/components/page-header";
import { ReaderCard } from "~/readers/reader-cards";
import { buttonClasses } from "~/components/ui/button";
import { formatCount } from "~/lib/format";
import { SPECIALTIES } from "~/readers/application";
import {
  parseReadersQuery,
  READER_SORT_LABELS,
  readerRatingFloors,
  readerSorts,
  READERS_PAGE_SIZE,
  readersSearch,
  type ReadersQuery,
} from "~/readers/directory";
import { browseReaders, readerLanguagesQuery, readersQuery, readersResult, type ReaderFilters } from "~/readers/queries.server";
import { useReaderPresence } from "~/readers/use-reader-presence";
import { FavouriteHeart } from "~/readers/favourite-controls";
import { formatLastSeen } from "~/readers/format";
import { Input, Select } from "~/components/ui/field";
import type { PageHandle } from "~/lib/page-handle";

// The list is one round trip with the viewer; a page past the last, or a language no reader offers, asks once more.
export const handle: PageHandle = { roundTrips: 2, renderMemo: true };

export const meta: MetaFunction = () => [
  { title: "Tarot readers — Arcanum" },
  { name: "description", content: "Book a live reading with a certified Arcanum tarot reader, by the minute." },
];

/** The query's prices in cents, low to high whichever way round they were typed. */
function priceRange(query: ReadersQuery) {
  const low = query.min === undefined ? undefined : Math.round(query.min * 100);
  const high = query.max === undefined ? undefined : Math.round(query.max * 100);
  return low !== undefined && high !== undefined && low > high ? { minPriceCents: high, maxPriceCents: low } : { minPriceCents: low, maxPriceCents: high };
}

function filtersOf(query: ReadersQuery, viewerId: ReaderFilters["viewerId"]): ReaderFilters {
  return {
    ...priceRange(query),
    viewerId,
    mine: query.mine !== undefined,
    online: query.online !== undefined,
    specialty: query.specialty,
    language: query.language,
    minRating: query.rating === undefined ? undefined : Number(query.rating),
    sort: query.sort,
    page: query.page,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = parseReadersQuery(new URL(request.url).searchParams);
  const now = Date.now();
  // The viewer, the languages on offer and the page of readers, with the viewer's favourites, in one round trip.
  const [viewer, [languageRows, rows]] = await Promise.all([
    context.currentUser(),
    context.read((me) => [readerLanguagesQuery(context.db), readersQuery(context.db, filtersOf(parsed, me), now)] as const),
  ]);
  const languages = languageRows.map((row) => row.language);
  const result = await readersResult(context.db, filtersOf(parsed, viewer?.id), rows, now);
  const shown = (page: typeof result) => ({
    ...page,
    readers: page.readers.map(({ lastSeenAt, ...reader }) => ({
      ...reader,
      lastSeen: !reader.online && lastSeenAt !== null ? formatLastSeen(lastSeenAt, now) : null,
    })),
    signedIn: viewer !== null,
  });
  const language = languages.find((l) => l.toLowerCase() === parsed.language?.toLowerCase());
  if (parsed.language === undefined || language !== undefined) return { ...shown(result), query: { ...parsed, language }, languages };
  // A language no reader offers is dropped like any other value the form could not have sent.
  const query = { ...parsed, language: undefined };
  return { ...shown(await browseReaders(context.db, filtersOf(query, viewer?.id), now)), query, languages };
}

export default function Readers() {
  const { readers, total, page, pageCount, query, languages, signedIn } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const online = useReaderPresence(readers.filter((r) => r.online).map((r) => r.username));
  const filtered = Object.entries(query).some(([key, value]) => key !== "page" && key !== "sort" && value !== undefined);
  const activeFilters = [query.specialty, query.language, query.min, query.max, query.rating, query.online, query.mine].filter(
    (value) => value !== undefined,
  ).length;
  const first = (page - 1) * READERS_PAGE_SIZE + 1;
  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Readers" title="Talk to a reader">
        <p>
          Certified readers, live when you need them. Each sets a per-minute price; levels grow with experience and reviews. Every paid live reading comes with
          our{" "}
          <Link to="/guarantee" className="underline">
            satisfaction guarantee
          </Link>
          .
        </p>
      </PageHeader>
      <Form
        method="get"
        role="search"
        aria-label="Filter readers"
        className="rounded-3xl border border-line bg-surface/70 p-4 sm:p-5"
        onChange={(event) => {
          // Prices wait for Enter or the button, so typing "1.5" does not reload at "1"; the other fields apply at once.
          const name = (event.target as HTMLElement).getAttribute("name");
          if (name !== "min" && name !== "max") submit(event.currentTarget, { preventScrollReset: true });
        }}
      >
        <FilterDisclosure active={activeFilters} openAtFirst={total === 0 && activeFilters > 0}>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            <FilterField id="filter-specialty" label="Specialty">
              <Select look="compact" id="filter-specialty" name="specialty" defaultValue={query.specialty ?? ""}>
                <option value="">Any specialty</option>
                {SPECIALTIES.map((specialty) => (
                  <option key={specialty} value={specialty}>
                    {specialty}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="filter-language" label="Language">
              <Select look="compact" id="filter-language" name="language" defaultValue={query.language ?? ""}>
                <option value="">Any language</option>
                {languages.map((language) => (
                  <option key={language} value={language}>
                    {language}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="filter-min" label="Min $ / minute">
              <Input look="compact" id="filter-min" name="min" type="number" min={0} step="0.01" inputMode="decimal" defaultValue={query.min ?? ""} />
            </FilterField>
            <FilterField id="filter-max" label="Max $ / minute">
              <Input look="compact" id="filter-max" name="max" type="number" min={0} step="0.01" inputMode="decimal" defaultValue={query.max ?? ""} />
            </FilterField>
            <FilterField id="filter-rating" label="Rating">
              <Select look="compact" id="filter-rating" name="rating" defaultValue={query.rating ?? ""}>
                <option value="">Any rating</option>
                {readerRatingFloors.map((floor) => (
                  <option key={floor} value={floor}>
                    {floor}+ stars
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="filter-sort" label="Sort by">
              <Select look="compact" id="filter-sort" name="sort" defaultValue={query.sort ?? "recommended"}>
                {readerSorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {READER_SORT_LABELS[sort]}
                  </option>
                ))}
              </Select>
            </FilterField>
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
              <label className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" name="online" value="1" defaultChecked={query.online !== undefined} className="h-4 w-4 accent-brand" />
                Online now
              </label>
              {signedIn ? (
                <label className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="mine"
                    value="1"
                    defaultChecked={query.mine !== undefined}
                    className="h-4 w-4 accent-brand"
                    data-testid="filter-mine"
                  />
                  Your readers
                </label>
              ) : null}
            </div>
            <div className="flex items-center gap-3">
              {filtered ? (
                <Link to="/readers" className="text-sm text-muted underline underline-offset-4 hover:text-ink">
                  Clear filters
                </Link>
              ) : null}
              <button type="submit" className={buttonClasses("secondary", "sm")}>
                Apply filters
              </button>
            </div>
          </div>
        </FilterDisclosure>
      </Form>
      <p className="mt-6 text-sm text-muted" aria-live="polite" data-testid="readers-count">
        {total === 0
          ? "0 readers"
          : `${formatCount(total)} ${total === 1 ? "reader" : "readers"}${pageCount > 1 ? ` · showing ${first}–${first + readers.length - 1}` : ""}`}
      </p>
      {readers.length > 0 ? (
        <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {readers.map((reader) => (
            <li key={reader.username} className="relative">
              <ReaderCard reader={reader} online={online.has(reader.username)} lastSeen={reader.lastSeen} />
              {/* A form beside the card's link, laid over its corner: a button may not sit inside a link. */}
              <FavouriteHeart
                username={reader.username}
                name={reader.fullName || reader.username}
                saved={reader.favourite}
                className="absolute right-4 top-4"
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-6 rounded-2xl border border-dashed border-line p-10 text-center">
          <p className="font-display text-xl font-bold">{total > 0 ? "No more readers" : filtered ? "No readers match" : "No readers yet"}</p>
          <p className="mt-2 text-muted">
            {total > 0
              ? "This page is past the last one."
              : query.mine !== undefined && activeFilters === 1
                ? "You have no favourite readers yet. Press the heart on a reader to keep them here."
                : filtered
                  ? "Nobody fits all of these filters right now. Try fewer filters, or look again later: readers come online through the day."
                  : "Certified readers will appear here."}
          </p>
          {total > 0 || filtered ? (
            <Link to={total > 0 ? `/readers${readersSearch(query, 1)}` : "/readers"} className={`${buttonClasses("secondary")} mt-5`}>
              {total > 0 ? "Back to the first page" : "Clear filters"}
            </Link>
          ) : (
            <Link to="/become-reader" className={`${buttonClasses("secondary")} mt-5`}>
              Become a reader
            </Link>
          )}
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} href={(n) => `/readers${readersSearch(query, n)}`} />
    </div>
  );
}
