/**
 * Choosing the deck on the table: a dialog listing the person's own, bought and public decks with
 * their covers, filtered by title as they type; without JavaScript, a plain form with a select.
 */
import { forwardRef, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { cardCount } from "~/lib/format";
import type { TableDeck } from "./room-store.server";
import { Sheet } from "./sheet";
import { Input, Select } from "~/components/ui/field";

/** The decks a person may lay on the table, as the page's loader gives them. */
export type DeckChoices = {
  /** The classic deck, always there; its id is null. */
  classic: Omit<TableDeck, "id" | "own" | "bought">;
  decks: TableDeck[];
};

type Choice = Omit<TableDeck, "id"> & { id: string | null };

const GROUPS = [
  { key: "own", label: "Your decks", has: (deck: TableDeck) => deck.own },
  { key: "bought", label: "Bought", has: (deck: TableDeck) => deck.bought },
  { key: "public", label: "Public", has: (deck: TableDeck) => !deck.own && !deck.bought },
] as const;

/** Lower case without accents, so "celeste" finds "Céleste". */
const fold = (text: string) => text.toLocaleLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

function groupsOf(choices: DeckChoices) {
  return GROUPS.map((group) => ({ ...group, decks: choices.decks.filter(group.has) }));
}

/** The title of the deck on the table, from the choices or, for a deck someone else laid, from the page. */
export function titleOf(choices: DeckChoices, deckId: string | null, fallback: string) {
  if (deckId === null) return choices.classic.title;
  return choices.decks.find((deck) => deck.id === deckId)?.title ?? fallback;
}

/** The button that shows the deck on the table and opens the list of decks. */
export const DeckPicker = forwardRef<
  HTMLButtonElement,
  { choices: DeckChoices; current: string | null; currentTitle: string; blocked: string | null; onPick: (deckId: string | null) => void }
>(function DeckPicker({ choices, current, currentTitle, blocked, onPick }, ref) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const shown = current === null ? choices.classic : choices.decks.find((deck) => deck.id === current);
  const picture = shown ? (shown.coverUrl ?? shown.backUrl) : null;
  return (
    <div className="mt-3">
      <p className="text-sm font-medium" id={`${reasonId}-label`}>
        Deck
      </p>
      <button
        ref={ref}
        type="button"
        onClick={() => setOpen(true)}
        disabled={Boolean(blocked)}
        title={blocked ?? undefined}
        aria-haspopup="dialog"
        aria-labelledby={`${reasonId}-label ${reasonId}-title`}
        aria-describedby={blocked ? reasonId : undefined}
        data-testid="deck-picker"
        className="mt-1 flex w-full items-center gap-3 rounded-xl border border-line bg-surface p-2 text-left not-disabled:hover:bg-surface-2 disabled:cursor-not-allowed disabled:border-dashed disabled:bg-surface-2 disabled:text-muted"
      >
        {picture ? <img src={picture} alt="" className="aspect-[3/4] w-8 shrink-0 rounded object-cover shadow-sm" /> : null}
        <span className="min-w-0 flex-1 truncate" id={`${reasonId}-title`}>
          {currentTitle}
        </span>
        <span className="shrink-0 text-xs text-muted" aria-hidden="true">
          Change ▾
        </span>
      </button>
      {blocked ? (
        <p id={reasonId} className="mt-1 text-xs text-muted">
          {blocked}
        </p>
      ) : null}
      <DeckDialog
        open={open}
        onClose={() => setOpen(false)}
        choices={choices}
        current={current}
        onPick={(deckId) => {
          setOpen(false);
          if (deckId !== current) onPick(deckId);
        }}
      />
    </div>
  );
});

