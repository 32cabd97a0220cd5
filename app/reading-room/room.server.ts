import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { getServerByName } from "partyserver";
import { paidReadings, readingSessions, sessionParticipants } from "../../db/schema";
import { personName } from "../auth/display-name";
import { requireUser } from "../auth/guard.server";
import { isOwnNavigation } from "../auth/origin";
import type { CurrentUser } from "../auth/user.server";
import type { Database } from "../db.server";
import { getViewableDeck } from "../decks/queries.server";
import { createInvite, createInviteForm, invitePath } from "../invites/invite.server";
import { readConfig } from "../env.server";
import { newId } from "../lib/crypto";
import { FULL_DECK } from "../tarot/cards";
import { meaningOf } from "../tarot/meanings";
import { CLASSIC_CHOICE, tableArt } from "./deck-art.server";
import { decksForTable, deckTitleOf, roomMemberFor } from "./room-store.server";
import type { ChatEntry, TableAction } from "./messages";
import { isTableIntent, tableActionOf, tableFormReturn, type TableIntent } from "./table-forms";
import { seatStands } from "./seats.server";
import { getListing } from "../marketplace/listing.server";
import { deckRelation, mayUseWholeDeck, publicCards } from "../marketplace/ownership.server";
import type { CallKind } from "./call";
import type { RoomState } from "./state";
import { spreadById } from "./spreads";
import { CUSTOM_PREFIX, CUSTOM_SPREAD_ID } from "./custom-spreads";
import { spreadByLink, spreadsOf } from "./custom-spreads.server";

/** Names and keywords of every card, for the table to label what is drawn. */
const CARD_INFO = Object.fromEntries(
  FULL_DECK.map((card) => {
    const meaning = meaningOf(card);
    return [card.key, { name: card.name, upright: meaning.upright.keywords.slice(0, 3), reversed: meaning.reversed.keywords.slice(0, 3) }];
  }),
);

/** The deck picker's form without JavaScript: the deck's id, or empty for the classic deck. */
const changeDeckForm = lazySchema(() => z.object({ intent: z.literal("deck"), deckId: z.string().max(64) }));

/** The room's state and chat from its Durable Object, as a browser may see them. */
async function roomTable(context: AppLoadContext, sessionId: string, viewerId: string): Promise<{ state: RoomState; chat: ChatEntry[] } | null> {
  const room = await getServerByName(context.cloudflare.env.ReadingRoom, sessionId);
  return room.table(viewerId);
}

/** Starts a new reading's room (and a paid reading's clock) before anyone opens it. */
export async function openRoom(env: Env, sessionId: string) {
  const room = await getServerByName(env.ReadingRoom, sessionId);
  await room.open();
}

/** A reading the user hosts or sits in; null for anyone else. */
async function findOwnReading(db: Database, sessionId: string, userId: string) {
  const [row] = await db
    .select({
      id: readingSessions.id,
      createdAt: readingSessions.createdAt,
      hostUserId: readingSessions.hostUserId,
      step: readingSessions.readingStep,
      isActive: readingSessions.isActive,
      question: readingSessions.question,
      selectedCards: readingSessions.selectedCards,
      interpretation: readingSessions.interpretation,
      lastActivityAt: readingSessions.lastActivityAt,
      /** A paid reading's way of meeting; null for any other reading. */
      paidMode: sql<string | null>`(SELECT ${paidReadings.mode} FROM ${paidReadings} WHERE ${paidReadings.id} = ${readingSessions.id})`,
    })
    .from(readingSessions)
    .leftJoin(sessionParticipants, and(eq(sessionParticipants.sessionId, readingSessions.id), eq(sessionParticipants.userId, userId)))
    .where(and(eq(readingSessions.id, sessionId), or(eq(readingSessions.hostUserId, userId), and(eq(sessionParticipants.userId, userId), seatStands()))))
    .limit(1);
  return row ?? null;
}

/**
 * The spread a link asks a new reading to start with, when it names one: a built-in one (a lesson's
 * practice reading), or `custom:<id>` from a spread's share link, which the room reads when it opens.
 */
function askedSpread(url: URL): string | null {
  const asked = url.searchParams.get("spread") ?? "";
  if (asked.startsWith(CUSTOM_PREFIX) && CUSTOM_SPREAD_ID.test(asked.slice(CUSTOM_PREFIX.length))) return asked;
  return spreadById(asked)?.id ?? null;
}

/** A reading this fresh (nothing drawn, nobody else in, under an hour old) is reused by `?create=true`. */
const FRESH_READING_MS = 60 * 60 * 1000;

/**
 * Starts a reading hosted by the user, with the host's seat. With `reuseFresh`, the user's own
 * untouched reading of the last hour is opened instead, so following the nav link twice (or a
 * prefetch of it) does not leave empty readings behind.
 */
