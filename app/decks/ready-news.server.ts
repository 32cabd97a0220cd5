import { eq } from "drizzle-orm";
import { decks } from "../../db/schema";
import { DAY_SECONDS, type PushNews } from "../push/notify.server";

/** A deck has all its cards: its maker hears of it, as they may have closed the tab long ago. */
export function deckReadyNews(deckId: string): PushNews {
  return {
    kind: "deck-ready",
    address: async (db) => {
      const deck = await db.query.decks.findFirst({ columns: { creatorId: true, title: true, status: true }, where: eq(decks.id, deckId) });
      if (!deck?.creatorId || deck.status !== "ready") return null;
      return {
        to: [deck.creatorId],
        message: {
          kind: "deck-ready",
          title: "Your deck is ready",
          body: `“${deck.title}” has all its cards.`,
          url: `/collection/${deckId}`,
          tag: `deck-ready-${deckId}`,
        },
        delivery: { urgency: "low", ttlSeconds: DAY_SECONDS },
      };
    },
  };
}
