// pe.rope.fromConfig: a transformers config.json, exactly as published, read into posenc's RoPE options, layer
// by layer.
//
// The rules are those of transformers ≥ 4.56 (and the 5.0 `rope_parameters` form): a wrapper's `text_config`
// is the text model; its `model_type` says what the config class fills in and how the model pairs channels
// (models.js, one entry per model type, citing the transformers files). The rope parameters come from
// `rope_parameters` (flat, or one set per layer type) or `rope_scaling`, the type from `rope_type` or the
// legacy `type`, the base from `rope_theta`; the head from `head_dim`, else hidden_size / num_attention_heads
// (DeepSeek's `qk_rope_head_dim` is the rotary width itself, GPT-J's `rotary_dim` too); the rotating fraction
// from `partial_rotary_factor` or GPT-NeoX's `rotary_pct`. A top-level `original_max_position_embeddings`
// (Phi-3) wins over the one inside the rope parameters. The numbers themselves come from pe.rope.invFreq.
// Every default assumed, and every position key not read, is said in `notes`.

import { MODEL_TYPES, modelTypeOf, POSITION_KEY, NOT_POSITIONAL } from './models.js';
import { isObject, oneRope } from './rope-params.js';
import { LAYER_KINDS, CAPS, checkField, describe, snapshot, own, sameData, keyList } from './fields.js';
import { attentionOf, temperatureOf } from './attention-config.js';


/**
 * The text model's config and what its model type implies: `get(key)` reads a key under this model's name
 * for it (GPT-J's n_embd for hidden_size …), else the config class's default (with a note), and remembers
 * which keys were read.
 */
export function readModel(raw, notes) {
  if (!isObject(raw)) throw new TypeError(`config must be an object: a transformers config.json, parsed (got ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw})`);
  // plain data from here on: own properties only, in objects without a prototype, read in bounded work
  const config = snapshot(raw);
  let c = config;
  const outer = checkField(config.model_type, 'model_type');
  if (config.text_config != null) {
    c = checkField(config.text_config, 'text_config');
    const inner = checkField(c.model_type, 'text_config.model_type');
    notes.push(`text_config read: the text model of this ${outer ?? 'multimodal'} config${inner ? ` (model_type ${inner})` : ''}; the keys outside it are not read`);
  }
  const given = c.model_type ?? outer ?? undefined;
  const type = modelTypeOf(given);
  const spec = own(MODEL_TYPES, type) ?? null;
  const used = new Set(['model_type', 'text_config']);
  const defaulted = new Map();
  const name = (key) => spec?.names?.[key] ?? key;
  // every key read is checked against its rule (fields.js), named as the file writes it
  const get = (key) => {
    // a key given as null is null (transformers keeps an explicit None over the class default)
    for (const k of new Set([name(key), key]))
      if (c[k] !== undefined) {
        used.add(k);
        return checkField(c[k], k, key);
      }
    const k = name(key);
    const d = spec?.defaults?.[k];
    if (d === undefined || d === null) return undefined;
    if (!defaulted.has(k)) {
      defaulted.set(k, d);
      notes.push(`${k} absent: ${JSON.stringify(d)} assumed, the ${given} default (transformers ${spec.file.split(',')[0]})`);
    }
    return d;
  };
  return { c, type, given, spec, get, name, used };
}

