/**
 * Spreads of a person's own: the one schema that says what a spread may be (the builder's form,
 * the saved row and the reading room's socket all parse with it), the builder's grid, and how a
 * definition becomes a spread the table lays like the built-in six (decision 0080).
 *
 * The grid: 7 columns and 4 rows over the table's units (100 × 100, see spreads.ts). A card on
 * column x, row y has its centre in the middle of that cell, so every card lies wholly on the table.
 */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { spreadById, type Spread, type SpreadPosition } from "./spreads";

export const GRID_COLUMNS = 7;
export const GRID_ROWS = 4;
export const MIN_POSITIONS = 1;
export const MAX_POSITIONS = 15;
export const NAME_MAX = 40;
export const MEANING_MAX = 200;
export const SPREAD_NAME_MAX = 40;
export const DESCRIPTION_MAX = 200;
/** The width of a custom spread's cards in table units: 16/9 as high is about 18, inside a row of 25. */
export const CUSTOM_CARD_WIDTH = 10;
/** What a spread's id looks like: the unguessable token of its share link. */
export const CUSTOM_SPREAD_ID = /^[A-Za-z0-9_-]{8,32}$/;
/** How a room names a custom spread among the built-in ones: `custom:<id>`. */
export const CUSTOM_PREFIX = "custom:";

const trimmed = (max: number, empty: string, long: string) => z.string().trim().min(1, empty).max(max, long);

/** A cell number counted from 0, below `cells`. */
const gridNumber = (cells: number, message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(cells - 1, message);

export const positionSchema = lazySchema(() =>
  z.object({
    name: trimmed(NAME_MAX, "Give this position a name.", `Keep the name to ${NAME_MAX} characters.`),
    meaning: z.string().trim().max(MEANING_MAX, `Keep the meaning to ${MEANING_MAX} characters.`),
    x: gridNumber(GRID_COLUMNS, `Choose a column from 1 to ${GRID_COLUMNS}.`),
    y: gridNumber(GRID_ROWS, `Choose a row from 1 to ${GRID_ROWS}.`),
    rotated: z.boolean().default(false),
  }),
);

export const customSpreadSchema = lazySchema(() =>
  z
    .object({
      name: trimmed(SPREAD_NAME_MAX, "Give the spread a name.", `Keep the spread's name to ${SPREAD_NAME_MAX} characters.`),
      description: z.string().trim().max(DESCRIPTION_MAX, `Keep the description to ${DESCRIPTION_MAX} characters.`).default(""),
      positions: z
        .array(positionSchema)
        .min(MIN_POSITIONS, "A spread needs at least one position.")
        .max(MAX_POSITIONS, `A spread holds at most ${MAX_POSITIONS} cards.`),
    })
    .superRefine((spread, ctx) => {
      const taken = new Map<string, number>();
      spread.positions.forEach((position, index) => {
        const cell = `${position.x},${position.y}`;
        const first = taken.get(cell);
        if (first === undefined) taken.set(cell, index);
        else
          ctx.addIssue({
            code: "custom",
            path: ["positions", index, "x"],
            message: `Position ${first + 1} already lies on column ${position.x + 1}, row ${position.y + 1}: move one of them.`,
          });
      });
    }),
);

export type CustomPosition = z.infer<typeof positionSchema>;
export type CustomSpreadDefinition = z.infer<typeof customSpreadSchema>;

/** A spread as the table lays it: a built-in one, or a definition turned into table units. */
export type LaidSpread = Omit<Spread, "id"> & { id: string };

/** Field paths (`name`, `positions.2.meaning`, `positions`) and the first message for each. */
export type SpreadProblems = Record<string, string>;

export function problemsOf(error: z.ZodError): SpreadProblems {
  const problems: SpreadProblems = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    problems[key] ??= issue.message;
  }
  return problems;
}

/** Checks a definition from anywhere (a form, a socket, a stored row); the first problem in words when it is refused. */
export function checkSpread(input: unknown): { ok: true; spread: CustomSpreadDefinition } | { ok: false; problems: SpreadProblems; message: string } {
  const parsed = customSpreadSchema.safeParse(input);
  if (parsed.success) return { ok: true, spread: parsed.data };
  const problems = problemsOf(parsed.error);
  return { ok: false, problems, message: Object.values(problems)[0] ?? "That spread is not complete." };
}

/** The centre of a grid cell in table units. */
export function cellCentre(x: number, y: number) {
  return { x: ((x + 0.5) * 100) / GRID_COLUMNS, y: ((y + 0.5) * 100) / GRID_ROWS };
}

/** The definition laid as a spread of the table: its id is `custom:<id>`. */
export function laidSpread(id: string, spread: CustomSpreadDefinition): LaidSpread {
  const positions: SpreadPosition[] = spread.positions.map((position, index) => ({
    index,
    name: position.name,
    meaning: position.meaning,
    ...cellCentre(position.x, position.y),
    rotation: position.rotated ? 90 : 0,
  }));
  return {
    id: `${CUSTOM_PREFIX}${id}`,
    name: spread.name,
    phrase: spread.name,
    description: spread.description,
    freeLayout: false,
    cardWidth: CUSTOM_CARD_WIDTH,
    captions: true,
    positions,
  };
}

/** A position as a journal entry keeps it: the spread's shape at the time of the reading (`reading_journal.layout`). */
export type KeptPosition = Pick<SpreadPosition, "name" | "meaning" | "x" | "y" | "rotation">;

