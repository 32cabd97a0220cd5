import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { FilterDisclosure, FilterField } from "~/components/browse";
import { LocalTime } from "~/components/local-time";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { IMPORT_MAX_BYTES, importEntries, parseExport } from "~/journal/export.server";
import { activeFilterCount, JOURNAL_MOODS, journalFilters, type JournalFilters } from "~/journal/practice";
import { journalFacetsQuery, journalSearchQuery, readFacets } from "~/journal/search.server";
import type { PageHandle } from "~/lib/page-handle";
import { readShape } from "~/lib/page-reads.server";
import { FULL_DECK } from "~/tarot/cards";
import { Input, Select } from "~/components/ui/field";
import { lazySchema } from "~/lib/lazy-schema";
import { parseForm } from "~/lib/read-form.server";
import { z } from "zod";

/**
 * One round trip (the session's check and the page's reads together), and a render reused for the
 * same data. An import reads what the journal holds, then writes what is new, 40 readings a batch.
 */
export const handle: PageHandle = { roundTrips: 1, renderMemo: true, actionRoundTrips: 4 };

/** The whole journal and what its filters offer, written once (lib/page-reads); a search or a filter builds its own reads. */
const JOURNAL = readShape((db, me) => [journalSearchQuery(db, me, {}), journalFacetsQuery(db, me)]);

export const meta: MetaFunction = () => [{ title: "Reading Journal — Arcanum" }];

const CARD_NAMES = new Map(FULL_DECK.map((card) => [card.key, card.name]));
const ORDER = new Map(FULL_DECK.map((card, i) => [card.key, i]));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const filters = journalFilters.parse(Object.fromEntries(new URL(request.url).searchParams));
  const narrowed = Boolean(filters.q) || activeFilterCount(filters) > 0;
  // The person and their readings in one round trip.
  const [, [entries, facetRows]] = await Promise.all([
    requireUser(request, context),
    narrowed ? context.read((me) => [journalSearchQuery(context.db, me, filters), journalFacetsQuery(context.db, me)] as const) : context.read(JOURNAL, {}),
  ]);
  const facets = readFacets(facetRows[0]);
  const cards = facets.cards
    .filter((key) => CARD_NAMES.has(key))
    .sort((a, b) => ORDER.get(a)! - ORDER.get(b)!)
    .map((key) => ({ key, name: CARD_NAMES.get(key)! }));
  return { entries, filters, facets: { ...facets, cards }, narrowed };
}

type ImportAnswer = { ok: boolean; message: string };

/** The journal file to import: a file that is not empty (its size and contents are checked below). */
const importForm = lazySchema(() => z.object({ journal: z.instanceof(File).refine((file) => file.size > 0) }));

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  if (user.isGuest) return data<ImportAnswer>({ ok: false, message: "Create an account to import a journal: it stays with you." }, { status: 401 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<ImportAnswer>({ ok: false, message: "Choose a journal file to import." }, { status: 400 });
  }
  const read = parseForm(form, importForm);
  if (!read.ok) return data<ImportAnswer>({ ok: false, message: "Choose a journal file to import." }, { status: 400 });
  const file = read.data.journal;
  if (file.size > IMPORT_MAX_BYTES) return data<ImportAnswer>({ ok: false, message: "This file is too large to import (at most 4 MB)." }, { status: 413 });
  const parsed = parseExport(await file.text());
  if (!parsed.ok) return data<ImportAnswer>({ ok: false, message: parsed.message }, { status: 422 });
  const result = await importEntries(context.db, user.id, parsed.entries);
  if (!result.ok) return data<ImportAnswer>({ ok: false, message: result.message }, { status: 422 });
  const readings = (n: number) => `${n} ${n === 1 ? "reading" : "readings"}`;
  const message =
    result.added === 0
      ? `Nothing new: the ${readings(result.skipped)} in this file ${result.skipped === 1 ? "is" : "are"} in your journal already.`
      : `Imported ${readings(result.added)}.${result.skipped ? ` ${readings(result.skipped)} ${result.skipped === 1 ? "was" : "were"} in your journal already.` : ""}`;
  return { ok: true, message } satisfies ImportAnswer;
}

function Filters({
  filters,
  facets,
  narrowed,
}: {
  filters: JournalFilters;
  facets: ReturnType<typeof useLoaderData<typeof loader>>["facets"];
  narrowed: boolean;
}) {
  const active = activeFilterCount(filters);
  return (
    <Form method="get" className="grid gap-3" role="search" aria-label="Search your journal">
      <div className="flex gap-2">
        <label htmlFor="journal-q" className="sr-only">
          Search your readings
        </label>
        <Input
          look="inline"
          className="flex-1"
          id="journal-q"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          placeholder="Search questions, cards, notes, tags…"
        />
        <button type="submit" className={buttonClasses("primary")}>
          Search
        </button>
      </div>
      <FilterDisclosure active={active} openAtFirst={false}>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <FilterField id="journal-deck" label="Deck">
            <Select look="compact" id="journal-deck" name="deck" defaultValue={filters.deck ?? ""}>
              <option value="">Any deck</option>
              {facets.decks.map((deck) => (
                <option key={deck.id} value={deck.id}>
                  {deck.title}
                </option>
              ))}
            </Select>
          </FilterField>
          <FilterField id="journal-spread" label="Spread">
            <Select look="compact" id="journal-spread" name="spread" defaultValue={filters.spread ?? ""}>
              <option value="">Any spread</option>
              {facets.spreads.map((spread) => (
                <option key={spread.id} value={spread.id}>
                  {spread.name}
                </option>
              ))}
            </Select>
          </FilterField>
          <FilterField id="journal-card" label="Card">
            <Select look="compact" id="journal-card" name="card" defaultValue={filters.card ?? ""}>
              <option value="">Any card</option>
              {facets.cards.map((card) => (
                <option key={card.key} value={card.key}>
                  {card.name}
                </option>
              ))}
            </Select>
          </FilterField>
          <FilterField id="journal-tag" label="Tag">
            <Select look="compact" id="journal-tag" name="tag" defaultValue={filters.tag ?? ""}>
              <option value="">Any tag</option>
              {facets.tags.map((tag) => (
                <option key={tag} value={tag}>
                  {tag}
                </option>
              ))}
            </Select>
          </FilterField>
          <FilterField id="journal-mood" label="Mood">
            <Select look="compact" id="journal-mood" name="mood" defaultValue={filters.mood ?? ""}>
              <option value="">Any mood</option>
              {JOURNAL_MOODS.map((mood) => (
                <option key={mood} value={mood}>
                  {mood[0]!.toUpperCase() + mood.slice(1)}
                </option>
              ))}
            </Select>
          </FilterField>
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className={buttonClasses("secondary", "sm")}>
            Apply filters
          </button>
          {narrowed ? (
            <Link to="/journal" className={buttonClasses("ghost", "sm")}>
              Clear
            </Link>
          ) : null}
        </div>
      </FilterDisclosure>
    </Form>
  );
}

