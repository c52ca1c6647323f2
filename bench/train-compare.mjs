// `npm run bench:train`: one training step (forward, backward, gradient clipping, AdamW) of pe.train's model,
// timed side by side in this one run for posenc (when the facade has pe.train), TensorFlow.js (its WebAssembly
// backend, XNNPACK with SIMD, and its cpu backend; dev dependencies of this bench only) and Debian's torch (CPU,
// bench/train_torch.py, with 1 thread and with all cores). Same model, same initial weights, same batch for all;
// their steps interleaved round by round (the tfjs cpu backend in a block of its own).
// JSON on stdout: the median step in ms (and every timed run), the GFLOP/s it means, the losses of the first and the last step (the
// implementations must agree on them, else they are not training the same model) and the ratios to posenc.
//
// Shapes (issue 25): d 64, 2 layers, 4 heads, batch 32, copy samples of 32 tokens (n 15, T 31 positions);
// d 32, same, 16 tokens (n 7, T 15). Position method `none`, vocabulary 16. RUNS (default 7) timed steps after
// WARMUP (default 2).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import { load } from '../web/src/engine/node.js';
import { toNpy } from '../web/src/engine/npy.js';
import { rng as mulberry32 } from '../tests/js/helpers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 7);
const WARMUP = Number(process.env.WARMUP ?? 2);
const SHAPES = [
  { dModel: 64, layers: 2, heads: 4, batch: 32, trainLength: 15 },
  { dModel: 32, layers: 2, heads: 4, batch: 32, trainLength: 7 },
];
const VOCAB = 16;
const OPT = { steps: 1000, warmup: 100, lr: 3e-3, betas: [0.9, 0.98], eps: 1e-8, weightDecay: 0.01, clip: 1 };

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const round = (x, digits = 3) => Number(x.toPrecision(digits));

// tfjs-core's node build registers no gradients (the @tensorflow/tfjs umbrella does, at 140 MB of dependencies):
// bundle its own ESM register_all_gradients once; the registry is global, so the node build sees them.
async function registerGradients() {
  const dir = mkdtempSync(join(tmpdir(), 'posenc-tfjs-'));
  const outfile = join(dir, 'gradients.mjs');
  await build({ entryPoints: ['@tensorflow/tfjs-core/dist/register_all_gradients'], bundle: true, format: 'esm',
    platform: 'node', mainFields: ['module', 'main'], outfile, logLevel: 'error', absWorkingDir: root });
  await import(pathToFileURL(outfile).href);
  rmSync(dir, { recursive: true, force: true });
}

/** The spec's parameters, initialised as the spec says (Normal(0, 0.02), 0.02/√(2N) for attn.o, mlp.proj). */
function initWeights({ dModel: d, layers }, rand) {
  const normal = (n, std) => Float32Array.from({ length: n }, () =>
    std * Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand()));
  const w = { tok_emb: [normal(VOCAB * d, 0.02), [VOCAB, d]] };
  const ones = (n) => new Float32Array(n).fill(1);
  for (let l = 0; l < layers; l++) {
    const p = `layers.${l}.`;
    const out = 0.02 / Math.sqrt(2 * layers);
    Object.assign(w, {
      [`${p}ln1.weight`]: [ones(d), [d]], [`${p}ln1.bias`]: [new Float32Array(d), [d]],
      [`${p}attn.q.weight`]: [normal(d * d, 0.02), [d, d]], [`${p}attn.q.bias`]: [new Float32Array(d), [d]],
      [`${p}attn.k.weight`]: [normal(d * d, 0.02), [d, d]], [`${p}attn.k.bias`]: [new Float32Array(d), [d]],
      [`${p}attn.v.weight`]: [normal(d * d, 0.02), [d, d]], [`${p}attn.v.bias`]: [new Float32Array(d), [d]],
      [`${p}attn.o.weight`]: [normal(d * d, out), [d, d]], [`${p}attn.o.bias`]: [new Float32Array(d), [d]],
      [`${p}ln2.weight`]: [ones(d), [d]], [`${p}ln2.bias`]: [new Float32Array(d), [d]],
      [`${p}mlp.fc.weight`]: [normal(4 * d * d, 0.02), [4 * d, d]], [`${p}mlp.fc.bias`]: [new Float32Array(4 * d), [4 * d]],
      [`${p}mlp.proj.weight`]: [normal(4 * d * d, out), [d, 4 * d]], [`${p}mlp.proj.bias`]: [new Float32Array(d), [d]],
    });
  }
  Object.assign(w, {
    'ln_f.weight': [ones(d), [d]], 'ln_f.bias': [new Float32Array(d), [d]],
    'head.weight': [normal(VOCAB * d, 0.02), [VOCAB, d]], 'head.bias': [new Float32Array(VOCAB), [VOCAB]],
  });
  return w;
}

