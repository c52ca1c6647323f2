// `npm run bench`: engine timings as JSON, every ratio measured side by side in this one process.
import { load } from '../web/src/engine/node.js';

const pe = await load();

// Median of `runs` timed calls after `warmup` untimed ones, in milliseconds.
function time(fn, { runs = 15, warmup = 3 } = {}) {
  for (let i = 0; i < warmup; i++) fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}
const round = (x, digits = 3) => Number(x.toPrecision(digits));

// Plain JS with the frequencies hoisted out of the loops: what a careful JS author would write.
function sinusoidalJs(length, dModel, base, out) {
  const half = dModel >> 1;
  const freq = new Float64Array(half);
  for (let i = 0; i < half; i++) freq[i] = Math.pow(base, (-2 * i) / dModel);
  for (let p = 0; p < length; p++) {
    const row = p * dModel;
    for (let i = 0; i < half; i++) {
      const a = p * freq[i];
      out[row + 2 * i] = Math.sin(a);
      out[row + 2 * i + 1] = Math.cos(a);
    }
  }
  return out;
}

// Plain JS RoPE, half convention: cos/sin per position computed once and shared by all heads.
function ropeJs(x, seqLen, heads, headDim, base, out) {
  const half = headDim >> 1;
  const inv = new Float64Array(half);
  for (let i = 0; i < half; i++) inv[i] = 1 / Math.pow(base, (2 * i) / headDim);
  const c = new Float32Array(half);
  const s = new Float32Array(half);
  for (let p = 0; p < seqLen; p++) {
    for (let i = 0; i < half; i++) {
      c[i] = Math.cos(p * inv[i]);
      s[i] = Math.sin(p * inv[i]);
    }
    for (let h = 0; h < heads; h++) {
      const o = (p * heads + h) * headDim;
      for (let i = 0; i < half; i++) {
        const a = x[o + i];
        const b = x[o + i + half];
        out[o + i] = a * c[i] - b * s[i];
        out[o + i + half] = b * c[i] + a * s[i];
      }
    }
  }
  return out;
}

const results = { engine: { simd: pe.simd, build: pe.build }, node: process.version, cases: {} };

{
  const length = 8192, dModel = 1024, n = length * dModel;
  const reused = new Float32Array(n);
  const filled = new Float32Array(n);
  const js = new Float32Array(n);
  const into = time(() => pe.sinusoidal({ length, dModel, into: reused }));
  const fill = time(() => filled.fill(1.5));
  const plainJs = time(() => sinusoidalJs(length, dModel, 10000, js), { runs: 5, warmup: 1 });
  const fresh = time(() => pe.sinusoidal({ length, dModel }), { runs: 9 });
  const allocFill = time(() => new Float32Array(n).fill(1.5), { runs: 9 });
  results.cases.sinusoidal_8192x1024 = {
    into_ms: round(into),
    fill_floor_ms: round(fill),
    plain_js_ms: round(plainJs),
    fresh_ms: round(fresh),
    alloc_and_fill_ms: round(allocFill),
    into_vs_floor: round(into / fill),
    speedup_vs_plain_js: round(plainJs / into),
    fresh_vs_alloc_and_fill: round(fresh / allocFill),
    goals: 'into_vs_floor <= 4 (aim 2), speedup_vs_plain_js >= 30, fresh_vs_alloc_and_fill <= 1.5',
  };
}

{
  const seqLen = 4096, heads = 32, headDim = 128, n = seqLen * heads * headDim;
  const x = pe.learned({ maxLength: seqLen * heads, dModel: headDim, std: 1 });
  const out = new Float32Array(n);
  const js = new Float32Array(n);
  const engine = time(() => pe.rope.apply(x, { seqLen, heads, headDim, into: out }), { runs: 9 });
  const plainJs = time(() => ropeJs(x, seqLen, heads, headDim, 10000, js), { runs: 5, warmup: 1 });
  let maxDiff = 0;
  for (let i = 0; i < n; i += 97) maxDiff = Math.max(maxDiff, Math.abs(out[i] - js[i]));
  results.cases.rope_apply_4096x32x128_half = {
    engine_ms: round(engine),
    plain_js_ms: round(plainJs),
    speedup_vs_plain_js: round(plainJs / engine),
    max_abs_difference_sampled: maxDiff,
    goal: 'speedup_vs_plain_js >= 10',
  };
}

{
  const length = 2048, dModel = 512;
  const table = pe.sinusoidal({ length, dModel });
  const into = new Float32Array(length * length);
  const toeplitz = time(() => pe.similarity(table, { length, dModel, into }));
  const copy = Float32Array.from(table);  // not recognised as sinusoidal: the general O(L^2 d) path
  const general = time(() => pe.similarity(copy, { length, dModel, into }), { runs: 3, warmup: 1 });
  results.cases.similarity_2048x2048_d512 = {
    sinusoidal_table_ms: round(toeplitz),
    general_path_ms: round(general),
    goal: 'sinusoidal_table_ms <= 20',
  };
}

{
  const sizes = [
    [1024, 256],
    [2048, 512],
    [4096, 1024],
    [8192, 2048],
  ];
  results.cases.sinusoidal_scaling = sizes.map(([length, dModel]) => {
    const into = new Float32Array(length * dModel);
    const ms = time(() => pe.sinusoidal({ length, dModel, into }), { runs: 9 });
    return { length, dModel, elements: length * dModel, ms: round(ms), ns_per_element: round((ms * 1e6) / (length * dModel)) };
  });
}

console.log(JSON.stringify(results, null, 2));
