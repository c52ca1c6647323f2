// What a transformers `model_type` implies for positions, written once: how its RoPE pairs channels, the
// defaults its config class fills in when a config.json leaves a key out, the names it uses for the usual
// keys, and which layers use which attention and RoPE. Each entry cites the transformers file it was read
// from (src/transformers/models/<dir>/configuration_*.py and modeling_*.py, and modeling_rope_utils.py), as
// of transformers 4.56–5.0.
//
// Entry fields:
//   file        the transformers files the entry was read from
//   convention  'half' (rotate_half), 'interleaved' (pairs (2i, 2i+1)), absent for models without RoPE
//   pairing     how transformers' code for an interleaved model pairs them (view_as_complex, rotate_every_two, …)
//   defaults    the config class's defaults for keys posenc reads (used, with a note, when a key is absent)
//   names       the usual key → this model's key (GPT-J's n_embd, Falcon's n_head …)
//   layers      (config) → per-layer { kind: 'full' | 'sliding' | 'chunked', rope: 'global' | 'local' | null },
//               when the model type decides its layers itself (read configs: `layer_types` wins when given)
//   method      the position method, for models without RoPE ('alibi', 'learned', 't5', 'none')

const M = 'src/transformers/models/';
const DEFAULT_BASE = 10000;  // PretrainedConfig's default_theta (modeling_rope_utils.py)

// layer i is the one in every `n` (1-based) that differs: Gemma 3's pattern of 6, Cohere 2's of 4
const everyNth = (n, i) => (i + 1) % n === 0;

// Llama 4 and SmolLM3: no_rope_layers[i] is 1 when layer i uses RoPE (configuration_llama4.py: the default
// is a NoPE layer every no_rope_layer_interval layers)
function noRopeLayers(c, count) {
  const interval = c.no_rope_layer_interval ?? 4;
  return Array.from({ length: count }, (_, i) => (c.no_rope_layers?.length ? c.no_rope_layers[i] : Number(!everyNth(interval, i))));
}

const LLAMA_LIKE = { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, rope_theta: DEFAULT_BASE, max_position_embeddings: 2048 };

