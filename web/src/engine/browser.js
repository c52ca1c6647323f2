// Browser and bundler entry point of `posenc`: fetches the wasm next to this module (bundlers such as
// Vite follow `new URL('...', import.meta.url)` and emit the file). load() fetches the build without the
// trainer, load({ train: true }) the one with it (posenc-train-*.wasm).
import { makeLoader } from './core.js';

export { simdSupported } from './core.js';

// one literal per file, so that bundlers find each
function wasmUrl(variant, train) {
  if (train) return variant === 'simd' ? new URL('./gen/posenc-train-simd.wasm', import.meta.url) : new URL('./gen/posenc-train-scalar.wasm', import.meta.url);
  return variant === 'simd' ? new URL('./gen/posenc-simd.wasm', import.meta.url) : new URL('./gen/posenc-scalar.wasm', import.meta.url);
}

async function fetchWasm(variant, train) {
  const url = wasmUrl(variant, train);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`posenc: could not load ${url} (${response.status})`);
  return response;
}

/** The bytes of one build ('simd' or 'scalar', with the trainer when `train`): a worker's that runs the engine too. */
export const readWasm = async (variant, train = false) => (await fetchWasm(variant, train)).arrayBuffer();

/**
 * One build compiled while its bytes arrive (WebAssembly.compileStreaming on the response: the preload of a
 * demo page's wasm is this same request), or from its bytes where the server does not say application/wasm
 * (compileStreaming would refuse the response) or the browser lacks compileStreaming.
 */
async function compileWasm(variant, train) {
  const response = await fetchWasm(variant, train);
  const streams = typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\b/i.test(response.headers.get('content-type') ?? '');
  return streams ? WebAssembly.compileStreaming(response) : WebAssembly.compile(await response.arrayBuffer());
}

export const load = makeLoader({
  readWasm,
  compileWasm,
  // one glue serves the SIMD and scalar builds: they differ in the wasm file name alone, which is unused since
  // the module is passed in (scripts/build-web.mjs checks this on every build); the builds with the trainer
  // have their own (the minified names of the wasm's imports and exports differ), a chunk of its own
  importGlue: async (variant, train) => (train ? await import('./gen/posenc-train-simd.mjs') : await import('./gen/posenc-simd.mjs')).default,
});
