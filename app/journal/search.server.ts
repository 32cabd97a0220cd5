/**
 * Looking back through the journal: full-text search over questions, interpretations, notes, cards
 * and tags (the index `reading_journal_search`, migration 0033), filters by deck, spread, card, tag
 * and mood, and the choices those filters offer, drawn from the person's own readings.
 */
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { decks, readingJournal } from "../../db/schema";
import type { Database } from "../db.server";
import { matchQuery } from "../lib/full-text";
import type { Me } from "../lib/page-reads.server";
import { linkAgreed } from "../reading-room/journal.server";
import { CLASSIC_DECK, PHYSICAL_DECKS, PHYSICAL_DECKS_TITLE, type JournalFilters } from "./practice";

export const JOURNAL_PAGE_LIMIT = 200;

function conditions(me: Me | string, filters: JournalFilters): SQL {
  const match = filters.q ? matchQuery(filters.q) : null;
  const parts: (SQL | undefined)[] = [
    eq(readingJournal.userId, me),
    match === null ? undefined : sql`${readingJournal}.rowid in (select rowid from reading_journal_search where reading_journal_search match ${match})`,
    filters.deck === CLASSIC_DECK
      ? and(isNull(readingJournal.deckId), isNull(readingJournal.physicalDeck))
      : filters.deck === PHYSICAL_DECKS
        ? isNotNull(readingJournal.physicalDeck)
        : filters.deck
          ? eq(readingJournal.deckId, filters.deck)
          : undefined,
    filters.spread ? eq(readingJournal.spreadId, filters.spread) : undefined,
    filters.card ? sql`exists (select 1 from json_each(${readingJournal.cards}) as c where json_extract(c.value, '$.key') = ${filters.card})` : undefined,
    filters.tag ? sql`exists (select 1 from json_each(${readingJournal.tags}) as t where t.value = ${filters.tag})` : undefined,
    filters.mood ? eq(readingJournal.mood, filters.mood) : undefined,
  ];
  return and(...parts)!;
}

/** The person's readings that match, newest first. */
export function journalSearchQuery(db: Database, me: Me | string, filters: JournalFilters) {
  return db
    .select({
      id: readingJournal.id,
      question: readingJournal.question,
      spreadName: readingJournal.spreadName,
      cards: readingJournal.cards,
      tags: readingJournal.tags,
      mood: readingJournal.mood,
      physicalDeck: readingJournal.physicalDeck,
      createdAt: readingJournal.createdAt,
      shared: sql<boolean>`${readingJournal.shareId} IS NOT NULL AND ${linkAgreed}`,
    })
    .from(readingJournal)
    .where(conditions(me, filters))
    .orderBy(desc(readingJournal.createdAt))
    .limit(JOURNAL_PAGE_LIMIT);
}

/** What the filters can offer: the decks, spreads, cards and tags of the person's own readings. */
export function journalFacetsQuery(db: Database, me: Me | string) {
  return db
    .select({
      decks: sql<string>`coalesce((select json_group_array(json_object('id', case when j.physical then ${PHYSICAL_DECKS} else coalesce(j.deck_id, ${CLASSIC_DECK}) end, 'title', case when j.physical then ${PHYSICAL_DECKS_TITLE} else coalesce(d.title, 'Classic deck') end)) from (select distinct deck_id, physical_deck is not null as physical from reading_journal where user_id = ${me}) as j left join ${decks} as d on d.id = j.deck_id), '[]')`,
      spreads: sql<string>`coalesce((select json_group_array(json_object('id', spread_id, 'name', spread_name)) from (select spread_id, max(spread_name) as spread_name from reading_journal where user_id = ${me} group by spread_id)), '[]')`,
      cards: sql<string>`coalesce((select json_group_array(key) from (select distinct json_extract(c.value, '$.key') as key from reading_journal as r, json_each(r.cards) as c where r.user_id = ${me})), '[]')`,
      tags: sql<string>`coalesce((select json_group_array(value) from (select distinct t.value as value from reading_journal as r, json_each(r.tags) as t where r.user_id = ${me} order by t.value)), '[]')`,
      total: sql<number>`(select count(*) from reading_journal where user_id = ${me})`,
    })
    .from(sql`(select 1)`);
}

export type JournalFacets = { decks: { id: string; title: string }[]; spreads: { id: string; name: string }[]; cards: string[]; tags: string[]; total: number };

/** The facets row as the page uses it. */
export function readFacets(row: { decks: string; spreads: string; cards: string; tags: string; total: number } | undefined): JournalFacets {
  if (!row) return { decks: [], spreads: [], cards: [], tags: [], total: 0 };
  return {
    decks: (JSON.parse(row.decks) as JournalFacets["decks"]).sort((a, b) => a.title.localeCompare(b.title)),
    spreads: (JSON.parse(row.spreads) as JournalFacets["spreads"]).sort((a, b) => a.name.localeCompare(b.name)),
    cards: JSON.parse(row.cards) as string[],
    tags: JSON.parse(row.tags) as string[],
    total: row.total,
  };
}