/** A copy batch: [BOS, x_1..x_n, SEP, x_1..x_n] over symbols 3..15, the loss on the answer only. */
function copyBatch({ batch: B, trainLength: n }, rand) {
  const T = 2 * n + 1;
  const inputs = new Int32Array(B * T);
  const targets = new Int32Array(B * T).fill(-1);
  for (let b = 0; b < B; b++) {
    const x = Array.from({ length: n }, () => 3 + Math.floor(rand() * (VOCAB - 3)));
    const s = [0, ...x, 1, ...x];
    for (let t = 0; t < T; t++) {
      inputs[b * T + t] = s[t];
      if (t > n) targets[b * T + t] = s[t + 1];
    }
  }
  return { inputs, targets, T };
}

/** Multiply-adds ×2 of the forward pass (matrix products and attention); a training step counts 3 forwards. */
function stepFlops({ dModel: d, layers, batch: B }, T) {
  const tokens = B * T;
  const perLayer = 2 * tokens * (4 * d * d + 8 * d * d) + 2 * 2 * B * T * T * d;
  return 3 * (layers * perLayer + 2 * tokens * d * VOCAB);
}

// ---------------------------------------------------------------------------------------------- TensorFlow.js
/**
 * The spec's model and step in tfjs ops. Two departures, neither changing a number beyond float32 rounding:
 * the token embedding is a one-hot matrix product (gather's gradient needs UnsortedSegmentSum, which the wasm
 * backend lacks), and the causal mask adds −1e9 rather than −∞ (exp underflows to 0 either way).
 * AdamW, the clipping and the schedule are written out (tf.train.adam has no decoupled decay or clipping).
 */
function tfjsTrainer(shape, weights, { inputs, targets, T }) {
  const { dModel: d, layers, heads: H, batch: B } = shape;
  const dh = d / H;
  const vars = {};
  const moments = {};
  for (const [name, [w, s]] of Object.entries(weights)) {
    vars[name] = tf.variable(tf.tensor(w, s), true, `${name}-${tf.getBackend()}-${d}`);
    moments[name] = [tf.variable(tf.zeros(s), false), tf.variable(tf.zeros(s), false)];
  }
  const count = targets.filter((t) => t >= 0).length;
  const oneHot = tf.oneHot(tf.tensor1d(inputs, 'int32'), VOCAB);  // [B·T, V]
  const pick = tf.tidy(() => tf.mul(tf.oneHot(tf.tensor1d(targets.map((t) => Math.max(t, 0)), 'int32'), VOCAB),
    tf.tensor2d(Array.from(targets, (t) => (t >= 0 ? 1 / count : 0)), [B * T, 1])));
  const mask = tf.tensor2d(Array.from({ length: T * T }, (_, k) => ((k % T) > Math.floor(k / T) ? -1e9 : 0)), [T, T]);
  const linear = (x, n) => tf.add(tf.matMul(x, vars[`${n}.weight`], false, true), vars[`${n}.bias`]);
  const layerNorm = (x, n) => {
    const xc = tf.sub(x, tf.mean(x, -1, true));
    const y = tf.mul(xc, tf.rsqrt(tf.add(tf.mean(tf.square(xc), -1, true), 1e-5)));
    return tf.add(tf.mul(y, vars[`${n}.weight`]), vars[`${n}.bias`]);
  };
  const heads = (x) => tf.transpose(tf.reshape(x, [B, T, H, dh]), [0, 2, 1, 3]);
  const loss = () => {
    let x = tf.matMul(oneHot, vars.tok_emb);  // [B·T, d]
    for (let l = 0; l < layers; l++) {
      const p = `layers.${l}.`;
      const h = layerNorm(x, `${p}ln1`);
      const [q, k, v] = ['q', 'k', 'v'].map((m) => heads(linear(h, `${p}attn.${m}`)));
      const scores = tf.add(tf.div(tf.matMul(q, k, false, true), Math.sqrt(dh)), mask);
      const a = tf.reshape(tf.transpose(tf.matMul(tf.softmax(scores), v), [0, 2, 1, 3]), [B * T, d]);
      x = tf.add(x, linear(a, `${p}attn.o`));
      const z = linear(layerNorm(x, `${p}ln2`), `${p}mlp.fc`);
      const gelu = tf.mul(tf.mul(z, 0.5), tf.add(1, tf.erf(tf.mul(z, Math.SQRT1_2))));
      x = tf.add(x, linear(gelu, `${p}mlp.proj`));
    }
    const logits = linear(layerNorm(x, 'ln_f'), 'head');
    return tf.neg(tf.sum(tf.mul(pick, tf.logSoftmax(logits))));
  };
  let s = 0;
  return async () => {
    const lr = OPT.lr * (s < OPT.warmup ? (s + 1) / OPT.warmup
      : 0.5 * (1 + Math.cos((Math.PI * (s - OPT.warmup)) / Math.max(1, OPT.steps - OPT.warmup))));
    const t = ++s;
    const [b1, b2] = OPT.betas;
    const value = tf.tidy(() => {
      const { value: l, grads } = tf.variableGrads(loss, Object.values(vars));
      const total = tf.sqrt(tf.addN(Object.values(grads).map((g) => tf.sum(tf.square(g)))));
      const coef = tf.minimum(1, tf.div(OPT.clip, tf.add(total, 1e-6)));
      for (const [name, p] of Object.entries(vars)) {
        const g = tf.mul(grads[p.name], coef);
        const [m, v] = moments[name];
        m.assign(tf.add(tf.mul(m, b1), tf.mul(g, 1 - b1)));
        v.assign(tf.add(tf.mul(v, b2), tf.mul(tf.square(g), 1 - b2)));
        const decayed = p.shape.length === 2 ? tf.mul(p, 1 - lr * OPT.weightDecay) : p;
        const denom = tf.add(tf.div(tf.sqrt(v), Math.sqrt(1 - b2 ** t)), OPT.eps);
        p.assign(tf.sub(decayed, tf.mul(tf.div(m, denom), lr / (1 - b1 ** t))));
      }
      return tf.keep(l);
    });
    const [out] = await value.data();
    value.dispose();
    return out;
  };
}

