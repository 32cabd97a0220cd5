// Two changes to Remix's server runtime, made at build time, for the cost of a member's page
// (docs/decisions/0047-members-pages.md); neither changes what a page is.
//
// Loaders and actions get a copy of the request with its `index` and `_routes` search parameters
// taken out, and the runtime made that copy whether or not the address had them: two URLs parsed
// and two Requests built for every loader (three on a member's page), about 8 % of the page. The
// copy is now made only when there is something to take out; otherwise the loader gets the
// request itself, which has the same address, method, headers, body and signal.
//
// A page's data is encoded for the browser (turbo-stream, the document's `serverHandoffStream`)
// when the render first asks for it rather than before the entry is called. A document served from
// the render memo (app/render/document-memo.server.ts) never renders, so it no longer pays for an
// encoding it drops. A render asks for it as it starts, so a page that does render encodes at the
// same point of the request as before: the encoding starts in full before anybody reads the body.
// (Encoding only when the body's reader first pulls was tried and dropped: the runtime's stream
// timeout is cleared only when the request is aborted, so a body nobody read had its encoding
// aborted mid-way seconds later, which hung the isolate's later requests in tests.)
//
// The build fails if the library's code no longer has the shape patched here, so an upgrade
// cannot silently drop the change.
import type { Plugin } from "vite";
import { applyEdits, patchModules, type TextEdit } from "./vite-text-patch";

const DATA_FILE = /[\\/]@remix-run[\\/]server-runtime[\\/]dist[\\/](esm[\\/])?data\.js$/;
const SERVER_FILE = /[\\/]@remix-run[\\/]server-runtime[\\/]dist[\\/]esm[\\/]server\.js$/;

const dataEdits: TextEdit[] = [
  {
    find: "function stripIndexParam(request) {\n",
    replace: 'function stripIndexParam(request) {\n  if (!request.url.includes("index=")) return request;\n',
  },
  {
    find: "function stripRoutesParam(request) {\n",
    replace: 'function stripRoutesParam(request) {\n  if (!request.url.includes("_routes=")) return request;\n',
  },
];

const serverEdits: TextEdit[] = [
  {
    find: "    ...(build.future.v3_singleFetch ? {\n      serverHandoffStream: encodeViaTurboStream(state, request.signal, build.entry.module.streamTimeout, serverMode),\n      renderMeta: {}\n    } : null),\n    future: build.future,\n",
    replace: "    ...(build.future.v3_singleFetch ? {\n      renderMeta: {}\n    } : null),\n    future: build.future,\n",
  },
  {
    find: "  let handleDocumentRequestFunction = build.entry.module.default;\n",
    replace:
      "  if (build.future.v3_singleFetch) encodeOnFirstUse(entryContext, () => encodeViaTurboStream(state, request.signal, build.entry.module.streamTimeout, serverMode));\n  let handleDocumentRequestFunction = build.entry.module.default;\n",
  },
  {
    find: "\nexport { createRequestHandler };",
    replace: [
      "",
      "function encodeOnFirstUse(entryContext, encode) {",
      "  let stream;",
      '  Object.defineProperty(entryContext, "serverHandoffStream", {',
      "    enumerable: true,",
      "    configurable: true,",
      "    get: () => (stream ??= encode()),",
      "    set: (value) => { stream = value; },",
      "  });",
      "}",
      "export { createRequestHandler };",
    ].join("\n"),
  },
];

/** Applies the loader-request edits to the runtime's data module; throws when one of them does not fit exactly once. */
export function passUnchangedRequests(source: string, file = "data"): string {
  return applyEdits(source, dataEdits, "the server runtime", file);
}

/** Applies the page-data edits to the runtime's server module, likewise. */
export function encodeHandoffOnFirstUse(source: string, file = "server"): string {
  return applyEdits(source, serverEdits, "the server runtime", file);
}

export function serverRuntimePatches(): Plugin[] {
  return [
    patchModules("arcanum:server-runtime-requests", DATA_FILE, passUnchangedRequests),
    patchModules("arcanum:server-runtime-handoff", SERVER_FILE, encodeHandoffOnFirstUse),
  ];
}