export async function openReading(
  db: Database,
  user: CurrentUser,
  deckId: string | null,
  { reuseFresh = false, spreadId = null }: { reuseFresh?: boolean; spreadId?: string | null } = {},
) {
  const now = Date.now();
  if (reuseFresh) {
    const [fresh] = await db
      .select({ id: readingSessions.id })
      .from(readingSessions)
      .where(
        and(
          eq(readingSessions.originalHostUserId, user.id),
          eq(readingSessions.isActive, true),
          eq(readingSessions.readingStep, "setup"),
          deckId ? eq(readingSessions.deckId, deckId) : isNull(readingSessions.deckId),
          spreadId ? eq(readingSessions.selectedLayout, spreadId) : undefined,
          gt(readingSessions.createdAt, now - FRESH_READING_MS),
          sql`(SELECT count(*) FROM ${sessionParticipants} WHERE ${sessionParticipants.sessionId} = ${readingSessions.id}) = 1`,
        ),
      )
      .orderBy(desc(readingSessions.createdAt))
      .limit(1);
    if (fresh) return fresh.id;
  }
  const id = newId();
  await db.batch([
    db.insert(readingSessions).values({
      id,
      hostUserId: user.id,
      originalHostUserId: user.id,
      deckId,
      deckLaidBy: deckId ? user.id : null,
      selectedLayout: spreadId,
      createdAt: now,
      updatedAt: now,
      lastActivityAt: now,
    }),
    db.insert(sessionParticipants).values({
      id: newId(),
      sessionId: id,
      userId: user.id,
      name: personName(user),
      isHost: true,
      role: "host",
      joinedAt: now,
      lastSeenAt: now,
    }),
  ]);
  return id;
}

export async function loadReadingRoom({ request, params, context }: LoaderFunctionArgs) {
  const user = await context.currentUser();
  const url = new URL(request.url);
  const asksToCreate = url.searchParams.get("create") === "true" && Boolean(user);
  // A link from another site does not start a reading: the page asks, and its form posts.
  const confirmCreate = asksToCreate && !isOwnNavigation(request);
  if (asksToCreate && !confirmCreate) {
    const deckId = params.deckId ?? null;
    if (deckId && !(await mayUseWholeDeck(context.db, deckId, user!.id))) throw new Response("Deck not found", { status: 404 });
    const id = await openReading(context.db, user!, deckId, { reuseFresh: true, spreadId: askedSpread(url) });
    throw redirect(`${url.pathname}?session=${id}`);
  }
  const sessionId = url.searchParams.get("session");
  let reading = null;
  let ended = null;
  if (sessionId) {
    // The decks the table may switch to need only the person: they are read beside the reading.
    const offered = user ? decksForTable(context.db, user.id) : null;
    offered?.catch(() => undefined);
    // So are the person's own spreads, offered after the built-in six.
    const ownSpreads = user ? spreadsOf(context.db, user.id) : null;
    ownSpreads?.catch(() => undefined);
    const found = user ? await findOwnReading(context.db, sessionId.slice(0, 64), user.id) : null;
    if (!found) throw new Response("Reading not found", { status: 404 });
    if (!found.isActive) {
      // A paid reading that ended is read on its receipt.
      if (found.paidMode) throw redirect(`/readings/${found.id}`);
      ended = { question: found.question, cards: found.selectedCards ?? [], interpretation: found.interpretation, endedAt: found.lastActivityAt };
      return { deck: null, reading: null, ended, canStart: true, confirmCreate: false };
    }
    const table = await roomTable(context, found.id, user!.id);
    if (!table) throw new Response("Reading not found", { status: 404 });
    const { state, chat } = table;
    // A priced deck shows someone who has not bought it only its previews and the cards turned over here.
    const revealed = state.table.filter((card) => card.revealed).map((card) => card.key);
    const [art, tableDecks, deckTitle, spreads] = await Promise.all([
      tableArt(context.db, state.deckId, user!.id, revealed),
      offered!,
      deckTitleOf(context.db, state.deckId),
      ownSpreads!,
    ]);
    const iceServers = readConfig(context.cloudflare.env).iceServers;
    const decks = { classic: CLASSIC_CHOICE, decks: tableDecks };
    reading = {
      id: found.id,
      createdAt: found.createdAt,
      isHost: state.hostId === user?.id,
      viewerId: user!.id,
      state,
      ...art,
      // The deck those pictures are of: the table holds them back once another deck is laid, until the page reloads its data.
      artDeckId: state.deckId,
      cardInfo: CARD_INFO,
      iceServers,
      decks,
      deckTitle: deckTitle ?? CLASSIC_CHOICE.title,
      startCall: url.searchParams.get("video") === "1" || url.searchParams.get("voice") === "1",
      callKind: (found.paidMode === "voice" ? "voice" : "video") as CallKind,
      isPaid: found.paidMode !== null,
      chat,
      // A page without JavaScript refreshes itself when the person asked it to follow the table.
      follow: url.searchParams.get("follow") === "1",
      ownSpreads: spreads.map(({ id, name, description, positions }) => ({ id, spread: { name, description, positions } })),
    };
  }
  const canStart = Boolean(user);
  if (!params.deckId) return { deck: null, reading, ended, canStart, confirmCreate };
  // The deck, the person's relation to it and its listing in one wait.
  const [deck, relation, listing] = await Promise.all([
    getViewableDeck(context.db, params.deckId, user?.id ?? null),
    deckRelation(context.db, params.deckId, user?.id ?? null),
    getListing(context.db, params.deckId),
  ]);
  if (!deck) throw new Response("Deck not found", { status: 404 });
  // The fan shows only pictures this person may see; a priced deck they have not bought is read with after buying it.
  const open = relation ? "all" : publicCards(deck, listing);
  const shown = open === "all" ? deck.cards : deck.cards.filter((card) => open.has(card.cardKey));
  return {
    deck: { id: deck.id, title: deck.title, creator: deck.creatorUsername, cards: shown.slice(0, 5), locked: open !== "all" },
    reading,
    ended,
    canStart: canStart && open === "all",
    confirmCreate,
  };
}

