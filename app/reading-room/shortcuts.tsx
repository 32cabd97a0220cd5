import { useEffect } from "react";
import { Sheet } from "./sheet";

/** The keys of the table and what each does, as the help sheet lists them. */
export const SHORTCUTS: [key: string, what: string][] = [
  ["S", "Shuffle the deck"],
  ["D", "Draw a card"],
  ["R", "Reveal all cards"],
  ["G", "Gather the cards (reset)"],
  ["+ / −", "Zoom in / out"],
  ["0", "Reset the view"],
  ["L", "Choose the spread"],
  ["K", "Choose the deck"],
  ["V", "Open the card gallery"],
  ["?", "Show this help"],
];

/** Keyboard shortcuts; letters are ignored while typing in a field. */
export function useShortcuts(handlers: Record<string, () => void>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      const key = event.key === "=" ? "+" : event.key === "_" ? "-" : event.key.toLowerCase();
      const handler = handlers[key];
      if (handler) {
        event.preventDefault();
        handler();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [handlers]);
}

/** The help sheet: each shortcut key and what it does. */
export function HelpSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Sheet open={open} onClose={onClose} label="Keyboard shortcuts">
      <h2 className="text-2xl font-bold">Keyboard shortcuts</h2>
      <p className="mt-1 text-sm text-muted">Whoever leads the reading can use them; the gallery and this help are for everyone.</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded-md border border-line bg-surface-2 px-2 py-0.5 font-mono">{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </Sheet>
  );
}
