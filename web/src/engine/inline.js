// The engine with both wasm builds inlined as base64 text (web/src/engine/gen/posenc-wasm-base64.mjs,
// written by scripts/build.mjs): the same exports as browser.js, but nothing is ever fetched, so no
// bundler needs to know about wasm files. It serves `posenc/widgets/inline`, `posenc/anywidget` and the
// classic-script bundles that must work with no other file (dist/posenc-widgets.iife.js, the single-file
// demo pages and dist/posenc-embed.html: scripts/build-web.mjs substitutes this module for browser.js there).
//
// Both builds are inlined because these entries promise to work in any browser the bundles target, and
// Safari before 16.4 (iOS 15 iPads are common in classrooms) has no WebAssembly SIMD; only the build this
// browser runs is decoded. They are the builds with the trainer (posenc-train-*), serving load() and
// load({ train: true }) alike, from one instance: inlining the builds without it as well would add more than
// the trainer weighs. The two Emscripten glue files differ only in the default file name of the wasm, which
// is never used because the loader passes `wasmBinary` (the build checks this), so one glue serves both.
import { makeLoader } from './core.js';
import glue from './gen/posenc-train-simd.mjs';
import { simd, scalar } from './gen/posenc-wasm-base64.mjs';

export { simdSupported } from './core.js';

function decode(base64) {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The bytes of one build ('simd' or 'scalar'), as engine/browser.js exports them (a worker runs them too); always with the trainer. */
export const readWasm = async (variant) => decode(variant === 'simd' ? simd : scalar);

export const load = makeLoader({
  readWasm,
  oneBuild: true,
  importGlue: async () => glue,
});
