// The config readers' field rules, written once: every key of a transformers config.json that pe.fromConfig
// and pe.rope.fromConfig read, with what its value must be. A config is text from the internet (pasted into
// <posenc-model>, fetched from a URL), so the readers trust nothing in it: it is first copied into plain data
// (`snapshot`: own properties only, into objects without a prototype, with every loop bounded), then each value
// is checked against its rule here when it is read (`checkField`). The caps keep the readers' work bounded
// (layers, heads, list lengths) and every number that a formula uses finite and in its domain; a value outside
// its rule is a TypeError (wrong kind) or RangeError (out of range) naming the key as the file writes it.
// Messages quote a value in at most ~80 characters (`describe`), never by JSON.stringify of the raw value
// (BigInt, cycles, Symbols, Proxies and getters would make that throw the JavaScript engine's own error).
// docs/engine.md's "Config field rules" is this table in words; a test keeps the two together.

export const CAPS = Object.freeze({ layers: 1024, heads: 4096, headDim: 4096, length: 2 ** 31, listLength: 4096 });

const int = (min, max) => ({ kind: 'integer', min, max });
const num = (above, max, min) => ({ kind: 'number', above, max, min });
const bool = { kind: 'boolean' };
const str = { kind: 'string' };
const obj = { kind: 'object' };
const base = num(1, 1e15);
const fraction = num(0, 1);
const length = int(1, CAPS.length);
const window = { ...int(1, CAPS.length), nullable: true };
const scaling = num(0, 1e6);

/**
 * Every key the readers read (by its usual name; GPT-J's n_head is read as num_attention_heads, MPT's
 * attn_config.alibi_bias_max as alibi_bias_max). Rope-parameter keys apply inside rope_scaling /
 * rope_parameters (and each per-layer-type set). `also`: the rules between keys, checked where both are read.
 */
export const FIELDS = Object.freeze({
  model_type: { ...str, maxLength: 64 },
  text_config: obj,
  num_hidden_layers: int(1, CAPS.layers),
  num_attention_heads: int(1, CAPS.heads),
  num_key_value_heads: { ...int(1, CAPS.heads), also: 'a divisor of num_attention_heads' },
  num_kv_heads: { ...int(1, CAPS.heads), also: 'a divisor of num_attention_heads' },
  hidden_size: { ...int(1, 2 ** 24), also: 'hidden_size / num_attention_heads from 2 to 4096 when head_dim is absent' },
  head_dim: int(2, CAPS.headDim),
  qk_rope_head_dim: int(2, CAPS.headDim),
  qk_nope_head_dim: int(0, CAPS.headDim),
  rotary_dim: { ...int(2, CAPS.headDim), also: 'even, at most the head size' },
  partial_rotary_factor: { ...fraction, also: 'head size × it an even number ≥ 2' },
  rotary_pct: { ...fraction, also: 'as partial_rotary_factor' },
  max_position_embeddings: length,
  original_max_position_embeddings: length,
  rope_theta: base,
  rotary_emb_base: base,
  global_rope_theta: base,
  local_rope_theta: base,
  rope_local_base_freq: base,
  rope_scaling: { ...obj, nullable: true },
  rope_parameters: { ...obj, nullable: true },
  layer_types: { kind: 'list', of: 'layer', maxLength: CAPS.layers, also: 'one entry per layer' },
  no_rope_layers: { kind: 'list', of: 'flag', maxLength: CAPS.layers, also: 'at least one entry per layer' },
  no_rope_layer_interval: int(1, CAPS.layers),
  sliding_window: window,
  local_attention: int(2, CAPS.length),
  attention_chunk_size: window,
  sliding_window_pattern: int(1, CAPS.layers),
  global_attn_every_n_layers: int(1, CAPS.layers),
  use_sliding_window: bool,
  max_window_layers: int(0, CAPS.length),
  query_pre_attn_scalar: int(1, 2 ** 31),
  attn_logit_softcapping: { ...num(0, 1e30), nullable: true },
  rope_interleave: bool,
  alibi: bool,
  multi_query: bool,
  new_decoder_architecture: bool,
  attn_temperature_tuning: bool,
  floor_scale: num(0, 2 ** 31),
  attn_scale: num(undefined, 1e3, 0),
  attn_config: obj,
  alibi_bias_max: num(0, 100),
  position_embedding_type: { ...str, maxLength: 64 },
  pad_token_id: { ...int(0, CAPS.length), also: 'RoBERTa: at most max_position_embeddings − 2' },
  relative_attention_num_buckets: int(4, 65536),
  relative_attention_max_distance: { ...int(2, CAPS.length), also: 'greater than relative_attention_num_buckets / 2' },
  is_decoder_only: bool,
  // inside rope_scaling / rope_parameters
  rope_type: { ...str, maxLength: 64 },
  type: { ...str, maxLength: 64 },
  factor: scaling,
  beta_fast: num(1e-6, 1e6),
  beta_slow: num(1e-6, 1e6),
  mscale: num(-1e6, 1e6),
  mscale_all_dim: num(-1e6, 1e6),
  attention_factor: scaling,
  low_freq_factor: scaling,
  high_freq_factor: { ...scaling, also: 'at least low_freq_factor' },
  truncate: bool,
  short_factor: { kind: 'list', of: 'factor', maxLength: CAPS.headDim / 2, also: 'one per rotary pair' },
  long_factor: { kind: 'list', of: 'factor', maxLength: CAPS.headDim / 2, also: 'one per rotary pair' },
  mrope_section: { kind: 'list', of: 'count', minLength: 3, maxLength: 3, also: 'summing to the rotary pairs' },
});

