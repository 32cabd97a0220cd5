import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import type { RoomConnection } from "./use-room";
import { nameOf, useStreamPlayback, type CallState } from "./call";

export const DOCK_CORNERS = ["bottom-right", "bottom-left", "top-left", "top-right"] as const;
export type DockCorner = (typeof DOCK_CORNERS)[number];

const PLACES: Record<DockCorner, string> = {
  "bottom-right": "bottom-2 right-2",
  "bottom-left": "bottom-2 left-2",
  "top-left": "top-2 left-2",
  "top-right": "top-2 right-2",
};

/** Where the picture floats once the table has scrolled away: the screen's corners, clear of the Chat button. */
const FLOATING: Record<DockCorner, string> = {
  "bottom-right": "bottom-[max(4.5rem,calc(env(safe-area-inset-bottom)+3.5rem))] right-3",
  "bottom-left": "bottom-[max(1rem,env(safe-area-inset-bottom))] left-3",
  "top-left": "top-3 left-3",
  "top-right": "top-3 right-3",
};

/** Whether the table (the dock's parent) has mostly left the screen. */
function useTableAway(dock: React.RefObject<HTMLDivElement | null>, active: boolean) {
  const [away, setAway] = useState(false);
  useEffect(() => {
    const table = dock.current?.parentElement;
    if (!active || !table) return setAway(false);
    // One callback may carry several crossings of the same table, oldest first: the last one is where it is now.
    const observer = new IntersectionObserver(
      (entries) => {
        const now = entries[entries.length - 1]!;
        setAway(!now.isIntersecting || now.intersectionRatio < 0.2);
      },
      { threshold: [0, 0.2] },
    );
    observer.observe(table);
    return () => observer.disconnect();
  }, [dock, active]);
  return away;
}

/** The next corner, going round the table. */
export const nextCorner = (corner: DockCorner): DockCorner => DOCK_CORNERS[(DOCK_CORNERS.indexOf(corner) + 1) % DOCK_CORNERS.length]!;

function DockVideo({ stream, muted, label, className }: { stream: MediaStream; muted: boolean; label: string; className?: string }) {
  const { ref, blocked, play } = useStreamPlayback(stream, muted);
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a live camera has no caption track to give */}
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={muted}
        className={cn("h-full w-full object-cover", className)}
        data-testid={muted ? "local-video" : "remote-video"}
      />
      {blocked ? (
        <button
          type="button"
          onClick={play}
          className="absolute inset-0 z-20 flex items-center justify-center bg-black/60 p-1 text-center text-xs font-semibold text-white"
        >
          Play {label}’s video
        </button>
      ) : null}
    </>
  );
}

/**
 * A video call on a phone: the other person's picture lies on a corner of the table, small enough
 * to read the cards beside it, with one's own picture smaller inside it (or hidden). A tap enlarges
 * it across the table and back; a button moves it round the corners. Everyone else in the call is
 * a thumbnail under it, heard as well as seen, and a tap brings them up. Once the table has scrolled
 * away, the picture floats in the same corner of the screen.
 */
export function VideoDock({
  room,
  call,
  ownShown,
  corner,
  onMove,
}: {
  room: RoomConnection;
  call: CallState;
  ownShown: boolean;
  corner: DockCorner;
  onMove: () => void;
}) {
  const [large, setLarge] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const self = useRef<HTMLDivElement>(null);
  // Scrolled down to the tools, the person still sees whom they are talking to: the picture floats over the page.
  const floating = useTableAway(self, call.local !== null);
  if (!call.local) return null;
  const ids = Object.keys(call.remotes);
  const main = chosen && call.remotes[chosen] ? chosen : (ids[0] ?? null);
  const others = ids.filter((id) => id !== main);
  const label = main ? nameOf(room, main) : "You";
  const whose = main ? `${label}’s` : "your";
  const backToTable = () => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    self.current?.parentElement?.scrollIntoView({ block: "center", behavior: reduce ? "auto" : "smooth" });
  };
  return (
    <div
      ref={self}
      className={cn(
        "flex flex-col gap-1",
        floating ? ["fixed z-30 w-[36vw]", FLOATING[corner]] : ["absolute z-10", large ? "inset-x-2 top-2" : ["w-[36%]", PLACES[corner]]],
      )}
      data-testid="video-dock"
      data-corner={corner}
      data-floating={floating || undefined}
      data-large={(large && !floating) || undefined}
    >
      <figure className="relative aspect-[4/3] overflow-hidden rounded-xl bg-black shadow-lg ring-1 ring-white/25">
        {main ? (
          <DockVideo key={main} stream={call.remotes[main]!} muted={false} label={label} />
        ) : (
          <DockVideo key="you" stream={call.local} muted label="You" />
        )}
        <button
          type="button"
          onClick={floating ? backToTable : () => setLarge((on) => !on)}
          aria-pressed={floating ? undefined : large}
          aria-label={floating ? "Back to the table" : `${large ? "Make" : "Enlarge"} ${whose} picture${large ? " small" : ""}`}
          className="absolute inset-0 focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white"
        />
        <figcaption className="pointer-events-none absolute bottom-1 left-2 max-w-[calc(100%-1rem)] truncate text-xs text-white drop-shadow">
          {label}
        </figcaption>
        {large && !floating ? null : (
          <button
            type="button"
            onClick={onMove}
            aria-label="Move the picture to another corner"
            className="absolute left-1 top-1 flex size-7 items-center justify-center rounded-lg bg-black/50 text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
          >
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M12 3v18M3 12h18M12 3l-3 3M12 3l3 3M12 21l-3-3M12 21l3-3M3 12l3-3M3 12l3 3M21 12l-3-3M21 12l-3 3" />
            </svg>
          </button>
        )}
        {main && ownShown ? (
          <div className="pointer-events-none absolute right-1 top-1 aspect-[4/3] w-1/3 overflow-hidden rounded-md ring-1 ring-white/60">
            <DockVideo stream={call.local} muted label="You" />
          </div>
        ) : null}
      </figure>
      {others.length > 0 ? (
        <div className="flex gap-1">
          {others.map((id) => (
            <div key={id} className="relative aspect-[4/3] w-1/3 overflow-hidden rounded-md bg-black ring-1 ring-white/25">
              <DockVideo stream={call.remotes[id]!} muted={false} label={nameOf(room, id)} />
              <button type="button" onClick={() => setChosen(id)} aria-label={`Bring up ${nameOf(room, id)}’s picture`} className="absolute inset-0" />
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
