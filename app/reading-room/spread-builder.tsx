/**
 * The spread builder: a form that works without JavaScript (each position has its column and row as
 * numbers; "Add position" and "Remove" post the form and the server shows the layout again), and with
 * it a grid where cards are dragged (mouse, pen or finger) or moved by the arrow keys, one cell a press.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import {
  cellCentre,
  checkSpread,
  CUSTOM_CARD_WIDTH,
  DESCRIPTION_MAX,
  GRID_COLUMNS,
  GRID_ROWS,
  MAX_POSITIONS,
  MEANING_MAX,
  NAME_MAX,
  SPREAD_NAME_MAX,
  withPositionAdded,
  withPositionMoved,
  withPositionRemoved,
  type SpreadDraft,
  type SpreadProblems,
} from "./custom-spreads";

const FIELD = "w-full min-w-0 rounded-xl border border-line bg-surface px-3 py-2";

const MOVES: Record<string, { x: number; y: number }> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

function Problem({ problems, field }: { problems: SpreadProblems; field: string }) {
  const message = problems[field];
  if (!message) return null;
  return (
    <p id={`${field}-problem`} role="alert" className="text-sm text-danger">
      {message}
    </p>
  );
}

const invalid = (problems: SpreadProblems, ...fields: string[]) => {
  const field = fields.find((one) => problems[one]);
  return field ? { "aria-invalid": true as const, "aria-describedby": `${field}-problem` } : {};
};

/** The problem a position's column or row has: its own, or the cell it shares with another card. */
const cellProblem = (problems: SpreadProblems, i: number) => problems[`positions.${i}.x`] ?? problems[`positions.${i}.y`];

