// Browser and bundler entry point of `posenc`: fetches the wasm next to this module (bundlers such as
// Vite follow `new URL('...', import.meta.url)` and emit the file).
import { makeLoader } from './core.js';

export { simdSupported } from './core.js';

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`posenc: could not load ${url} (${response.status})`);
  return response.arrayBuffer();
}

/** The bytes of one build ('simd' or 'scalar'): the loader's, and a worker's that runs the engine too. */
export const readWasm = (variant) =>
  fetchBytes(variant === 'simd' ? new URL('./gen/posenc-simd.wasm', import.meta.url) : new URL('./gen/posenc-scalar.wasm', import.meta.url));

export const load = makeLoader({
  readWasm,
  // one glue serves both builds: they differ in the wasm file name alone, which is unused since the bytes
  // are passed in (scripts/build-web.mjs checks this on every build)
  importGlue: async () => (await import('./gen/posenc-simd.mjs')).default,
});
