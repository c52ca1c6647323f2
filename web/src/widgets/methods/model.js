// The engine work behind <posenc-methods>, as functions of the engine and the element's settings as used
// (`s`: trainLength, dModel, base, seed, heads, head, numBuckets, maxDistance, window, content): each
// method's positional score against distance for a query, what does not depend on the query (parameter
// counts, the probe past the training length, the relative check inside it), and the comparison table.

import { attempt, indexRange, tile, row } from '../methods-shared.js';
import { properties } from './descriptor.js';

/** The five methods, in the order of their panels and columns. */
export const METHODS = properties.method.values;

// Per method: the formula its panel plots (code, the same in every language), the catalogue keys of what it
// is (methods.what.*, .where.*, .kind.*) and the models that use it (names; `modelsKey` where it is words).
export const INFO = {
  sinusoidal: { formula: 'PE(i) · PE(j)', what: 'methods.what.sinusoidal', where: 'methods.where.input', kind: 'methods.kind.absolute', modelsKey: 'methods.models.sinusoidal' },
  learned: { formula: 'P(i) · P(j)', what: 'methods.what.learned', where: 'methods.where.input', kind: 'methods.kind.absolute', models: 'GPT-2, BERT, RoBERTa' },
  t5: { formula: 'table[bucket(j − i)]', what: 'methods.what.t5', where: 'methods.where.t5', kind: 'methods.kind.bias', models: 'T5, Flan-T5, mT5' },
  rope: { formula: 'R(i)q · R(j)k', what: 'methods.what.rope', where: 'methods.where.rope', kind: 'methods.kind.rope', models: 'LLaMA, Mistral, Qwen, GPT-NeoX, Gemma' },
  alibi: { formula: '−slope · (i − j)', what: null, where: 'methods.where.alibi', kind: 'methods.kind.bias', models: 'BLOOM, MPT' },
};

// the comparison table's rows; the descriptive ones fold behind Notes in the compact layout
export const ROW_NAMES = ['parameters', 'where', 'kind', 'relative', 'beyond', 'known', 'models'];
export const LESSON_ROWS = new Set(['where', 'known', 'models']);
export const SHIFT = 7; // the relative/absolute check compares the curve at query i with the curve at i + SHIFT

/**
 * The method a group's shared `method` shows here: one of METHODS, RoPE for RoPE with scaling at test time
 * (<posenc-train>'s `rope-ntk` and `rope-pi`), null (no method marked) for a method without a panel (NoPE).
 */
export function methodShown(name) {
  if (name === 'rope-ntk' || name === 'rope-pi') return 'rope';
  return METHODS.includes(name) ? name : null;
}

/** Scores against distance 0…D for a query at position i, one entry per method ({ value } or { error }). */
export function methodCurves(pe, s, i, D) {
  const d = s.dModel;
  const j0 = i - D;
  const n = D + 1;
  // the last row of a (n × n) similarity is the query row; entry k is key j0 + k, i.e. distance D − k
  const byDistance = (sim) => {
    const out = new Float64Array(n);
    for (let k = 0; k < n; k++) out[D - k] = sim[(n - 1) * n + k];
    return out;
  };
  const out = {};
  out.sinusoidal = attempt(() => {
    const t = pe.sinusoidal({ length: n, dModel: d, base: s.base, offset: j0 });
    return byDistance(pe.similarity(t, { length: n, dModel: d, metric: 'dot' }));
  });
  out.learned = attempt(() => {
    const t = pe.learned({ maxLength: s.trainLength, dModel: d, seed: s.seed, positions: indexRange(j0, n) });
    return byDistance(pe.similarity(t, { length: n, dModel: d, metric: 'dot' }));
  });
  out.t5 = attempt(() => {
    // queries 0…D against key 0: relative positions 0, −1, …, −D
    const H = s.heads;
    const buckets = pe.t5.buckets({ queryLength: n, keyLength: 1, numBuckets: s.numBuckets, maxDistance: s.maxDistance, bidirectional: true });
    const bias = pe.learned({ maxLength: s.numBuckets, dModel: H, seed: s.seed + 1, std: 1, positions: buckets });
    return Float64Array.from({ length: n }, (_, k) => bias[k * H + s.head]);
  });
  out.rope = attempt(() => {
    const qk = s.content;
    // rows: the key content at every position j0…i, then the query content at i
    const keys = pe.rope.apply(tile(row(qk, 1, d), n), { headDim: d, base: s.base, seqLen: n, heads: 1, offset: j0 });
    const q = pe.rope.apply(row(qk, 0, d), { headDim: d, base: s.base, seqLen: 1, heads: 1, offset: i });
    const t = new Float32Array((n + 1) * d);
    t.set(keys, 0);
    t.set(q, n * d);
    const sim = pe.similarity(t, { length: n + 1, dModel: d, metric: 'dot' });
    return Float64Array.from({ length: n }, (_, dist) => sim[n * (n + 1) + (D - dist)]);
  });
  out.alibi = attempt(() => {
    // column 0 of the causal bias: query k, key 0, distance k
    const b = pe.alibi.bias({ heads: s.heads, length: n });
    return Float64Array.from({ length: n }, (_, k) => b[s.head * n * n + k * n]);
  });
  return out;
}

