// Browser and bundler entry point of `posenc`: fetches the wasm next to this module (bundlers such as
// Vite follow `new URL('...', import.meta.url)` and emit the file).
import { makeLoader } from './core.js';

export { simdSupported } from './core.js';

const wasmUrl = (variant) => (variant === 'simd' ? new URL('./gen/posenc-simd.wasm', import.meta.url) : new URL('./gen/posenc-scalar.wasm', import.meta.url));

async function fetchWasm(variant) {
  const url = wasmUrl(variant);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`posenc: could not load ${url} (${response.status})`);
  return response;
}

/** The bytes of one build ('simd' or 'scalar'): a worker's that runs the engine too. */
export const readWasm = async (variant) => (await fetchWasm(variant)).arrayBuffer();

/**
 * One build compiled while its bytes arrive (WebAssembly.compileStreaming on the response: the preload of a
 * demo page's wasm is this same request), or from its bytes where the server does not say application/wasm
 * (compileStreaming would refuse the response) or the browser lacks compileStreaming.
 */
async function compileWasm(variant) {
  const response = await fetchWasm(variant);
  const streams = typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\b/i.test(response.headers.get('content-type') ?? '');
  return streams ? WebAssembly.compileStreaming(response) : WebAssembly.compile(await response.arrayBuffer());
}

export const load = makeLoader({
  readWasm,
  compileWasm,
  // one glue serves both builds: they differ in the wasm file name alone, which is unused since the module
  // is passed in (scripts/build-web.mjs checks this on every build)
  importGlue: async () => (await import('./gen/posenc-simd.mjs')).default,
});
