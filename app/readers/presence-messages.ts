/** What the presence room tells its listeners. Readers are named by their public username, never by their id. */
export type PresenceServerMessage = { type: "snapshot"; online: string[] } | { type: "online"; username: string } | { type: "offline"; username: string };

/** What a connected reader may send: a heartbeat while the tab is visible. */
export type PresenceClientMessage = { type: "heartbeat" };

export const PRESENCE_ROOM = "readers";
/** Header set by the Worker, never by the browser: the verified reader behind a connection, as JSON `VerifiedReader`. */
export const VERIFIED_READER_HEADER = "x-arcanum-verified-reader";
export type VerifiedReader = { id: string; username: string };
/** Close codes the presence room uses: the reader chose to be away (or the tab said goodbye), and a tab fell silent. */
export const AWAY_CLOSE_CODE = 4001;
export const SILENT_CLOSE_CODE = 4002;