/** Starts a reading hosted by the user (a guest too), with the host's seat, and opens it; makes an invite link; or takes a table's form. */
export async function readingRoomAction({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "invite") {
    const parsed = createInviteForm.safeParse(form);
    if (!parsed.success) return data({ invite: null, error: "Choose how the person joins, and at most 50 uses." }, { status: 400 });
    const sessionId = new URL(request.url).searchParams.get("session") ?? "";
    const invite = await createInvite(context.db, user, sessionId, parsed.data);
    if (!invite) {
      const paid = await context.db.query.paidReadings.findFirst({ columns: { id: true }, where: (p, { eq }) => eq(p.id, sessionId.slice(0, 64)) });
      const error = paid
        ? "A paid reading is private to its client and reader: nobody else can be invited."
        : "Only the host of an open reading can invite people.";
      return data({ invite: null, error }, { status: 403 });
    }
    return { invite: { path: invitePath(invite), expiresAt: invite.expiresAt, maxUses: invite.maxUses }, error: null };
  }
  if (form.intent === "deck" || isTableIntent(form.intent)) return tableAction(request, context, user, form);
  const deckId = params.deckId ?? null;
  if (deckId && !(await mayUseWholeDeck(context.db, deckId, user.id))) throw new Response("Deck not found", { status: 404 });
  const id = await openReading(context.db, user, deckId, { spreadId: askedSpread(new URL(request.url)) });
  const path = new URL(request.url).pathname;
  throw redirect(`${path}?session=${id}`);
}

/**
 * A table's form from a page without JavaScript: read into the message the socket would send, handed
 * to the room's Durable Object (which alone decides), then back to the table (post/redirect/get).
 */
async function tableAction(request: Request, context: AppLoadContext, user: CurrentUser, form: Record<string, unknown>) {
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session")?.slice(0, 64) ?? "";
  // Someone with no seat at the reading does not learn it exists.
  const member = sessionId ? await roomMemberFor(context.db, sessionId, user) : null;
  if (!member) throw new Response("Reading not found", { status: 404 });
  let action: TableAction;
  if (form.intent === "deck") {
    const parsed = changeDeckForm.safeParse(form);
    if (!parsed.success) return data({ invite: null, error: null, deckError: "Choose a deck from the list." }, { status: 400 });
    action = { type: "changeDeck", deckId: parsed.data.deckId || null };
  } else {
    const read = await tableActionOf(form.intent as TableIntent, form, async (id) => {
      const own = await spreadByLink(context.db, id);
      return own ? { name: own.name, description: own.description, positions: own.positions } : null;
    });
    if (!read.ok) return data({ invite: null, error: null, tableError: read.error }, { status: 400 });
    action = read.action;
  }
  const room = await getServerByName(context.cloudflare.env.ReadingRoom, sessionId);
  const refused = await room.post(member, action);
  if (refused) return data({ invite: null, error: null, ...(form.intent === "deck" ? { deckError: refused } : { tableError: refused }) }, { status: 400 });
  // Back where the step was taken: a page without JavaScript reloads at the table (or the chat), not at its top.
  throw redirect(`${url.pathname}?session=${sessionId}${tableFormReturn(form.intent)}`);
}
