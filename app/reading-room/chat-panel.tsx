import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { CHAT_MAX } from "./messages";
import type { RoomConnection } from "./use-room";

/** The table's chat: what the people at the table say to each other, kept with the reading while it lasts. */
export function ChatPanel({ room, you }: { room: RoomConnection; you: string | null }) {
  const [text, setText] = useState("");
  const list = useRef<HTMLOListElement>(null);
  const count = room.chat.length;
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [count]);
  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const line = text.trim();
    if (!line) return;
    room.say(line.slice(0, CHAT_MAX));
    setText("");
  };
  return (
    <section aria-labelledby="chat-heading" className="needs-script rounded-2xl border border-line bg-surface/80 p-4">
      <h2 id="chat-heading" className="font-semibold">Chat</h2>
      {count === 0 ? (
        <p className="mt-1 text-sm text-muted">Say hello, or ask about a card. Everyone at the table sees it.</p>
      ) : (
        <ol ref={list} className="mt-2 max-h-64 space-y-2 overflow-y-auto pr-1 text-sm" aria-live="polite" data-testid="chat-lines">
          {room.chat.map((entry) => (
            <li key={entry.id} className={entry.from === you ? "text-right" : ""}>
              <span className="block text-xs text-muted">{entry.from === you ? "You" : entry.name}</span>
              <span className={`inline-block max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-1.5 text-left ${entry.from === you ? "bg-brand text-white" : "bg-surface-2"}`}>
                {entry.text}
              </span>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={send} className="mt-3 flex gap-2">
        <label htmlFor="chat-input" className="sr-only">Message</label>
        <input
          id="chat-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={CHAT_MAX}
          autoComplete="off"
          placeholder="Write a message"
          className="min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 py-2 text-sm"
        />
        <button type="submit" className={buttonClasses("secondary", "sm")} disabled={!room.connected || !text.trim()}>Send</button>
      </form>
    </section>
  );
}
