import { useCallback, useEffect, useRef, useState } from "react";
import type { Signal } from "./messages";
import type { RoomConnection } from "./use-room";

/** A call with cameras and microphones, or with microphones alone (a voice reading, decision 0106). */
export type CallKind = "video" | "voice";

/** A connection to one person, and which of their calls (a tab's join) it belongs to. */
type Peer = { connection: RTCPeerConnection; remoteCall: string };

export const MEDIA_REFUSED_MESSAGES: Record<CallKind, string> = {
  video: "Your camera or microphone could not be used. You are still part of the reading.",
  voice: "Your microphone could not be used. You are still part of the reading.",
};

/** Of two people, the one whose id sorts first makes the offer; the other only answers, so two offers never cross. */
export const makesOffer = (you: string, other: string) => you < other;

const newCallId = () => crypto.randomUUID().replaceAll("-", "").slice(0, 16);

/** For a video call the camera and microphone, or whichever of them this browser has; for a voice call the microphone alone, never the camera. */
async function openMedia(kind: CallKind): Promise<MediaStream> {
  if (kind === "voice") return navigator.mediaDevices.getUserMedia({ audio: true });
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
 * A mesh call among the people at the table, with video or by voice alone, signalled through the room's socket. Joining
 * starts a call with an id of its own; everyone in the call hears of it, and of each two people
 * the one whose id sorts first offers a connection (the other, hearing a join, asks them to). Every
 * signal names the call it comes from and the call it is for, so a reload or a second tab never
 * mixes with what was left of an earlier call.
 */
export function useCall(room: RoomConnection, iceServers: RTCIceServer[], kind: CallKind = "video") {
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remotes, setRemotes] = useState<Record<string, MediaStream>>({});
  // How far each connection has come, to say so in words where there is no picture to show it.
  const [states, setStates] = useState<Record<string, RTCPeerConnectionState>>({});
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
    setStates(({ [id]: _gone, ...rest }) => rest);
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
        setStates((current) => ({ ...current, [id]: connection.connectionState }));
        if (connection.connectionState === "failed" || connection.connectionState === "closed") dropPeer(id);
      };
      peers.current.set(id, { connection, remoteCall });
      setStates((current) => ({ ...current, [id]: connection.connectionState }));
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
        const next = previous.then(() => handleSignal(from, signal)).catch((problem) => console.warn("call signal failed", problem));
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
      const stream = await openMedia(kind);
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
      setError(MEDIA_REFUSED_MESSAGES[kind]);
    }
  }, [kind, room, send]);

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

  return { kind, local, remotes, states, error, muted, cameraOff, hasMicrophone, hasCamera, join, leave, toggleMute, toggleCamera };
}

export type CallState = ReturnType<typeof useCall>;

/** Plays a stream in a video or audio element; a browser may refuse to play sound before the person has touched this page (a room opened by a link, for one). */
export function useStreamPlayback<Element extends HTMLMediaElement = HTMLVideoElement>(stream: MediaStream, muted: boolean) {
  const ref = useRef<Element>(null);
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

/** How the room names a person in the call. */
export const nameOf = (room: RoomConnection, id: string) => room.state.members.find((m) => m.id === id)?.name ?? "Someone";
