// <posenc-model> computes its precision table (rope.precision over the last 4096 positions of a model's longest
// context) in windows of positions, one per task, so that a phone is not held in one long task: merged, the
// windows give exactly what one call over the whole range gives, for every preset and every RoPE of its layers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from './helpers.mjs';
import { PRESETS } from '../../web/src/widgets/model/presets.js';
import { DTYPES, WORK_PER_CALL, computeModel, precisionCalls, precisionWork, mergePrecision } from '../../web/src/widgets/model/model.js';

test('model precision: the merged windows equal one rope.precision call over the range, for every preset', async () => {
  const pe = await engine();
  let checked = 0;
  for (const p of PRESETS) {
    const main = computeModel(pe, { name: p.name, config: p.config }, -1);
    if (!main.r) continue;
    // the main layer, and one layer of every other RoPE the model has
    const layers = [main.layer, ...(main.all.ropes.slice(1).map((_, k) => main.all.layers.findIndex((l) => l.rope === k + 1)))];
    for (const layer of layers) {
      const d = computeModel(pe, { name: p.name, config: p.config }, layer);
      const calls = precisionCalls(d);
      for (const dtype of DTYPES) {
        assert.ok(calls[dtype].length > 1 || d.longest <= 1025, `${p.name}: more than one window`);
        const whole = pe.rope.precision({ config: p.config, ...d.at, dtype, from: Math.max(0, d.longest - 4096), to: d.longest - 1 });
        assert.deepEqual(mergePrecision(calls[dtype].map((o) => pe.rope.precision(o))), whole, `${p.name}, layer ${layer}, ${dtype}`);
        checked++;
      }
    }
  }
  assert.ok(checked >= 2 * 25, `${checked} cases`);
});

test('model precision: each window starts on the last position of the one before (no p, p + 1 left unread); stuck pairs are found', async () => {
  const pe = await engine();
  const stuck = [];
  for (const p of PRESETS) {
    const d = computeModel(pe, { name: p.name, config: p.config }, -1);
    if (!d.r) continue;
    const calls = precisionCalls(d).bfloat16;
    for (let k = 1; k < calls.length; k++) assert.equal(calls[k].from, calls[k - 1].to, `${p.name}: window ${k} starts where ${k - 1} ends`);
    const merged = mergePrecision(calls.map((o) => pe.rope.precision(o)));
    stuck.push(...merged.pairs.filter((q) => q.firstStuck !== null));
  }
  assert.ok(stuck.length > 0, 'some bfloat16 pair reads the same at two neighbouring positions');
});

test('model precision: the widget computes every dtype of a window in one rope.precision call, and gets the merged windows of each', async () => {
  const pe = await engine();
  const calls = [];
  const counting = { rope: { precision: (o) => (calls.push(o), pe.rope.precision(o)) } };
  for (const p of PRESETS) {
    const d = computeModel(pe, { name: p.name, config: p.config }, -1);
    if (!d.r) continue;
    const windows = precisionCalls(d);
    calls.length = 0;
    const work = precisionWork(counting, d);
    let steps = 1;
    while (work.step()) steps++;
    assert.equal(steps, windows[DTYPES[0]].length, `${p.name}: one task per window`);
    assert.deepEqual(calls.map((o) => o.dtype), windows[DTYPES[0]].map(() => DTYPES), `${p.name}: every dtype in each call`);
    for (const dtype of DTYPES) assert.deepEqual(d.precision[dtype], mergePrecision(windows[dtype].map((o) => pe.rope.precision(o))), `${p.name}, ${dtype}`);
  }
});

test('model precision: each task computes at most WORK_PER_CALL pair-positions, whatever the head (issue 32)', async () => {
  const pe = await engine();
  for (const headDim of [64, 256, 4096]) {
    const config = { model_type: 'llama', hidden_size: 4096, num_attention_heads: 32, head_dim: headDim, max_position_embeddings: 8192 };
    const d = computeModel(pe, { name: `head ${headDim}`, config }, -1);
    const pairs = d.wavelength.length;
    const calls = precisionCalls(d).float32;
    for (const c of calls) assert.ok((c.to - c.from) * pairs <= WORK_PER_CALL, `head ${headDim}: ${c.to - c.from} positions × ${pairs} pairs`);
    assert.equal(calls[0].from, 8192 - 4096, 'the windows still cover the last 4096 positions');
    assert.equal(calls.at(-1).to, 8191);
  }
});
