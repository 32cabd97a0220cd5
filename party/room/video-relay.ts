import type { Connection } from "partyserver";
import type { ServerMessage, Signal } from "../../app/reading-room/messages";

/**
 * Passes a video-call signal to one person's sockets, or to everyone else's; the sender is the
 * room's to name, never the browser's.
 */
export function relaySignal<T extends { memberId: string }>(
  connections: Iterable<Connection<T>>,
  from: Connection<T>,
  memberId: string,
  to: string,
  signal: Signal,
) {
  const text = JSON.stringify({ type: "signal", from: memberId, signal } satisfies ServerMessage);
  for (const connection of connections) {
    if (connection.id === from.id || !connection.state) continue;
    if (to === "*" ? connection.state.memberId !== memberId : connection.state.memberId === to) connection.send(text);
  }
}
