// Part 4's experiment, reduced to what a regression in its setup would break (one seed, fewer steps; the
// whole race is scripts/experiment-length.mjs, docs/experiments.md): with the race's model and embedding
// scale the sinusoidal model learns copy at L (GPT-2's unscaled embedding does not), RoPE learns it and fails
// at 1.5L, and position interpolation at test carries it to 1.5L, in what the model writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/src/engine/node.js';
import { FINE_TUNED, RACE, fineTuneOptions, sequenceLength, testScaling, trainOptions } from '../../web/src/widgets/train/setup.js';

const pe = await load({ train: true });
const L = RACE.L;
const longer = L + L / 2;

function trained(method, steps, extra = {}) {
  const t = pe.train.create({ ...trainOptions({ ...RACE, steps, seed: 1 }, method), ...extra });
  t.step(steps);
  return t;
}

const at = (t, n, method) => {
  const scaling = testScaling(method, RACE.task, L, n);
  return t.evaluate({ lengths: [n], samples: 64, ...(scaling ? { scaling } : {}) })[0];
};

test('sinusoidal learns copy at L with the scaled embedding, and not with GPT-2\'s', () => {
  const scaled = trained('sinusoidal', 1000);
  const plain = trained('sinusoidal', 1000, { scaleEmbedding: false });
  try {
    assert.ok(at(scaled, L).exactMatch >= 0.9, `scaled: ${at(scaled, L).exactMatch}`);
    assert.ok(at(plain, L).exactMatch <= 0.5, `unscaled: ${at(plain, L).exactMatch}`);
  } finally {
    scaled.dispose();
    plain.dispose();
  }
});

test('RoPE learns copy at L, fails at 1.5L, and position interpolation at test carries it there', () => {
  const t = trained('rope', 1000);
  try {
    const fit = at(t, L, 'rope');
    assert.ok(fit.exactMatch >= 0.9, `at L: ${fit.exactMatch}`);
    const plain = at(t, longer, 'rope');
    const pi = at(t, longer, 'rope-pi');
    assert.ok(plain.exactMatch <= 0.1, `RoPE at 1.5L: ${plain.exactMatch}`);
    assert.ok(pi.exactMatch >= 0.8, `RoPE + PI at 1.5L: ${pi.exactMatch}`);
    // the factor is the ratio of sequence lengths (positions 0 … T−1 mapped into the trained 0 … T_L−1)
    assert.deepEqual(testScaling('rope-pi', 'copy', L, longer), { type: 'linear', factor: sequenceLength('copy', longer) / sequenceLength('copy', L) });
    // chance: the baseline never writes a whole copy, and a quarter of its tokens at most
    assert.equal(plain.baseline.rule, 'mode');
    assert.equal(plain.baseline.exactMatch, 0);
    assert.ok(Array.from(plain.baseline.accuracy).every((v) => v < 0.4));
    // teacher-forced accuracy is never below what the model writes on the same samples, on average
    const mean = (a) => Array.from(a).reduce((s, v) => s + v, 0) / a.length;
    assert.ok(mean(plain.accuracy) >= mean(plain.greedyAccuracy) - 0.05);
  } finally {
    t.dispose();
  }
});

test('RoPE fine-tuned at 2L with position interpolation copies at 2L; the same steps without it do not', () => {
  const base = trained('rope', 1000);
  const tuned = {};
  try {
    for (const method of ['rope-pi-ft', 'rope-ft']) {
      const options = fineTuneOptions({ ...RACE, seed: 1 }, method);
      tuned[method] = pe.train.create(options);
      tuned[method].setWeights(base.weights());
      tuned[method].step(options.steps);
    }
    assert.equal(fineTuneOptions({ ...RACE, seed: 1 }, 'rope-pi-ft').trainLength, 2 * L);
    const pi = at(tuned['rope-pi-ft'], 2 * L, 'rope-pi-ft'), plain = at(tuned['rope-ft'], 2 * L, 'rope-ft');
    assert.ok(pi.exactMatch >= 0.9, `interpolated and fine-tuned, at 2L: ${pi.exactMatch}`);
    assert.ok(at(tuned['rope-pi-ft'], L, 'rope-pi-ft').exactMatch >= 0.9, 'and still at L');
    assert.ok(plain.exactMatch <= 0.1, `fine-tuned without interpolation, at 2L: ${plain.exactMatch}`);
  } finally {
    base.dispose();
    for (const t of Object.values(tuned)) t.dispose();
  }
});

test('docs/experiments.md is what the committed runs give, and they back the lesson\'s claims', async () => {
  const { readFileSync } = await import('node:fs');
  const { experimentsMarkdown, findings } = await import('../../scripts/experiment-docs.mjs');
  const result = JSON.parse(readFileSync(new URL('../../docs/experiments/race.json', import.meta.url), 'utf8'));
  assert.equal(experimentsMarkdown(result), readFileSync(new URL('../../docs/experiments.md', import.meta.url), 'utf8'),
    'docs/experiments.md is stale: node scripts/experiment-length.mjs --from docs/experiments/race.json --docs');
  // part 4's text (web/demo/train.html) states these, each in every seed
  const f = findings(result);
  assert.deepEqual(result.settings.seeds, RACE.seeds);
  const tuned = Object.keys(FINE_TUNED);
  assert.deepEqual(f.methods.filter((m) => !tuned.includes(m) && !f.fit.includes(m)), [], 'every method learns the task at L');
  assert.equal(f.carries['rope-pi'], longer, 'position interpolation carries RoPE to 1.5L');
  assert.ok(f.carries['rope-pi-ft'] >= 2 * L, 'with a fine-tune at 2L, interpolation carries RoPE to 2L and beyond');
  for (const m of f.methods.filter((m) => !['rope-pi', 'rope-pi-ft'].includes(m))) assert.equal(f.carries[m], null, `${m} does not carry past L`);
  assert.deepEqual(f.best(longer, ['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5']), ['alibi'], 'ALiBi writes the most right tokens at 1.5L');
});
