import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { nameOf, useStreamPlayback, type CallState } from "./call";
import type { RoomConnection } from "./use-room";

function Video({
  stream,
  muted,
  label,
  spotlit,
  onSpotlight,
}: {
  stream: MediaStream;
  muted: boolean;
  label: string;
  spotlit: boolean;
  onSpotlight: () => void;
}) {
  const { ref, blocked, play } = useStreamPlayback(stream, muted);
  return (
    <figure className={`relative overflow-hidden rounded-xl bg-black ${spotlit ? "col-span-full" : ""}`} data-spotlit={spotlit || undefined}>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a live camera has no caption track to give */}
      <video ref={ref} autoPlay playsInline muted={muted} className="aspect-video w-full object-cover" data-testid={muted ? "local-video" : "remote-video"} />
      {blocked ? (
        <button type="button" onClick={play} className="absolute inset-0 flex items-center justify-center bg-black/60 text-sm font-semibold text-white">
          Play {label}’s video
        </button>
      ) : null}
      <figcaption className="absolute bottom-1 left-2 text-xs text-white drop-shadow">{label}</figcaption>
      <button
        type="button"
        onClick={onSpotlight}
        aria-pressed={spotlit}
        aria-label={spotlit ? `Show ${label} at the size of the others` : `Enlarge ${label}’s video`}
        className="absolute right-1 top-1 flex size-9 items-center justify-center rounded-lg bg-black/50 text-white hover:bg-black/70 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {spotlit ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /> : <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />}
        </svg>
      </button>
    </figure>
  );
}

/** The video call panel: join, see each other, enlarge one person, mute, camera off, leave. */
export function VideoCall({
  room,
  call,
  startNow = false,
  docked = false,
  ownPreview,
}: {
  room: RoomConnection;
  call: CallState;
  startNow?: boolean;
  /** On a phone the pictures sit on the table (the dock), and this panel keeps only the call's buttons. */
  docked?: boolean;
  /** Whether the dock shows one's own picture, and how to change that. */
  ownPreview?: { shown: boolean; toggle: () => void };
}) {
  const [spotlight, setSpotlight] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!startNow || started.current) return;
    started.current = true;
    void call.join();
  }, [startNow, call]);
  const seated = room.connected && room.state.members.some((member) => member.id === room.you);
  const tiles = call.local
    ? [
        { id: "you", stream: call.local, muted: true, label: "You" },
        ...Object.entries(call.remotes).map(([id, stream]) => ({ id, stream, muted: false, label: nameOf(room, id) })),
      ]
    : [];
  // The one enlarged comes first, across the panel; the others stay small below it.
  const shown = spotlight && tiles.some((tile) => tile.id === spotlight) ? spotlight : null;
  const ordered = shown ? [...tiles.filter((tile) => tile.id === shown), ...tiles.filter((tile) => tile.id !== shown)] : tiles;
  return (
    <section aria-labelledby="video-heading" className="needs-script rounded-2xl border border-line bg-surface/80 p-4">
      <h2 id="video-heading" className="font-semibold">
        Video call
      </h2>
      {call.local ? (
        <>
          {docked ? (
            <p className="mt-1 text-sm text-muted">The call sits on the table: tap a picture to enlarge it, or move it to another corner.</p>
          ) : (
            <div className={`mt-2 grid gap-2 ${shown ? "grid-cols-3" : "grid-cols-2"}`} data-testid="video-tiles">
              {ordered.map((tile) => (
                <Video
                  key={tile.id}
                  stream={tile.stream}
                  muted={tile.muted}
                  label={tile.label}
                  spotlit={tile.id === shown}
                  onSpotlight={() => setSpotlight(tile.id === shown ? null : tile.id)}
                />
              ))}
            </div>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClasses("secondary", "sm")}
              onClick={call.toggleMute}
              aria-pressed={call.muted}
              disabled={!call.hasMicrophone}
            >
              {call.muted ? "Unmute" : "Mute"}
            </button>
            <button
              type="button"
              className={buttonClasses("secondary", "sm")}
              onClick={call.toggleCamera}
              aria-pressed={call.cameraOff}
              disabled={!call.hasCamera}
            >
              {call.cameraOff ? "Camera on" : "Camera off"}
            </button>
            {docked && ownPreview ? (
              <button type="button" className={buttonClasses("secondary", "sm")} onClick={ownPreview.toggle} aria-pressed={!ownPreview.shown}>
                {ownPreview.shown ? "Hide my picture" : "Show my picture"}
              </button>
            ) : null}
            <button type="button" className={buttonClasses("secondary", "sm")} onClick={call.leave}>
              Leave call
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">See and hear each other while you read. Your camera stays off until you join.</p>
          {/* Who one is at the table (a spectator comes in with the microphone off) is known once the room has seated them. */}
          <button
            type="button"
            className={`${buttonClasses("secondary", "sm")} mt-3`}
            onClick={call.join}
            disabled={!seated}
            title={seated ? undefined : "Joining the table…"}
          >
            Join video call
          </button>
        </>
      )}
      {call.error ? (
        <p className="mt-2 text-sm text-danger" role="alert">
          {call.error}
        </p>
      ) : null}
    </section>
  );
}
