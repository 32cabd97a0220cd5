// Binary modules that wrangler bundles itself (build/server keeps these imports; see vite.config.ts).
// A `.wasm` import is a compiled WebAssembly.Module: Workers may not compile WebAssembly from bytes.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}

// The pictures Worker's faces, as the build made them, uploaded with it as data modules (wrangler.pictures.toml).
declare module "*.ttf" {
  const data: ArrayBuffer;
  export default data;
}
