import { useCallback, useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import type { Signal } from "./messages";
import type { RoomConnection } from "./use-room";

/** A connection to one person, and which of their calls (a tab's join) it belongs to. */
type Peer = { connection: RTCPeerConnection; remoteCall: string };

export const MEDIA_REFUSED_MESSAGE = "Your camera or microphone could not be used. You are still part of the reading.";

/** Of two people, the one whose id sorts first makes the offer; the other only answers, so two offers never cross. */
export const makesOffer = (you: string, other: string) => you < other;

const newCallId = () => crypto.randomUUID().replaceAll("-", "").slice(0, 16);

/** The camera and microphone, or whichever of them this browser has. */
async function openMedia(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  } catch (first) {
    for (const constraints of [{ video: true }, { audio: true }]) {
      try {
        return await navigator.mediaDevices.getUserMedia(constraints);
      } catch {
        // try the next
      }
    }
    throw first;
  }
}

/**
 * A mesh video call among the people at the table, signalled through the room's socket. Joining
 * starts a call with an id of its own; everyone in the call hears of it, and of each two people
 * the one whose id sorts first offers a connection (the other, hearing a join, asks them to). Every
 * signal names the call it comes from and the call it is for, so a reload or a second tab never
 * mixes with what was left of an earlier call.
 */
