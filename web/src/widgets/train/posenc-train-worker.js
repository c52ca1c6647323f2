// The training worker of <posenc-train>: the same engine as the page (core.js and the Emscripten glue, the
// wasm bytes of the build with the trainer handed over by the page), holding trainers and answering calls on
// them. Results go back with their typed arrays transferred, not copied. Messages: { id, op, … } → { id, ok, value } or
// { id, ok: false, error: { name, message } }. See runner.js for the page's side.

import { makeLoader } from '../../engine/core.js';
import glue from '../../engine/gen/posenc-train-simd.mjs';  // the glue of the builds with the trainer

// the trainer calls the page may make (pe.train's trainer API, docs/engine.md)
const CALLS = new Set(['step', 'evaluate', 'attention', 'predict', 'weights', 'setWeights', 'batch', 'samples']);

let pe = null;
const trainers = new Map();

/** The ArrayBuffers of the typed arrays in `value` (to transfer), each once. */
export function transferList(value, out = new Set(), depth = 0) {
  if (ArrayBuffer.isView(value)) out.add(value.buffer);
  else if (value && typeof value === 'object' && depth < 4) for (const v of Object.values(value)) transferList(v, out, depth + 1);
  return [...out];
}

function answer(id, data) {
  const { op, trainer } = data;
  if (op === 'init')
    return makeLoader({ readWasm: async () => data.wasm, importGlue: async () => glue })({ simd: data.simd, train: true }).then((engine) => {
      pe = engine;
      return { simd: pe.simd, train: Boolean(pe.train) };
    });
  if (!pe) throw new Error('posenc-train worker: the engine is not loaded');
  if (op === 'create') {
    trainers.get(trainer)?.dispose();
    trainers.set(trainer, pe.train.create(data.options));
    return null;
  }
  if (op === 'dispose') {
    trainers.get(trainer)?.dispose();
    trainers.delete(trainer);
    return null;
  }
  if (op === 'diagnostics') return pe.diagnostics();
  const t = trainers.get(trainer);
  if (!t) throw new Error(`posenc-train worker: no trainer ${trainer}`);
  if (!CALLS.has(op)) throw new TypeError(`posenc-train worker: ${op} is not a trainer call`);
  return t[op](...(data.args ?? []));
}

if (typeof self !== 'undefined' && typeof document === 'undefined') {
  self.onmessage = async ({ data }) => {
    const { id } = data;
    try {
      const value = await answer(id, data);
      self.postMessage({ id, ok: true, value }, transferList(value));
    } catch (err) {
      self.postMessage({ id, ok: false, error: { name: err?.name ?? 'Error', message: String(err?.message ?? err) } });
    }
  };
}
