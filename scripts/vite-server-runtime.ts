// A change to Remix's server runtime, made at build time, found by the render-path profile of a
// member's page (docs/decisions/0047-members-pages.md); it does not change what a page is.
//
// Loaders and actions get a copy of the request with its `index` and `_routes` search parameters
// taken out, and the runtime made that copy whether or not the address had them: two URLs parsed
// and two Requests built for every loader (three on a member's page), about 8 % of the page. The
// copy is now made only when there is something to take out; otherwise the loader gets the
// request itself, which has the same address, method, headers, body and signal.
//
// (Encoding the page data only when the render reads it was tried and dropped: the runtime's
// stream timeout is cleared only when the request is aborted, so a body nobody read had its
// encoding aborted mid-way seconds later, which hung the isolate's later requests in tests.)
//
// The build fails if the library's code no longer has the shape patched here, so an upgrade
// cannot silently drop the change.
import type { Plugin } from "vite";
import { applyEdits, patchModules, type TextEdit } from "./vite-text-patch";

const DATA_FILE = /[\\/]@remix-run[\\/]server-runtime[\\/]dist[\\/](esm[\\/])?data\.js$/;

const edits: TextEdit[] = [
  {
    find: "function stripIndexParam(request) {\n",
    replace: 'function stripIndexParam(request) {\n  if (!request.url.includes("index=")) return request;\n',
  },
  {
    find: "function stripRoutesParam(request) {\n",
    replace: 'function stripRoutesParam(request) {\n  if (!request.url.includes("_routes=")) return request;\n',
  },
];

/** Applies the edits to the runtime's source; throws when one of them does not fit exactly once. */
export function passUnchangedRequests(source: string, file = "data"): string {
  return applyEdits(source, edits, "the server runtime", file);
}

export function serverRuntimePatches(): Plugin {
  return patchModules("arcanum:server-runtime-patches", DATA_FILE, passUnchangedRequests);
}
