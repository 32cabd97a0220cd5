/**
 * What a person leaving settles with others before their account goes (decision 0092). Each part
 * of the product that can hold another person's money or time while an account goes away hands the
 * deletion a `DepartureHandler`; `departure-handlers.server.ts` is the one list of them.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db.server";
import type { NoticeTarget } from "../mail/notices.server";

type Statement = BatchItem<"sqlite">;

/** The person leaving, as others knew them: their row loses its name in the same batch. */
export type Leaving = { id: string; name: string };

export type Departure = {
  /** Why the account cannot go yet, naming what is still open; null when nothing stops it. */
  refusal: string | null;
  /** Statements for the deletion's one batch, settling what is open between the person and others. */
  statements: Statement[];
  /** Once the batch is written: tells the people it touched, from what its statements returned (in their order). */
  tell?: (target: NoticeTarget, results: unknown[]) => Promise<void>;
};

/** Reads what the leaving person still has open with others and says how to settle it, or why it cannot be yet. */
export type DepartureHandler = (db: Database, leaving: Leaving, now: number) => Promise<Departure>;