function TakeAway() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <section aria-labelledby="journal-files" className="mt-12 rounded-3xl border border-line bg-surface/80 p-5 sm:p-6">
      <h2 id="journal-files" className="text-lg font-semibold">
        Your journal as a file
      </h2>
      <p className="mt-1 text-sm text-muted">Keep a copy, open it in a spreadsheet, or bring a journal back from a file exported here.</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href="/journal/export.json" download className={buttonClasses("secondary", "sm")}>
          Export as JSON
        </a>
        <a href="/journal/export.csv" download className={buttonClasses("secondary", "sm")}>
          Export as CSV
        </a>
      </div>
      <Form method="post" encType="multipart/form-data" className="mt-5 grid gap-2">
        <label htmlFor="journal-file" className="text-sm font-semibold">
          Import a journal file (.json)
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id="journal-file"
            name="journal"
            type="file"
            accept="application/json,.json"
            required
            className="min-w-0 max-w-full text-sm"
            aria-describedby="journal-import-help"
          />
          <button type="submit" className={buttonClasses("primary", "sm")} disabled={importing}>
            {importing ? "Importing…" : "Import"}
          </button>
        </div>
        <p
          id="journal-import-help"
          role={answer ? (answer.ok ? "status" : "alert") : undefined}
          className={answer && !answer.ok ? "text-sm text-danger" : "text-sm text-muted"}
        >
          {answer?.message ?? "Readings already in your journal are not added twice."}
        </p>
      </Form>
    </section>
  );
}

export default function Journal() {
  const { entries, filters, facets, narrowed } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Your readings" title="Reading Journal">
        <p>Every reading you finish is kept here, with room for your own notes.</p>
      </PageHeader>
      <nav aria-label="More of your journal" className="mb-6 flex flex-wrap justify-center gap-2">
        <Link to="/journal/log" className={buttonClasses("secondary", "sm")}>
          Log a reading with your own deck
        </Link>
        <Link to="/journal/stats" className={buttonClasses("ghost", "sm")}>
          Your journal in numbers
        </Link>
      </nav>
      {facets.total === 0 ? (
        <div className="rounded-3xl border border-dashed border-line p-10 text-center">
          <p className="text-muted">No readings yet. Ask for an interpretation at the table and it lands here.</p>
          <Link reloadDocument to="/reading-room?create=true" className={`${buttonClasses("primary")} mt-4`}>
            Open a reading room
          </Link>
        </div>
      ) : (
        <>
          <Filters filters={filters} facets={facets} narrowed={narrowed} />
          <p className="mt-4 text-sm text-muted" role="status" data-testid="journal-count">
            {narrowed
              ? `${entries.length} of ${facets.total} ${facets.total === 1 ? "reading" : "readings"}`
              : `${facets.total} ${facets.total === 1 ? "reading" : "readings"}`}
          </p>
          {entries.length === 0 ? (
            <p className="mt-6 rounded-2xl border border-dashed border-line p-6 text-center text-muted">
              No reading matches. Try other words, or clear the filters.
            </p>
          ) : (
            <ul className="mt-3 grid gap-3" data-testid="journal">
              {entries.map((entry) => (
                <li key={entry.id}>
                  <Link to={`/journal/${entry.id}`} className="block rounded-2xl border border-line bg-surface/80 p-4 transition hover:bg-surface-2">
                    <p className="font-semibold">{entry.question ? `“${entry.question}”` : "A reading without a question"}</p>
                    <p className="mt-1 text-sm text-muted">
                      {entry.cards.length > 0 ? `${entry.spreadName} · ${entry.cards.map((card) => card.name).join(", ")}` : "No cards were drawn"}
                      {entry.physicalDeck ? ` · ${entry.physicalDeck}` : ""}
                    </p>
                    {entry.tags.length > 0 || entry.mood ? (
                      <p className="mt-2 flex flex-wrap gap-1.5">
                        {entry.mood ? <span className="rounded-full bg-brand/15 px-2 py-0.5 text-xs">{entry.mood}</span> : null}
                        {entry.tags.map((tag) => (
                          <span key={tag} className="rounded-full border border-line px-2 py-0.5 text-xs">
                            #{tag}
                          </span>
                        ))}
                      </p>
                    ) : null}
                    <p className="mt-1 text-xs text-muted">
                      <LocalTime at={entry.createdAt} style="mediumWithTime" />
                      {entry.shared ? " · shared" : ""}
                    </p>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <TakeAway />
    </div>
  );
}
