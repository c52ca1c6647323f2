// The options of every engine call, declared once: name, kind, default, allowed values, meaning.
//
// The engine (cpp/) checks every value itself; this table says the same thing in a form the rest of the
// project reads: the option interfaces of index.d.ts and the options reference in docs/engine.md are
// generated from it (scripts/gen-schema.mjs), the embed page takes its named values from it, and
// tests/js/schema.test.mjs checks it against the engine (every required option, type,
// bound, named value and default), so the table cannot drift from what the engine does.
//
// An option: { kind, doc, required?, default?, min?, max?, above? (exclusive lower bound), names?, values?, type? }.
// kind: 'integer' | 'number' | 'boolean' | 'name' (one of a list: `names`, a list of names.js several options
// or a widget share, or `values` with its `typeName`, a list only this option takes) | 'array' (numbers) | 'target' (`into`)
// | 'object' (nested options, `type` names them). Bounds are the static ones; a bound that depends on
// another option (offset + length ≤ 2^53 − 1) is said in `doc`. The engine's runtime (core.js) does not
// import this table: its texts would cost every page that loads the engine bytes for nothing.

import { NAMES } from './names.js';

export { NAMES };

/** The engine's size limits (cpp/include/posenc/error.hpp). */
export const LIMITS = Object.freeze({
  outputElements: 2 ** 28,
  residentElements: 2 ** 26,
  dim: 2 ** 20,
  heads: 4096,
  attentionLength: 4096,
  position: 2 ** 53 - 1,
});


const into = (target = 'FloatTarget', doc = 'Filled and returned instead of a new array; must have the result\'s length.') => ({ kind: 'target', target, doc });
const count = (max, doc) => ({ kind: 'integer', required: true, min: 1, max, doc });
const base = { kind: 'number', default: 10000, above: 1, doc: 'Wavelength base.' };
const scalingNumber = (doc, above = 0, max = 1e6) => ({ kind: 'number', above, max, doc });

/**
 * Option sets by interface name. `calls` lists the facade functions taking it; `extends` adds another
 * set's options; `example` is a valid call's options (docs and tests start from it); `input` is the
 * argument before the options, with its length for those options or a valid value.
 */
