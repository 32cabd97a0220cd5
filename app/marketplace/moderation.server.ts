/**
 * Moderation: what the Arcanum staff see of reports, and what they do about a listing. Hiding
 * takes a deck out of the marketplace with a reason its creator reads, and closes the deck's open
 * reports as "actioned" in the same batch; dismissing closes them as "dismissed"; unhiding puts
 * the listing back; the featured flag puts it in the shop window. Each action may be repeated:
 * the second time changes nothing more.
 */
import { and, asc, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { deckListings, deckReports, decks, users } from "../../db/schema";
import type { Database } from "../db.server";
import { recordStaffAction } from "../staff/audit.server";
import { forgetCuratedRow } from "./browse.server";

export const HIDDEN_REASON_MAX = 500;

const deckId = lazySchema(() => z.string().trim().min(1, "Choose a deck").max(64, "Choose a deck"));

export const moderationForm = lazySchema(() =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("hide"),
        deckId,
        reason: z
          .string()
          .trim()
          .min(1, "Tell the creator why their deck is hidden: they will read it")
          .max(HIDDEN_REASON_MAX, `Keep the reason under ${HIDDEN_REASON_MAX} characters`),
      }),
      z.object({ intent: z.literal("dismiss"), deckId }),
      z.object({ intent: z.literal("unhide"), deckId }),
      z.object({ intent: z.literal("feature"), deckId }),
      z.object({ intent: z.literal("unfeature"), deckId }),
    ],
    { error: "Unknown action." },
  ),
);

export type ModerationInput = z.output<typeof moderationForm>;
export type ModerationOutcome = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

const reporters = alias(users, "reporter");

export type ReportedDeck = {
  deckId: string;
  title: string;
  creator: string | null;
  hiddenAt: number | null;
  featured: boolean;
  reports: { id: string; reason: string; reporter: string | null; createdAt: number }[];
};

/** Open reports grouped by deck: the most reported deck first, then the longest waiting. */
export async function openReportsByDeck(db: Database): Promise<ReportedDeck[]> {
  const rows = await db
    .select({
      id: deckReports.id,
      deckId: deckReports.deckId,
      reason: deckReports.reason,
      createdAt: deckReports.createdAt,
      reporter: reporters.username,
      title: decks.title,
      creator: users.username,
      hiddenAt: deckListings.hiddenAt,
      featured: deckListings.featured,
    })
    .from(deckReports)
    .innerJoin(decks, eq(decks.id, deckReports.deckId))
    .innerJoin(users, eq(users.id, decks.creatorId))
    .innerJoin(reporters, eq(reporters.id, deckReports.reporterId))
    .leftJoin(deckListings, eq(deckListings.deckId, deckReports.deckId))
    .where(eq(deckReports.status, "open"))
    .orderBy(asc(deckReports.createdAt))
    .limit(1000);
  const byDeck = new Map<string, ReportedDeck>();
  for (const row of rows) {
    const deck = byDeck.get(row.deckId) ?? {
      deckId: row.deckId,
      title: row.title,
      creator: row.creator,
      hiddenAt: row.hiddenAt,
      featured: Boolean(row.featured),
      reports: [],
    };
    deck.reports.push({ id: row.id, reason: row.reason, reporter: row.reporter, createdAt: row.createdAt });
    byDeck.set(row.deckId, deck);
  }
  return [...byDeck.values()].sort((a, b) => b.reports.length - a.reports.length || a.reports[0]!.createdAt - b.reports[0]!.createdAt);
}

/** Listings for the staff: those whose title has the text, or, with no text, every hidden and featured one. */
export async function listingsForStaff(db: Database, query: string) {
  const text = query.trim().toLowerCase();
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const openReports = sql<number>`(select count(*) from ${deckReports} where ${deckReports.deckId} = ${deckListings.deckId} and ${deckReports.status} = 'open')`;
  const rows = await db
    .select({
      deckId: deckListings.deckId,
      title: decks.title,
      creator: users.username,
      status: deckListings.status,
      priceCents: deckListings.priceCents,
      hiddenAt: deckListings.hiddenAt,
      hiddenReason: deckListings.hiddenReason,
      featured: deckListings.featured,
      openReports,
    })
    .from(deckListings)
    .innerJoin(decks, eq(decks.id, deckListings.deckId))
    .innerJoin(users, eq(users.id, decks.creatorId))
    .where(text ? sql`lower(${decks.title}) like ${like} escape '\\'` : or(isNotNull(deckListings.hiddenAt), eq(deckListings.featured, true)))
    .orderBy(desc(deckListings.featured), desc(deckListings.hiddenAt), asc(decks.title))
    .limit(100);
  return rows.map((row) => ({ ...row, featured: Boolean(row.featured), openReports: Number(row.openReports) }));
}

