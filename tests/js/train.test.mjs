// pe.train against PyTorch: the gradient of every parameter at step 0 and the losses of 50 AdamW steps, for the
// six position methods at two sizes (tests/fixtures/train, written by generate_train.py), on every build; and the
// committed reference script run on the engine's own initial weights and seeded batches (--npy mode, Debian's
// python3-torch, which npm test installs). Tolerances are the issue's: per parameter
// max |g − g_torch| ≤ 1e-5 · max |g_torch|, losses within 1e-4 relative. A parameter whose exact gradient is 0
// (the key bias without RoPE: softmax ignores a shift shared by a query's scores) has only rounding noise in
// torch to compare with; its gradient must stay at rounding level, ≤ 1e-7 · the model's largest gradient.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builds } from './helpers.mjs';
import { TRAIN_POSITIONS, TRAIN_SIZES, gradientError, readNpy, trainCase, trainFixturesDir } from './train-fixtures.mjs';

const GRAD_TOL = 1e-5;
const ZERO_TOL = 1e-7;
const LOSS_TOL = 1e-4;
const all = await builds({ train: true });
const cases = TRAIN_SIZES.flatMap((size) => TRAIN_POSITIONS.map((position) => trainCase(position, size)));

function assertGradients(grads, c, label) {
  assert.deepEqual(Object.keys(grads).sort(), [...c.names].sort(), `${label}: parameter names`);
  const largest = Math.max(...c.names.map((name) => gradientError(c.grads[name], c.grads[name]).scale));
  for (const name of c.names) {
    const g = grads[name];
    assert.ok(g instanceof Float32Array, `${label}: ${name} is a Float32Array`);
    assert.equal(g.length, c.grads[name].length, `${label}: ${name} length`);
    const { diff, scale } = gradientError(g, c.grads[name]);
    if (c.zeroGradients.includes(name)) {
      const size = gradientError(g, new Float32Array(g.length)).diff;
      assert.ok(size <= ZERO_TOL * largest, `${label}: ${name}: exactly 0, got max |g| ${size} (largest gradient ${largest})`);
      continue;
    }
    assert.ok(scale > 1e-6 * largest, `${label}: ${name}: the reference gradient is not negligible`);
    assert.ok(diff <= GRAD_TOL * scale, `${label}: ${name}: max |Δg| ${diff} > ${GRAD_TOL} · ${scale}`);
  }
}

function assertLoss(actual, expected, label) {
  assert.ok(Math.abs(actual - expected) <= LOSS_TOL * Math.abs(expected), `${label}: loss ${actual}, torch ${expected}`);
}

describe('train fixtures', () => {
  test('each case holds its config, every parameter, 50 task batches and 50 losses that fall', () => {
    for (const c of cases) {
      const { batch: B, seqLen: T, trainLength: n, vocab: V } = c.config;
      assert.equal(c.batches.length, 50, c.name);
      assert.equal(c.losses.length, 50, c.name);
      assert.ok(c.losses.every(Number.isFinite), c.name);
      assert.ok(c.losses[49] < c.losses[0], `${c.name}: the reference model learns`);
      assert.equal(c.names.includes('pos_emb'), c.config.position === 'learned', c.name);
      assert.equal(c.names.includes('rel_bias'), c.config.position === 't5', c.name);
      // softmax ignores a shift shared by a query's scores: a key bias has no gradient unless RoPE rotates it
      const keyBiases = Array.from({ length: c.config.layers }, (_, l) => `layers.${l}.attn.k.bias`);
      assert.deepEqual(c.zeroGradients, c.config.position === 'rope' ? [] : keyBiases, c.name);
      for (const { inputs, targets } of c.batches) {
        for (let b = 0; b < B; b++) {
          assert.equal(inputs[b * T], 0, `${c.name}: BOS first`);
          assert.equal(inputs[b * T + n + 1], 1, `${c.name}: SEP after the ${n} symbols`);
          for (let t = 0; t < T; t++) {
            const target = targets[b * T + t];
            assert.ok(inputs[b * T + t] >= 0 && inputs[b * T + t] < V, c.name);
            // the loss is on the answer only: positions n+1..T-1 predict y_1..y_n
            if (t <= n) assert.equal(target, -1, `${c.name}: prompt position ${t}`);
            else assert.ok(target >= 3 && target < V, `${c.name}: answer position ${t}`);
            if (t > n + 1) assert.equal(inputs[b * T + t], targets[b * T + t - 1], c.name);
          }
        }
      }
    }
  });
});

