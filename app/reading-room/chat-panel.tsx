import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { CHAT_MAX } from "./messages";
import { TableForm } from "./table-form";
import type { RoomConnection } from "./use-room";
import { useHydrated } from "~/lib/use-hydrated";
import { Input } from "~/components/ui/field";

/**
 * The table's chat: what the people at the table say to each other, kept with the reading while it
 * lasts. Beside the table on a wide screen; on a phone a button at the foot of the screen opens it as
 * a sheet, and counts the lines others wrote while it was closed.
 */
export function ChatPanel({ room, you, live = false }: { room: RoomConnection; you: string | null; live?: boolean }) {
  const [text, setText] = useState("");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const count = room.chat.length;
  const lastId = room.chat.at(-1)?.id ?? null;
  // The last line the person has had in front of them (on a wide screen the chat is always there).
  const [seenId, setSeenId] = useState<string | null>(null);
  const sheet = useRef<HTMLElement>(null);
  useEffect(() => {
    if (open || (sheet.current && getComputedStyle(sheet.current).position !== "fixed")) setSeenId(lastId);
  }, [open, lastId]);
  const seenAt = seenId === null ? -1 : room.chat.findIndex((entry) => entry.id === seenId);
  const unread = room.chat.slice(seenAt + 1).filter((entry) => entry.from !== you).length;
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [count, open]);
  // Opening moves the focus into the sheet; closing brings it back to the button.
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) sheet.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", close);
    return () => window.removeEventListener("keydown", close);
  }, [open]);
  const send = () => {
    const line = text.trim();
    if (!line) return;
    room.say(line.slice(0, CHAT_MAX));
    setText("");
  };
  return (
    <>
      {open ? null : (
        <button
          ref={opener}
          type="button"
          onClick={() => setOpen(true)}
          aria-expanded="false"
          aria-controls="chat"
          className={cn(buttonClasses("primary", "md"), "needs-script fixed bottom-[max(1rem,env(safe-area-inset-bottom))] right-4 z-30 shadow-lg sm:hidden")}
          data-testid="chat-open"
        >
          Chat
          {unread > 0 ? (
            <span
              className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-white px-1.5 text-xs font-semibold text-brand"
              data-testid="chat-unread"
            >
              {unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </button>
      )}
      <section
        ref={sheet}
        id="chat"
        tabIndex={-1}
        aria-labelledby="chat-heading"
        className={cn(
          // Without JavaScript the chat lies in the page on a phone too (see the table's noscript style).
          "chat-sheet rounded-2xl border border-line bg-surface/80 p-4 outline-none",
          // A phone: a sheet over the foot of the screen while open, nothing while closed.
          "max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-40 max-sm:max-h-[70dvh] max-sm:flex-col max-sm:rounded-b-none max-sm:bg-surface max-sm:pb-[max(1rem,env(safe-area-inset-bottom))] max-sm:shadow-2xl",
          open ? "max-sm:flex" : "max-sm:hidden",
        )}
      >
        <div className="flex items-center justify-between gap-2">
          <h2 id="chat-heading" className="font-semibold">
            Chat
          </h2>
          <button type="button" onClick={() => setOpen(false)} className={cn(buttonClasses("ghost", "sm"), "needs-script sm:hidden")}>
            Close
          </button>
        </div>
        {count === 0 ? (
          <p className="mt-1 text-sm text-muted">Say hello, or ask about a card. Everyone at the table sees it.</p>
        ) : (
          <ol
            ref={list}
            className="mt-2 max-h-64 space-y-2 overflow-y-auto pr-1 text-sm max-sm:max-h-none max-sm:min-h-0 max-sm:flex-1"
            aria-live="polite"
            data-testid="chat-lines"
          >
            {room.chat.map((entry) => (
              <li key={entry.id} className={entry.from === you ? "text-right" : ""}>
                <span className="block text-xs text-muted">{entry.from === you ? "You" : entry.name}</span>
                <span
                  className={`inline-block max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-1.5 text-left ${entry.from === you ? "bg-brand text-white" : "bg-surface-2"}`}
                >
                  {entry.text}
                </span>
              </li>
            ))}
          </ol>
        )}
        <TableForm intent="say" onSend={send} className={cn("mt-3 flex gap-2", live && "needs-script")}>
          <label htmlFor="chat-input" className="sr-only">
            Message
          </label>
          <Input
            look="compact"
            className="flex-1"
            id="chat-input"
            name="text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={CHAT_MAX}
            autoComplete="off"
            placeholder="Write a message"
          />
          <button type="submit" className={buttonClasses("secondary", "sm")} disabled={hydrated && (!room.connected || !text.trim())}>
            Send
          </button>
        </TableForm>
      </section>
    </>
  );
}
