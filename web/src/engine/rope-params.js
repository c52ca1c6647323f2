// One RoPE of a model, read from its config's rope parameters (rope_parameters, flat or one set per layer
// type, or rope_scaling) into posenc's options and computed by pe.rope.invFreq, every value checked against its
// rule (fields.js). Used by config.js, which decides which RoPE each layer uses.

import { LAYER_KINDS, checkField, describe, isPlainObject, own, keyList } from './fields.js';

export { LAYER_KINDS };

const TYPES = ['default', 'linear', 'dynamic', 'yarn', 'llama3', 'longrope'];
// legacy rope types transformers still reads, and what it reads them as
const LEGACY = { su: 'longrope', mrope: 'default' };
// the rope-parameter keys each type reads (others are reported in `notes` and left out, as transformers does)
const KEYS = {
  default: [],
  linear: ['factor'],
  dynamic: ['factor'],
  yarn: ['factor', 'original_max_position_embeddings', 'attention_factor', 'beta_fast', 'beta_slow', 'mscale', 'mscale_all_dim', 'truncate'],
  llama3: ['factor', 'original_max_position_embeddings', 'low_freq_factor', 'high_freq_factor'],
  longrope: ['factor', 'original_max_position_embeddings', 'attention_factor', 'short_factor', 'long_factor'],
};
const COMMON = ['rope_type', 'type', 'rope_theta', 'partial_rotary_factor', 'mrope_section'];
const camel = (key) => key.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

export const isObject = isPlainObject;

// the engine's messages name its options; a config's reader names the keys they came from
const OPTION = /(?<![\w.])(headDim|base|partialRotaryFactor|scaling\.\w+|attentionFactor, mscale, mscaleAllDim)(?![\w])/g;
function renamed(err, keys) {
  if (err instanceof Error) err.message = err.message.replace(OPTION, (name) => keys[name] ?? name);
  return err;
}