export function SpreadBuilder({ draft: initial, problems: sent, submitLabel }: { draft: SpreadDraft; problems: SpreadProblems; submitLabel: string }) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState(sent);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const gridRef = useRef<HTMLDivElement>(null);
  const cardRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";

  const change = (next: SpreadDraft) => {
    setDraft(next);
    if (Object.keys(problems).length > 0) setProblems({});
  };
  const setPosition = (i: number, patch: Partial<SpreadDraft["positions"][number]>) =>
    change({ ...draft, positions: draft.positions.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const nameOf = (i: number) => draft.positions[i]?.name.trim() || `Position ${i + 1}`;

  const moveTo = (i: number, to: { x: number; y: number }) => {
    const next = withPositionMoved(draft, i, to);
    if (next === draft) return false;
    change(next);
    setAnnouncement(`${nameOf(i)}: column ${to.x + 1}, row ${to.y + 1}.`);
    return true;
  };

  const onCardKey = (i: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = MOVES[event.key];
    const at = draft.positions[i];
    if (!step || !at) return;
    event.preventDefault();
    // A card off the grid (its numbers left empty) comes back at the top left.
    const from = { x: at.x ?? 0, y: at.y ?? 0 };
    if (!moveTo(i, { x: from.x + step.x, y: from.y + step.y })) setAnnouncement(`${nameOf(i)} cannot move there.`);
  };

  const cellAt = (clientX: number, clientY: number) => {
    const box = gridRef.current?.getBoundingClientRect();
    if (!box) return null;
    return {
      x: Math.min(GRID_COLUMNS - 1, Math.max(0, Math.floor(((clientX - box.left) / box.width) * GRID_COLUMNS))),
      y: Math.min(GRID_ROWS - 1, Math.max(0, Math.floor(((clientY - box.top) / box.height) * GRID_ROWS))),
    };
  };
  const onPointerDown = (i: number) => (event: ReactPointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(i);
  };
  const onPointerMove = (i: number) => (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (dragging !== i) return;
    const cell = cellAt(event.clientX, event.clientY);
    const at = draft.positions[i];
    if (cell && at && (cell.x !== at.x || cell.y !== at.y)) moveTo(i, cell);
  };
  const endDrag = () => setDragging(null);

  const add = () => {
    const next = withPositionAdded(draft);
    if (next === draft) return;
    change(next);
    const i = next.positions.length - 1;
    setAnnouncement(`Position ${i + 1} added.`);
    requestAnimationFrame(() => document.getElementById(`p${i}-name`)?.focus());
  };
  const remove = (i: number) => {
    change(withPositionRemoved(draft, i));
    setAnnouncement(`${nameOf(i)} removed.`);
  };

  const full = draft.positions.length >= MAX_POSITIONS;
  return (
    <Form
      method="post"
      className="grid gap-6"
      aria-label="Spread builder"
      noValidate
      onSubmit={(event) => {
        // The same schema as the server's: a spread that cannot be saved says why at once.
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value !== "save") return;
        const checked = checkSpread(draft);
        if (!checked.ok) {
          event.preventDefault();
          setProblems(checked.problems);
          const first = Object.keys(checked.problems)[0];
          const id = first?.startsWith("positions.")
            ? `p${first.split(".")[1]}-${first.endsWith(".meaning") ? "meaning" : first.endsWith(".name") ? "name" : "column"}`
            : first === "positions"
              ? "add-position"
              : "spread-name";
          requestAnimationFrame(() => document.getElementById(id)?.focus());
        }
      }}
    >
      {/* Enter in a field saves: the form's first submit button is the one pressed by it. */}
      <button type="submit" name="intent" value="save" className="hidden" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="count" value={draft.positions.length} />
      <Problem problems={problems} field="form" />
      <div className="grid gap-1">
        <label htmlFor="spread-name" className="font-semibold">
          Name of the spread
        </label>
        <input
          id="spread-name"
          name="name"
          maxLength={SPREAD_NAME_MAX + 20}
          value={draft.name}
          onChange={(e) => change({ ...draft, name: e.target.value })}
          className={FIELD}
          {...invalid(problems, "name")}
        />
        <Problem problems={problems} field="name" />
      </div>
      <div className="grid gap-1">
        <label htmlFor="spread-description" className="font-semibold">
          What it is for <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id="spread-description"
          name="description"
          rows={2}
          maxLength={DESCRIPTION_MAX + 50}
          value={draft.description}
          onChange={(e) => change({ ...draft, description: e.target.value })}
          className={FIELD}
          {...invalid(problems, "description")}
        />
        <Problem problems={problems} field="description" />
      </div>

      <section aria-labelledby="layout-heading" className="grid gap-2">
        <h2 id="layout-heading" className="font-semibold">
          Layout
        </h2>
        <p id="layout-help" className="text-sm text-muted">
          Drag a card to another square, or focus it and move it one square with the arrow keys. The table in a reading has the same shape.
        </p>
        <div
          ref={gridRef}
          className="relative aspect-[4/3] w-full overflow-hidden rounded-2xl border border-line bg-surface-2"
          style={{
            backgroundImage: `linear-gradient(to right, var(--line) 1px, transparent 1px), linear-gradient(to bottom, var(--line) 1px, transparent 1px)`,
            backgroundSize: `${100 / GRID_COLUMNS}% ${100 / GRID_ROWS}%`,
          }}
          data-testid="spread-grid"
        >
          {draft.positions.map((position, i) => {
            if (position.x === null || position.y === null) return null;
            const centre = cellCentre(position.x, position.y);
            return (
              <button
                key={i}
                ref={(element) => {
                  cardRefs.current[i] = element;
                }}
                type="button"
                aria-label={`${nameOf(i)}, column ${position.x + 1}, row ${position.y + 1}. Arrow keys move it.`}
                aria-describedby="layout-help"
                data-testid="builder-card"
                onKeyDown={onCardKey(i)}
                onPointerDown={onPointerDown(i)}
                onPointerMove={onPointerMove(i)}
                onPointerUp={endDrag}
                onPointerCancel={endDrag}
                className={cn(
                  "absolute flex aspect-[3/4] -translate-x-1/2 -translate-y-1/2 touch-none select-none flex-col items-center justify-center overflow-hidden rounded-lg border-2 bg-surface p-0.5 text-center leading-tight shadow-sm focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring",
                  dragging === i ? "z-10 cursor-grabbing border-brand" : "cursor-grab border-gold",
                  cellProblem(problems, i) && "border-danger",
                )}
                style={{ left: `${centre.x}%`, top: `${centre.y}%`, width: `${CUSTOM_CARD_WIDTH}%`, rotate: position.rotated ? "90deg" : undefined }}
              >
                <span className="text-sm font-bold text-gold">{i + 1}</span>
                <span className="hidden w-full truncate text-[0.6rem] text-muted sm:block" data-testid="builder-card-name">
                  {position.name}
                </span>
              </button>
            );
          })}
        </div>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </section>

      <fieldset className="grid gap-4" aria-describedby={problems.positions ? "positions-problem" : undefined}>
        <legend className="mb-2 font-semibold">
          Positions{" "}
          <span className="font-normal text-muted">
            ({draft.positions.length} of at most {MAX_POSITIONS})
          </span>
        </legend>
        <Problem problems={problems} field="positions" />
        <ol className="grid gap-3">
          {draft.positions.map((position, i) => (
            <li key={i} className="grid gap-3 rounded-2xl border border-line bg-surface/80 p-4" data-testid="builder-position">
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold text-gold">Position {i + 1}</span>
                <button
                  type="submit"
                  name="intent"
                  value={`remove-${i}`}
                  className={buttonClasses("secondary", "sm")}
                  aria-label={`Remove position ${i + 1}`}
                  onClick={(event) => {
                    event.preventDefault();
                    remove(i);
                  }}
                >
                  Remove
                </button>
              </div>
              <div className="grid gap-1">
                <label htmlFor={`p${i}-name`} className="text-sm font-medium">
                  Name
                </label>
                <input
                  id={`p${i}-name`}
                  name={`p${i}-name`}
                  maxLength={NAME_MAX + 20}
                  value={position.name}
                  onChange={(e) => setPosition(i, { name: e.target.value })}
                  className={FIELD}
                  {...invalid(problems, `positions.${i}.name`)}
                />
                <Problem problems={problems} field={`positions.${i}.name`} />
              </div>
              <div className="grid gap-1">
                <label htmlFor={`p${i}-meaning`} className="text-sm font-medium">
                  What a card here speaks to <span className="font-normal text-muted">(optional)</span>
                </label>
                <textarea
                  id={`p${i}-meaning`}
                  name={`p${i}-meaning`}
                  rows={2}
                  maxLength={MEANING_MAX + 50}
                  value={position.meaning}
                  onChange={(e) => setPosition(i, { meaning: e.target.value })}
                  className={FIELD}
                  {...invalid(problems, `positions.${i}.meaning`)}
                />
                <Problem problems={problems} field={`positions.${i}.meaning`} />
              </div>
              <div className="flex flex-wrap items-end gap-3">
                <div className="grid w-24 gap-1">
                  <label htmlFor={`p${i}-column`} className="text-sm font-medium">
                    Column
                  </label>
                  <input
                    id={`p${i}-column`}
                    name={`p${i}-column`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={GRID_COLUMNS}
                    value={position.x === null ? "" : position.x + 1}
                    onChange={(e) => setPosition(i, { x: e.target.value === "" ? null : Number(e.target.value) - 1 })}
                    className={FIELD}
                    {...invalid(problems, `positions.${i}.x`)}
                  />
                </div>
                <div className="grid w-24 gap-1">
                  <label htmlFor={`p${i}-row`} className="text-sm font-medium">
                    Row
                  </label>
                  <input
                    id={`p${i}-row`}
                    name={`p${i}-row`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={GRID_ROWS}
                    value={position.y === null ? "" : position.y + 1}
                    onChange={(e) => setPosition(i, { y: e.target.value === "" ? null : Number(e.target.value) - 1 })}
                    className={FIELD}
                    {...invalid(problems, `positions.${i}.y`, `positions.${i}.x`)}
                  />
                </div>
                <label className="flex h-11 items-center gap-2 text-sm">
                  <input type="checkbox" name={`p${i}-rotated`} checked={position.rotated} onChange={(e) => setPosition(i, { rotated: e.target.checked })} />
                  Lies across
                </label>
              </div>
              {problems[`positions.${i}.x`] ? (
                <Problem problems={problems} field={`positions.${i}.x`} />
              ) : (
                <Problem problems={problems} field={`positions.${i}.y`} />
              )}
            </li>
          ))}
        </ol>
        <div>
          <button
            id="add-position"
            type="submit"
            name="intent"
            value="add"
            className={buttonClasses("secondary")}
            disabled={full}
            title={full ? `A spread holds at most ${MAX_POSITIONS} cards.` : undefined}
            onClick={(event) => {
              event.preventDefault();
              add();
            }}
          >
            Add position
          </button>
        </div>
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" className={buttonClasses("primary")} disabled={saving}>
          {saving ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
