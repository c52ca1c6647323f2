// The engine with both wasm builds inlined as base64, for classic-script bundles that must work with no
// other file: dist/posenc-widgets.iife.js, the single-file demo pages and dist/posenc-embed.html.
// scripts/build-web.mjs substitutes this module for web/src/engine/browser.js in those bundles (same
// exports), so the widgets load it through getEngine() as usual and nothing is ever fetched.
//
// Both builds are inlined because the classic script promises to work in any browser the bundles target,
// and Safari before 16.4 (iOS 15 iPads are common in classrooms) has no WebAssembly SIMD; only the build
// this browser runs is decoded. The two Emscripten glue files differ only in the default file name of the
// wasm, which is never used because the loader passes `wasmBinary` (the build checks this), so one glue
// serves both.
import { makeLoader } from '../src/engine/core.js';
import glue from '../src/engine/gen/posenc-simd.mjs';
import simdBase64 from '../src/engine/gen/posenc-simd.wasm';
import scalarBase64 from '../src/engine/gen/posenc-scalar.wasm';

export { simdSupported } from '../src/engine/core.js';

function decode(base64) {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The bytes of one build ('simd' or 'scalar'), as engine/browser.js exports them. */
export const readWasm = async (variant) => decode(variant === 'simd' ? simdBase64 : scalarBase64);

export const load = makeLoader({
  readWasm,
  importGlue: async () => glue,
});
