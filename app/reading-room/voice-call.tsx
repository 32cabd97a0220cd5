import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { nameOf, useStreamPlayback, type CallState } from "./call";
import type { RoomConnection } from "./use-room";

/** Loudness (root mean square of the samples, 0 to 1) above which someone counts as speaking. */
const SPEAKING_LEVEL = 0.02;
/** How long someone still counts as speaking after their voice drops, so the words do not flicker between syllables. */
const SPEAKING_HOLD_MS = 700;

/**
 * Who is speaking now, of `streams` (keyed by person): each one's loudness sampled a few times a
 * second. A browser keeps the sound off until the page has been touched; the first touch turns it on.
 */
function useSpeaking(streams: Record<string, MediaStream>): Set<string> {
  const [speaking, setSpeaking] = useState<Set<string>>(() => new Set());
  const key = Object.entries(streams)
    .map(([id, stream]) => `${id}:${stream.id}`)
    .sort()
    .join(" ");
  useEffect(() => {
    const entries = Object.entries(streams).filter(([, stream]) => stream.getAudioTracks().length > 0);
    if (entries.length === 0 || typeof AudioContext === "undefined") return setSpeaking(new Set());
    const context = new AudioContext();
    const wake = () => void context.resume().catch(() => undefined);
    document.addEventListener("pointerdown", wake, { once: true });
    const meters = entries.map(([id, stream]) => {
      const analyser = context.createAnalyser();
      analyser.fftSize = 512;
      context.createMediaStreamSource(stream).connect(analyser);
      return { id, analyser, samples: new Float32Array(analyser.fftSize), heardAt: 0, track: stream.getAudioTracks()[0]! };
    });
    let shown = "";
    const timer = setInterval(() => {
      const now = Date.now();
      for (const meter of meters) {
        meter.analyser.getFloatTimeDomainData(meter.samples);
        let sum = 0;
        for (const sample of meter.samples) sum += sample * sample;
        // A muted microphone still sends silence: it never counts as speaking.
        if (meter.track.enabled && Math.sqrt(sum / meter.samples.length) > SPEAKING_LEVEL) meter.heardAt = now;
      }
      const heard = meters.filter((meter) => now - meter.heardAt < SPEAKING_HOLD_MS).map((meter) => meter.id);
      if (heard.join(" ") !== shown) {
        shown = heard.join(" ");
        setSpeaking(new Set(heard));
      }
    }, 150);
    return () => {
      clearInterval(timer);
      document.removeEventListener("pointerdown", wake);
      void context.close().catch(() => undefined);
    };
    // The streams are named by `key`: a new object holding the same streams changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return speaking;
}

/** Whether `element` has scrolled up out of sight (below the screen does not count: the cards above it may still be in view). */
function useScrolledPast(element: React.RefObject<HTMLElement | null>, active: boolean) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!active || !target) return setPast(false);
    const observer = new IntersectionObserver((entries) => {
      const now = entries[entries.length - 1]!;
      setPast(!now.isIntersecting && now.boundingClientRect.top < 0);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, active]);
  return past;
}

/** One person's voice, played in an element of its own; with a button when the browser waits for a tap to play sound. */
function RemoteVoice({ stream, name }: { stream: MediaStream; name: string }) {
  const { ref, blocked, play } = useStreamPlayback<HTMLAudioElement>(stream, false);
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a live voice has no caption track to give; who speaks is said in words beside it */}
      <audio ref={ref} autoPlay data-testid="remote-audio" />
      {blocked ? (
        <button type="button" onClick={play} className={cn(buttonClasses("primary", "md"), "w-full max-sm:w-[calc(100%-5rem)]")}>
          Play {name}’s voice
        </button>
      ) : null}
    </>
  );
}

type Line = { state: "off" | "waiting" | "connecting" | "connected"; text: string };