/** What does not depend on the query: parameter counts, the probe past training, the relative check inside it. */
export function methodsStatic(pe, s) {
  // beyond the training length: can the method give a score at all for a query at 2 × train-length?
  const probe = 2 * s.trainLength;
  const far = methodCurves(pe, s, probe, Math.min(4, probe));
  const params = {
    sinusoidal: 0,
    learned: attempt(() => pe.learned({ maxLength: s.trainLength, dModel: s.dModel, seed: s.seed }).length).value ?? null,
    t5: attempt(() => pe.learned({ maxLength: s.numBuckets, dModel: s.heads, seed: s.seed + 1, std: 1 }).length).value ?? null,
    rope: 0,
    alibi: 0,
  };
  const slope = attempt(() => pe.alibi.slopes(s.heads)[s.head]).value;
  // relative or absolute, measured inside the training length (used where the current query cannot be)
  const qa = s.trainLength - 1;
  const qb = Math.max(0, qa - SHIFT);
  const Din = Math.min(s.window, qb);
  const A = methodCurves(pe, s, qa, Din);
  const B = methodCurves(pe, s, qb, Din);
  const inside = {};
  for (const m of METHODS) inside[m] = A[m].value && B[m].value ? pe.compare(A[m].value, B[m].value).euclidean : null;
  return { far, probe, params, slope, inside: { values: inside, queries: [qa, qb] } };
}

/** The curves for the query i (distances 0 … D) and whether each stays put when the query moves by SHIFT. */
export function methodsAt(pe, s, i, D, { far, probe, params, slope, inside }) {
  const now = methodCurves(pe, s, i, D);
  // the same distances from a query SHIFT positions away (later, or earlier when later would leave the
  // learned table while the query itself is inside it): equal curves mean "relative"
  let i2 = i + SHIFT;
  if (i < s.trainLength && i2 >= s.trainLength && i >= SHIFT) i2 = i - SHIFT;
  const D2 = Math.min(D, i2);
  const other = methodCurves(pe, s, i2, D2);
  const relative = {};
  const relQueries = {};
  for (const m of METHODS) {
    const a = now[m].value;
    const b = other[m].value;
    relative[m] = a && b ? pe.compare(a.subarray(0, D2 + 1), b).euclidean : inside.values[m];
    relQueries[m] = a && b ? [i, i2] : inside.queries;
  }
  return { i, D, i2, now, relative, relQueries, far, probe, params, slope };
}

/** The comparison table as text, header row first (`el` gives the words: `t`, `_name`, `_int`). */
export function tableRows(el, d) {
  // measured: does the panel's curve stay put when the query moves by SHIFT?
  const moved = (m) => (d.relative[m] == null ? '—' : el.t(d.relative[m] === 0 ? 'methods.sameCurve' : d.relative[m] < 1e-4 ? 'methods.sameRounding' : 'methods.otherCurve'));
  return [
    ['', ...METHODS.map((m) => el._name(m))],
    [el.t('methods.row.parameters'), ...METHODS.map((m) => (d.params[m] == null ? '—' : el._int(d.params[m])))],
    [el.t('methods.row.where'), ...METHODS.map((m) => el.t(INFO[m].where))],
    [el.t('methods.row.kind'), ...METHODS.map((m) => el.t(INFO[m].kind))],
    [el.t('methods.row.moves'), ...METHODS.map(moved)],
    [el.t('methods.row.beyond', { query: el._int(d.probe) }), ...METHODS.map((m) => el.t(d.far[m].value ? 'methods.defined' : 'methods.fails'))],
    // a defined score is not a working model: what trained models were found to do past their length
    [el.t('methods.row.known'), ...METHODS.map((m) => el.t(`methods.known.${m}`))],
    [el.t('methods.row.models'), ...METHODS.map((m) => (INFO[m].modelsKey ? el.t(INFO[m].modelsKey) : INFO[m].models))],
  ];
}