export const OPTION_SETS = Object.freeze({
  SinusoidalOptions: {
    calls: ['sinusoidal'],
    example: { length: 4, dModel: 8 },
    options: {
      length: count(LIMITS.outputElements, 'Number of positions (rows).'),
      dModel: count(LIMITS.dim, 'Width of each encoding (columns). Odd widths end with a sine that has no cosine partner.'),
      base,
      offset: { kind: 'integer', default: 0, min: 0, max: LIMITS.position, doc: 'First position (KV cache / long context); offset + length ≤ 2^53 − 1.' },
      layout: { kind: 'name', names: 'layout', default: 'interleaved', doc: "'interleaved' (sin, cos, sin, cos …: the paper) or 'split' (all sines, then all cosines)." },
      into: into('FloatTarget', 'Filled and returned instead of a new array; must have length × dModel elements.'),
    },
  },
  FrequenciesOptions: {
    calls: ['frequencies'],
    example: { dModel: 8 },
    options: {
      dModel: count(LIMITS.dim, 'Width of the encoding: ⌈dModel/2⌉ sin/cos pairs.'),
      base,
    },
  },
  LearnedOptions: {
    calls: ['learned'],
    example: { maxLength: 4, dModel: 8 },
    options: {
      maxLength: count(LIMITS.outputElements, 'Rows of the table.'),
      dModel: count(LIMITS.dim, 'Width of each row.'),
      seed: { kind: 'integer', default: 0, min: 0, max: 2 ** 32 - 1, doc: 'The same seed gives the same table in every build.' },
      std: { kind: 'number', default: 0.02, min: 0, max: 1e6, doc: 'Standard deviation of the Normal(0, std) draws.' },
      positions: { kind: 'array', doc: 'Look up these rows only; a position < 0 or ≥ maxLength is a RangeError.' },
      into: into(),
    },
  },
  SimilarityOptions: {
    calls: ['similarity'],
    example: { length: 4, dModel: 8 },
    input: { name: 'table', length: (o) => o.length * o.dModel },
    options: {
      length: count(LIMITS.dim, 'Rows of the table.'),
      dModel: count(LIMITS.dim, 'Width of each row.'),
      metric: { kind: 'name', names: 'metric', default: 'cosine', doc: 'What is computed for every pair of rows.' },
      into: into('FloatTarget', 'length × length elements; must not overlap the table.'),
    },
  },
  RopeScaling: {
    nested: true,
    doc: "transformers' `rope_scaling`, keys in camelCase (`rope_type` is `type`).",
    options: {
      type: { kind: 'name', names: 'ropeScalingType', default: 'default', doc: 'The scaling recipe.' },
      factor: scalingNumber('How many times the context grows; ≥ 1. Required except for default, and for longrope when both lengths (their ratio) or attentionFactor are given.'),
      originalMaxPositionEmbeddings: { kind: 'integer', min: 1, max: LIMITS.position, doc: 'The pretrained context length (dynamic, yarn, llama3, longrope).' },
      maxPositionEmbeddings: { kind: 'integer', min: 1, max: LIMITS.position, doc: 'The extended context length.' },
      seqLen: { kind: 'integer', min: 1, max: LIMITS.position, doc: 'The sequence length the frequencies serve (dynamic, longrope). rope.apply defaults it to offset + seqLen.' },
      betaFast: scalingNumber('YaRN: rotations below which a pair is interpolated fully.', 1e-6),
      betaSlow: scalingNumber('YaRN: rotations above which a pair is left as it is.', 1e-6),
      mscale: scalingNumber('YaRN (DeepSeek): attention factor numerator.', -1e6),
      mscaleAllDim: scalingNumber('YaRN (DeepSeek): attention factor denominator.', -1e6),
      attentionFactor: scalingNumber('YaRN, LongRoPE: the attention factor as given.'),
      truncate: { kind: 'boolean', default: true, doc: 'YaRN: floor/ceil the correction range.' },
      lowFreqFactor: scalingNumber('Llama 3: wavelengths beyond original / lowFreqFactor are divided by factor.'),
      highFreqFactor: scalingNumber('Llama 3: wavelengths below original / highFreqFactor are kept; ≥ lowFreqFactor.'),
      shortFactor: { kind: 'array', doc: 'LongRoPE: rotaryDim / 2 values from 1e-6 to 1e6, for sequences within the original length.' },
      longFactor: { kind: 'array', doc: 'LongRoPE: rotaryDim / 2 values from 1e-6 to 1e6, beyond it.' },
    },
  },
  RopeOptions: {
    calls: ['rope.invFreq'],
    example: { headDim: 8 },
    options: {
      headDim: count(LIMITS.dim, 'Channels per head; headDim × partialRotaryFactor must be even.'),
      base,
      partialRotaryFactor: { kind: 'number', default: 1, above: 0, max: 1, doc: 'Fraction of each head that rotates, in (0, 1].' },
      scaling: { kind: 'object', type: 'RopeScaling', doc: 'Long-context scaling.' },
    },
  },
  RopeApplyOptions: {
    calls: ['rope.apply'],
    extends: 'RopeOptions',
    example: { headDim: 8, seqLen: 2, heads: 1 },
    input: { name: 'x', length: (o) => (o.batch ?? 1) * o.seqLen * o.heads * (o.headStride ?? o.headDim) },
    options: {
      batch: { kind: 'integer', default: 1, min: 1, max: LIMITS.outputElements, doc: 'Sequences; x holds batch × seqLen × heads × headStride values.' },
      seqLen: count(LIMITS.outputElements, 'Tokens per sequence.'),
      heads: count(LIMITS.heads, 'Heads per token.'),
      offset: { kind: 'integer', default: 0, min: 0, max: LIMITS.position, doc: 'Position of the first token (KV cache); offset + seqLen ≤ 2^53 − 1. Not with positionIds.' },
      positionIds: { kind: 'array', doc: 'One position per token, integers from 0 to 2^53 − 1: seqLen values (shared by the batch) or batch × seqLen (left padding, packed sequences). Dynamic NTK and LongRoPE take their length from the largest + 1, as transformers does.' },
      layout: { kind: 'name', names: 'ropeLayout', default: 'bshd', doc: "'bshd': x is [batch][seqLen][heads][headStride] (as projected); 'bhsd': [batch][heads][seqLen][headStride] (q and k after transformers' transpose)." },
      headStride: { kind: 'integer', min: 1, max: LIMITS.dim, doc: 'Channels per head in x, when the heads are wider than headDim (DeepSeek: qk_nope_head_dim + qk_rope_head_dim). Defaults to headDim.' },
      channelOffset: { kind: 'integer', default: 0, min: 0, max: LIMITS.dim, doc: 'First rotating channel of each head (DeepSeek: qk_nope_head_dim); channelOffset + rotary width ≤ headStride. Other channels pass through.' },
      convention: { kind: 'name', names: 'ropeConvention', default: 'half', doc: "'half' (GPT-NeoX / LLaMA rotate_half), 'interleaved' (GPT-J / RoFormer) or 'deinterleave' (DeepSeek's rope_interleave: pairs (2i, 2i+1) read, written back in rotate_half order)." },
      into: into('FloatTarget', 'As many elements as x: x itself (rotated in place) or memory that does not overlap x.'),
    },
  },
  AlibiBiasOptions: {
    calls: ['alibi.bias'],
    example: { heads: 2, length: 4 },
    options: {
      heads: count(LIMITS.heads, 'Attention heads (one slope each).'),
      length: count(LIMITS.dim, 'Positions (the bias is length × length per head).'),
      causal: { kind: 'boolean', default: true, doc: 'true: −slope·(i−j) at j ≤ i and −Infinity above the diagonal; false: symmetric −slope·|i−j|.' },
      into: into(),
    },
  },
  T5BucketOptions: {
    calls: ['t5.bucket'],
    example: {},
    input: { name: 'relativePosition', value: 3 },
    options: {
      bidirectional: { kind: 'boolean', default: true, doc: 'Separate buckets for keys before and after the query.' },
      numBuckets: { kind: 'integer', default: 32, min: 2, max: 65536, doc: 'Buckets (at least 4 when bidirectional).' },
      maxDistance: { kind: 'integer', default: 128, min: 2, max: LIMITS.position, doc: 'Distance from which every position shares the last bucket; greater than the exact-bucket count.' },
    },
  },
  T5GridOptions: {
    calls: ['t5.buckets'],
    extends: 'T5BucketOptions',
    example: { queryLength: 4, keyLength: 4 },
    options: {
      queryLength: count(LIMITS.outputElements, 'Queries (rows).'),
      keyLength: count(LIMITS.outputElements, 'Keys (columns).'),
      into: into('Int32Array'),
    },
  },
  RobertaPositionIdsOptions: {
    calls: ['positionIds'],
    example: { padTokenId: 1 },
    input: { name: 'ids', value: [0, 5, 1] },
    options: {
      convention: { kind: 'name', names: 'positionIdsConvention', default: 'roberta', literal: 'roberta', doc: "RoBERTa's rule: pads keep padTokenId, tokens count on from padTokenId + 1." },
      padTokenId: { kind: 'integer', required: true, min: -(2 ** 30), max: 2 ** 30, doc: 'The padding token id.' },
      pastLength: { kind: 'integer', default: 0, min: 0, max: 2 ** 30, doc: 'Tokens already in the KV cache.' },
      into: into('Int32Array'),
    },
  },
  GenerationPositionIdsOptions: {
    calls: ['positionIds'],
    example: { convention: 'generation' },
    input: { name: 'mask', value: [0, 1, 1] },
    options: {
      convention: { kind: 'name', names: 'positionIdsConvention', required: true, literal: 'generation', doc: 'Generation: positions from the attention mask (cumsum − 1, 1 at pads).' },
      into: into('Int32Array'),
    },
  },
  AttentionOptions: {
    calls: ['attention'],
    example: { q: [1, 0], k: [1, 0], v: [1, 0], seqLen: 1, heads: 1, headDim: 2 },
    options: {
      q: { kind: 'array', required: true, doc: 'Queries, [seqLen][heads][headDim].' },
      k: { kind: 'array', required: true, doc: 'Keys, [keyLength][kvHeads][headDim].' },
      v: { kind: 'array', required: true, doc: 'Values, [keyLength][kvHeads][headDim].' },
      seqLen: count(LIMITS.attentionLength, 'Queries.'),
      heads: count(LIMITS.heads, 'Query heads.'),
      headDim: count(LIMITS.dim, 'Channels per head.'),
      kvHeads: { kind: 'integer', min: 1, max: LIMITS.heads, doc: 'Key/value heads (grouped-query attention): a divisor of heads; query head h reads key/value head ⌊h / (heads / kvHeads)⌋. Defaults to heads.' },
      keyLength: { kind: 'integer', min: 1, max: LIMITS.attentionLength, doc: 'Keys, when the queries are the last seqLen of them (a decode step against a KV cache): query i sits at position keyLength − seqLen + i. Defaults to seqLen.' },
      scale: { kind: 'number', doc: 'Multiplies q·k; a finite number other than 0. Defaults to 1/√headDim (DeepSeek V3 multiplies it by mscale²; Gemma 2 uses 1/√query_pre_attn_scalar).' },
      softcap: { kind: 'number', default: 0, min: 0, max: 1e30, doc: "Logit soft-capping (Gemma 2's attn_logit_softcapping): scores become softcap · tanh(scores / softcap) before the bias; 0 for none." },
      bias: { kind: 'array', doc: 'Additive, [heads][seqLen][keyLength] or [seqLen][keyLength]; −Infinity masks.' },
      causal: { kind: 'boolean', default: false, doc: 'Mask the keys after each query’s position.' },
    },
  },
});

