// web/src/engine/inline.js without the trainer: the SIMD build posenc-simd, deflated, for the single files
// of the lesson's parts that never train (scripts/build-web.mjs substitutes it for engine/browser.js there,
// and makes `posenc:lean-wasm` from web/src/engine/gen/posenc-simd.wasm): 25 KiB of gzip less than the build
// with the trainer. load({ train: true }) rejects, naming what carries the trainer. Not published: only
// the single files use it.
import glue from '../src/engine/gen/posenc-simd.mjs';
import simd from 'posenc:lean-wasm';
import { makeInlineLoader } from '../src/engine/inline-loader.js';

export { simdSupported } from '../src/engine/core.js';

export const { readWasm, load } = makeInlineLoader({ simd, glue, train: false });
