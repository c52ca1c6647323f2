// pe.rope.fromConfig: a transformers config.json, exactly as published, read into posenc's RoPE options.
//
// The rules are those of transformers ≥ 4.56: the rope parameters come from `rope_parameters` (the newer
// form) or `rope_scaling`, the type from `rope_type` or the legacy `type` (with the legacy names transformers
// converts), the base from `rope_theta`; the head from `head_dim`, else hidden_size / num_attention_heads
// (DeepSeek's `qk_rope_head_dim` is the rotary width itself); the rotating fraction from
// `partial_rotary_factor` or GPT-NeoX's `rotary_pct`. A top-level `original_max_position_embeddings`
// (Phi-3) wins over the one inside the rope parameters. The numbers themselves come from pe.rope.invFreq.

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
const COMMON = ['rope_type', 'type', 'rope_theta', 'partial_rotary_factor'];
const camel = (key) => key.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function number(value, key) {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(`${key} must be a number (got ${JSON.stringify(value) ?? typeof value})`);
  return value;
}

function integer(value, key) {
  if (!Number.isSafeInteger(number(value, key))) throw new RangeError(`${key} must be an integer (got ${value})`);
  return value;
}

/**
 * Reads `config` and returns the options, the frequencies from `invFreq` (pe.rope.invFreq) and what was
 * read where, in `notes`. Throws a TypeError/RangeError naming the config key it could not read.
 */
