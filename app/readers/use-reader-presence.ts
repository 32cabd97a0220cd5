import PartySocket from "partysocket";
import { useEffect, useState } from "react";
import type { PresenceServerMessage } from "./presence-messages";
import { PRESENCE_ROOM } from "./presence-messages";

/**
 * Live online status, by username, for the readers on screen: starts from what the server rendered,
 * then follows the presence room. Without JavaScript the rendered status stands.
 */
export function useReaderPresence(initialOnline: string[]): Set<string> {
  const [online, setOnline] = useState(() => new Set(initialOnline));
  useEffect(() => {
    const socket = new PartySocket({ host: window.location.host, party: "reader-presence", room: PRESENCE_ROOM });
    socket.addEventListener("message", (event: MessageEvent) => {
      let message: PresenceServerMessage;
      try {
        message = JSON.parse(String(event.data)) as PresenceServerMessage;
      } catch {
        return;
      }
      setOnline((current) => {
        if (message.type === "snapshot") return new Set([...current, ...message.online]);
        const next = new Set(current);
        if (message.type === "online") next.add(message.username);
        else next.delete(message.username);
        return next;
      });
    });
    return () => socket.close();
  }, []);
  return online;
}
