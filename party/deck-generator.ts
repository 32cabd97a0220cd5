import type { Connection } from "partyserver";
import { ObservedServer } from "./observed";
import { and, eq, ne } from "drizzle-orm";
import { cards, decks } from "../db/schema";
import { createAi } from "../app/ai/ai.server";
import { createDatabase } from "../app/db.server";
import { settlePaidRun } from "../app/decks/create.server";
import { cardImageUrl } from "../app/decks/images";
import { runGeneration } from "../app/decks/generation.server";
import type { CardProgress, CardStage, DeckStatus, GenerationMessage } from "../app/decks/progress";
import { readConfig } from "../app/env.server";
import { notify } from "../app/push/notify.server";
import { deckReadyNews } from "../app/decks/ready-news.server";

const JOB_KEY = "job";

/** The credits paid for this run, given back if it makes nothing at all. */
export type GenerationCharge = { userId: string; reference: string };

type Job = { deckId: string; attempts: number; startedAt: number; charge: GenerationCharge | null };

/** After this many interrupted runs a job gives up, and whatever is not made is marked failed. */
const MAX_ATTEMPTS = 5;

/**
 * One per deck (named by the deck id): makes the deck's cards in the background and tells
 * every open page how far along each card is. The job lives in the object's storage and runs
 * from an alarm, so it survives reloads, closed tabs and the object being restarted; a run that
 * is cut short is started again by the alarm and skips the cards already made.
 */
export class DeckGenerator extends ObservedServer<Env> {
  static override options = { hibernate: true };

  /** Live stages of the cards in flight; the database holds the settled ones. */
  private live = new Map<string, CardProgress>();

  /** Queues the deck's unfinished cards; answers at once. */
  async start(deckId: string, charge: GenerationCharge | null = null) {
    const existing = await this.ctx.storage.get<Job>(JOB_KEY);
    if (!existing) await this.ctx.storage.put(JOB_KEY, { deckId, attempts: 0, startedAt: Date.now(), charge } satisfies Job);
    await this.ctx.storage.setAlarm(Date.now());
  }

  override async onAlarm() {
    const job = await this.ctx.storage.get<Job>(JOB_KEY);
    if (!job) return;
    const db = createDatabase(this.env.DB);
    if (job.attempts >= MAX_ATTEMPTS) {
      // Too many interrupted runs: what is not made is failed, and the deck settles as it stands.
      const now = Date.now();
      await db
        .update(cards)
        .set({ status: "failed", updatedAt: now })
        .where(and(eq(cards.deckId, job.deckId), ne(cards.status, "ready")));
      const [ready] = await db
        .select({ id: cards.id })
        .from(cards)
        .where(and(eq(cards.deckId, job.deckId), eq(cards.status, "ready")))
        .limit(1);
      const status: DeckStatus = ready ? "ready" : "failed";
      await db.update(decks).set({ status, updatedAt: now }).where(eq(decks.id, job.deckId));
      await this.finish(job, status);
      return;
    }
    await this.ctx.storage.put(JOB_KEY, { ...job, attempts: job.attempts + 1 });
    const ai = createAi(readConfig(this.env), this.env);
    const result = await runGeneration(
      {
        db,
        bucket: this.env.MEDIA,
        ai,
        onProgress: (progress) => {
          this.live.set(progress.key, progress);
          this.announce({ type: "card", card: progress });
        },
      },
      job.deckId,
    );
    await this.finish(job, result.status);
  }

  private async finish(job: Job, outcome: DeckStatus) {
    const settled = job.charge ? await settlePaidRun(createDatabase(this.env.DB), this.env.MEDIA, job.deckId, job.charge) : null;
    await this.ctx.storage.delete(JOB_KEY);
    this.live.clear();
    this.announce({ type: "deck", status: settled ?? outcome });
    // The owner may have closed the tab long ago: a push tells them the deck is there.
    if ((settled ?? outcome) === "ready") {
      notify({ db: createDatabase(this.env.DB), config: readConfig(this.env), waitUntil: (work) => this.ctx.waitUntil(work) }, deckReadyNews(job.deckId));
    }
  }

  override async onConnect(connection: Connection) {
    connection.send(JSON.stringify(await this.snapshot()));
  }

  private async snapshot(): Promise<GenerationMessage> {
    const db = createDatabase(this.env.DB);
    const deckId = this.name;
    const deck = await db.query.decks.findFirst({ columns: { status: true }, where: eq(decks.id, deckId) });
    const rows = await db
      .select({ key: cards.cardKey, status: cards.status, imageKey: cards.imageKey, updatedAt: cards.updatedAt })
      .from(cards)
      .where(eq(cards.deckId, deckId));
    const list = rows.map((row): CardProgress => {
      const live = this.live.get(row.key);
      if (live && row.status !== "ready" && row.status !== "failed") return live;
      const stage: CardStage = row.status === "ready" ? "ready" : row.status === "failed" ? "failed" : "queued";
      return { key: row.key, stage, imageUrl: cardImageUrl(row.imageKey, row.updatedAt) };
    });
    return { type: "snapshot", status: deck?.status ?? "failed", cards: list };
  }

  private announce(message: GenerationMessage) {
    this.broadcast(JSON.stringify(message));
  }
}
