// The Worker: everything it does comes from the server build (app/worker-side.server.ts), so it
// carries one copy of the app and its dependencies (decisions 0075, 0119).
import type { ServerBuild } from "@remix-run/cloudflare";
import * as build from "remix-build";

const { handleFetch, handleScheduled } = build.entry.module.workerSide;

export const DeckGenerator = build.entry.module.workerSide.DeckGenerator;
export const PrintJob = build.entry.module.workerSide.PrintJob;
export const ReaderPresence = build.entry.module.workerSide.ReaderPresence;
export const ReadingRoom = build.entry.module.workerSide.ReadingRoom;
export const UserChannel = build.entry.module.workerSide.UserChannel;
// The same names as types, for the generated Env (types/worker-configuration.d.ts) to type each namespace's stubs.
export type DeckGenerator = InstanceType<typeof DeckGenerator>;
export type ReaderPresence = InstanceType<typeof ReaderPresence>;
export type ReadingRoom = InstanceType<typeof ReadingRoom>;
export type UserChannel = InstanceType<typeof UserChannel>;
export type PrintJob = InstanceType<typeof PrintJob>;

export default {
  fetch: (request, env, ctx) => handleFetch(build as unknown as ServerBuild, request, env, ctx),
  scheduled: (controller, env, ctx) => handleScheduled(controller, env, ctx),
} satisfies ExportedHandler<Env>;
