// What each layer's attention runs, read from a config for pe.attention (config.js reads the RoPE): transformers'
// attention classes, cited per model. Every value comes through m.get, checked against its rule (fields.js).

import { checkField } from './fields.js';

// The attention a layer runs (transformers' attention classes), for pe.attention: query and key/value heads,
// the softmax scale, the logit soft-cap and Llama 4's temperature tuning on its NoPE layers. DeepSeek scores
// whole heads (nope + rope channels) and, in V3 with YaRN, multiplies the scale by mscale(factor, mscale_all_dim)².
export function attentionOf(m, head, notes) {
  const { c, get } = m;
  const heads = get('num_attention_heads') ?? null;
  const kvHeads = m.type === 'falcon' ? falconKvHeads(m, heads) : divisor(get('num_key_value_heads'), 'num_key_value_heads', heads, m) ?? heads;
  let scale;
  if (c.qk_rope_head_dim != null && c.qk_nope_head_dim != null) {
    scale = (checkField(c.qk_nope_head_dim, 'qk_nope_head_dim') + head.headDim) ** -0.5;
    const where = c.rope_parameters != null ? 'rope_parameters' : 'rope_scaling';
    const params = c[where] ?? {};
    const all = checkField(params.mscale_all_dim, `${where}.mscale_all_dim`);
    const factor = checkField(params.factor, `${where}.factor`);
    if (m.given !== 'deepseek_v2' && all && factor > 1) {
      const mscale = 0.1 * all * Math.log(factor) + 1;
      scale *= mscale * mscale;
      if (!(scale > 0 && scale < Infinity)) throw new RangeError(`${where}.mscale_all_dim ${all} with factor ${factor} makes the attention scale ${scale}: it must give a finite scale other than 0`);
      notes.push(`attention scale (qk_nope_head_dim + qk_rope_head_dim)^-0.5 × mscale² = ${scale} (DeepSeek V3 with YaRN)`);
    }
  } else {
    const pre = get('query_pre_attn_scalar');
    scale = (pre ?? head.headDim) ** -0.5;
  }
  const softcap = get('attn_logit_softcapping') ?? null;
  return { heads, kvHeads, scale, softcap };
}

// Key/value heads: each serves an equal group of query heads (repeat_kv), so they divide the query heads.
function divisor(kv, key, heads, m) {
  if (kv != null && heads != null && heads % kv) throw new RangeError(`${m.name(key) ?? key} must be a divisor of ${m.name('num_attention_heads')} ${heads} (got ${kv})`);
  return kv;
}

// Falcon (modeling_falcon.py): num_kv_heads with the new decoder architecture, else one key/value head when
// multi_query, else one per query head
function falconKvHeads(m, heads) {
  if (m.get('new_decoder_architecture')) return divisor(m.get('num_kv_heads'), 'num_kv_heads', heads, m) ?? heads;
  return m.get('multi_query') ? 1 : heads;
}

// Llama 4 (modeling_llama4.py): on NoPE layers, q × (log(floor((position + 1) / floor_scale) + 1) · attn_scale + 1)
export function temperatureOf(m, layer) {
  if (layer.rope !== null || m.type !== 'llama4_text' || !m.get('attn_temperature_tuning')) return {};
  return { temperatureTuning: { floorScale: m.get('floor_scale'), attnScale: m.get('attn_scale') } };
}
