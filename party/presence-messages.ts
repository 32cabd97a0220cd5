/** What the presence room tells its listeners. */
export type PresenceServerMessage =
  | { type: "snapshot"; online: string[] }
  | { type: "online"; userId: string }
  | { type: "offline"; userId: string };

/** What a connected reader may send: a heartbeat while the tab is visible. */
export type PresenceClientMessage = { type: "heartbeat" };

export const PRESENCE_ROOM = "readers";
/** Header set by the Worker, never by the browser: the verified reader behind a connection. */
export const VERIFIED_READER_HEADER = "x-arcanum-verified-reader";