/**
 * A JS step as { loss, ms, cpuMs }: wall time, and this process's CPU time (posenc and tfjs run on one thread
 * here), which a busy machine stretches far less than the wall time.
 */
const timed = (step) => async () => {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const loss = await step();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  return { loss, ms, cpuMs: (cpu.user + cpu.system) / 1e3 };
};

/**
 * Round-robin: each round runs one step of every trainer in turn, so that all share the machine's load of the
 * moment (2 busy cores here: a block of one trainer's runs could meet another load than the next block).
 */
async function interleave(trainers) {
  const out = Object.fromEntries(Object.keys(trainers).map((k) => [k, { times: [], cpu: [], losses: [] }]));
  for (let r = 0; r < WARMUP + RUNS; r++) {
    for (const [name, step] of Object.entries(trainers)) {
      const { loss, ms, cpuMs } = await step();
      out[name].losses.push(loss);
      if (r >= WARMUP) out[name].times.push(ms), out[name].cpu.push(cpuMs);
    }
  }
  return Object.fromEntries(Object.entries(out).map(([k, { times, cpu, losses }]) =>
    [k, { ms: round(median(times)), cpuMs: round(median(cpu)), runsMs: times.map((t) => round(t)), loss0: losses[0], lossLast: losses.at(-1) }]));
}

// ---------------------------------------------------------------------------------------------- torch
/** bench/train_torch.py as a long-lived process: step() sends a line and reads the step's { ms, loss } back. */
async function torchTrainer(shape, weights, batch, threads) {
  const dir = mkdtempSync(join(tmpdir(), 'posenc-torch-'));
  for (const [name, [w, s]] of Object.entries(weights)) writeFileSync(join(dir, `${name}.npy`), toNpy(w, s));
  writeFileSync(join(dir, 'inputs.npy'), toNpy(batch.inputs, [1, shape.batch, batch.T]));
  writeFileSync(join(dir, 'targets.npy'), toNpy(batch.targets, [1, shape.batch, batch.T]));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ position: 'none', vocab: VOCAB, ...shape, ...OPT }));
  const child = spawn('/usr/bin/python3', [join(root, 'bench/train_torch.py'), dir, String(threads)],
    { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`bench/train_torch.py (${threads} threads) stopped`);
    return JSON.parse(value);
  };
  const info = await next();
  rmSync(dir, { recursive: true, force: true });
  return {
    info,
    step: async () => {
      child.stdin.write('\n');
      return next();
    },
    close: () => child.stdin.end(),
  };
}

