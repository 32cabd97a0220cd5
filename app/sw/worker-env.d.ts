// Service worker events that TypeScript's WebWorker library does not describe yet.

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

interface ServiceWorkerGlobalScopeEventMap {
  sync: SyncEvent;
  periodicsync: PeriodicSyncEvent;
}

/** Written by the build (scripts/vite-service-worker.ts): this build's version and the files it precaches. */
declare const __ARCANUM_BUILD__: { version: string; precache: string[] };