/** "Mira", "Mira and Leo", "Mira, Leo and Ana". */
const namesList = (names: string[]) => (names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/** Where the call stands, in words: it has no picture to show it. */
function lineOf(room: RoomConnection, call: CallState, others: string[]): Line {
  if (!call.local) return { state: "off", text: "You are not in the call." };
  const named = (state: RTCPeerConnectionState) => others.filter((id) => call.states[id] === state).map((id) => nameOf(room, id));
  const connected = named("connected");
  if (connected.length > 0) return { state: "connected", text: `Connected to ${namesList(connected)}` };
  const connecting = [...named("new"), ...named("connecting")];
  if (connecting.length > 0) return { state: "connecting", text: `Connecting to ${namesList(connecting)}…` };
  const waiting = others.map((id) => nameOf(room, id));
  return { state: "waiting", text: waiting.length > 0 ? `Waiting for ${namesList(waiting)} to join the call…` : "Waiting for someone to join the call…" };
}

function MicrophoneIcon({ off }: { off: boolean }) {
  return (
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
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
      {off ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}

function HangUpIcon() {
  return (
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
      <path d="M3 14.5c5-4.7 13-4.7 18 0l-2.2 2.6-3.6-1.6v-2.6a11 11 0 0 0-6.4 0v2.6l-3.6 1.6z" />
    </svg>
  );
}

/**
 * Mute and hang up: two wide buttons, side by side, for a thumb. Under the table they keep clear of
 * the corner where a phone's Chat button floats, so that it never lies over them.
 */
function Controls({ call, compact }: { call: CallState; compact?: boolean }) {
  const size = cn(buttonClasses("secondary", compact ? "sm" : "thumb"), "whitespace-nowrap");
  return (
    <div className={cn("grid grid-cols-2 gap-2", !compact && "max-sm:mr-20")}>
      <button
        type="button"
        className={cn(size, "aria-pressed:border-brand aria-pressed:bg-brand/10")}
        onClick={call.toggleMute}
        aria-pressed={call.muted}
        disabled={!call.hasMicrophone}
      >
        <MicrophoneIcon off={call.muted} />
        {call.muted ? "Unmute" : "Mute"}
      </button>
      <button type="button" className={size} onClick={call.leave}>
        <HangUpIcon />
        Hang up
      </button>
    </div>
  );
}

const DOT: Record<Line["state"], string> = { off: "bg-line", waiting: "bg-gold", connecting: "bg-gold animate-pulse", connected: "bg-emerald-500" };

/**
 * The call of a voice reading: microphones only, no camera asked for and no picture drawn. It lies
 * under the table, its buttons wide enough for a thumb and clear of the cards; who is connected
 * and who is speaking are said in words. Scrolled past, a small bar with the same buttons floats at
 * the foot of the screen (above the phone's Chat button), where the cards no longer are.
 */
export function VoiceCall({ room, call, startNow = false }: { room: RoomConnection; call: CallState; startNow?: boolean }) {
  const started = useRef(false);
  useEffect(() => {
    if (!startNow || started.current) return;
    started.current = true;
    void call.join();
  }, [startNow, call]);
  const section = useRef<HTMLElement>(null);
  const floating = useScrolledPast(section, call.local !== null);
  const seated = room.connected && room.state.members.some((member) => member.id === room.you);
  const others = room.state.members.filter((member) => member.id !== room.you && member.connections > 0).map((member) => member.id);
  const line = lineOf(room, call, others);
  const speaking = useSpeaking(call.local ? { ...call.remotes, you: call.local } : {});
  const people = call.local
    ? [
        { id: "you", name: "You", text: call.muted ? "muted" : speaking.has("you") ? "speaking" : "microphone on" },
        ...others.map((id) => ({
          id,
          name: nameOf(room, id),
          text: speaking.has(id) ? "speaking" : call.states[id] === "connected" ? "connected" : call.states[id] ? "connecting…" : "not in the call yet",
        })),
      ]
    : [];
  return (
    <>
      <section
        ref={section}
        aria-labelledby="voice-heading"
        className="needs-script mt-3 rounded-2xl border border-line bg-surface/80 p-4"
        data-testid="voice-call"
        data-state={line.state}
      >
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h2 id="voice-heading" className="font-semibold">
            Voice call
          </h2>
          <p className="flex min-w-0 items-center gap-2 text-sm" role="status" data-testid="voice-status">
            <span className={cn("size-2.5 shrink-0 rounded-full", DOT[line.state])} aria-hidden="true" />
            <span className="min-w-0 break-words">{line.text}</span>
          </p>
        </div>
        {call.local ? (
          <>
            <div className="mt-3 space-y-2">
              {Object.entries(call.remotes).map(([id, stream]) => (
                <RemoteVoice key={id} stream={stream} name={nameOf(room, id)} />
              ))}
              <Controls call={call} />
            </div>
            <ul className="mt-3 flex flex-wrap gap-2 text-sm" aria-label="Who is in the call" data-testid="voice-people">
              {people.map((person) => (
                <li
                  key={person.id}
                  className={cn(
                    "flex min-w-0 max-w-full items-center gap-1.5 rounded-full border px-3 py-1",
                    person.text === "speaking" ? "border-brand bg-brand/10" : "border-line",
                  )}
                  data-speaking={person.text === "speaking" || undefined}
                >
                  <span className="truncate font-medium">{person.name}</span>
                  <span className="shrink-0 text-muted">· {person.text}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted">
              Talk while you read: only your microphone is used, never a camera. Leaving the call does not end the reading or its clock.
            </p>
            {/* Who one is at the table (a spectator comes in with the microphone off) is known once the room has seated them. */}
            <button
              type="button"
              className={cn(buttonClasses("primary", "lg"), "mt-3 w-[calc(100%-5rem)] sm:w-auto")}
              onClick={call.join}
              disabled={!seated}
              title={seated ? undefined : "Joining the table…"}
            >
              <MicrophoneIcon off={false} />
              Join voice call
            </button>
          </>
        )}
        {call.error ? (
          <p className="mt-2 text-sm text-danger" role="alert">
            {call.error}
          </p>
        ) : null}
      </section>
      {floating && call.local ? (
        <div
          className="fixed inset-x-3 bottom-[max(4.5rem,calc(env(safe-area-inset-bottom)+3.5rem))] z-30 rounded-2xl border border-line bg-surface p-3 shadow-lg sm:inset-x-auto sm:bottom-4 sm:right-4 sm:w-80"
          data-testid="voice-bar"
        >
          <p className="mb-2 flex items-center gap-2 text-sm" aria-hidden="true">
            <span className={cn("size-2.5 shrink-0 rounded-full", DOT[line.state])} />
            <span className="truncate">{line.text}</span>
          </p>
          <Controls call={call} compact />
        </div>
      ) : null}
    </>
  );
}
