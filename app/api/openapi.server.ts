/**
 * The API's OpenAPI 3.1 document, written from the zod schemas the routes parse and answer with
 * (`schemas.server.ts`): the document and the API are one source. The `/developers` page renders it.
 */
import { z } from "zod";
import { API_ERRORS, type ApiErrorCode } from "./errors";
import { API_RATE_LIMIT } from "./tokens.server";
import { API_BASE, API_VERSION, createDeckBody, createdDeck, deckDetail, deckList, deckProgress, errorBody, listDecksQuery } from "./schemas.server";

type JsonSchema = Record<string, unknown>;

function schema(type: z.ZodType, io: "input" | "output" = "output"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(type, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function errors(...codes: ApiErrorCode[]) {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of codes) byStatus.set(API_ERRORS[code], [...(byStatus.get(API_ERRORS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.map((c) => `\`${c}\``).join(", "),
        ...(status === 429 ? { headers: { "Retry-After": { description: "Seconds until the token may ask again.", schema: { type: "integer" } } } } : {}),
        content: { "application/json": { schema: ref("Error") } },
      },
    ]),
  );
}

const READ_ERRORS: ApiErrorCode[] = ["unauthorized", "plan_required", "rate_limited"];

const deckIdParameter = { name: "id", in: "path", required: true, description: "The deck's id.", schema: { type: "string" } };

function queryParameters(type: z.ZodObject) {
  const json = schema(type, "input") as { properties: Record<string, JsonSchema & { description?: string }>; required?: string[] };
  return Object.entries(json.properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: "query", required: json.required?.includes(name) ?? false, description, schema: rest };
  });
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

export function openApiDocument(origin: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Arcanum API",
      version: API_VERSION,
      description: `Your decks, for your own programs. A Visionary plan includes it: make a token on your profile page and send it as \`Authorization: Bearer <token>\`. A token stops working when it is revoked or the plan ends. Each token may make ${API_RATE_LIMIT.limit} requests a minute. Every error answers \`{ "error": { "code", "message" } }\`.`,
    },
    servers: [{ url: new URL(API_BASE, origin).toString() }],
    security: [{ bearer: [] }],
    paths: {
      "/decks": {
        get: {
          operationId: "listDecks",
          summary: "List your decks",
          description: "Your decks, newest first, a page at a time. Needs a read or read-and-write token.",
          parameters: queryParameters(listDecksQuery),
          responses: {
            "200": { description: "A page of decks.", content: { "application/json": { schema: ref("DeckList") } } },
            ...errors(...READ_ERRORS, "validation_failed"),
          },
        },
        post: {
          operationId: "createDeck",
          summary: "Create a deck from a theme",
          description:
            "Makes a private deck and starts painting its cards, taking the same credits as the create form takes for the same kind and quality (nothing when refused). Needs a read-and-write token. Send an `Idempotency-Key` to make a retry safe: the same key with the same body gets the first answer again (with `Idempotent-Replayed: true`), with another body a 409. Keys are kept for 24 hours.",
          parameters: [
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description: "1 to 200 printable characters, unique per deck you mean to make.",
              schema: { type: "string", maxLength: 200 },
            },
          ],
          requestBody: { required: true, content: { "application/json": { schema: ref("NewDeck") } } },
          responses: {
            "201": {
              description: "The deck, being painted.",
              headers: { Location: { description: "The deck's URL in the API.", schema: { type: "string" } } },
              content: { "application/json": { schema: ref("CreatedDeck") } },
            },
            ...errors(...READ_ERRORS, "insufficient_scope", "invalid_request", "validation_failed", "payment_required", "conflict", "unsupported_media_type"),
          },
        },
      },
      "/decks/{id}": {
        get: {
          operationId: "getDeck",
          summary: "A deck and its cards",
          parameters: [deckIdParameter],
          responses: {
            "200": { description: "The deck with its cards in order.", content: { "application/json": { schema: ref("DeckDetail") } } },
            ...errors(...READ_ERRORS, "not_found"),
          },
        },
      },
      "/decks/{id}/status": {
        get: {
          operationId: "getDeckStatus",
          summary: "How far a deck's painting has come",
          parameters: [deckIdParameter],
          responses: {
            "200": { description: "Cards ready of the total.", content: { "application/json": { schema: ref("DeckStatus") } } },
            ...errors(...READ_ERRORS, "not_found"),
          },
        },
      },
    },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "A personal API token (`arcanum_pat_…`) from your profile page." } },
      schemas: {
        NewDeck: schema(createDeckBody, "input"),
        DeckList: schema(deckList),
        DeckDetail: schema(deckDetail),
        CreatedDeck: schema(createdDeck),
        DeckStatus: schema(deckProgress),
        Error: schema(errorBody),
      },
    },
  };
}