// One RoPE of the model: its parameters, base and scaling, computed by pe.rope.invFreq.
export function oneRope(invFreq, m, notes, { which, sets, where, params: flat, head, convention, maxPositionEmbeddings, seqLen }) {
  const { c, spec, get } = m;
  let params = flat;
  let source = where;
  let base;
  let baseKey;
  let found;
  if (sets) {
    const t = which === 'local' ? 'sliding_attention' : 'full_attention';
    params = sets[t] ?? sets.full_attention ?? {};
    source = `${where}.${t}`;
  } else if (which === 'local') {
    const local = spec.local(c.rope_local_base_freq != null || c.local_rope_theta != null ? c : { ...spec.defaults, ...c });
    baseKey = local.baseKey;
    base = get(baseKey);
    if (base === null && spec.global) {
      // ModernBertAttention (transformers 4.x): local_rope_theta None means the global base on every layer
      baseKey = spec.global(c).baseKey;
      base = get(baseKey) ?? spec.defaults[baseKey];
      notes.push(`${local.baseKey} null: the sliding layers use ${baseKey} ${base}, as ${m.given}'s attention does`);
    }
    if (!local.scaled) {
      params = {};
      if (Object.keys(flat).length) notes.push(`${where} applies to the global layers only; the sliding layers use default RoPE with ${baseKey}, as ${m.given}'s modeling code builds them`);
    }
    source = baseKey;
  }
  if (!isObject(params)) throw new TypeError(`${source} must be an object (got ${describe(params)})`);
  const given = checkField(params.rope_type, `${source}.rope_type`) ?? checkField(params.type, `${source}.type`) ?? 'default';
  if (params.mrope_interleaved != null || given === 'mrope_interleaved') throw new RangeError(`${source}.mrope_interleaved: interleaved M-RoPE (Qwen3-VL) is not computed by posenc`);
  const type = own(LEGACY, given) ?? given;
  if (!TYPES.includes(type)) throw new RangeError(`${source}.rope_type '${given}' is not a RoPE type posenc computes (it knows ${TYPES.join(', ')})`);
  if (type !== given) notes.push(`rope type '${given}' is read as '${type}', as transformers does`);
  const ignored = Object.keys(params).filter((k) => !COMMON.includes(k) && !KEYS[type].includes(k));
  if (ignored.length) notes.push(`${source}: ${keyList(ignored)} ${ignored.length === 1 ? 'is' : 'are'} not read by ${type} RoPE`);

  // the base
  if (base === undefined) {
    found = [
      [params.rope_theta, `${source}.rope_theta`],
      [which === 'global' && !sets ? c.global_rope_theta : undefined, 'global_rope_theta'],
      [sets ? undefined : c.rope_theta, 'rope_theta'],
      [c.rotary_emb_base, 'rotary_emb_base'],
    ].filter(([v]) => v != null);
    for (const [v, k] of found) {
      checkField(v, k, k.endsWith('rotary_emb_base') || k.endsWith('global_rope_theta') ? k : 'rope_theta');
      if (!k.includes('.')) m.used.add(k);
    }
    if (found.some(([v]) => v !== found[0][0])) throw new RangeError(`config has ${found.map(([v, k]) => `${k} ${v}`).join(' and ')}: they contradict each other (give one)`);
    if (spec?.fixedBase) {
      base = spec.fixedBase;
      if (found.length && found[0][0] !== base) throw new RangeError(`${found[0][1]} ${found[0][0]}: ${m.given}'s rotary base is fixed at ${base} in transformers`);
      notes.push(`${m.given}: base ${base}, fixed in transformers (create_sinusoidal_positions)`);
    } else if (found.length) base = found[0][0];
    else {
      const key = spec?.global ? spec.global({}).baseKey : spec && 'rotary_emb_base' in spec.defaults ? 'rotary_emb_base' : 'rope_theta';
      base = get(key);
      baseKey = key;
      if (base == null) {
        base = 10000;
        notes.push(`rope_theta absent: 10000 assumed (transformers' default_theta)`);
      }
    }
  }
  baseKey ??= found?.[0]?.[1] ?? 'rope_theta';
  checkField(base, baseKey, 'rope_theta');
  // the rotating fraction inside a per-layer-type set
  let partial = head.partial ?? 1;
  let partialKey = head.partialKey;
  if (params.partial_rotary_factor != null && sets) partial = checkField(params.partial_rotary_factor, (partialKey = `${source}.partial_rotary_factor`));

  // the scaling, in posenc's names (each value checked against its rule, fields.js)
  const scaling = { type };
  const keys = { headDim: head.key, base: baseKey, partialRotaryFactor: partialKey, 'attentionFactor, mscale, mscaleAllDim': `${source}.attention_factor, mscale, mscale_all_dim`, 'scaling.seqLen': 'seqLen', 'scaling.maxPositionEmbeddings': 'max_position_embeddings' };
  for (const key of KEYS[type]) {
    keys[`scaling.${camel(key)}`] = `${source}.${key}`;
    if (key !== 'original_max_position_embeddings' && params[key] != null) scaling[camel(key)] = checkField(params[key], `${source}.${key}`);
  }
  let original = null;
  if (type === 'dynamic') {
    original = maxPositionEmbeddings;  // transformers: the trained length is max_position_embeddings
    keys['scaling.originalMaxPositionEmbeddings'] = 'max_position_embeddings';
  }
  if (type === 'yarn' || type === 'llama3' || type === 'longrope') {
    if (c.original_max_position_embeddings != null) {
      original = checkField(c.original_max_position_embeddings, 'original_max_position_embeddings');
      keys['scaling.originalMaxPositionEmbeddings'] = 'original_max_position_embeddings';
      m.used.add('original_max_position_embeddings');
      notes.push('original_max_position_embeddings at the top level (Phi-3 style) is the trained length');
    } else if (params.original_max_position_embeddings != null) original = checkField(params.original_max_position_embeddings, `${source}.original_max_position_embeddings`);
    else {
      original = maxPositionEmbeddings;
      keys['scaling.originalMaxPositionEmbeddings'] = 'max_position_embeddings';
    }
  }
  if (original != null) scaling.originalMaxPositionEmbeddings = original;
  if (type === 'longrope' && c.original_max_position_embeddings != null && maxPositionEmbeddings != null) {
    // Phi-3: the factor is the ratio of the two lengths
    scaling.maxPositionEmbeddings = maxPositionEmbeddings;
    delete scaling.factor;
    notes.push(`longrope factor = max_position_embeddings / original_max_position_embeddings = ${maxPositionEmbeddings / original}`);
  }
  if (type === 'yarn' && maxPositionEmbeddings != null && original != null && scaling.factor != null) {
    const ratio = maxPositionEmbeddings / original;
    if (ratio !== 1 && ratio !== scaling.factor) notes.push(`yarn uses the explicit factor ${scaling.factor}, not max_position_embeddings / original_max_position_embeddings = ${ratio}`);
  }
  if (seqLen !== undefined) scaling.seqLen = seqLen;

  const ropeOptions = { headDim: head.headDim, base, partialRotaryFactor: partial, scaling };
  let r;
  try {
    r = invFreq(ropeOptions);
  } catch (err) {
    // what the rules between keys leave to the engine (highFreqFactor ≥ lowFreqFactor, a factor list's length):
    // its message, with the config keys in place of its option names
    throw renamed(err, keys);
  }
  const entry = {
    type,
    headDim: head.headDim,
    rotaryDim: 2 * r.invFreq.length,
    base,
    partialRotaryFactor: partial,
    convention,
    maxPositionEmbeddings,
    originalMaxPositionEmbeddings: original,
    scaling,
    invFreq: r.invFreq,
    attentionFactor: r.attentionFactor,
  };
  if (params.mrope_section != null) entry.mropeSection = mropeSection(params.mrope_section, `${source}.mrope_section`, r.invFreq.length, notes);
  return entry;
}

// Qwen2-VL's M-RoPE: pairs [0, s0) turn with the temporal position, [s0, s0 + s1) with the height, the rest
// with the width (apply_multimodal_rotary_pos_emb splits cat(freqs, freqs) by mrope_section * 2)
function mropeSection(value, key, pairs, notes) {
  checkField(value, key, 'mrope_section');
  const sum = value[0] + value[1] + value[2];
  if (sum !== pairs) throw new RangeError(`${key} ${JSON.stringify(value)} covers ${sum} pairs, but the head rotates ${pairs}`);
  notes.push(`${key} ${JSON.stringify(value)}: M-RoPE, pairs 0–${value[0] - 1} turn with the temporal position, ${value[0]}–${value[0] + value[1] - 1} with the height, ${value[0] + value[1]}–${sum - 1} with the width (rope.apply and rope.cosSin take position ids [3, seqLen] or [3, batch, seqLen]; text alone has three equal rows)`);
  return value.slice();
}

