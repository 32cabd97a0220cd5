import PartySocket from "partysocket";
import { useEffect } from "react";
import { AWAY_CLOSE_CODE, PRESENCE_ROOM } from "./presence-messages";

function newTabId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * While a reader who chose to be available has this tab open, it keeps them online: it joins the
 * presence room as a reader, beats every `heartbeatMs` and whenever the tab becomes visible again, and
 * says goodbye by beacon when the page goes away (the socket's close may not get out in time).
 */
export function useReaderAvailability(presence: { heartbeatMs: number } | null) {
  const heartbeatMs = presence?.heartbeatMs ?? null;
  useEffect(() => {
    if (heartbeatMs === null) return;
    const tab = newTabId();
    const socket = new PartySocket({ host: window.location.host, party: "reader-presence", room: PRESENCE_ROOM, query: { as: "reader", tab } });
    const beat = () => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "heartbeat" }));
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") beat();
    };
    const onPageHide = () => {
      navigator.sendBeacon("/reader-presence", new URLSearchParams({ tab }));
      socket.close();
    };
    // Back from the browser's page cache: the tab is open again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) socket.reconnect();
    };
    // Closed because the reader chose to be away: no reconnecting (a silent tab, closed for that, does reconnect).
    const onClose = (event: CloseEvent) => {
      if (event.code === AWAY_CLOSE_CODE) socket.close();
    };
    socket.addEventListener("close", onClose);
    const timer = setInterval(beat, heartbeatMs);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      socket.removeEventListener("close", onClose);
      socket.close();
    };
  }, [heartbeatMs]);
}
