// pe.fromConfig: which position method a transformers config's model uses, and what the engine needs for it.
// RoPE goes to pe.rope.fromConfig; ALiBi, learned absolute positions and T5's buckets are read here, each from
// the transformers code that runs it (the file is cited in models.js).

import { readModel, methodOf, unreadKeys } from './config.js';
import { checkField } from './fields.js';

const RULES = ['read with the rules of transformers ≥ 4.56'];

export function positionFromConfig(pe, config) {
  const notes = [...RULES];
  const m = readModel(config, notes);
  const { method, why } = methodOf(m);
  if (method === 'rope') {
    try {
      return { method: 'rope', ...pe.rope.fromConfig(config) };
    } catch (err) {
      if (err.positionMethod !== 'none') throw err;
      return { method: 'none', modelType: m.given, notes: [...notes, `every layer is NoPE: ${err.message.split(':')[0]}`] };
    }
  }
  if (m.spec) notes.push(`model_type ${m.given}: ${m.spec.file}`);
  // m.get checks each value against its rule (fields.js)
  const heads = () => m.get('num_attention_heads') ?? null;
  const layers = m.get('num_hidden_layers') ?? null;
  let out;
  if (method === 'alibi') out = alibiOf(pe, m, heads(), notes);
  else if (method === 'learned') out = learnedOf(m, notes);
  else if (method === 't5') out = t5Of(m, notes);
  else if (method === 'none') out = { method: 'none' };
  else if (method === 'unknown') throw new RangeError(`config does not say its position method (${why}): give model_type`);
  else throw new RangeError(`position_embedding_type '${method}' (${why}): Shaw-style relative position embeddings are not computed by posenc`);
  const h = out.heads ?? heads();  // read before the unread keys are named
  unreadKeys(m, notes);
  return { ...out, modelType: m.given ?? null, heads: h, layers, notes };
}

// BLOOM and Falcon: build_alibi_tensor (slopes 2^(−8k/n), BLOOM's rule for other head counts, the engine's
// pe.alibi.slopes). MPT: build_mpt_alibi_tensor, slopes 2^(−k·alibi_bias_max/n₂) for the next power of two n₂,
// then for other head counts the odd ones before the even ones.
function alibiOf(pe, m, heads, notes) {
  if (heads == null) throw new TypeError(`config needs ${m.name('num_attention_heads')} for the ALiBi slopes`);
  if (m.type !== 'mpt') return { method: 'alibi', rule: 'bloom', heads, slopes: pe.alibi.slopes(heads) };
  const attn = checkField(m.c.attn_config, 'attn_config') ?? {};
  if (attn.alibi === false) notes.push("attn_config.alibi false: transformers' MPT adds ALiBi whatever it says (modeling_mpt.py)");
  const max = checkField(attn.alibi_bias_max, 'attn_config.alibi_bias_max') ?? 8;
  if (attn.alibi_bias_max == null) notes.push('attn_config.alibi_bias_max absent: 8 assumed, the mpt default');
  const p2 = 2 ** Math.ceil(Math.log2(heads));
  const all = Array.from({ length: p2 }, (_, k) => 1 / 2 ** Math.fround((k + 1) * (max / p2)));
  const order = p2 === heads ? all : [...all.filter((_, k) => k % 2 === 1), ...all.filter((_, k) => k % 2 === 0)];
  m.used.add('attn_config');
  return { method: 'alibi', rule: 'mpt', heads, alibiBiasMax: max, slopes: Float32Array.from(order.slice(0, heads)) };
}

// GPT-2: wpe rows 0 … n_positions − 1, position = index (+ past; with padding, cumsum(mask) − 1).
// OPT: OPTLearnedPositionalEmbedding, rows max_position_embeddings + 2, row = cumsum(mask)·mask − 1 + 2.
// BERT: position_ids = arange (padding takes positions too). RoBERTa: create_position_ids_from_input_ids, row =
// (cumsum(mask) + past)·mask + pad_token_id, so the table has max_position_embeddings rows of which
// max_position_embeddings − pad_token_id − 1 are positions.
function learnedOf(m, notes) {
  const rows = m.get('max_position_embeddings');
  if (rows == null) throw new TypeError(`config needs ${m.name('max_position_embeddings')}: the learned table's rows`);
  if (m.type === 'opt') {
    notes.push('OPT: the table has max_position_embeddings + 2 rows; position p reads row p + 2, padding reads row 1');
    return { method: 'learned', maxPositions: rows, tableSize: rows + 2, offset: 2, positionIds: 'opt' };
  }
  if (m.type === 'roberta' || m.type === 'xlm-roberta') {
    const pad = m.get('pad_token_id');
    if (pad == null) throw new TypeError('config needs pad_token_id: RoBERTa numbers positions from pad_token_id + 1');
    // positions p = 0 … rows − pad − 2 read rows pad + 1 … rows − 1: at least one must fit
    if (pad > rows - 2) throw new RangeError(`pad_token_id must be at most ${m.name('max_position_embeddings')} − 2 = ${rows - 2}: RoBERTa's positions start at row pad_token_id + 1 (got ${pad})`);
    notes.push(`RoBERTa: position p reads row p + ${pad + 1} (pad_token_id + 1), padding reads row ${pad}; pe.positionIds(ids, { convention: 'roberta', padTokenId: ${pad} }) gives the rows`);
    return { method: 'learned', maxPositions: rows - pad - 1, tableSize: rows, offset: pad + 1, padTokenId: pad, positionIds: 'roberta' };
  }
  if (m.type === 'gpt2') notes.push("GPT-2: with left padding, generation numbers tokens by cumsum(mask) − 1 (pe.positionIds convention 'generation')");
  if (m.type === 'bert') notes.push('BERT: position_ids = arange(seqLen); padding tokens take positions too');
  return { method: 'learned', maxPositions: rows, tableSize: rows, offset: 0, positionIds: m.type === 'gpt2' ? 'generation' : 'arange' };
}

// T5: _relative_position_bucket on key − query, bidirectional in the encoder, causal in the decoder; the
// bias table is learned in each stack's first layer and shared by the others (UMT5: one per layer).
function t5Of(m, notes) {
  const numBuckets = m.get('relative_attention_num_buckets');
  const maxDistance = m.get('relative_attention_max_distance');
  // as pe.t5.buckets asks: the decoder's causal half has numBuckets / 2 exact buckets, the far ones beyond them
  if (numBuckets == null || maxDistance == null) throw new TypeError('config needs relative_attention_num_buckets and relative_attention_max_distance');
  const exact = Math.floor(numBuckets / 2);
  if (maxDistance <= exact) throw new RangeError(`relative_attention_max_distance must be greater than relative_attention_num_buckets / 2 = ${exact}, the decoder's exact buckets (got ${maxDistance})`);
  const shared = m.given !== 'umt5';
  notes.push(`T5: the encoder's buckets are bidirectional, the decoder's causal (pe.t5.buckets with bidirectional true / false); ${shared ? "each stack's first layer holds the bias table, the other layers reuse it" : 'every layer has its own bias table'}`);
  return { method: 't5', numBuckets, maxDistance, encoder: { bidirectional: true }, decoder: checkField(m.c.is_decoder_only, 'is_decoder_only') ? null : { bidirectional: false }, sharedAcrossLayers: shared };
}