export const LAYER_KINDS = Object.freeze(Object.assign(Object.create(null), { full_attention: 'full', sliding_attention: 'sliding', chunked_attention: 'chunked' }));

/** own(o, key): o[key] when it is o's own property (never one of Object.prototype's), else undefined. */
export const own = (o, key) => (o !== null && typeof o === 'object' && Object.hasOwn(o, key) ? o[key] : undefined);

const ITEM = {
  layer: { test: (v) => typeof v === 'string' && Object.hasOwn(LAYER_KINDS, v), what: `one of ${Object.keys(LAYER_KINDS).join(', ')}` },
  flag: { test: (v) => v === 0 || v === 1 || v === true || v === false, what: '1 (RoPE) or 0 (NoPE)' },
  factor: { test: (v) => typeof v === 'number' && v >= 1e-6 && v <= 1e6, what: 'a number from 1e-6 to 1e6' },
  count: { test: (v) => Number.isSafeInteger(v) && v >= 0 && v <= CAPS.headDim, what: `an integer from 0 to ${CAPS.headDim}` },
};

// 2^31 and 1e15 as the docs write them; 1024 and 1000000 as they are
const power = (n) => (n >= 2 ** 20 && Number.isInteger(Math.log2(n)) ? `2^${Math.log2(n)}` : n >= 1e7 && Number.isInteger(Math.log10(n)) ? `1e${Math.log10(n)}` : String(n));

/** What a rule asks, in words ("an integer from 1 to 1024"). */
export function ruleText(rule) {
  switch (rule.kind) {
    case 'integer':
      return `an integer from ${power(rule.min)} to ${power(rule.max)}`;
    case 'number':
      return rule.above !== undefined ? `a number greater than ${rule.above} and at most ${power(rule.max)}` : `a number from ${rule.min} to ${power(rule.max)}`;
    case 'boolean':
      return 'true or false';
    case 'string':
      return `a string of at most ${rule.maxLength} characters`;
    case 'object':
      return 'an object';
    case 'list':
      return `a list of ${rule.minLength === rule.maxLength ? rule.maxLength : `at most ${rule.maxLength}`} entries, each ${ITEM[rule.of].what}`;
  }
}

/**
 * `value` checked against the rule of `field` (a FIELDS key), named `key` in a message (the key as the file
 * writes it: `rope_scaling.factor`, `n_head`). Returns the value; null and undefined pass (absent) unless
 * `required`. Throws TypeError for a value of the wrong kind, RangeError for one out of range.
 */
export function checkField(value, key, field = key.slice(key.lastIndexOf('.') + 1).replace(/\[\d+\]$/, '')) {
  const rule = FIELDS[field];
  if (value === undefined || value === null || !rule) return value;
  const must = (Err) => new Err(`${key} must be ${ruleText(rule)}${rule.also ? ` (${rule.also})` : ''} (got ${describe(value)})`);
  switch (rule.kind) {
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw must(TypeError);
      if (rule.kind === 'integer' && !Number.isSafeInteger(value)) throw must(RangeError);
      if (rule.above !== undefined ? !(value > rule.above) : !(value >= rule.min)) throw must(RangeError);
      if (!(value <= rule.max)) throw must(RangeError);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw must(TypeError);
      return value;
    case 'string':
      if (typeof value !== 'string') throw must(TypeError);
      if (value.length > rule.maxLength) throw must(RangeError);
      return value;
    case 'object':
      if (!isPlainObject(value)) throw must(TypeError);
      return value;
    case 'list': {
      if (!Array.isArray(value) && !(value instanceof LongList)) throw must(TypeError);
      if (value.length > rule.maxLength || value.length < (rule.minLength ?? 0)) throw must(RangeError);
      const bad = value.findIndex((v) => !ITEM[rule.of].test(v));
      if (bad < 0) return value;
      const v = value[bad];
      // a value of the right kind out of range (an unknown layer type, a factor of 0) is a RangeError
      const Err = (rule.of === 'layer' ? typeof v === 'string' : typeof v === 'number') ? RangeError : TypeError;
      throw new Err(`${key}[${bad}] must be ${ITEM[rule.of].what} (got ${describe(v)})`);
      return value;
    }
  }
  return value;
}