/** Every option of a set, inherited ones first: [key, option] pairs. */
export function optionsOf(setName) {
  const set = OPTION_SETS[setName];
  return [...(set.extends ? optionsOf(set.extends) : []), ...Object.entries(set.options)];
}

/**
 * Named values of an option, or null: its own `values` (with its `typeName`), for a list only it uses, or the list
 * of names.js its `names` names, for one several options or a widget share.
 */
export const valuesOf = (option) => option.values ?? (option.names ? NAMES[option.names].values : null);

/** The TypeScript name of a named-value option's type. */
export const typeNameOf = (option) => option.typeName ?? NAMES[option.names].typeName;

/** The named values of one option of a set (for example the sinusoidal layouts). */
export const namedValues = (setName, key) => valuesOf(Object.fromEntries(optionsOf(setName))[key]);

/**
 * The facade calls that hand their arguments straight to the engine, by facade path ('t5.buckets'): core.js
 * builds them from web/src/engine/calls.js, and their signatures in index.d.ts are written, both by
 * scripts/gen-schema.mjs from this table and OPTION_SETS. How a call is made follows from its option set (the
 * one whose `calls` names it; several make a union type `<Call>Options`): the embind function is the path with
 * `_` for the dot, the arguments are the set's `input` (a number when its `value` is one, else NumericInput)
 * and then the options (optional when none is required), and a set with `into` returns it (generic over
 * FloatTarget, or that target type). Declared here: `doc`, the TypeScript type `returns` when there is no
 * `into`, `inputs` ([name, type] pairs) for a call outside the option table, which takes no options, and
 * `masked: true` for a call whose result holds −Infinity where a mask hides a key (every other value is finite),
 * and `native` for a call whose C++ side is the per-row kernel shape (one Params struct filled from the options,
 * validate(p), a rows kernel writing a [rows][cols] result): scripts/gen-bindings.mjs then writes its embind
 * binding (cpp/wasm/gen/) and its fuzz case from this entry and the option set (see there for the fields; an
 * array option says which option counts its values, `size: 'heads'`).
 * Calls with logic of their own (sinusoidal, similarity, rope.*, fromConfig, train, buffer) are written in
 * core.js and index.d.ts by hand.
 */
