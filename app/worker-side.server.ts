/**
 * What the Worker's own entry (workers/app.ts) takes from the server build: its two handlers and
 * the Durable Object classes. The server build exports it (app/entry.server.tsx), so wrangler
 * bundles one copy of the app and its dependencies, not two (decisions 0075, 0119).
 */
export { handleFetch } from "./worker/fetch.server";
export { handleScheduled } from "./worker/scheduled.server";
export { DeckGenerator } from "../party/deck-generator";
export { PrintJob } from "../party/print-job";
export { ReaderPresence } from "../party/reader-presence";
export { ReadingRoom } from "../party/reading-room";
export { UserChannel } from "../party/user-channel";
