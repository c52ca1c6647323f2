// Node entry point of `posenc`: reads the wasm next to this file.
import { readFile } from 'node:fs/promises';
import { makeLoader } from './core.js';

export { simdSupported } from './core.js';

export const load = makeLoader({
  readWasm: (variant) =>
    readFile(
      variant === 'simd' ? new URL('./gen/posenc-simd.wasm', import.meta.url) : new URL('./gen/posenc-scalar.wasm', import.meta.url),
    ),
  importGlue: async (variant) =>
    (variant === 'simd' ? await import('./gen/posenc-simd.mjs') : await import('./gen/posenc-scalar.mjs')).default,
});