const noListing: ModerationOutcome = { ok: false, status: 404, message: "This deck is not in the marketplace." };

/** Carries out one staff action on a deck's listing and its reports. */
export async function moderate(db: Database, staffId: string, input: ModerationInput, now = Date.now()): Promise<ModerationOutcome> {
  const listed = await db.query.deckListings.findFirst({ columns: { deckId: true, hiddenAt: true }, where: eq(deckListings.deckId, input.deckId) });
  const reported = listed ? null : await db.query.deckReports.findFirst({ columns: { id: true }, where: eq(deckReports.deckId, input.deckId) });
  // A report of a deck whose listing is gone can still be dismissed; nothing else acts without a listing.
  if (!listed && !(input.intent === "dismiss" && reported)) return noListing;
  const closeReports = (status: "actioned" | "dismissed") =>
    db
      .update(deckReports)
      .set({ status, resolvedAt: now, resolvedBy: staffId })
      .where(and(eq(deckReports.deckId, input.deckId), eq(deckReports.status, "open")));
  // A changed listing may be in the home page's curated row: this isolate's copy of it goes.
  switch (input.intent) {
    case "hide":
      // The first hiding keeps its date; hiding again only rewrites the reason.
      await db.batch([
        db
          .update(deckListings)
          .set({ hiddenAt: sql`coalesce(${deckListings.hiddenAt}, ${now})`, hiddenReason: input.reason, featured: false, updatedAt: now })
          .where(eq(deckListings.deckId, input.deckId)),
        closeReports("actioned"),
      ]);
      forgetCuratedRow();
      return { ok: true, message: "The deck is hidden from the marketplace; its creator can read why." };
    case "dismiss":
      await closeReports("dismissed");
      return { ok: true, message: "The reports are dismissed; the deck stays as it is." };
    case "unhide":
      await db.update(deckListings).set({ hiddenAt: null, hiddenReason: null, updatedAt: now }).where(eq(deckListings.deckId, input.deckId));
      forgetCuratedRow();
      return { ok: true, message: "The deck is back in the marketplace (if its creator still lists it)." };
    case "feature":
    case "unfeature":
      if (input.intent === "feature" && listed?.hiddenAt != null)
        return { ok: false, status: 409, message: "A hidden deck cannot be featured: unhide it first." };
      await db
        .update(deckListings)
        .set({ featured: input.intent === "feature" })
        .where(eq(deckListings.deckId, input.deckId));
      forgetCuratedRow();
      return { ok: true, message: input.intent === "feature" ? "The deck is featured: it leads the shop window." : "The deck is no longer featured." };
  }
}

/** A staff page's form, parsed and carried out: the outcome for the page, with its status. */
export async function moderateFromForm(db: Database, staffId: string, form: FormData) {
  const raw = Object.fromEntries([...form].map(([key, value]) => [key, String(value)]));
  const parsed = moderationForm.safeParse(raw);
  const deckId = typeof raw.deckId === "string" ? raw.deckId : undefined;
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0] === "reason" ? "reason" : undefined;
    return { status: 400, result: { ok: false, message: issue.message, deckId, field } };
  }
  const outcome = await moderate(db, staffId, parsed.data);
  if (outcome.ok) {
    const reason = parsed.data.intent === "hide" ? parsed.data.reason : "One-click moderation";
    await recordStaffAction(db, { staffId, action: parsed.data.intent, target: `deck:${parsed.data.deckId}`, reason, outcome: outcome.message });
  }
  return { status: outcome.ok ? 200 : outcome.status, result: { ok: outcome.ok, message: outcome.message, deckId: parsed.data.deckId } };
}