/** The position method a config's model uses: 'rope', 'alibi', 'learned', 't5' or 'none', and why. */
export function methodOf(m) {
  const { c, spec, given } = m;
  const ropeKeys = ['rope_theta', 'rope_scaling', 'rope_parameters', 'rotary_dim', 'rotary_pct', 'rotary_emb_base', 'partial_rotary_factor', 'qk_rope_head_dim'].filter((k) => c[k] != null);
  if (given === 'falcon' || given === 'RefinedWebModel' || given === 'RefinedWeb') {
    if (m.get('alibi') === true) {
      const scaled = ['rope_scaling', 'rope_parameters'].filter((k) => c[k] != null);
      if (scaled.length) throw new RangeError(`config has alibi: true and ${scaled.join(', ')}: Falcon uses ALiBi or RoPE, not both`);
      return { method: 'alibi', why: 'falcon with alibi: true' };
    }
    return { method: 'rope', why: 'falcon with alibi: false' };
  }
  if (spec?.method) {
    const type = checkField(c.position_embedding_type, 'position_embedding_type');
    if (type != null) m.used.add('position_embedding_type');
    if (spec.method === 'learned' && type != null && type !== 'absolute') return { method: type, why: `model_type ${given} with position_embedding_type '${type}'` };
    return { method: spec.method, why: `model_type ${given}` };
  }
  if (spec) return { method: 'rope', why: `model_type ${given}` };
  if (c.alibi === true || c.attn_config?.alibi === true) {
    if (ropeKeys.length) throw new RangeError(`config has alibi: true and ${ropeKeys.join(', ')}: ALiBi and RoPE contradict each other`);
    return { method: 'alibi', why: 'alibi: true' };
  }
  if (ropeKeys.length) return { method: 'rope', why: `${ropeKeys.join(', ')} (model_type ${given === undefined ? 'absent' : `'${given}' is not in posenc's table`})` };
  if (c.relative_attention_num_buckets != null) return { method: 't5', why: 'relative_attention_num_buckets' };
  if (c.position_embedding_type != null) {
    const type = checkField(c.position_embedding_type, 'position_embedding_type');
    return { method: type === 'absolute' ? 'learned' : type, why: 'position_embedding_type' };
  }
  if (c.n_positions != null) return { method: 'learned', why: 'n_positions' };
  return { method: 'unknown', why: given === undefined ? 'no model_type and no position key' : `model_type '${given}' is not in posenc's table and the config has no position key` };
}

const METHOD_NAMES = { alibi: 'ALiBi (linear biases)', learned: 'learned absolute positions', t5: "T5's relative position buckets", none: 'no positional encoding' };

/**
 * Reads `config` and returns the RoPE of its main layers (the top-level fields: the full-attention layers',
 * else the first RoPE layer's), every distinct RoPE in `ropes`, each layer in `layers`, and what was read
 * where in `notes`. Throws a TypeError/RangeError naming the config key it could not read, or the method a
 * config without RoPE uses.
 */
export function ropeFromConfig(invFreq, config, options = {}) {
  if (!isObject(options)) throw new TypeError('rope.fromConfig options must be an object');
  for (const key of Object.keys(options)) if (key !== 'seqLen') throw new TypeError(`${key} is not an option of rope.fromConfig (the one option is seqLen)`);
  const notes = ['read with the rules of transformers ≥ 4.56'];
  const m = readModel(config, notes);
  const { method, why } = methodOf(m);
  if (method !== 'rope') {
    if (method === 'unknown') throw new RangeError(`config does not say its position method (${why}): give model_type, or rope_theta for RoPE`);
    throw new RangeError(`this config uses ${own(METHOD_NAMES, method) ?? `position_embedding_type '${method}'`}, not RoPE (${why}): read it with pe.fromConfig`);
  }
  if (m.spec === null) notes.push(`model_type ${m.given === undefined ? 'absent' : `'${m.given}' is not in posenc's table`}: read as a Llama-style model (rotate_half, every layer the same RoPE, base 10000 when rope_theta is absent)`);
  else notes.push(`model_type ${m.given}: ${m.spec.file}`);
  return readRope(invFreq, m, notes, options.seqLen);
}

function readRope(invFreq, m, notes, seqLen) {
  const { c, spec, get } = m;
  const head = headOf(m, notes);
  const convention = conventionOf(m, notes);
  const maxPositionEmbeddings = get('max_position_embeddings') ?? null;

  // the rope parameters: the newer rope_parameters, else rope_scaling (null or absent: plain RoPE); both given
  // and different is a contradiction
  for (const k of ['rope_parameters', 'rope_scaling']) checkField(c[k], k);
  if (isObject(c.rope_parameters) && isObject(c.rope_scaling) && !sameData(c.rope_parameters, c.rope_scaling) && !perLayerType(c.rope_parameters, c))
    throw new RangeError('config has rope_parameters and rope_scaling, and they differ: transformers reads one of them (give one)');
  const where = c.rope_parameters != null ? 'rope_parameters' : 'rope_scaling';
  if (c[where] != null) m.used.add(where);
  const params = c[where] ?? {};
  const sets = perLayerType(params, c) ? params : null;
  if (sets) notes.push(`${where} holds one set per layer type (${Object.keys(sets).join(', ')}): each layer reads its own`);

  let layerCount = get('num_hidden_layers') ?? 0;
  if (!layerCount && checkField(c.layer_types, 'layer_types')) {
    layerCount = c.layer_types.length;
    notes.push(`num_hidden_layers absent: ${layerCount} layers, one per layer_types entry`);
  } else if (!layerCount) notes.push('num_hidden_layers absent: `layers` is empty, every layer is taken to use this RoPE');
  const kinds = layerKinds(m, layerCount, notes);

  // each distinct RoPE: 'global' (the main one) and 'local' (Gemma 3's and ModernBERT's sliding layers)
  const cache = new Map();
  const ropeFor = (which) => {
    if (!cache.has(which)) cache.set(which, oneRope(invFreq, m, notes, { which, sets, where, params, head, convention, maxPositionEmbeddings, seqLen }));
    return cache.get(which);
  };
  const attention = attentionOf(m, head, notes);
  const ropes = [];
  const layers = kinds.map((k, index) => {
    let rope = null;
    if (k.rope) {
      const r = ropeFor(k.rope);
      if (!ropes.includes(r)) ropes.push(r);
      rope = ropes.indexOf(r);
    }
    return { index, attention: k.kind, window: k.window ?? null, rope, ...attention, ...temperatureOf(m, k) };
  });
  const main = layers.find((l) => l.rope !== null && l.attention === 'full') ?? layers.find((l) => l.rope !== null);
  if (layerCount && !main) throw Object.assign(new RangeError(`no layer of this ${m.given} config uses RoPE (every layer is NoPE): read it with pe.fromConfig`), { positionMethod: 'none' });
  const top = main ? ropes[main.rope] : ropeFor('global');
  if (!ropes.length) ropes.push(top);
  // the main RoPE first: ropes[0] is the top-level one
  if (ropes[0] !== top) {
    const order = [top, ...ropes.filter((r) => r !== top)];
    for (const l of layers) if (l.rope !== null) l.rope = order.indexOf(ropes[l.rope]);
    ropes.splice(0, ropes.length, ...order);
  }
  if (ropes.length > 1 || layers.some((l) => l.rope === null))
    notes.push(`the layers differ: ${describeLayers(layers)}; the top-level fields are layer ${main.index}'s RoPE, \`layers\` and \`ropes\` hold each layer's (rope.apply, cosSin and precision take { layer })`);
  if (spec?.bidirectional && layers.some((l) => l.attention === 'sliding'))
    notes.push(`${m.given} is an encoder: a sliding layer's window of ${layers.find((l) => l.attention === 'sliding').window} is centred, each token attends to those within half of it on either side`);
  unreadKeys(m, notes);
  return { ...top, attention: main ? attentionFields(main) : attention, modelType: m.given ?? null, ropes, layers, notes };
}

const attentionFields = ({ heads, kvHeads, scale, softcap, temperatureTuning }) => ({ heads, kvHeads, scale, softcap, ...(temperatureTuning ? { temperatureTuning } : {}) });

// "layers 0–4, 6–10 …: sliding, RoPE 1; layer 5 …: full, RoPE 0"
function describeLayers(layers) {
  const groups = new Map();
  for (const l of layers) {
    const key = `${l.attention}${l.window ? ` ${l.window}` : ''}, ${l.rope === null ? 'no RoPE' : `RoPE ${l.rope}`}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(l.index);
  }
  return [...groups].map(([key, idx]) => `${idx.length} layer${idx.length > 1 ? 's' : ''} ${key} (${idx.slice(0, 4).join(', ')}${idx.length > 4 ? ', …' : ''})`).join('; ');
}

// rope_parameters / rope_scaling keyed by layer type (transformers 5: Gemma 3, ModernBERT, gpt-oss style)
function perLayerType(params, c) {
  const keys = Object.keys(params);
  return keys.length > 0 && keys.every((k) => Object.hasOwn(LAYER_KINDS, k)) && keys.every((k) => isObject(params[k]) || params[k] === null);
}

// The head: DeepSeek's rotary part of each query/key head, GPT-J's rotary_dim, else head_dim, else
// hidden_size / num_attention_heads, and the rotating fraction.
function headOf(m, notes) {
  const { c, get, given } = m;
  if (c.qk_rope_head_dim != null) {
    m.used.add('qk_rope_head_dim');
    notes.push('qk_rope_head_dim is the rotary width (DeepSeek: the rest of each query/key head does not rotate)');
    const headDim = checkField(c.qk_rope_head_dim, 'qk_rope_head_dim');
    if (headDim % 2) throw new RangeError(`qk_rope_head_dim must be even: it is the rotary width (got ${headDim})`);
    return { headDim, partial: null, key: 'qk_rope_head_dim' };
  }
  const hidden = get('hidden_size');
  const heads = get('num_attention_heads');
  let headDim;
  let key = 'head_dim';
  if (m.type === 'gptj' || m.type === 'falcon' || m.type === 'modernbert') {
    // these attention classes compute the head from hidden_size / num_attention_heads whatever head_dim says
    // (Cohere2Attention reads head_dim when the config has one: getattr(config, "head_dim", hidden // heads))
    if (c.head_dim != null) notes.push(`head_dim is not read by ${given} (its attention uses hidden_size / num_attention_heads)`), m.used.add('head_dim');
  } else headDim = get('head_dim') ?? undefined;
  if (headDim === undefined) {
    if (hidden == null || heads == null)
      throw new TypeError(`config needs head_dim, or hidden_size and num_attention_heads, for the head size${m.type ? '' : ' (or a model_type posenc knows the defaults of)'}`);
    key = `${m.name('hidden_size')} / ${m.name('num_attention_heads')}`;
    headDim = Math.floor(hidden / heads);
    if (headDim < 2 || headDim > CAPS.headDim) throw new RangeError(`${key} must be a head size from 2 to ${CAPS.headDim} (got ${hidden} / ${heads} = ${hidden / heads})`);
  }
  let partial = 1;
  if (m.type === 'gptj') {
    const rotary = get('rotary_dim');
    if (rotary == null) notes.push('rotary_dim null: the whole head rotates');
    else {
      if (rotary > headDim || rotary % 2) throw new RangeError(`rotary_dim must be an even integer from 2 to the head size ${headDim} (got ${rotary})`);
      partial = rotary / headDim;
    }
    return { headDim, partial, key, partialKey: 'rotary_dim' };
  }
  const params = c.rope_parameters ?? c.rope_scaling;
  const candidates = [
    [isObject(params) ? params.partial_rotary_factor : undefined, `${c.rope_parameters != null ? 'rope_parameters' : 'rope_scaling'}.partial_rotary_factor`],
    [c.partial_rotary_factor, 'partial_rotary_factor'],
    [c.rotary_pct, 'rotary_pct'],
  ].filter(([v]) => v != null);
  for (const [v, k] of candidates) checkField(v, k, k.endsWith('rotary_pct') ? 'rotary_pct' : 'partial_rotary_factor');
  const differ = candidates.filter(([v]) => v !== candidates[0][0]);
  if (differ.length) throw new RangeError(`config has ${candidates.map(([v, k]) => `${k} ${v}`).join(' and ')}: they contradict each other (give one)`);
  let partialKey = candidates[0]?.[1] ?? 'partial_rotary_factor';
  if (candidates.length) {
    partial = candidates[0][0];
    for (const [, k] of candidates) if (!k.includes('.')) m.used.add(k);
  } else {
    const d = get('partial_rotary_factor') ?? get('rotary_pct');
    if (d != null) partial = d;
    if (get('partial_rotary_factor') == null && d != null) partialKey = 'rotary_pct';
  }
  const rotary = Math.trunc(headDim * partial);
  if (rotary < 2 || rotary % 2) throw new RangeError(`${key} × ${partialKey} must give an even rotary width of at least 2 (got ${headDim} × ${partial} = ${headDim * partial})`);
  return { headDim, partial, key, partialKey };
}

// How the model pairs its channels: the model type's rule (models.js); DeepSeek V3 (rope_interleave, true by
// default in transformers) reads pairs (2i, 2i+1) and writes them in rotate_half order; transformers' DeepSeek
// V2 multiplies complex pairs in place.
function conventionOf(m, notes) {
  const { c } = m;
  if (c.qk_rope_head_dim != null && checkField(c.qk_nope_head_dim, 'qk_nope_head_dim') != null) {
    m.used.add('qk_nope_head_dim');
    notes.push(`DeepSeek: each query head is ${c.qk_nope_head_dim} + ${c.qk_rope_head_dim} channels, the rotary part last (rope.apply on q: headStride ${c.qk_nope_head_dim + c.qk_rope_head_dim}, channelOffset ${c.qk_nope_head_dim}); the key's rotary part is its own tensor`);
  }
  if (c.rope_interleave != null) {
    m.used.add('rope_interleave');
    const interleave = checkField(c.rope_interleave, 'rope_interleave');
    notes.push(`rope_interleave ${interleave}: ${interleave ? "pairs (2i, 2i+1) are rotated and written in rotate_half order (convention 'deinterleave')" : 'rotate_half'}`);
    return interleave ? 'deinterleave' : 'half';
  }
  if (m.type === 'deepseek_v3' || (m.spec === null && c.qk_rope_head_dim != null)) {
    notes.push("DeepSeek V3: rope_interleave is true by default in transformers (convention 'deinterleave')");
    return 'deinterleave';
  }
  const convention = m.spec?.convention ?? 'half';
  if (convention === 'interleaved') notes.push(`${m.given} pairs channels (2i, 2i+1): ${m.spec.pairing} in transformers (convention 'interleaved')`);
  return convention;
}

// Each layer's attention kind, window and RoPE ('global', 'local' or null): `layer_types` when given, else the
// model type's pattern, else every layer full with the one RoPE.
function layerKinds(m, count, notes) {
  const { c, spec, get } = m;
  // read the keys the model type's pattern uses (with their defaults and notes) before it runs
  const d = spec?.defaults ?? {};
  const resolved = {};
  // (with layer_types given, the keys that only choose the kinds are not needed)
  const kindKeys = ['sliding_window_pattern', 'use_sliding_window', 'max_window_layers', 'global_attn_every_n_layers'];
  for (const k of ['sliding_window', 'no_rope_layers', 'no_rope_layer_interval', 'local_attention', 'attention_chunk_size', ...kindKeys])
    if ((k in d || (k === 'no_rope_layers' && c[k] != null && spec?.layers)) && !(c.layer_types != null && kindKeys.includes(k))) resolved[k] = get(k);
  if (resolved.no_rope_layers != null && resolved.no_rope_layers.length < count)
    throw new RangeError(`no_rope_layers has ${resolved.no_rope_layers.length} entries for ${count} layers (num_hidden_layers): it needs one per layer`);
  const pattern = spec?.layers?.({ ...c, ...resolved }, count);
  let types = null;
  if (c.layer_types != null) {
    m.used.add('layer_types');
    checkField(c.layer_types, 'layer_types');
    if (count && c.layer_types.length !== count) throw new RangeError(`layer_types has ${c.layer_types.length} entries for ${count} layers (num_hidden_layers)`);
    types = c.layer_types.map((t) => LAYER_KINDS[t]);
  }
  if (!pattern && !types && c.sliding_window != null) {
    m.used.add('sliding_window');
    notes.push(`sliding_window ${checkField(c.sliding_window, 'sliding_window')}: posenc does not know which layers of a ${m.given ?? 'model of unknown type'} slide (no layer_types); layers are listed as full attention`);
  }
  const window = (kind) => (kind === 'sliding' ? (spec?.window?.(resolved) ?? resolved.sliding_window ?? get('sliding_window') ?? null) : kind === 'chunked' ? resolved.attention_chunk_size ?? null : null);
  const sets = isObject(c.rope_parameters) && perLayerType(c.rope_parameters, c) ? c.rope_parameters : null;
  let noWindow = false;
  return Array.from({ length: count }, (_, i) => {
    const p = pattern?.(i) ?? { kind: 'full', rope: 'global' };
    const kind = types?.[i] ?? p.kind;
    let rope = p.rope;
    if (sets) rope = kind === 'sliding' && sets.sliding_attention !== undefined ? (sets.sliding_attention === null ? null : 'local') : sets.full_attention === null ? null : rope && 'global';
    else if (types && spec?.ropeOnSlidingOnly) rope = kind === 'sliding' ? 'global' : null;
    else if (types && spec?.local && p.rope) rope = kind === 'sliding' ? 'local' : 'global';
    const w = window(kind);
    if (kind === 'sliding' && w == null && !noWindow) {
      noWindow = true;
      notes.push('layer_types names sliding-window layers but the config gives no sliding_window: their window is null (unknown)');
    }
    return { kind, rope, window: w };
  });
}

// Top-level keys about positions or attention that nothing read: named, so none is dropped silently.
export function unreadKeys(m, notes) {
  for (const k of ['query_pre_attn_scalar', 'attn_logit_softcapping', 'num_key_value_heads', 'use_qk_norm']) if (m.c[k] != null) m.used.add(k);
  if (m.c.use_qk_norm != null && m.type === 'llama4_text') notes.push(`use_qk_norm ${describe(m.c.use_qk_norm)}: Llama 4 L2-normalises q and k on its RoPE layers (after the rotation)`);
  const unread = Object.keys(m.c).filter((k) => POSITION_KEY.test(k) && !m.used.has(k) && !NOT_POSITIONAL.has(k) && m.c[k] != null);
  if (unread.length) notes.push(`not read by posenc: ${keyList(unread)} (what ${unread.length === 1 ? 'it changes' : 'they change'} in a ${m.given ?? 'model of unknown type'} is not known to posenc)`);
}

/** The RoPE entry a layer uses; a NoPE layer or a config whose layers differ without `layer` is an error. */
export function ropeOfLayer(r, layer, call) {
  if (layer === undefined) {
    if (r.ropes.length > 1 || r.layers.some((l) => l.rope === null))
      throw new TypeError(`${call}: this ${r.modelType ?? ''} config's layers use different RoPE (${describeLayers(r.layers)}): pass layer`.replace('  ', ' '));
    return r;
  }
  if (!Number.isSafeInteger(layer) || layer < 0 || layer >= r.layers.length)
    throw new RangeError(`${call}: layer must be an integer from 0 to ${r.layers.length - 1} (got ${describe(layer)})${r.layers.length ? '' : '; the config gives no num_hidden_layers'}`);
  const l = r.layers[layer];
  if (l.rope === null) throw new RangeError(`${call}: layer ${layer} of this ${r.modelType} config uses no RoPE (a NoPE layer, ${l.attention} attention): its queries and keys are not rotated`);
  return r.ropes[l.rope];
}

/**
 * rope.apply's options with `config` (and `layer`) read into headDim, base, partialRotaryFactor and scaling,
 * and the model's convention unless one is given.
 */
export function applyOptionsFromConfig(invFreq, options) {
  const { config, layer, ...rest } = options;
  for (const key of ['headDim', 'base', 'partialRotaryFactor', 'scaling'])
    if (Object.hasOwn(rest, key)) throw new TypeError(`rope.apply takes config or ${key}, not both (config sets headDim, base, partialRotaryFactor and scaling)`);
  const c = ropeOfLayer(ropeFromConfig(invFreq, config), layer, 'rope.apply');
  return [{ convention: c.convention, ...rest, headDim: c.headDim, base: c.base, partialRotaryFactor: c.partialRotaryFactor, scaling: c.scaling }, c];
}