export function ropeFromConfig(invFreq, config, options = {}) {
  if (!isObject(config)) throw new TypeError(`config must be an object: a transformers config.json, parsed (got ${config === null ? 'null' : typeof config})`);
  if (!isObject(options)) throw new TypeError('rope.fromConfig options must be an object');
  for (const key of Object.keys(options)) if (key !== 'seqLen') throw new TypeError(`${key} is not an option of rope.fromConfig (the one option is seqLen)`);
  const notes = ['read with the rules of transformers ≥ 4.56'];

  // the rope parameters: the newer rope_parameters, else rope_scaling (null or absent: plain RoPE)
  const where = config.rope_parameters != null ? 'rope_parameters' : 'rope_scaling';
  let params = config[where] ?? {};
  if (!isObject(params)) throw new TypeError(`${where} must be an object (got ${JSON.stringify(params)})`);
  // one set per layer type (Gemma 3, gpt-oss style): the full-attention layers' set
  const layerTypes = Array.isArray(config.layer_types) ? config.layer_types : null;
  let source = where;
  if (layerTypes && Object.keys(params).length && Object.keys(params).every((k) => layerTypes.includes(k))) {
    const layer = 'full_attention' in params ? 'full_attention' : Object.keys(params)[0];
    params = params[layer] ?? {};
    source = `${where}.${layer}`;
    notes.push(`${where} holds one set per layer type; ${layer} is read`);
  }
  const given = params.rope_type ?? params.type ?? 'default';
  if (typeof given !== 'string') throw new TypeError(`${source}.rope_type must be a string (got ${JSON.stringify(given)})`);
  const type = LEGACY[given] ?? given;
  if (!TYPES.includes(type)) throw new RangeError(`${source}.rope_type '${given}' is not a RoPE type posenc computes (it knows ${TYPES.join(', ')})`);
  if (type !== given) notes.push(`rope type '${given}' is read as '${type}', as transformers does`);
  const ignored = Object.keys(params).filter((k) => !COMMON.includes(k) && !KEYS[type].includes(k));
  if (ignored.length) notes.push(`${source}: ${ignored.join(', ')} ${ignored.length === 1 ? 'is' : 'are'} not read by ${type} RoPE`);

  const base = number(params.rope_theta ?? config.rope_theta ?? config.rotary_emb_base ?? 10000, params.rope_theta != null ? `${source}.rope_theta` : config.rope_theta != null ? 'rope_theta' : 'rotary_emb_base');
  // the head: DeepSeek's rotary part of each query/key head, else head_dim, else hidden_size / num_attention_heads
  let headDim;
  let partial = 1;
  if (config.qk_rope_head_dim != null) {
    headDim = integer(config.qk_rope_head_dim, 'qk_rope_head_dim');
    notes.push('qk_rope_head_dim is the rotary width (DeepSeek: the rest of each query/key head does not rotate)');
  } else {
    if (config.head_dim != null) headDim = integer(config.head_dim, 'head_dim');
    else if (config.hidden_size != null && config.num_attention_heads != null)
      headDim = Math.floor(integer(config.hidden_size, 'hidden_size') / integer(config.num_attention_heads, 'num_attention_heads'));
    else throw new TypeError('config needs head_dim, or hidden_size and num_attention_heads, for the head size');
    const fraction = [[params.partial_rotary_factor, `${source}.partial_rotary_factor`], [config.partial_rotary_factor, 'partial_rotary_factor'], [config.rotary_pct, 'rotary_pct']].find(([v]) => v != null);
    if (fraction) partial = number(...fraction);
  }
  const convention = conventionOf(config, notes);
  const maxPositionEmbeddings = config.max_position_embeddings != null ? integer(config.max_position_embeddings, 'max_position_embeddings') : null;

  // the scaling, in posenc's names
  const scaling = { type };
  const read = (key, as = number) => {
    if (params[key] != null) scaling[camel(key)] = as(params[key], `${source}.${key}`);
  };
  for (const key of KEYS[type])
    if (key !== 'original_max_position_embeddings') read(key, key === 'short_factor' || key === 'long_factor' ? factorList : key === 'truncate' ? flag : number);
  let original = null;
  if (type === 'dynamic') original = maxPositionEmbeddings;  // transformers: the trained length is max_position_embeddings
  if (type === 'yarn' || type === 'llama3' || type === 'longrope') {
    if (config.original_max_position_embeddings != null) {
      original = integer(config.original_max_position_embeddings, 'original_max_position_embeddings');
      notes.push('original_max_position_embeddings at the top level (Phi-3 style) is the trained length');
    } else if (params.original_max_position_embeddings != null) original = integer(params.original_max_position_embeddings, `${source}.original_max_position_embeddings`);
    else original = maxPositionEmbeddings;
  }
  if (original != null) scaling.originalMaxPositionEmbeddings = original;
  if (type === 'longrope' && config.original_max_position_embeddings != null && maxPositionEmbeddings != null) {
    // Phi-3: the factor is the ratio of the two lengths
    scaling.maxPositionEmbeddings = maxPositionEmbeddings;
    delete scaling.factor;
    notes.push(`longrope factor = max_position_embeddings / original_max_position_embeddings = ${maxPositionEmbeddings / original}`);
  }
  if (type === 'yarn' && maxPositionEmbeddings != null && original != null && scaling.factor != null) {
    const ratio = maxPositionEmbeddings / original;
    if (ratio !== 1 && ratio !== scaling.factor) notes.push(`yarn uses the explicit factor ${scaling.factor}, not max_position_embeddings / original_max_position_embeddings = ${ratio}`);
  }
  if (options.seqLen !== undefined) scaling.seqLen = options.seqLen;

  const ropeOptions = { headDim, base, partialRotaryFactor: partial, scaling };
  let r;
  try {
    r = invFreq(ropeOptions);
  } catch (err) {
    // the engine names posenc's options; say which config key that is
    err.message = `${err.message} [from config: ${source} as ${JSON.stringify(scaling)}]`;
    throw err;
  }
  return {
    type,
    headDim,
    rotaryDim: 2 * r.invFreq.length,
    base,
    partialRotaryFactor: partial,
    convention,
    maxPositionEmbeddings,
    originalMaxPositionEmbeddings: original,
    scaling,
    invFreq: r.invFreq,
    attentionFactor: r.attentionFactor,
    attention: attentionOf(config, headDim, notes),
    notes,
  };
}