describe('pe.train against PyTorch', () => {
  for (const [build, pe] of all) {
    for (const c of cases) {
      test(`${c.name} (${build}): gradients at step 0`, () => {
        const trainer = pe.train.create(c.options);
        try {
          trainer.setWeights(c.weights);
          const { loss, grads } = trainer.gradients(c.batches[0]);
          assertLoss(loss, c.losses[0], c.name);
          assertGradients(grads, c, `${c.name} (${build})`);
        } finally {
          trainer.dispose();
        }
      });

      test(`${c.name} (${build}): 50 AdamW steps`, () => {
        const trainer = pe.train.create(c.options);
        try {
          trainer.setWeights(c.weights);
          c.batches.forEach((batch, s) => assertLoss(trainer.stepOn(batch), c.losses[s], `${c.name} step ${s}`));
        } finally {
          trainer.dispose();
        }
      });
    }
  }

  // The committed script on the engine's own initialisation and batches, so that step() (and not only the
  // testing hooks) is checked, and a fixture can be regenerated from the engine's weights.
  // `config`: what the script reads besides the options (its piFactor is the trainer's `scaling` factor)
  function againstTorch(options, config = {}) {
    const pe = all[0][1];
    const trainer = pe.train.create(options);
    const dir = mkdtempSync(join(tmpdir(), 'posenc-train-'));
    try {
      const weights = trainer.weights();
      const shapes = shapesOf(weights, options);
      for (const [name, w] of Object.entries(weights)) writeFileSync(join(dir, `${name}.npy`), pe.toNpy(w, shapes[name]));
      const batches = [];
      const first = trainer.batch();
      const { grads } = trainer.gradients(first);
      const losses = [];
      for (let s = 0; s < options.steps; s++) {
        batches.push(trainer.batch());
        losses.push(trainer.step(1)[0]);
      }
      assert.deepEqual(batches[0], first, 'batch() does not consume the batch');
      const T = first.inputs.length / options.batch;
      for (const key of ['inputs', 'targets']) {
        const flat = new Int32Array(batches.flatMap((b) => [...b[key]]));
        writeFileSync(join(dir, `${key}.npy`), pe.toNpy(flat, [options.steps, options.batch, T]));
      }
      writeFileSync(join(dir, 'config.json'), JSON.stringify({ ...options, lr: 3e-3, weightDecay: 0.01, clip: 1, scaleEmbedding: true, ...config }));
      execFileSync('/usr/bin/python3', [join(trainFixturesDir, 'generate_train.py'), '--npy', dir]);
      const zeroGradients = JSON.parse(readFileSync(join(dir, 'out', 'zero_gradients.json'), 'utf8'));
      const c = { names: Object.keys(weights), grads: {}, zeroGradients };
      for (const name of c.names) c.grads[name] = readNpy(readFileSync(join(dir, 'out', 'grads', `${name}.npy`))).data;
      assertGradients(grads, c, options.position);
      const torchLosses = readNpy(readFileSync(join(dir, 'out', 'losses.npy'))).data;
      losses.forEach((loss, s) => assertLoss(loss, torchLosses[s], `${options.position} step ${s}`));
    } finally {
      trainer.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  for (const position of TRAIN_POSITIONS)
    test(`${position}: generate_train.py --npy on the engine's weights and batches`, () =>
      againstTorch({ task: 'reverse', position, trainLength: 6, vocab: 16, dModel: 16, heads: 2, layers: 2, batch: 3, steps: 8, warmup: 2, seed: 7 }));

  // Chen et al.'s fine-tune: RoPE trained with its positions divided by the factor, as torch trains it
  test('rope trained with position interpolation (scaling linear): gradients and 8 AdamW steps as torch', () =>
    againstTorch({ task: 'copy', position: 'rope', trainLength: 8, vocab: 16, dModel: 16, heads: 2, layers: 2, batch: 3, steps: 8, warmup: 2, seed: 5, scaling: { type: 'linear', factor: 1.9 } }, { piFactor: 1.9 }));

  // Position interpolation (part 4's technique): RoPE's positions divided by the factor at test, the same in
  // torch (transformers' 'linear' scaling); the attention of a sequence 1.5 times the trained length shows it.
  test('rope with position interpolation at test: attention as torch computes it', () => {
    const pe = all[0][1];
    const options = { task: 'copy', position: 'rope', trainLength: 6, vocab: 16, dModel: 16, heads: 2, layers: 2, batch: 4, steps: 40, warmup: 4, seed: 3 };
    const trainer = pe.train.create(options);
    const dir = mkdtempSync(join(tmpdir(), 'posenc-train-pi-'));
    try {
      trainer.step(40);
      const { inputs } = trainer.samples({ length: 9 });  // T 19 against the trained 13
      const factor = 19 / 13;
      const weights = trainer.weights();
      const shapes = shapesOf(weights, options);
      for (const [name, w] of Object.entries(weights)) writeFileSync(join(dir, `${name}.npy`), pe.toNpy(w, shapes[name]));
      writeFileSync(join(dir, 'tokens.npy'), pe.toNpy(inputs, [inputs.length]));
      writeFileSync(join(dir, 'config.json'), JSON.stringify({ ...options, scaleEmbedding: true, piFactor: factor }));
      execFileSync('/usr/bin/python3', [join(trainFixturesDir, 'generate_train.py'), '--attention', dir]);
      const expected = readNpy(readFileSync(join(dir, 'out', 'attention.npy'))).data;
      const { weights: got } = trainer.attention(inputs, { scaling: { type: 'linear', factor } });
      const plain = trainer.attention(inputs).weights;
      let diff = 0, moved = 0;
      for (let i = 0; i < expected.length; i++) {
        diff = Math.max(diff, Math.abs(got[i] - expected[i]));
        moved = Math.max(moved, Math.abs(plain[i] - expected[i]));
      }
      assert.ok(diff < 1e-5, `max |Δ| ${diff}`);
      assert.ok(moved > 1e-3, 'interpolation changes the attention (the check can fail)');
    } finally {
      trainer.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Shapes of the spec's parameters (the .npy files carry them; the script checks them against its model). */
function shapesOf(weights, { dModel: d, vocab, heads }) {
  const shapes = {};
  for (const [name, w] of Object.entries(weights)) {
    if (name === 'tok_emb' || name === 'head.weight') shapes[name] = [vocab, d];
    else if (name === 'pos_emb') shapes[name] = [w.length / d, d];
    else if (name === 'rel_bias') shapes[name] = [w.length / heads, heads];
    else if (name.endsWith('mlp.fc.weight')) shapes[name] = [4 * d, d];
    else if (name.endsWith('mlp.proj.weight')) shapes[name] = [d, 4 * d];
    else if (name.endsWith('.weight') && w.length === d * d) shapes[name] = [d, d];
    else shapes[name] = [w.length];
  }
  return shapes;
}