export const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof LongList) && !(v instanceof Unreadable);

/** A list too long to copy: only its length is kept (no rule accepts it; a key nobody reads ignores it). */
export class LongList {
  constructor(length) {
    this.length = length;
  }
}

/** A value nested too deep to copy (a cycle, or data no config.json holds). */
export class Unreadable {}

const QUOTE = 80;
const clip = (text) => (text.length > QUOTE ? `${text.slice(0, QUOTE - 1)}…` : text);

/** A value in at most ~80 characters, for a message: never runs caller code, never throws. */
export function describe(value) {
  try {
    switch (typeof value) {
      case 'string':
        return `'${clip(value)}'`;
      case 'number':
        return Number.isSafeInteger(value) || (Number.isInteger(value) && Math.abs(value) < 1e21) ? BigInt(value).toString() : String(value);
      case 'bigint':
        return `${clip(value.toString())}n (a BigInt)`;
      case 'symbol':
        return 'a Symbol';
      case 'function':
        return 'a function';
      case 'undefined':
      case 'boolean':
        return String(value);
    }
    if (value === null) return 'null';
    if (value instanceof LongList) return `a list of ${value.length} entries`;
    if (value instanceof Unreadable) return 'a value nested too deep to read';
    if (Array.isArray(value)) {
      const first = value.slice(0, 3).map((v) => (v !== null && typeof v === 'object' ? (Array.isArray(v) ? '[…]' : '{…}') : describe(v)));
      return clip(`a list of ${value.length} entr${value.length === 1 ? 'y' : 'ies'}${value.length ? ` [${first.join(', ')}${value.length > 3 ? ', …' : ''}]` : ''}`);
    }
    if (ArrayBuffer.isView(value)) return 'a typed array';
    return 'an object';
  } catch {
    return 'a value that cannot be shown';
  }
}

const MAX_DEPTH = 8;
const MAX_VALUES = 2 ** 18;
const MAX_COPIED_LIST = 2 ** 16;

/**
 * `config` as plain data: own enumerable string-keyed properties only (getters read once, Proxies and throwing
 * getters named), objects without a prototype (so no lookup ever reaches Object.prototype: `__proto__` and
 * `constructor` are ordinary keys), lists longer than 2^16 as their length only, nothing deeper than 8 levels
 * (a cycle ends there), and at most 2^18 values in all. The work is bounded whatever the input.
 */
export function snapshot(config, name = 'config') {
  let left = MAX_VALUES;
  const read = (o, key, path) => {
    try {
      const d = Object.getOwnPropertyDescriptor(o, key);
      if (!d) return undefined;
      return 'value' in d ? d.value : d.get ? d.get.call(o) : undefined;
    } catch {
      throw new TypeError(`${clip(path)} could not be read (a getter or Proxy threw)`);
    }
  };
  const copy = (v, path, depth) => {
    if (--left < 0) throw new RangeError(`${name} holds more than ${MAX_VALUES} values: that is not a config.json (one holds a few hundred)`);
    if (v === null || typeof v !== 'object') return v;
    if (depth >= MAX_DEPTH) return new Unreadable();
    let keys;
    let list;
    try {
      list = Array.isArray(v) || ArrayBuffer.isView(v);
      keys = list ? null : Object.keys(v);
    } catch {
      throw new TypeError(`${clip(path)} could not be read (a revoked Proxy or a throwing trap)`);
    }
    if (list) {
      const n = Number(read(v, 'length', path)) || (ArrayBuffer.isView(v) ? safeLength(v) : 0);
      if (n > MAX_COPIED_LIST) return new LongList(n);
      return Array.from({ length: n }, (_, i) => copy(ArrayBuffer.isView(v) ? v[i] : read(v, String(i), `${path}[${i}]`), `${path}[${i}]`, depth + 1));
    }
    const out = Object.create(null);
    for (const key of keys) out[key] = copy(read(v, key, `${path}.${key}`), `${path}.${key}`, depth + 1);
    return out;
  };
  return copy(config, name, 0);
}

function safeLength(view) {
  try {
    return view.length;
  } catch {
    return 0;
  }
}

/** Deep equality of two snapshots (rope_parameters against rope_scaling), bounded as they are. */
export function sameData(a, b) {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameData(a[k], b[k]));
}

/** A list of keys for a note: each clipped, at most ten named. */
export function keyList(keys) {
  const shown = keys.slice(0, 10).map(clip);
  return keys.length > 10 ? `${shown.join(', ')} and ${keys.length - 10} more` : shown.join(', ');
}