export const CALLS = Object.freeze({
  frequencies: { returns: 'Float64Array', doc: 'ω_i = base^(−2i/dModel) for each of the ⌈dModel/2⌉ sin/cos pairs (wavelength 2π/ω_i).' },
  learned: {},
  compare: { inputs: [['a', 'NumericInput'], ['b', 'NumericInput']], returns: 'Comparison' },
  'alibi.slopes': { inputs: [['heads', 'number']], returns: 'Float32Array' },
  'alibi.bias': { masked: true, native: { params: 'AlibiParams', rows: 'alibi_bias_rows', shape: ['p.heads * p.length', 'p.length'], check: 'x <= 0 && (p.causal || std::isfinite(x))' } },
  't5.bucket': { returns: 'number', doc: 'relativePosition = key − query.' },
  't5.buckets': {
    doc: '[query][key] buckets.',
    native: {
      params: 'T5GridParams',
      rows: 't5_bucket_rows',
      shape: ['p.query_length', 'p.key_length'],
      fields: { bidirectional: 'buckets.bidirectional', numBuckets: 'buckets.num_buckets', maxDistance: 'buckets.max_distance' },
      check: 'x >= 0 && x < p.buckets.num_buckets',
    },
  },
  positionIds: {},
  attention: { returns: '{ output: Float32Array; weights: Float32Array }' },
});

