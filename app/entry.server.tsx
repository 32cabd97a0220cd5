import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { isOutboxSend, outboxAnswer } from "./outbox/outbox.server";
import { documentMemoKey, memoisedDocument, memoiseDocument } from "./render/document-memo.server";
import { manifestWithoutSharedPreloads } from "./render/scripts-after-paint.server";
import { NonceProvider } from "./security/nonce";
import { reportError } from "./observe/errors.server";

// What the Worker runs (its handlers and rooms), taken from this build so that one copy of the app,
// Remix's server runtime and the router with its route-matching cache is bundled (workers/app.ts,
// docs/decisions/0119-a-thin-worker-entry.md).
export * as workerSide from "./worker-side.server";
// Route matching as this build has it (scripts/vite-route-matching.ts), held to the library's own by tests/worker/route-matching.test.ts.
export { matchRoutes as builtMatchRoutes } from "@remix-run/router";

const ABORT_DELAY_MS = 5000;
/** A burst bigger than this leaves at once rather than waiting for the end of its turn. */
const LARGEST_PIECE = 64 * 1024;

/**
 * Gathers the renderer's pieces into one chunk per burst. React hands over every few elements as
 * a chunk of its own, and each chunk costs its way through the runtime's streams (and, locally,
 * the proxy in front of the Worker). What the renderer writes in one turn leaves together; a part
 * that waits (a deferred loader) leaves as soon as it is written, so the page still streams.
 */
function inBursts(source: ReadableStream<Uint8Array>, whenComplete?: (chunks: Uint8Array[]) => void): ReadableStream<Uint8Array> {
  const sent: Uint8Array[] = [];
  let pieces: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const flush = () => {
        if (timer) clearTimeout(timer);
        timer = null;
        if (size === 0) return;
        const chunk = new Uint8Array(size);
        let at = 0;
        for (const piece of pieces) {
          chunk.set(piece, at);
          at += piece.byteLength;
        }
        pieces = [];
        size = 0;
        if (whenComplete) sent.push(chunk);
        controller.enqueue(chunk);
      };
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            pieces.push(value);
            size += value.byteLength;
            if (size >= LARGEST_PIECE) flush();
            else timer ??= setTimeout(flush, 0);
          }
          flush();
          controller.close();
          whenComplete?.(sent);
        } catch (error) {
          controller.error(error);
        }
      })();
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** Errors thrown by loaders and actions (not answers they throw): reported once, with the request's id. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  reportError(error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A form sent from a phone's outbox wants the action's word on it, not the page (decision 0060).
  if (request.method === "POST" && isOutboxSend(request)) {
    void remixContext.serverHandoffStream?.cancel().catch(() => undefined);
    return outboxAnswer(responseStatusCode, remixContext);
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Lets Chromium tell us the system theme on later requests, so the no-JavaScript toggle knows what to flip.
  responseHeaders.set("Accept-CH", "Sec-CH-Prefers-Color-Scheme");
  responseHeaders.append("Vary", "Cookie");
  const nonce = loadContext.cspNonce;
  const memoKey = loadContext.cloudflare.env.RENDER_MEMO === "off" ? null : documentMemoKey(request, responseStatusCode, remixContext);
  if (memoKey) {
    const html = memoisedDocument(memoKey, nonce);
    if (html !== null) {
      // Not a word about the data stream: the runtime encodes the page's data only when a render
      // first asks for it (scripts/vite-server-runtime.ts), and this answer has no render.
      responseHeaders.set("x-render-memo", "hit");
      return new Response(html, { headers: responseHeaders, status: responseStatusCode });
    }
  }
  if (memoKey) responseHeaders.set("x-render-memo", "miss");
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ABORT_DELAY_MS);
  let status = responseStatusCode;
  const page = (
    <NonceProvider nonce={nonce}>
      <RemixServer
        context={{
          ...remixContext,
          manifest: manifestWithoutSharedPreloads(
            remixContext.manifest,
            remixContext.staticHandlerContext.matches.map((match) => match.route.id),
          ),
        }}
        url={request.url}
        abortDelay={ABORT_DELAY_MS}
        nonce={nonce}
      />
    </NonceProvider>
  );
  const body = await renderToReadableStream(page, {
    nonce,
    signal: controller.signal,
    onError(error: unknown) {
      if (!controller.signal.aborted) reportError(error);
      status = 500;
    },
  });
  body.allReady.then(
    () => clearTimeout(timer),
    () => clearTimeout(timer),
  );
  // Crawlers and non-streaming clients get the complete document.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  // A complete render of a page that declares it is kept for the next request with the same data.
  const keep = memoKey ? (chunks: Uint8Array[]) => status === responseStatusCode && memoiseDocument(memoKey, nonce, chunks) : undefined;
  return new Response(inBursts(body, keep), { headers: responseHeaders, status });
}
