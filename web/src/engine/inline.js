// The engine with its wasm in the JavaScript: the same exports as browser.js, but nothing is fetched (bar
// the scalar build for a browser without SIMD, ./inline-loader.js), so no bundler needs to know about wasm
// files. It serves `posenc/widgets/inline`, `posenc/anywidget` and the classic-script bundles that must work
// with no other file (dist/posenc-widgets.iife.js, the single file of the training part and
// dist/posenc-embed.html: scripts/build-web.mjs substitutes this module for browser.js there).
//
// It carries one build, the SIMD one with the trainer (posenc-train-simd), deflated
// (web/src/engine/gen/posenc-wasm-inline.mjs, written by scripts/build.mjs), serving load() and
// load({ train: true }) alike, from one instance: carrying the build without the trainer as well would add
// more than the trainer weighs, while V8 compiles a wasm function only when it is first called, so a page
// that never trains compiles little of the trainer (issue 31 measured both: README, "Sizes").
// web/bundles/inline-lean.js is the same without the trainer, for single files that never train.
import glue from './gen/posenc-train-simd.mjs';
import { trainSimd } from './gen/posenc-wasm-inline.mjs';
import { makeInlineLoader } from './inline-loader.js';

export { simdSupported } from './core.js';

export const { readWasm, load } = makeInlineLoader({ simd: trainSimd, glue, train: true });
