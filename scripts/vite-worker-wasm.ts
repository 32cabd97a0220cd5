// Cloudflare Workers refuse to compile WebAssembly from bytes at run time: a Worker gets its
// WebAssembly as modules that wrangler uploads with it (`import wasm from "x.wasm"` gives a compiled
// WebAssembly.Module). The certificate renderer needs three: satori's layout engine and resvg, which
// their packages ship as files, and HarfBuzz, which satori 0.63 carries inside its JavaScript as
// base64 and compiles itself when the module loads (docs/decisions/0031-reader-certificate.md).
//
// This build step, for the server build only:
// - leaves imports of `.wasm` and `.woff` files from packages as imports, so that wrangler bundles
//   them as modules (and the test pool loads them the same way; fonts are Data modules through the
//   rule in wrangler.toml);
// - takes HarfBuzz out of satori's code into build/server/satori-harfbuzz.wasm, imported next to
//   the server build, and hands it to satori's loader through the loader's own `instantiateWasm`
//   option instead of the bytes;
// - replaces the tiny modules that HarfBuzz's loader compiles to pass JavaScript callbacks into
//   WebAssembly (one per signature, built from bytes when a callback is added) with one module
//   compiled at build time, satori-harfbuzz-callbacks.wasm, which has an entry for each signature.
// - lets the loader start without `self.location`, which a Worker (unlike a browser's worker) lacks.
// The build fails if satori's code no longer has the shape patched here, so an upgrade cannot
// silently bring run-time compilation back.
import type { Plugin } from "vite";

const SATORI_FILE = /[\\/]satori[\\/]dist[\\/]standalone\.js$/;
const HARFBUZZ_FILE = "./satori-harfbuzz.wasm";
const INLINE_WASM = /"(AGFzbQ[A-Za-z0-9+/=]+)"/g;
const LOADER_OPTION = /if\((\w+)\.instantiateWasm\)return/g;
// Emscripten takes its script's address from `self.location` in any worker scope; a Worker has none.
const SCRIPT_ADDRESS = /self\.location\.href/g;
const CALLBACKS_FILE = "./satori-harfbuzz-callbacks.wasm";
// Emscripten's convertJsFunctionToWasm: builds a module of one imported function and compiles it.
const CALLBACK_WRAPPER = /\((\w+),(\w+)\)=>\{var (\w+)=Uint8Array\.of\(0,97,115,109,[\s\S]{1,200}?\),(\w+)=new WebAssembly\.Module\(\3\),(\w+)=new WebAssembly\.Instance\(\4,\{e:\{f:\1\}\}\),(\w+)=\5\.exports\.f;return \6\}/g;
// The signatures of the callbacks satori hands to HarfBuzz (`addFunction(fn, "viiiffi")`).
const SIGNATURE = /,"([vi][ipjfde]*)"\)/g;
const VALUE_TYPES: Record<string, number> = { i: 0x7f, p: 0x7f, j: 0x7e, f: 0x7d, d: 0x7c, e: 0x6f };

function leb128(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

const vector = (items: number[][]) => [...leb128(items.length), ...items.flat()];
const name = (text: string) => [...leb128(text.length), ...Buffer.from(text, "utf8")];
const section = (id: number, body: number[]) => [id, ...leb128(body.length), ...body];

/** A module that imports `e.f{n}` with the n-th signature and exports it again as `f{n}`. */
function callbackModule(signatures: string[]): Uint8Array {
  const types = signatures.map((signature) => {
    const params = [...signature.slice(1)].map((c) => VALUE_TYPES[c]!);
    const results = signature[0] === "v" ? [] : [VALUE_TYPES[signature[0]!]!];
    return [0x60, ...leb128(params.length), ...params, ...leb128(results.length), ...results];
  });
  const imports = signatures.map((_, n) => [...name("e"), ...name(`f${n}`), 0x00, ...leb128(n)]);
  const exports = signatures.map((_, n) => [...name(`f${n}`), 0x00, ...leb128(n)]);
  return Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, ...section(1, vector(types)), ...section(2, vector(imports)), ...section(7, vector(exports))]);
}

export function workerWasm(): Plugin {
  let harfbuzz: Uint8Array | null = null;
  let signatures: string[] = [];
  return {
    name: "arcanum-worker-wasm",
    enforce: "pre",
    resolveId(id, _importer, options) {
      if (!options?.ssr) return null;
      if (id === HARFBUZZ_FILE || id === CALLBACKS_FILE) return { id, external: true };
      if (/\.(wasm|woff)$/.test(id) && !id.startsWith(".") && !id.startsWith("/")) return { id, external: true };
      return null;
    },
    transform(code, id, options) {
      if (!options?.ssr || !SATORI_FILE.test(id)) return null;
      const inline = [...code.matchAll(INLINE_WASM)];
      const loader = [...code.matchAll(LOADER_OPTION)];
      const wrapper = [...code.matchAll(CALLBACK_WRAPPER)];
      const address = [...code.matchAll(SCRIPT_ADDRESS)];
      if (inline.length !== 1 || loader.length !== 1 || wrapper.length !== 1 || address.length !== 1) {
        throw new Error(
          `satori's HarfBuzz loader changed shape (${inline.length} inline modules, ${loader.length} loader options, ${wrapper.length} callback wrappers, ${address.length} script addresses): update scripts/vite-worker-wasm.ts`,
        );
      }
      harfbuzz = Uint8Array.from(Buffer.from(inline[0]![1]!, "base64"));
      signatures = [...new Set([...code.matchAll(SIGNATURE)].map((match) => match[1]!))];
      const moduleVar = loader[0]![1]!;
      const patched = code
        .replace(INLINE_WASM, '""')
        .replace(LOADER_OPTION, `if(${moduleVar}.instantiateWasm??=__instantiateHarfbuzz)return`)
        .replace(CALLBACK_WRAPPER, "(fn,signature)=>__harfbuzzCallback(fn,signature)")
        .replace(SCRIPT_ADDRESS, "self.location?.href");
      const prelude = [
        `import __harfbuzz from ${JSON.stringify(HARFBUZZ_FILE)};`,
        `import __harfbuzzCallbacks from ${JSON.stringify(CALLBACKS_FILE)};`,
        "const __instantiateHarfbuzz = (imports, done) => { const instance = new WebAssembly.Instance(__harfbuzz, imports); done(instance, __harfbuzz); return instance.exports; };",
        `const __harfbuzzSignatures = ${JSON.stringify(signatures)};`,
        "const __harfbuzzCallback = (fn, signature) => {",
        "  const n = __harfbuzzSignatures.indexOf(signature);",
        '  if (n < 0) throw new Error(`No precompiled HarfBuzz callback for the signature ${signature}`);',
        "  const imports = Object.fromEntries(__harfbuzzSignatures.map((_, k) => [`f${k}`, fn]));",
        "  return new WebAssembly.Instance(__harfbuzzCallbacks, { e: imports }).exports[`f${n}`];",
        "};",
        "",
      ].join("\n");
      return { code: prelude + patched, map: null };
    },
    generateBundle() {
      if (!harfbuzz) return;
      this.emitFile({ type: "asset", fileName: HARFBUZZ_FILE.slice(2), source: harfbuzz });
      this.emitFile({ type: "asset", fileName: CALLBACKS_FILE.slice(2), source: callbackModule(signatures) });
    },
  };
}
