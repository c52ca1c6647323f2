// Single-file build only: hands the widgets an engine made from wasm bytes inlined in the page, so the
// demo runs from file:// (no fetch, no ES modules). Must be imported before any widget module.
import { makeLoader } from '../src/engine/core.js';
import { setEngine } from '../src/widgets/engine.js';
import simdBytes from '../src/engine/gen/posenc-simd.wasm';
import scalarBytes from '../src/engine/gen/posenc-scalar.wasm';
import simdGlue from '../src/engine/gen/posenc-simd.mjs';
import scalarGlue from '../src/engine/gen/posenc-scalar.mjs';

const load = makeLoader({
  readWasm: async (variant) => (variant === 'simd' ? simdBytes : scalarBytes),
  importGlue: async (variant) => (variant === 'simd' ? simdGlue : scalarGlue),
});
setEngine(load());