/**
 * The native side of calls whose facade member core.js writes by hand (it adds logic around the engine call:
 * configs, M-RoPE), declared as `native` is in CALLS: scripts/gen-bindings.mjs writes their embind binding and
 * fuzz case all the same. `kind` says their shape: 'rows' (the default: a [rows][cols] result from the options
 * alone) or 'apply' (an input array x, rows × row floats, rotated or scaled row by row into a result of its
 * length, in place or into another array, by an Applier class: see scripts/gen-bindings-apply.mjs for its
 * fields). CONTRIBUTING.md, section 3, says how to choose.
 */
export const NATIVE = Object.freeze({
  'rope.apply': {
    kind: 'apply',
    params: 'RopeApplyParams',
    applier: 'RopeApplier',
    rows: ['rope_rows(p)', 'rope_row_size(p)'],
    shapeText: 'batch x seqLen x heads x headStride',
    tables: 'the rotation tables',
    nonfinite: 'rope_nonfinite_error',
    fields: { headDim: 'rope.head_dim', base: 'rope.base', partialRotaryFactor: 'rope.partial_rotary_factor', scaling: 'rope.scaling', positionIds: 'positions' },
    enums: { layout: 'RopeLayout', convention: 'RopeConvention' },
    objects: { scaling: { read: 'read_scaling', header: 'scaling.hpp', storage: 'std::vector<double> $[2]', fuzz: 'fuzz_scaling' } },
    positions: { option: 'positionIds', instead: 'offset' },
  },
});

/**
 * How a CALLS entry is made: { path, symbol (the embind name), inputs ([name, type] pairs), options (the
 * TypeScript type, or null), optionalOptions, into (the target type, or null), returns, doc }.
 */
export function callSignature(path) {
  const call = CALLS[path];
  const sets = Object.entries(OPTION_SETS).filter(([, set]) => set.calls?.includes(path));
  const symbol = path.replace('.', '_');
  if (call.inputs) {
    if (sets.length) throw new Error(`CALLS.${path}: a call of the option table takes its inputs from there`);
    return { path, symbol, inputs: call.inputs, options: null, optionalOptions: false, into: null, returns: call.returns, doc: call.doc };
  }
  if (!sets.length) throw new Error(`CALLS.${path}: no option set lists it in its calls, and it declares no inputs`);
  const [first, set] = sets[0];
  const name = path.split('.').pop();
  const options = sets.length > 1 ? `${name[0].toUpperCase()}${name.slice(1)}Options` : first;
  const all = sets.flatMap(([setName]) => optionsOf(setName));
  const into = all.find(([key]) => key === 'into')?.[1].target ?? null;
  const inputs = set.input ? [[set.input.name, typeof set.input.value === 'number' ? 'number' : 'NumericInput']] : [];
  const optionalOptions = sets.every(([setName]) => optionsOf(setName).every(([, o]) => !o.required));
  const returns = into ?? call.returns;
  if (!returns) throw new Error(`CALLS.${path}: a call without into declares what it returns`);
  return { path, symbol, inputs, options, optionalOptions, into, returns, doc: call.doc, sets: sets.map(([setName]) => setName) };
}