function DeckDialog(props: { open: boolean; onClose: () => void; choices: DeckChoices; current: string | null; onPick: (deckId: string | null) => void }) {
  const [query, setQuery] = useState("");
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // The search is emptied as the list closes, so it is empty the moment it opens and nothing typed then is lost.
  useEffect(() => {
    if (props.open) search.current?.focus();
    else setQuery("");
  }, [props.open]);

  const words = fold(query.trim());
  const matches = (title: string) => !words || fold(title).includes(words);
  const groups = useMemo(() => groupsOf(props.choices), [props.choices]);
  const shownGroups = groups.map((group) => ({ ...group, decks: group.decks.filter((deck) => matches(deck.title)) }));
  const classic: Choice | null = matches(props.choices.classic.title) ? { ...props.choices.classic, id: null, own: false, bought: false } : null;
  const found = shownGroups.reduce((sum, group) => sum + group.decks.length, classic ? 1 : 0);

  const options = () => [...(list.current?.querySelectorAll<HTMLButtonElement>("[data-deck-option]") ?? [])];
  const move = (event: KeyboardEvent, from: HTMLElement | null) => {
    const all = options();
    if (all.length === 0) return;
    const at = from ? all.indexOf(from as HTMLButtonElement) : -1;
    const next = {
      ArrowDown: all[Math.min(all.length - 1, at + 1)],
      ArrowUp: at <= 0 ? null : all[at - 1],
      Home: all[0],
      End: all[all.length - 1],
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    (next ?? search.current)?.focus();
  };

  const option = (deck: Choice) => {
    const selected = deck.id === props.current;
    return (
      <li key={deck.id ?? "classic"}>
        <button
          type="button"
          data-deck-option
          aria-current={selected ? "true" : undefined}
          onClick={() => props.onPick(deck.id)}
          className={cn(
            "flex w-full items-center gap-3 rounded-xl border p-2 text-left hover:bg-surface-2",
            selected ? "border-brand bg-brand-soft" : "border-transparent",
          )}
        >
          <img
            src={deck.coverUrl ?? deck.backUrl}
            alt=""
            loading="lazy"
            className="aspect-[3/4] w-10 shrink-0 rounded-md object-cover shadow-sm ring-1 ring-black/10"
          />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{deck.title}</span>
            <span className="block text-xs text-muted">
              {cardCount(deck.cards)}
              {selected ? " · on the table" : ""}
            </span>
          </span>
        </button>
      </li>
    );
  };

  return (
    <Sheet open={props.open} onClose={props.onClose} label="Choose a deck">
      <h2 className="text-2xl font-bold">Choose a deck</h2>
      <label className="mt-3 block text-sm font-medium" htmlFor="deck-search">
        Search decks
      </label>
      <Input
        look="inline"
        className="mt-1"
        ref={search}
        id="deck-search"
        type="search"
        value={query}
        autoComplete="off"
        placeholder="Type a title"
        aria-controls="deck-results"
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") move(event, null);
          if (event.key === "Enter") {
            event.preventDefault();
            options()[0]?.click();
          }
        }}
      />
      <p role="status" className="mt-2 text-xs text-muted" data-testid="deck-results-count">
        {found === 0 ? `No deck is called “${query.trim()}”.` : `${found} ${found === 1 ? "deck" : "decks"}`}
      </p>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- see the handler's comment */}
      <div
        ref={list}
        id="deck-results"
        className="mt-2 max-h-[min(55dvh,28rem)] overflow-y-auto pr-1"
        // The arrow keys move between the deck buttons inside; the list itself never takes the focus.
        onKeyDown={(event) => move(event, document.activeElement as HTMLElement | null)}
      >
        {classic ? <ul className="grid gap-1 sm:grid-cols-2">{option(classic)}</ul> : null}
        {shownGroups.map((group) =>
          group.decks.length > 0 ? (
            <section key={group.key} aria-labelledby={`deck-group-${group.key}`} className="mt-3">
              <h3 id={`deck-group-${group.key}`} className="text-xs font-semibold uppercase tracking-widest text-gold">
                {group.label}
              </h3>
              <ul className="mt-1 grid gap-1 sm:grid-cols-2">{group.decks.map(option)}</ul>
            </section>
          ) : null,
        )}
      </div>
    </Sheet>
  );
}

/** The deck chooser that works without JavaScript: a select in a form the page's action answers. */
export function DeckForm(props: { action: string; choices: DeckChoices; current: string | null; blocked: string | null; error?: string | null }) {
  const groups = groupsOf(props.choices);
  return (
    <form method="post" action={props.action} className="rounded-2xl border border-line bg-surface/80 p-4" data-testid="deck-form">
      <input type="hidden" name="intent" value="deck" />
      <label className="block text-sm font-medium" htmlFor="deck-plain">
        Deck
      </label>
      <Select look="inline" className="mt-1" id="deck-plain" name="deckId" defaultValue={props.current ?? ""} disabled={Boolean(props.blocked)}>
        <option value="">{props.choices.classic.title}</option>
        {groups.map((group) =>
          group.decks.length > 0 ? (
            <optgroup key={group.key} label={group.label}>
              {group.decks.map((deck) => (
                <option key={deck.id} value={deck.id}>
                  {deck.title}
                </option>
              ))}
            </optgroup>
          ) : null,
        )}
      </Select>
      <button type="submit" className={cn(buttonClasses("secondary", "sm"), "mt-2")} disabled={Boolean(props.blocked)} title={props.blocked ?? undefined}>
        Use this deck
      </button>
      {props.blocked ? <p className="mt-1 text-xs text-muted">{props.blocked}</p> : null}
      {props.error ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {props.error}
        </p>
      ) : null}
    </form>
  );
}
