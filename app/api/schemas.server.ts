/**
 * The API's shapes, version 1: what it takes and what it answers. The routes parse with these, and
 * the OpenAPI document (`openapi.server.ts`) is written from them, so the two cannot drift.
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { createDeckForm } from "../decks/create.server";
import { deckKinds, deckQualities } from "../../db/columns";
import { API_ERRORS } from "./errors";

export const API_VERSION = "1.0.0";
export const API_BASE = "/api/v1";

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** `GET /api/v1/decks`: a page of the caller's decks, newest first. */
export const listDecksQuery = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT).describe("Decks per page (1 to 100, 20 when left out)."),
    cursor: z.string().max(200).optional().describe("The `nextCursor` of the previous page; left out for the first page."),
  }),
);

/**
 * `POST /api/v1/decks`: the create form's own fields and rules, so a deck costs the same either way;
 * a quality left out is the plan's own (as the form preselects it).
 */
export const createDeckBody = lazySchema(() =>
  createDeckForm.extend({
    quality: z.enum(deckQualities).optional().describe("`medium` or `high`, as the plan allows; the plan's own when left out."),
  }),
);

/** The longest `Idempotency-Key` kept; any printable characters. */
export const IDEMPOTENCY_KEY = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, "Use printable characters without spaces"),
);

// Built at once: zod files a description by the schema object, so a described schema is never a stand-in (lazySchema).
const deckStatus = z.enum(["generating", "ready", "failed"]).describe("`generating` while cards are being painted, then `ready` or `failed`.");

export const deckSummary = lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    theme: z.string(),
    description: z.string().nullable(),
    style: z.string().nullable(),
    kind: z.enum(deckKinds).describe("`major_arcana` (22 cards) or `complete` (78)."),
    quality: z.enum(deckQualities),
    status: deckStatus,
    isPublic: z.boolean(),
    cardsReady: z.number().int(),
    cardsTotal: z.number().int(),
    createdAt: z.string().describe("ISO 8601 time."),
    url: z.string().describe("The deck's page on the site (signed in as its owner)."),
  }),
);

export const deckCard = lazySchema(() =>
  z.object({
    key: z.string().describe("The card's id in the tarot, for example `major-00`."),
    name: z.string(),
    arcana: z.enum(["major", "minor"]),
    suit: z.string().nullable(),
    number: z.number().int(),
    description: z.string().nullable(),
    status: z.enum(["pending", "generating", "ready", "failed"]),
    imageUrl: z
      .string()
      .nullable()
      .describe("Absolute URL of the card's picture, null until it is painted. Send the same bearer token to fetch a private deck's pictures."),
  }),
);

export const deckList = lazySchema(() =>
  z.object({
    decks: z.array(deckSummary),
    nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
  }),
);

export const deckDetail = lazySchema(() => z.object({ deck: deckSummary.extend({ cards: z.array(deckCard) }) }));
export const createdDeck = lazySchema(() => z.object({ deck: deckSummary }));

export const deckProgress = lazySchema(() =>
  z.object({
    id: z.string(),
    status: deckStatus,
    cardsReady: z.number().int(),
    cardsFailed: z.number().int(),
    cardsTotal: z.number().int(),
  }),
);

export const errorBody = lazySchema(() =>
  z.object({
    error: z.object({
      code: z.enum(Object.keys(API_ERRORS) as [keyof typeof API_ERRORS, ...(keyof typeof API_ERRORS)[]]),
      message: z.string().describe("A sentence for a person."),
      fields: z.record(z.string(), z.string()).optional().describe("For `validation_failed`: the first problem of each field."),
    }),
  }),
);

export type DeckSummary = z.infer<typeof deckSummary>;
export type DeckCard = z.infer<typeof deckCard>;
export type DeckProgress = z.infer<typeof deckProgress>;
