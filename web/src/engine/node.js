// Node entry point of `posenc`: reads the wasm next to this file (the build with the trainer for
// load({ train: true })).
import { readFile } from 'node:fs/promises';
import { makeLoader } from './core.js';

export { simdSupported } from './core.js';

export const load = makeLoader({
  readWasm: (variant, train) => readFile(wasmUrl(variant, train)),
  // one glue serves the SIMD and scalar builds: they differ in the wasm file name alone, which is unused since
  // the bytes are passed in (scripts/build-web.mjs checks this on every build); the builds with the trainer
  // have their own (the minified names of the wasm's imports and exports differ)
  importGlue: async (variant, train) => (train ? await import('./gen/posenc-train-simd.mjs') : await import('./gen/posenc-simd.mjs')).default,
});

// spelled out, one literal each, as in browser.js
function wasmUrl(variant, train) {
  if (train) return variant === 'simd' ? new URL('./gen/posenc-train-simd.wasm', import.meta.url) : new URL('./gen/posenc-train-scalar.wasm', import.meta.url);
  return variant === 'simd' ? new URL('./gen/posenc-simd.wasm', import.meta.url) : new URL('./gen/posenc-scalar.wasm', import.meta.url);
}
