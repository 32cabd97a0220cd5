/**
 * Reports: a member tells the staff that a deck in the marketplace breaks the rules. One report
 * per person per deck (the table's unique index holds the rule, so two at once make one); the
 * creator cannot report their own deck, and only a deck anyone can find may be reported.
 */
import { and, eq } from "drizzle-orm";
import { deckListings, deckReports, decks, users } from "../../db/schema";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { newId } from "../lib/crypto";
import { isOnSale } from "./ownership.server";
import { REPORT_REASONS, type ReportInput } from "./reports";

export { REPORT_DETAILS_MAX, REPORT_REASONS, reportForm, type ReportInput, type ReportReason } from "./reports";

/** The stored text of a report: the reason's label, then the person's own words, if any. */
export function reportText(input: ReportInput): string {
  return input.details ? `${REPORT_REASONS[input.reason]}: ${input.details}` : REPORT_REASONS[input.reason];
}

export type ReportPage =
  | { state: "open"; deckId: string; title: string; creator: string | null }
  | { state: "own" | "reported"; deckId: string; title: string; creator: string | null };

/** What the report page offers this person about this deck; null when the deck is not in the marketplace. */
export async function reportPage(db: Database, deckId: string, user: CurrentUser): Promise<ReportPage | null> {
  const [[row], earlier] = await Promise.all([
    db
      .select({ title: decks.title, status: decks.status, creatorId: decks.creatorId, creator: users.username, listing: deckListings })
      .from(decks)
      .innerJoin(users, eq(users.id, decks.creatorId))
      .leftJoin(deckListings, eq(deckListings.deckId, decks.id))
      .where(eq(decks.id, deckId))
      .limit(1),
    db.query.deckReports.findFirst({ columns: { id: true }, where: and(eq(deckReports.deckId, deckId), eq(deckReports.reporterId, user.id)) }),
  ]);
  if (!row || row.status !== "ready" || !isOnSale(row.listing)) return null;
  const base = { deckId, title: row.title, creator: row.creator };
  if (row.creatorId === user.id) return { state: "own", ...base };
  return { state: earlier ? "reported" : "open", ...base };
}

export type ReportOutcome = { ok: true; message: string } | { ok: false; status: 401 | 404 | 409; message: string };

export const REPORT_RECEIVED = "Thank you: your report reached the Arcanum staff. They look at every report.";
export const REPORT_ALREADY = "Your report of this deck has already been received. The staff look at every report.";

/** Files the person's report of the deck, once. */
export async function fileReport(db: Database, user: CurrentUser, deckId: string, input: ReportInput, now = Date.now()): Promise<ReportOutcome> {
  if (user.isGuest) return { ok: false, status: 401, message: "Create an account or log in to report a deck." };
  const page = await reportPage(db, deckId, user);
  if (!page) return { ok: false, status: 404, message: "Deck not found" };
  if (page.state === "own") return { ok: false, status: 409, message: "This is your deck: you cannot report it." };
  const inserted = await db
    .insert(deckReports)
    .values({ id: newId(), deckId, reporterId: user.id, reason: reportText(input), status: "open", createdAt: now })
    .onConflictDoNothing({ target: [deckReports.reporterId, deckReports.deckId] })
    .returning({ id: deckReports.id });
  if (inserted.length === 0) return { ok: false, status: 409, message: REPORT_ALREADY };
  return { ok: true, message: REPORT_RECEIVED };
}