// ---------------------------------------------------------------------------------------------- run
await registerGradients();
const pe = await load({ train: true });
const results = [];
for (const shape of SHAPES) {
  const rand = mulberry32(25 + shape.dModel);
  const weights = initWeights(shape, rand);
  const batch = copyBatch(shape, rand);
  const flops = stepFlops(shape, batch.T);
  const row = { shape: { ...shape, vocab: VOCAB, T: batch.T, position: 'none' }, gflopPerStep: round(flops / 1e9), times: {} };
  const trainers = {};
  let trainer;
  if (pe.train) {
    trainer = pe.train.create({ task: 'copy', position: 'none', vocab: VOCAB, ...shape,
      steps: OPT.steps, warmup: OPT.warmup, lr: OPT.lr, weightDecay: OPT.weightDecay, clip: OPT.clip });
    trainer.setWeights(Object.fromEntries(Object.entries(weights).map(([n, [w]]) => [n, w])));
    trainers.posenc = timed(async () => trainer.stepOn({ inputs: batch.inputs, targets: batch.targets }));
  }
  await tf.setBackend('wasm');
  trainers['tfjs-wasm'] = timed(tfjsTrainer(shape, weights, batch));
  const torch = {};
  for (const threads of [1, cpus().length]) {
    torch[threads] = await torchTrainer(shape, weights, batch, threads);
    trainers[`torch-${threads}-thread${threads > 1 ? 's' : ''}`] = torch[threads].step;
  }
  row.times = await interleave(trainers);
  trainer?.dispose();
  Object.values(torch).forEach((t) => t.close());
  row.torch = torch[1].info.torch;
  tf.disposeVariables();
  // the cpu backend in a block of its own: switching tfjs backends between steps would move every variable
  await tf.setBackend('cpu');
  Object.assign(row.times, await interleave({ 'tfjs-cpu': timed(tfjsTrainer(shape, weights, batch)) }));
  tf.disposeVariables();
  for (const t of Object.values(row.times)) t.gflops = round(flops / 1e9 / (t.ms / 1e3));
  // the same model and optimiser: the first and the last loss agree (1e-4 relative) with torch's
  const ref = row.times['torch-1-thread'];
  row.lossesAgree = Object.values(row.times).every((t) =>
    ['loss0', 'lossLast'].every((k) => Math.abs(t[k] - ref[k]) <= 1e-4 * ref[k]));
  if (row.times.posenc) {
    // median of the per-round ratios for the contenders timed in the same rounds; tfjs-cpu, timed apart: the
    // ratio of the medians
    const own = row.times.posenc.runsMs;
    row.posencSpeedup = Object.fromEntries(Object.entries(row.times).filter(([k]) => k !== 'posenc')
      .map(([k, t]) => [k, round(k === 'tfjs-cpu' ? t.ms / row.times.posenc.ms : median(t.runsMs.map((x, r) => x / own[r])))]));
    // issue 25's goals: 10× TensorFlow.js wasm, and faster than torch in its faster setting (1 thread or all)
    const torch = Math.min(...Object.keys(row.times).filter((k) => k.startsWith('torch')).map((k) => row.posencSpeedup[k]));
    // the same ratios in CPU time (one thread each; torch with 1 thread only, since its CPU time with all cores
    // adds the threads'): what the step costs, whatever else the machine is doing
    row.posencSpeedupCpu = Object.fromEntries(Object.entries(row.times).filter(([k]) => k !== 'posenc' && k !== `torch-${cpus().length}-threads`)
      .map(([k, t]) => [k, round(t.cpuMs / row.times.posenc.cpuMs)]));
    row.goals = [
      { measure: 'tfjs-wasm ms / posenc ms', value: row.posencSpeedup['tfjs-wasm'], goal: '>= 10', pass: row.posencSpeedup['tfjs-wasm'] >= 10 },
      { measure: 'fastest torch ms / posenc ms', value: torch, goal: '> 1', pass: torch > 1 },
      { measure: 'tfjs-wasm CPU ms / posenc CPU ms', value: row.posencSpeedupCpu['tfjs-wasm'], goal: '>= 10', pass: row.posencSpeedupCpu['tfjs-wasm'] >= 10 },
    ];
  }
  results.push(row);
}
console.log(JSON.stringify({
  bench: 'train-compare',
  runs: RUNS,
  warmup: WARMUP,
  node: process.version,
  tfjs: tf.version_core,
  tfjsWasmSimd: tf.env().getBool('WASM_HAS_SIMD_SUPPORT'),
  tfjsWasmThreads: tf.env().getBool('WASM_HAS_MULTITHREAD_SUPPORT'),
  posenc: pe.train ? (pe.simd ? 'simd' : 'scalar') : 'pe.train missing from this build',
  loadavg: loadavg().map((x) => round(x, 2)),
  results,
}, null, 2));