// The attention the model runs (transformers' attention classes), for pe.attention: query and key/value heads,
// the softmax scale and Gemma 2's logit soft-cap. DeepSeek scores whole heads (nope + rope channels) and, in V3
// with YaRN, multiplies the scale by mscale(factor, mscale_all_dim)².
function attentionOf(config, headDim, notes) {
  const heads = config.num_attention_heads != null ? integer(config.num_attention_heads, 'num_attention_heads') : null;
  const kvHeads = config.num_key_value_heads != null ? integer(config.num_key_value_heads, 'num_key_value_heads') : heads;
  let scale;
  if (config.qk_rope_head_dim != null && config.qk_nope_head_dim != null) {
    scale = (integer(config.qk_nope_head_dim, 'qk_nope_head_dim') + headDim) ** -0.5;
    const params = config.rope_parameters ?? config.rope_scaling ?? {};
    if (config.model_type !== 'deepseek_v2' && params.mscale_all_dim && params.factor > 1) {
      const mscale = 0.1 * number(params.mscale_all_dim, 'mscale_all_dim') * Math.log(number(params.factor, 'factor')) + 1;
      scale *= mscale * mscale;
      notes.push(`attention scale (qk_nope_head_dim + qk_rope_head_dim)^-0.5 × mscale² = ${scale} (DeepSeek V3 with YaRN)`);
    }
  } else {
    const full = config.head_dim ?? (heads && config.hidden_size != null ? Math.floor(config.hidden_size / heads) : headDim);
    if (config.query_pre_attn_scalar != null) {
      scale = number(config.query_pre_attn_scalar, 'query_pre_attn_scalar') ** -0.5;
      notes.push('attention scale query_pre_attn_scalar^-0.5 (Gemma 2)');
    } else scale = full ** -0.5;
  }
  const softcap = config.attn_logit_softcapping != null ? number(config.attn_logit_softcapping, 'attn_logit_softcapping') : null;
  return { heads, kvHeads, scale, softcap };
}

// How the model pairs its channels. DeepSeek V3 (rope_interleave, true by default in transformers) reads pairs
// (2i, 2i+1) and writes them in rotate_half order; transformers' DeepSeek V2 multiplies complex pairs in place.
function conventionOf(config, notes) {
  const deepseek = config.qk_rope_head_dim != null;
  if (deepseek) {
    const nope = config.qk_nope_head_dim;
    if (Number.isSafeInteger(nope))
      notes.push(`DeepSeek: each query head is ${nope} + ${config.qk_rope_head_dim} channels, the rotary part last (rope.apply on q: headStride ${nope + config.qk_rope_head_dim}, channelOffset ${nope}); the key's rotary part is its own tensor`);
  }
  if (config.rope_interleave != null) {
    const interleave = flag(config.rope_interleave, 'rope_interleave');
    notes.push(`rope_interleave ${interleave}: ${interleave ? "pairs (2i, 2i+1) are rotated and written in rotate_half order (convention 'deinterleave')" : 'rotate_half'}`);
    return interleave ? 'deinterleave' : 'half';
  }
  if (config.model_type === 'deepseek_v2') {
    notes.push("deepseek_v2: transformers rotates pairs (2i, 2i+1) in place as complex numbers (convention 'interleaved')");
    return 'interleaved';
  }
  if (deepseek) {
    notes.push("DeepSeek V3: rope_interleave is true by default in transformers (convention 'deinterleave')");
    return 'deinterleave';
  }
  return 'half';
}

function factorList(value, key) {
  if (!Array.isArray(value)) throw new TypeError(`${key} must be a list of numbers`);
  return value.map((v, i) => number(v, `${key}[${i}]`));
}

function flag(value, key) {
  if (typeof value !== 'boolean') throw new TypeError(`${key} must be true or false (got ${JSON.stringify(value)})`);
  return value;
}

/**
 * rope.apply's options with `config` read into headDim, base, partialRotaryFactor and scaling, and the
 * model's convention unless one is given.
 */
export function applyOptionsFromConfig(invFreq, options) {
  const { config, ...rest } = options;
  for (const key of ['headDim', 'base', 'partialRotaryFactor', 'scaling'])
    if (key in rest) throw new TypeError(`rope.apply takes config or ${key}, not both (config sets headDim, base, partialRotaryFactor and scaling)`);
  const c = ropeFromConfig(invFreq, config);
  return { convention: c.convention, ...rest, headDim: c.headDim, base: c.base, partialRotaryFactor: c.partialRotaryFactor, scaling: c.scaling };
}
