import PartySocket from "partysocket";
import { useCallback, useEffect, useRef, useState } from "react";
import type { MeterView } from "../paid-readings/clock";
import type { ChatEntry, ServerMessage, Signal } from "./messages";
import { apply, type RoomCommand, type RoomEvent, type RoomState } from "./state";

export type RoomConnection = {
  /** The table as this browser knows it; the server-rendered state until the socket answers. */
  state: RoomState;
  you: string | null;
  connected: boolean;
  /** The last refusal, shown to the person who tried. */
  notice: string | null;
  /** Set when the room closed the door (removed, locked, gone). */
  closed: string | null;
  /** The latest event applied, for sounds and other reactions. */
  lastEvent: RoomEvent | null;
  /** A paid reading's clock, with when it was received; null in a free room. */
  meter: { view: MeterView; receivedAt: number } | null;
  /** Ends a paid reading (its client or reader only). */
  endReading(): void;
  /** The table's chat, oldest first. */
  chat: ChatEntry[];
  say(text: string): void;
  send(command: RoomCommand): void;
  /** Switches the table to another deck (null: the classic deck), between readings. */
  changeDeck(deckId: string | null): void;
  /** Sends a video-call signal to one person, or to everyone else with "*". */
  signal(to: string, signal: Signal): void;
  /** Listens to video-call signals; returns the way to stop. */
  onSignal(listener: (from: string, signal: Signal) => void): () => void;
};

/**
 * Sits at a reading's table: takes the room's snapshot, applies its events in order, and asks for
 * the whole state again when one is missed (after a reconnect, for instance).
 */
export function useRoom(sessionId: string, initial: RoomState, initialChat: ChatEntry[] = []): RoomConnection {
  const [state, setState] = useState(initial);
  const [you, setYou] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const [lastEvent, setLastEvent] = useState<RoomEvent | null>(null);
  const [meter, setMeter] = useState<RoomConnection["meter"]>(null);
  const [chat, setChat] = useState<ChatEntry[]>(initialChat);
  const socketRef = useRef<PartySocket | null>(null);
  const signalListeners = useRef(new Set<(from: string, signal: Signal) => void>());

  useEffect(() => {
    const socket = new PartySocket({ host: window.location.host, party: "reading-room", room: sessionId });
    socketRef.current = socket;
    socket.addEventListener("open", () => setConnected(true));
    socket.addEventListener("close", () => setConnected(false));
    socket.addEventListener("message", (event: MessageEvent) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      switch (message.type) {
        case "snapshot":
          setState(message.state);
          setYou(message.you);
          break;
        case "event":
          setLastEvent(message.event);
          setState((current) => {
            if (message.version === current.version + 1) return apply(current, message.event);
            if (message.version > current.version + 1) socket.send(JSON.stringify({ type: "resync" }));
            return current;
          });
          break;
        case "refused":
          setNotice(message.error);
          break;
        case "signal":
          for (const listener of signalListeners.current) listener(message.from, message.signal);
          break;
        case "chat":
          setChat((current) => (message.replace ? message.entries : [...current, ...message.entries].slice(-100)));
          break;
        case "meter":
          setMeter({ view: message.meter, receivedAt: Date.now() });
          break;
        case "closed":
          setClosed(message.reason);
          socket.close();
          break;
      }
    });
    return () => {
      socketRef.current = null;
      socket.close();
    };
  }, [sessionId]);

  const send = useCallback((command: RoomCommand) => {
    setNotice(null);
    socketRef.current?.send(JSON.stringify({ type: "command", command }));
  }, []);

  const changeDeck = useCallback((deckId: string | null) => {
    setNotice(null);
    socketRef.current?.send(JSON.stringify({ type: "changeDeck", deckId }));
  }, []);

  const say = useCallback((text: string) => {
    socketRef.current?.send(JSON.stringify({ type: "say", text }));
  }, []);

  const endReading = useCallback(() => {
    socketRef.current?.send(JSON.stringify({ type: "endReading" }));
  }, []);

  const signal = useCallback((to: string, payload: Signal) => {
    socketRef.current?.send(JSON.stringify({ type: "signal", to, signal: payload }));
  }, []);

  const onSignal = useCallback((listener: (from: string, signal: Signal) => void) => {
    signalListeners.current.add(listener);
    return () => {
      signalListeners.current.delete(listener);
    };
  }, []);

  return { state, you, connected, notice, closed, lastEvent, meter, endReading, chat, say, send, changeDeck, signal, onSignal };
}
