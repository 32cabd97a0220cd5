// Binary modules that wrangler bundles itself (build/server keeps these imports; see vite.config.ts).
// A `.wasm` import is a compiled WebAssembly.Module: Workers may not compile WebAssembly from bytes.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}

// The certificate's fonts, imported as Data modules (wrangler.toml `[[rules]]`): their bytes.
declare module "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff" {
  const data: ArrayBuffer;
  export default data;
}
declare module "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-700-normal.woff" {
  const data: ArrayBuffer;
  export default data;
}
declare module "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-italic.woff" {
  const data: ArrayBuffer;
  export default data;
}
declare module "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-600-normal.woff" {
  const data: ArrayBuffer;
  export default data;
}
declare module "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-700-normal.woff" {
  const data: ArrayBuffer;
  export default data;
}
