import { useCallback, useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import type { Signal } from "./messages";
import type { RoomConnection } from "./use-room";

type Peer = { connection: RTCPeerConnection; stream: MediaStream | null };

export const MEDIA_REFUSED_MESSAGE = "Your camera or microphone could not be used. You are still part of the reading.";

/**
 * A mesh video call among the people at the table, signalled through the room's socket: whoever
 * joins announces it, everyone already in the call sends them an offer, and ICE candidates follow.
 * Two who join at the same moment both offer; the one whose id sorts first withdraws its offer.
 */
function useVideoCall(room: RoomConnection, iceServers: RTCIceServer[]) {
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remotes, setRemotes] = useState<Record<string, MediaStream>>({});
  const [error, setError] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const peers = useRef(new Map<string, Peer>());
  const localRef = useRef<MediaStream | null>(null);

  const dropPeer = useCallback((id: string) => {
    peers.current.get(id)?.connection.close();
    peers.current.delete(id);
    setRemotes(({ [id]: _gone, ...rest }) => rest);
  }, []);

  const peerFor = useCallback(
    (id: string) => {
      const existing = peers.current.get(id);
      if (existing) return existing.connection;
      const connection = new RTCPeerConnection({ iceServers });
      for (const track of localRef.current?.getTracks() ?? []) connection.addTrack(track, localRef.current!);
      connection.onicecandidate = (event) => {
        if (event.candidate) room.signal(id, { kind: "ice", candidate: event.candidate.toJSON() as Signal["candidate"] });
      };
      connection.ontrack = (event) => {
        const stream = event.streams[0] ?? new MediaStream([event.track]);
        setRemotes((current) => ({ ...current, [id]: stream }));
      };
      connection.onconnectionstatechange = () => {
        if (connection.connectionState === "failed" || connection.connectionState === "closed") dropPeer(id);
      };
      peers.current.set(id, { connection, stream: null });
      return connection;
    },
    [dropPeer, iceServers, room],
  );

  useEffect(
    () =>
      room.onSignal(async (from, signal) => {
        if (!localRef.current) return; // not in the call
        try {
          if (signal.kind === "join") {
            const connection = peerFor(from);
            await connection.setLocalDescription(await connection.createOffer());
            room.signal(from, { kind: "offer", sdp: connection.localDescription!.sdp });
          } else if (signal.kind === "offer" && signal.sdp) {
            const connection = peerFor(from);
            if (connection.signalingState === "have-local-offer") {
              // Both joined at once and offered to each other: the one whose id sorts first gives way.
              if ((room.you ?? "") > from) return;
              await connection.setLocalDescription({ type: "rollback" });
            }
            await connection.setRemoteDescription({ type: "offer", sdp: signal.sdp });
            await connection.setLocalDescription(await connection.createAnswer());
            room.signal(from, { kind: "answer", sdp: connection.localDescription!.sdp });
          } else if (signal.kind === "answer" && signal.sdp) {
            const connection = peers.current.get(from)?.connection;
            // An answer to an offer this side withdrew (see above) is stale.
            if (connection?.signalingState === "have-local-offer") await connection.setRemoteDescription({ type: "answer", sdp: signal.sdp });
          } else if (signal.kind === "ice" && signal.candidate) {
            await peers.current.get(from)?.connection.addIceCandidate(signal.candidate);
          } else if (signal.kind === "leave") {
            dropPeer(from);
          }
        } catch (problem) {
          console.warn("video call signal failed", problem);
        }
      }),
    [dropPeer, peerFor, room],
  );

  const join = useCallback(async () => {
    setError(null);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      // A spectator comes in listening: their microphone starts off until they turn it on.
      const spectator = room.state.members.find((member) => member.id === room.you)?.role === "spectator";
      for (const track of stream.getAudioTracks()) track.enabled = !spectator;
      localRef.current = stream;
      setLocal(stream);
      setMuted(spectator);
      setCameraOff(false);
      room.signal("*", { kind: "join" });
    } catch {
      setError(MEDIA_REFUSED_MESSAGE);
    }
  }, [room]);

  const leave = useCallback(() => {
    room.signal("*", { kind: "leave" });
    for (const id of [...peers.current.keys()]) dropPeer(id);
    for (const track of localRef.current?.getTracks() ?? []) track.stop();
    localRef.current = null;
    setLocal(null);
  }, [dropPeer, room]);

  useEffect(() => () => {
    for (const { connection } of peers.current.values()) connection.close();
    for (const track of localRef.current?.getTracks() ?? []) track.stop();
  }, []);

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

  return { local, remotes, error, muted, cameraOff, join, leave, toggleMute, toggleCamera };
}

function Video({ stream, muted, label }: { stream: MediaStream; muted: boolean; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  // A browser may refuse to play sound before the person has touched this page (a room opened by a link, for one).
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
  return (
    <figure className="relative overflow-hidden rounded-xl bg-black">
      <video ref={ref} autoPlay playsInline muted={muted} className="aspect-video w-full object-cover" data-testid={muted ? "local-video" : "remote-video"} />
      {blocked ? (
        <button type="button" onClick={play} className="absolute inset-0 flex items-center justify-center bg-black/60 text-sm font-semibold text-white">
          Play {label}’s video
        </button>
      ) : null}
      <figcaption className="absolute bottom-1 left-2 text-xs text-white drop-shadow">{label}</figcaption>
    </figure>
  );
}

/** The video call panel: join, see each other, mute, camera off, leave. */
export function VideoCall({ room, iceServers, startNow = false }: { room: RoomConnection; iceServers: RTCIceServer[]; startNow?: boolean }) {
  const call = useVideoCall(room, iceServers);
  const started = useRef(false);
  useEffect(() => {
    if (!startNow || started.current) return;
    started.current = true;
    void call.join();
  }, [startNow, call]);
  const nameOf = (id: string) => room.state.members.find((m) => m.id === id)?.name ?? "Someone";
  return (
    <section aria-labelledby="video-heading" className="needs-script rounded-2xl border border-line bg-surface/80 p-4">
      <h2 id="video-heading" className="font-semibold">Video call</h2>
      {call.local ? (
        <>
          <div className="mt-2 grid grid-cols-2 gap-2">
            <Video stream={call.local} muted label="You" />
            {Object.entries(call.remotes).map(([id, stream]) => (
              <Video key={id} stream={stream} muted={false} label={nameOf(id)} />
            ))}
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={buttonClasses("secondary", "sm")} onClick={call.toggleMute} aria-pressed={call.muted}>
              {call.muted ? "Unmute" : "Mute"}
            </button>
            <button type="button" className={buttonClasses("secondary", "sm")} onClick={call.toggleCamera} aria-pressed={call.cameraOff}>
              {call.cameraOff ? "Camera on" : "Camera off"}
            </button>
            <button type="button" className={buttonClasses("secondary", "sm")} onClick={call.leave}>Leave call</button>
          </div>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">See and hear each other while you read. Your camera stays off until you join.</p>
          <button type="button" className={`${buttonClasses("secondary", "sm")} mt-3`} onClick={call.join}>Join video call</button>
        </>
      )}
      {call.error ? <p className="mt-2 text-sm text-danger" role="alert">{call.error}</p> : null}
    </section>
  );
}
