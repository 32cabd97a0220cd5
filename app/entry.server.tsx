import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "./security/nonce";

// The Worker takes its request handler from this bundle, so one copy of Remix's server runtime and
// router serves each request, with the build's route-matching cache (docs/decisions/0025-render-path.md).
export { createRequestHandler } from "@remix-run/cloudflare";

const ABORT_DELAY_MS = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ABORT_DELAY_MS);
  let status = responseStatusCode;
  const nonce = loadContext.cspNonce;
  const page = (
    <NonceProvider nonce={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
    </NonceProvider>
  );
  const body = await renderToReadableStream(page, {
    nonce,
    signal: controller.signal,
    onError(error: unknown) {
      if (!controller.signal.aborted) console.error(error);
      status = 500;
    },
  });
  body.allReady.then(() => clearTimeout(timer), () => clearTimeout(timer));
  // Crawlers and non-streaming clients get the complete document.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Lets Chromium tell us the system theme on later requests, so the no-JavaScript toggle knows what to flip.
  responseHeaders.set("Accept-CH", "Sec-CH-Prefers-Color-Scheme");
  responseHeaders.append("Vary", "Cookie");
  return new Response(body, { headers: responseHeaders, status });
}