/**
 * A journal entry's kept layout as a spread to draw again: a built-in spread keeps its own card width,
 * a spread of one's own the builder's.
 */
export function keptSpread(spreadId: string, name: string, layout: readonly KeptPosition[]): LaidSpread {
  return {
    id: spreadId,
    name,
    phrase: name,
    description: "",
    freeLayout: false,
    cardWidth: spreadById(spreadId)?.cardWidth ?? CUSTOM_CARD_WIDTH,
    captions: true,
    positions: layout.map((position, index) => ({ ...position, index })),
  };
}

/** The first free cell, reading row by row: where "Add position" puts a new card. */
export function freeCell(positions: readonly Pick<CustomPosition, "x" | "y">[]): { x: number; y: number } | null {
  for (let y = 0; y < GRID_ROWS; y++) {
    for (let x = 0; x < GRID_COLUMNS; x++) {
      if (!positions.some((p) => p.x === x && p.y === y)) return { x, y };
    }
  }
  return null;
}

/** A new spread's starting point: three cards in a row, named so the builder can be tried at once. */
export const STARTER_SPREAD: CustomSpreadDefinition = {
  name: "",
  description: "",
  positions: [
    { name: "", meaning: "", x: 2, y: 1, rotated: false },
    { name: "", meaning: "", x: 3, y: 1, rotated: false },
    { name: "", meaning: "", x: 4, y: 1, rotated: false },
  ],
};

const text = (form: Record<string, unknown>, key: string) => (typeof form[key] === "string" ? (form[key] as string) : "");

/** A spread as the builder holds it while it is being made: a cell left empty or not a number is null. */
export type SpreadDraft = {
  name: string;
  description: string;
  positions: { name: string; meaning: string; x: number | null; y: number | null; rotated: boolean }[];
};

/**
 * The builder's form as posted (with or without JavaScript): `name`, `description`, `count`, and for
 * each position `p<i>-name`, `p<i>-meaning`, `p<i>-column`, `p<i>-row` (both counted from 1) and
 * `p<i>-rotated`. Returns what the person typed, ready for `checkSpread` and for showing again.
 */
export function readSpreadForm(form: Record<string, unknown>): SpreadDraft {
  const count = Math.min(Math.max(Number.parseInt(text(form, "count"), 10) || 0, 0), MAX_POSITIONS + 1);
  const cell = (value: string) => {
    const number = Number(value.trim());
    return value.trim() === "" || !Number.isFinite(number) ? null : number - 1;
  };
  return {
    name: text(form, "name").slice(0, 200),
    description: text(form, "description").slice(0, 1000),
    positions: Array.from({ length: count }, (_, i) => ({
      name: text(form, `p${i}-name`).slice(0, 200),
      meaning: text(form, `p${i}-meaning`).slice(0, 1000),
      x: cell(text(form, `p${i}-column`)),
      y: cell(text(form, `p${i}-row`)),
      rotated: text(form, `p${i}-rotated`) === "on",
    })),
  };
}

/** "Add position" puts a card on the first free cell; a full spread or a full grid stays as it is. */
export function withPositionAdded(draft: SpreadDraft): SpreadDraft {
  const placed = draft.positions.filter((p): p is SpreadDraft["positions"][number] & { x: number; y: number } => p.x !== null && p.y !== null);
  const cell = freeCell(placed);
  if (!cell || draft.positions.length >= MAX_POSITIONS) return draft;
  return { ...draft, positions: [...draft.positions, { name: "", meaning: "", ...cell, rotated: false }] };
}

/** "Remove" takes the position out; the others keep their places. */
export function withPositionRemoved(draft: SpreadDraft, index: number): SpreadDraft {
  return { ...draft, positions: draft.positions.filter((_, i) => i !== index) };
}

/**
 * Moves a position one cell (the builder's arrow keys), or onto a cell (a drag): a move off the grid or
 * onto another card is not made.
 */
export function withPositionMoved(draft: SpreadDraft, index: number, to: { x: number; y: number }): SpreadDraft {
  const inside = Number.isInteger(to.x) && Number.isInteger(to.y) && to.x >= 0 && to.x < GRID_COLUMNS && to.y >= 0 && to.y < GRID_ROWS;
  const taken = draft.positions.some((p, i) => i !== index && p.x === to.x && p.y === to.y);
  if (!inside || taken || !draft.positions[index]) return draft;
  return { ...draft, positions: draft.positions.map((p, i) => (i === index ? { ...p, x: to.x, y: to.y } : p)) };
}

/** A saved spread as the builder starts from. */
export const draftOf = (spread: CustomSpreadDefinition): SpreadDraft => ({
  name: spread.name,
  description: spread.description,
  positions: spread.positions.map((p) => ({ ...p })),
});

/** The builder's post read as its step: every field is read leniently into the draft, which is checked when saved. */
export const spreadBuilderForm = lazySchema(() => z.looseObject({}).transform((fields) => builderStep(fields)));

/**
 * What a post of the builder asks: "add" and "remove-<i>" change the draft and show it again (the
 * builder without JavaScript), anything else saves it.
 */
export function builderStep(form: Record<string, unknown>): { save: boolean; draft: SpreadDraft } {
  const draft = readSpreadForm(form);
  const intent = text(form, "intent");
  if (intent === "add") return { save: false, draft: withPositionAdded(draft) };
  const removed = /^remove-(\d{1,2})$/.exec(intent);
  if (removed) return { save: false, draft: withPositionRemoved(draft, Number(removed[1])) };
  return { save: true, draft };
}