export const MODEL_TYPES = {
  llama: { file: `${M}llama/configuration_llama.py, modeling_llama.py`, convention: 'half', defaults: LLAMA_LIKE },
  mistral: {
    file: `${M}mistral/configuration_mistral.py, modeling_mistral.py (every layer slides when sliding_window is set)`,
    convention: 'half',
    defaults: { ...LLAMA_LIKE, sliding_window: 4096, max_position_embeddings: 131072 },
    layers: (c) => () => ({ kind: c.sliding_window != null ? 'sliding' : 'full', rope: 'global' }),
  },
  mixtral: { file: `${M}mixtral/configuration_mixtral.py`, convention: 'half', defaults: { ...LLAMA_LIKE, rope_theta: 1e6 }, layers: (c) => () => ({ kind: c.sliding_window != null ? 'sliding' : 'full', rope: 'global' }) },
  qwen2: { file: `${M}qwen2/configuration_qwen2.py (sliding only with use_sliding_window, from layer max_window_layers on)`, convention: 'half', defaults: { ...LLAMA_LIKE, max_position_embeddings: 32768, use_sliding_window: false, sliding_window: 4096, max_window_layers: 28 }, layers: qwenLayers },
  qwen3: { file: `${M}qwen3/configuration_qwen3.py, modeling_qwen3.py`, convention: 'half', defaults: { ...LLAMA_LIKE, head_dim: 128, max_position_embeddings: 32768, use_sliding_window: false, sliding_window: 4096, max_window_layers: 28 }, layers: qwenLayers },
  qwen2_vl: { file: `${M}qwen2_vl/configuration_qwen2_vl.py, modeling_qwen2_vl.py (apply_multimodal_rotary_pos_emb)`, convention: 'half', defaults: { hidden_size: 8192, num_attention_heads: 64, num_hidden_layers: 80, rope_theta: 1e6, use_sliding_window: false, sliding_window: 4096, max_window_layers: 80 }, layers: qwenLayers },
  qwen2_5_vl: { file: `${M}qwen2_5_vl/configuration_qwen2_5_vl.py, modeling_qwen2_5_vl.py`, convention: 'half', defaults: { hidden_size: 8192, num_attention_heads: 64, num_hidden_layers: 80, rope_theta: 1e6, use_sliding_window: false, sliding_window: 4096, max_window_layers: 80 }, layers: qwenLayers },
  gemma: { file: `${M}gemma/configuration_gemma.py`, convention: 'half', defaults: { hidden_size: 3072, num_attention_heads: 16, num_hidden_layers: 28, head_dim: 256, rope_theta: DEFAULT_BASE } },
  gemma2: {
    file: `${M}gemma2/configuration_gemma2.py, modeling_gemma2.py (even layers slide)`,
    convention: 'half',
    defaults: { hidden_size: 2304, num_attention_heads: 8, num_key_value_heads: 4, num_hidden_layers: 26, head_dim: 256, rope_theta: DEFAULT_BASE, query_pre_attn_scalar: 256, sliding_window: 4096, attn_logit_softcapping: 50, max_position_embeddings: 8192 },
    layers: () => (i) => ({ kind: everyNth(2, i) ? 'full' : 'sliding', rope: 'global' }),
  },
  gemma3_text: {
    file: `${M}gemma3/configuration_gemma3.py, modeling_gemma3.py (sliding layers: rope_local_base_freq, no scaling)`,
    convention: 'half',
    defaults: { hidden_size: 2304, num_attention_heads: 8, num_key_value_heads: 4, num_hidden_layers: 26, head_dim: 256, rope_theta: 1e6, max_position_embeddings: 131072, rope_local_base_freq: 10000, query_pre_attn_scalar: 256, sliding_window: 4096, sliding_window_pattern: 6 },
    layers: (c) => (i) => (everyNth(c.sliding_window_pattern, i) ? { kind: 'full', rope: 'global' } : { kind: 'sliding', rope: 'local' }),
    local: (c) => ({ base: c.rope_local_base_freq, baseKey: 'rope_local_base_freq', scaled: false }),
  },
  llama4_text: {
    file: `${M}llama4/configuration_llama4.py, modeling_llama4.py (view_as_complex pairs; NoPE layers: full attention, temperature tuning)`,
    convention: 'interleaved',
    pairing: 'torch.view_as_complex on (2i, 2i+1)',
    defaults: { hidden_size: 5120, num_attention_heads: 40, num_key_value_heads: 8, num_hidden_layers: 48, head_dim: 128, rope_theta: 500000, max_position_embeddings: 131072, no_rope_layer_interval: 4, attention_chunk_size: 8192, attn_temperature_tuning: true, floor_scale: 8192, attn_scale: 0.1 },
    layers: (c, count) => {
      const rope = noRopeLayers(c, count);
      return (i) => (rope[i] ? { kind: 'chunked', rope: 'global' } : { kind: 'full', rope: null });
    },
  },
  smollm3: {
    file: `${M}smollm3/configuration_smollm3.py, modeling_smollm3.py (no_rope_layers)`,
    convention: 'half',
    defaults: { hidden_size: 2048, num_attention_heads: 16, num_key_value_heads: 4, num_hidden_layers: 36, rope_theta: 2e6, max_position_embeddings: 32768, no_rope_layer_interval: 4, use_sliding_window: false },
    layers: (c, count) => {
      const rope = noRopeLayers(c, count);
      return (i) => ({ kind: c.use_sliding_window && c.sliding_window != null && !rope[i] ? 'sliding' : 'full', rope: rope[i] ? 'global' : null });
    },
  },
  phi: { file: `${M}phi/configuration_phi.py`, convention: 'half', defaults: { hidden_size: 2048, num_attention_heads: 32, num_hidden_layers: 24, rope_theta: DEFAULT_BASE, partial_rotary_factor: 0.5 } },
  phi3: {
    file: `${M}phi3/configuration_phi3.py, modeling_phi3.py (rotary part first; every layer slides when sliding_window is set)`,
    convention: 'half',
    defaults: { hidden_size: 3072, num_attention_heads: 32, num_hidden_layers: 32, rope_theta: DEFAULT_BASE, partial_rotary_factor: 1, max_position_embeddings: 4096 },
    layers: (c) => () => ({ kind: c.sliding_window != null ? 'sliding' : 'full', rope: 'global' }),
  },
  stablelm: { file: `${M}stablelm/configuration_stablelm.py`, convention: 'half', defaults: { hidden_size: 2560, num_attention_heads: 32, num_hidden_layers: 32, rope_theta: DEFAULT_BASE, partial_rotary_factor: 0.25 } },
  glm: { file: `${M}glm/configuration_glm.py, modeling_glm.py (repeat_interleave: pairs (2i, 2i+1) in the rotary half)`, convention: 'interleaved', pairing: 'repeat_interleave on the rotary part', defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 40, head_dim: 128, rope_theta: DEFAULT_BASE, partial_rotary_factor: 0.5 } },
  glm4: { file: `${M}glm4/configuration_glm4.py, modeling_glm4.py (as glm)`, convention: 'interleaved', pairing: 'repeat_interleave on the rotary part', defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 40, head_dim: 128, rope_theta: DEFAULT_BASE, partial_rotary_factor: 0.5 } },
  gptj: {
    file: `${M}gptj/configuration_gptj.py, modeling_gptj.py (rotate_every_two; create_sinusoidal_positions fixes base 10000)`,
    convention: 'interleaved',
    pairing: 'rotate_every_two',
    defaults: { n_embd: 4096, n_head: 16, n_layer: 28, rotary_dim: 64, n_positions: 2048 },
    names: { hidden_size: 'n_embd', num_attention_heads: 'n_head', num_hidden_layers: 'n_layer', max_position_embeddings: 'n_positions' },
    fixedBase: DEFAULT_BASE,
  },
  gpt_neox: {
    file: `${M}gpt_neox/configuration_gpt_neox.py, modeling_gpt_neox.py`,
    convention: 'half',
    defaults: { hidden_size: 6144, num_attention_heads: 64, num_hidden_layers: 44, rotary_emb_base: DEFAULT_BASE, rotary_pct: 0.25, max_position_embeddings: 2048 },
  },
  olmo: { file: `${M}olmo/configuration_olmo.py`, convention: 'half', defaults: LLAMA_LIKE },
  olmo2: { file: `${M}olmo2/configuration_olmo2.py, modeling_olmo2.py`, convention: 'half', defaults: LLAMA_LIKE },
  cohere: {
    file: `${M}cohere/configuration_cohere.py, modeling_cohere.py (repeat_interleave: pairs (2i, 2i+1))`,
    convention: 'interleaved',
    pairing: 'repeat_interleave',
    defaults: { hidden_size: 8192, num_attention_heads: 64, num_hidden_layers: 40, rope_theta: DEFAULT_BASE },
  },
  cohere2: {
    file: `${M}cohere2/configuration_cohere2.py, modeling_cohere2.py (RoPE on the sliding layers only)`,
    convention: 'interleaved',
    pairing: 'repeat_interleave',
    defaults: { hidden_size: 8192, num_attention_heads: 64, num_hidden_layers: 40, rope_theta: DEFAULT_BASE, sliding_window: 4096, sliding_window_pattern: 4, max_position_embeddings: 8192 },
    layers: (c) => (i) => (everyNth(c.sliding_window_pattern, i) ? { kind: 'full', rope: null } : { kind: 'sliding', rope: 'global' }),
    ropeOnSlidingOnly: true,
  },
  falcon: {
    file: `${M}falcon/configuration_falcon.py, modeling_falcon.py (alibi: build_alibi_tensor as BLOOM's)`,
    convention: 'half',
    defaults: { hidden_size: 4544, n_head: 71, n_layer: 32, rope_theta: DEFAULT_BASE, alibi: false },
    names: { num_attention_heads: 'n_head', num_hidden_layers: 'n_layer' },
  },
  modernbert: {
    file: `${M}modernbert/configuration_modernbert.py, modeling_modernbert.py (global layers every global_attn_every_n_layers from layer 0)`,
    convention: 'half',
    defaults: { hidden_size: 768, num_attention_heads: 12, num_hidden_layers: 22, global_rope_theta: 160000, local_rope_theta: 10000, global_attn_every_n_layers: 3, local_attention: 128, max_position_embeddings: 8192 },
    layers: (c) => (i) => (i % c.global_attn_every_n_layers === 0 ? { kind: 'full', rope: 'global' } : { kind: 'sliding', rope: 'local' }),
    global: (c) => ({ base: c.global_rope_theta, baseKey: 'global_rope_theta' }),
    local: (c) => ({ base: c.local_rope_theta, baseKey: 'local_rope_theta', scaled: true }),
    window: (c) => c.local_attention,
    bidirectional: true,
  },
  gpt_oss: { file: `${M}gpt_oss/configuration_gpt_oss.py, modeling_gpt_oss.py (torch.chunk halves)`, convention: 'half', defaults: { hidden_size: 2880, num_attention_heads: 64, num_hidden_layers: 36, head_dim: 64 } },
  deepseek_v2: { file: `${M}deepseek_v2/modeling_deepseek_v2.py (complex pairs)`, convention: 'interleaved', pairing: 'complex pairs', defaults: {} },
  deepseek_v3: { file: `${M}deepseek_v3/modeling_deepseek_v3.py (rope_interleave)`, convention: 'deinterleave', defaults: {} },

  // position methods other than RoPE
  bloom: { file: `${M}bloom/configuration_bloom.py, modeling_bloom.py (build_alibi_tensor)`, method: 'alibi', defaults: { n_head: 8, n_layer: 2, hidden_size: 64 }, names: { num_attention_heads: 'n_head', num_hidden_layers: 'n_layer' } },
  mpt: { file: `${M}mpt/configuration_mpt.py, modeling_mpt.py (build_mpt_alibi_tensor)`, method: 'alibi', defaults: { n_heads: 16, n_layers: 24, d_model: 2048, max_seq_len: 2048 }, names: { num_attention_heads: 'n_heads', num_hidden_layers: 'n_layers', hidden_size: 'd_model' } },
  gpt2: { file: `${M}gpt2/configuration_gpt2.py, modeling_gpt2.py (wpe)`, method: 'learned', defaults: { n_positions: 1024, n_embd: 768, n_head: 12, n_layer: 12 }, names: { max_position_embeddings: 'n_positions', hidden_size: 'n_embd', num_attention_heads: 'n_head', num_hidden_layers: 'n_layer' } },
  opt: { file: `${M}opt/configuration_opt.py, modeling_opt.py (OPTLearnedPositionalEmbedding, offset 2)`, method: 'learned', defaults: { max_position_embeddings: 2048, hidden_size: 768, num_attention_heads: 12, num_hidden_layers: 12 } },
  bert: { file: `${M}bert/configuration_bert.py, modeling_bert.py (position_ids = arange)`, method: 'learned', defaults: { max_position_embeddings: 512, hidden_size: 768, num_attention_heads: 12, num_hidden_layers: 12, position_embedding_type: 'absolute' } },
  roberta: { file: `${M}roberta/configuration_roberta.py, modeling_roberta.py (create_position_ids_from_input_ids)`, method: 'learned', defaults: { max_position_embeddings: 512, hidden_size: 768, num_attention_heads: 12, num_hidden_layers: 12, pad_token_id: 1, position_embedding_type: 'absolute' } },
  'xlm-roberta': { file: `${M}xlm_roberta/configuration_xlm_roberta.py (as roberta)`, method: 'learned', defaults: { max_position_embeddings: 512, hidden_size: 768, num_attention_heads: 12, num_hidden_layers: 12, pad_token_id: 1, position_embedding_type: 'absolute' } },
  t5: { file: `${M}t5/configuration_t5.py, modeling_t5.py (_relative_position_bucket)`, method: 't5', defaults: { relative_attention_num_buckets: 32, relative_attention_max_distance: 128, num_heads: 8, num_layers: 6, d_model: 512 }, names: { num_attention_heads: 'num_heads', num_hidden_layers: 'num_layers', hidden_size: 'd_model' } },
  mt5: { file: `${M}mt5/configuration_mt5.py (as t5)`, method: 't5', defaults: { relative_attention_num_buckets: 32, relative_attention_max_distance: 128, num_heads: 6, num_layers: 8, d_model: 512 }, names: { num_attention_heads: 'num_heads', num_hidden_layers: 'num_layers', hidden_size: 'd_model' } },
  mamba: { file: `${M}mamba/configuration_mamba.py (a state-space model: no attention)`, method: 'none', defaults: {} },
  mamba2: { file: `${M}mamba2/configuration_mamba2.py (a state-space model: no attention)`, method: 'none', defaults: {} },
  rwkv: { file: `${M}rwkv/configuration_rwkv.py (a recurrent model: no attention)`, method: 'none', defaults: {} },
};
// the text model inside a multimodal wrapper, and other names of the same model
const ALIASES = { __proto__: null, gemma3: 'gemma3_text', llama4: 'llama4_text', qwen2_vl_text: 'qwen2_vl', qwen2_5_vl_text: 'qwen2_5_vl', qwen3_moe: 'qwen3', qwen2_moe: 'qwen2', camembert: 'roberta', umt5: 'mt5', RefinedWebModel: 'falcon', RefinedWeb: 'falcon' };
export const modelTypeOf = (type) => (typeof type === 'string' ? ALIASES[type] ?? type : undefined);  // ALIASES has no prototype

// Qwen2 / Qwen3: a window only when use_sliding_window, on the layers from max_window_layers on
function qwenLayers(c) {
  return (i) => ({ kind: c.use_sliding_window && c.sliding_window != null && i >= c.max_window_layers ? 'sliding' : 'full', rope: 'global' });
}

// A top-level key whose name says it is about positions or attention: read, or named in a note.
export const POSITION_KEY = /rope|rotary|theta|position|window|attn|attention|layer_types|alibi|chunk|softcap|mrope|scal|pattern|every_n|base_freq|window_layers/;
// Keys about positions that posenc reads as facts but that change no number it returns
export const NOT_POSITIONAL = new Set(['attention_dropout', 'attention_bias', 'attention_probs_dropout_prob', 'attn_pdrop', 'attn_dropout', 'attention_multiplier', 'scale_attn_weights', 'scale_attn_by_inverse_layer_idx', 'reorder_and_upcast_attn', 'layer_norm_epsilon', 'embedding_dropout', 'final_logit_softcapping', 'logit_scale', 'initializer_range', 'mup_attn_multiplier', 'use_scaled_rope', 'vocab_size', 'tie_word_embeddings', 'parallel_attn', '_attn_implementation', 'attn_implementation']);
