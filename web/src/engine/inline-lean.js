// ./inline.js without the trainer: the SIMD build posenc-simd, deflated, for the single files of the
// lesson's parts that never train (scripts/build-web-methods.mjs substitutes it for browser.js there):
// 25 KiB of gzip less than the build with the trainer, and less to compile on a phone. load({ train: true })
// rejects, naming the files that carry the trainer.
import glue from './gen/posenc-simd.mjs';
import { simd } from './gen/posenc-wasm-inline.mjs';
import { makeInlineLoader } from './inline-loader.js';

export { simdSupported } from './core.js';

export const { readWasm, load } = makeInlineLoader({ simd, glue, train: false });
