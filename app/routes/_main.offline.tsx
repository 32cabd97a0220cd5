import type { MetaFunction } from "@remix-run/cloudflare";
import { PageHeader } from "~/components/page-header";
export const meta: MetaFunction = () => [{ title: "Offline — Arcanum" }];

/**
 * Shown by the service worker for a page it has no copy of while the network is away
 * (app/sw/pages.sw.ts); the worker lists the pages saved on this device in `#offline-saved`.
 */
export default function Offline() {
  return (
    <div className="mx-auto max-w-2xl px-4 pb-16 sm:px-6" data-testid="offline-page">
      <PageHeader eyebrow="Offline" title="You are offline">
        <p>This page was not saved on this device, so it needs a connection. What you already opened is here to read.</p>
      </PageHeader>
      <section className="rounded-3xl border border-line bg-surface/80 p-5 shadow-sm sm:p-8" aria-labelledby="offline-saved-title">
        <h2 id="offline-saved-title" className="text-xl font-semibold">
          Saved on this device
        </h2>
        <p className="mt-2 text-sm text-muted">
          Your collection, the decks you opened, your journal and the entries you opened are kept for reading offline. Notes, reviews and new decks you make
          offline wait here and are sent when you are back online.
        </p>
        {/* Filled in by the service worker; React leaves what it finds here alone. */}
        <div id="offline-saved" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      </section>
    </div>
  );
}