export function useVideoCall(room: RoomConnection, iceServers: RTCIceServer[]) {
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remotes, setRemotes] = useState<Record<string, MediaStream>>({});
  const [error, setError] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const peers = useRef(new Map<string, Peer>());
  const localRef = useRef<MediaStream | null>(null);
  const callRef = useRef<string | null>(null);
  // Signals from one person are handled one after another, each to its end.
  const chains = useRef(new Map<string, Promise<void>>());
  // Candidates that arrive before the description they belong to wait for it.
  const pendingCandidates = useRef(new Map<string, RTCIceCandidateInit[]>());

  const dropPeer = useCallback((id: string) => {
    peers.current.get(id)?.connection.close();
    peers.current.delete(id);
    pendingCandidates.current.delete(id);
    setRemotes(({ [id]: _gone, ...rest }) => rest);
  }, []);

  const send = useCallback((to: string, signal: Omit<Signal, "call">) => room.signal(to, { ...signal, call: callRef.current ?? undefined }), [room]);

  /** A fresh connection to `id`'s call `remoteCall`, replacing any other. */
  const connect = useCallback(
    (id: string, remoteCall: string) => {
      dropPeer(id);
      const connection = new RTCPeerConnection({ iceServers });
      for (const track of localRef.current?.getTracks() ?? []) connection.addTrack(track, localRef.current!);
      connection.onicecandidate = (event) => {
        if (event.candidate) send(id, { kind: "ice", for: remoteCall, candidate: event.candidate.toJSON() as Signal["candidate"] });
      };
      connection.ontrack = (event) => {
        const stream = event.streams[0] ?? new MediaStream([event.track]);
        setRemotes((current) => ({ ...current, [id]: stream }));
      };
      connection.onconnectionstatechange = () => {
        if (peers.current.get(id)?.connection !== connection) return;
        if (connection.connectionState === "failed" || connection.connectionState === "closed") dropPeer(id);
      };
      peers.current.set(id, { connection, remoteCall });
      return connection;
    },
    [dropPeer, iceServers, send],
  );

  const setRemote = useCallback(async (id: string, connection: RTCPeerConnection, description: RTCSessionDescriptionInit) => {
    await connection.setRemoteDescription(description);
    const waiting = pendingCandidates.current.get(id) ?? [];
    pendingCandidates.current.delete(id);
    for (const candidate of waiting) await connection.addIceCandidate(candidate).catch(() => undefined);
  }, []);

  const handleSignal = useCallback(
    async (from: string, signal: Signal) => {
      const you = room.you;
      if (!localRef.current || !callRef.current || !you || !signal.call) return; // not in the call
      if (signal.for && signal.for !== callRef.current) return; // for another tab, or a call this tab left
      const peer = peers.current.get(from);
      const current = peer?.remoteCall === signal.call ? peer : null;
      if (signal.kind === "join") {
        if (current) return; // already connected, or connecting, to that call
        if (makesOffer(you, from)) {
          const connection = connect(from, signal.call);
          await connection.setLocalDescription(await connection.createOffer());
          send(from, { kind: "offer", for: signal.call, sdp: connection.localDescription!.sdp });
        } else {
          if (peer) dropPeer(from); // what is left of their earlier call
          send(from, { kind: "join", for: signal.call });
        }
      } else if (signal.kind === "offer" && signal.sdp) {
        if (makesOffer(you, from)) return;
        const connection = current?.connection ?? connect(from, signal.call);
        await setRemote(from, connection, { type: "offer", sdp: signal.sdp });
        await connection.setLocalDescription(await connection.createAnswer());
        send(from, { kind: "answer", for: signal.call, sdp: connection.localDescription!.sdp });
      } else if (signal.kind === "answer" && signal.sdp) {
        if (current?.connection.signalingState === "have-local-offer") await setRemote(from, current.connection, { type: "answer", sdp: signal.sdp });
      } else if (signal.kind === "ice" && signal.candidate) {
        if (!current) return;
        if (current.connection.remoteDescription) await current.connection.addIceCandidate(signal.candidate);
        else pendingCandidates.current.set(from, [...(pendingCandidates.current.get(from) ?? []), signal.candidate]);
      } else if (signal.kind === "leave") {
        if (current) dropPeer(from);
      }
    },
    [connect, dropPeer, room, send, setRemote],
  );

  useEffect(
    () =>
      room.onSignal((from, signal) => {
        const previous = chains.current.get(from) ?? Promise.resolve();
        const next = previous.then(() => handleSignal(from, signal)).catch((problem) => console.warn("video call signal failed", problem));
        chains.current.set(from, next);
      }),
    [handleSignal, room],
  );

  // Someone whose last tab left the table is out of the call too, whether or not they said so.
  const atTable = room.state.members
    .filter((member) => member.connections > 0)
    .map((member) => member.id)
    .sort()
    .join(" ");
  useEffect(() => {
    const here = new Set(atTable.split(" "));
    for (const id of [...peers.current.keys()]) if (!here.has(id)) dropPeer(id);
  }, [atTable, dropPeer]);

  const join = useCallback(async () => {
    setError(null);
    try {
      const stream = await openMedia();
      // A spectator comes in listening: their microphone starts off until they turn it on.
      const spectator = room.state.members.find((member) => member.id === room.you)?.role === "spectator";
      for (const track of stream.getAudioTracks()) track.enabled = !spectator;
      localRef.current = stream;
      callRef.current = newCallId();
      setLocal(stream);
      setMuted(spectator || stream.getAudioTracks().length === 0);
      setCameraOff(stream.getVideoTracks().length === 0);
      send("*", { kind: "join" });
    } catch {
      setError(MEDIA_REFUSED_MESSAGE);
    }
  }, [room, send]);

  const leave = useCallback(() => {
    send("*", { kind: "leave" });
    for (const id of [...peers.current.keys()]) dropPeer(id);
    for (const track of localRef.current?.getTracks() ?? []) track.stop();
    localRef.current = null;
    callRef.current = null;
    setLocal(null);
  }, [dropPeer, send]);

  useEffect(
    () => () => {
      for (const { connection } of peers.current.values()) connection.close();
      for (const track of localRef.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  const toggleMute = () => {
    const next = !muted;
    for (const track of localRef.current?.getAudioTracks() ?? []) track.enabled = !next;
    setMuted(next);
  };
  const toggleCamera = () => {
    const next = !cameraOff;
    for (const track of localRef.current?.getVideoTracks() ?? []) track.enabled = !next;
    setCameraOff(next);
  };
  const hasMicrophone = (local?.getAudioTracks().length ?? 0) > 0;
  const hasCamera = (local?.getVideoTracks().length ?? 0) > 0;

  return { local, remotes, error, muted, cameraOff, hasMicrophone, hasCamera, join, leave, toggleMute, toggleCamera };
}

export type VideoCallState = ReturnType<typeof useVideoCall>;

/** Plays a stream in a video element; a browser may refuse to play sound before the person has touched this page (a room opened by a link, for one). */
export function useStreamPlayback(stream: MediaStream, muted: boolean) {
  const ref = useRef<HTMLVideoElement>(null);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    video.play().then(
      () => setBlocked(false),
      () => setBlocked(!muted),
    );
  }, [stream, muted]);
  const play = () => {
    void ref.current?.play().then(() => setBlocked(false));
  };
  return { ref, blocked, play };
}

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
  call: VideoCallState;
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

/** How the room names a person in the call. */
export const nameOf = (room: RoomConnection, id: string) => room.state.members.find((m) => m.id === id)?.name ?? "Someone";
