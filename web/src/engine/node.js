// Node entry point of `posenc`: reads the wasm next to this file.
import { readFile } from 'node:fs/promises';
import { makeLoader } from './core.js';

export { simdSupported } from './core.js';

export const load = makeLoader({
  readWasm: (variant) =>
    readFile(
      variant === 'simd' ? new URL('./gen/posenc-simd.wasm', import.meta.url) : new URL('./gen/posenc-scalar.wasm', import.meta.url),
    ),
  // one glue serves both builds: they differ in the wasm file name alone, which is unused since the bytes
  // are passed in (scripts/build-web.mjs checks this on every build)
  importGlue: async () => (await import('./gen/posenc-simd.mjs')).default,
});
