// <posenc-model>'s settings and public API, declared once (see ../element/descriptor.js).

export const tag = 'posenc-model';

export const properties = {
  // the published configs it offers: the ids of ./presets.js, in its order (model.test.mjs checks they agree)
  preset: {
    kind: 'name',
    values: [
      'llama-3.1-8b', 'llama-3.2-1b', 'qwen2.5-7b', 'qwen2.5-7b-yarn', 'mistral-7b-v0.3', 'phi-3-mini-128k', 'deepseek-v2', 'deepseek-v3', 'pythia-1.4b',
      'phi-2', 'gemma-2-9b', 'gpt-oss-20b', 'vicuna-7b-16k', 'llama-2-7b-dynamic', 'gemma-3-4b', 'gemma-3-1b', 'llama-4-scout', 'qwen3-8b',
      'qwen2-vl-7b', 'modernbert-base', 'smollm3-3b', 'phi-4-mini', 'glm-4-9b', 'gpt-j-6b', 'command-r7b', 'mistral-nemo', 'falcon-rw-1b',
      'bloom-560m', 'mpt-7b', 'gpt-2', 'opt-350m', 'bert-base', 'roberta-base', 't5-small',
    ],
    default: 'llama-3.1-8b',
  },
  config: { kind: 'string', default: '' },
  pair: { kind: 'integer', default: -1 },
  layer: { kind: 'integer', default: -1 },
  positions: { kind: 'integers', default: [] },
};

export const about = {
  className: 'PosencModel',
  part: 'model',
  order: 1,
  title: 'your model\'s positions',
  summary:
    'A published transformers `config.json` read as transformers ≥ 4.56 reads it (`pe.fromConfig` and `pe.rope.fromConfig`, see docs/engine.md): pick one of thirty-four models, each with a link to its config, or paste your own. The RoPE models: Llama 3.1/3.2, Qwen2.5 with and without YaRN, Mistral and Mistral Nemo, Phi-3 and Phi-4-mini LongRoPE, DeepSeek V2/V3, Pythia, Phi-2, Gemma 2, Gemma 3 (1B, and 4B read through its `text_config`), Llama 4 Scout, Qwen3, Qwen2-VL (M-RoPE), ModernBERT, SmolLM3, GLM-4, GPT-J, Command R7B, gpt-oss, a linear and a dynamic recipe. When a model\'s layers differ, a strip shows them, one block per layer coloured by the RoPE it uses (striped when its attention slides or is chunked, hollow without RoPE); choosing a layer shows that layer\'s RoPE, and a NoPE layer says it rotates nothing (Llama 4: its temperature tuning). For the chosen RoPE it shows the rotary width and base, the attention factor, every pair\'s wavelength (scaled, and dashed without the scaling) against the trained and the extended context — how many pairs never complete a turn — and, at the model\'s longest context, how precisely its own arithmetic holds the angles: the largest angle error in float32 and in bfloat16 (`pe.rope.precision` over its last 4096 positions) and how many pairs still differ between two neighbouring positions after the cast (`pe.rope.cosSin`). Models without RoPE show their method with a link to the widget that explains it: ALiBi\'s slope per head (Falcon-RW, BLOOM, MPT), the learned table\'s size and offset (GPT-2, OPT\'s 2 extra rows, BERT, RoBERTa\'s padding rows), T5\'s buckets (T5). Phi-3\'s and Phi-4-mini\'s LongRoPE factor lists are illustrative lists of the published shape.\n\nKeys: focus the plot, ←/→ choose a pair (Shift: by 8), Home/End; in the layer strip, arrows and Home/End choose a layer. The CSV has one row per pair (inv_freq, wavelength with and without the scaling, the largest float32 and bfloat16 angle errors). Part 3 of the demo (`model.html`, and `posenc-demo-model.html` as one file) is built around it. Dynamic NTK is shown at factor × the trained length, and LongRoPE at the longest context, with the frequencies they pick there.',
  docs: {
    preset: 'One of the published configs it offers (llama-3.1-8b, qwen2.5-7b-yarn, phi-3-mini-128k, deepseek-v3 …).',
    config: 'A config.json as JSON text; when set it replaces the preset (invalid JSON, or a config posenc cannot read, is a message naming the key).',
    pair: 'The selected pair (−1: the pair whose wavelength is nearest the trained context); hovering, a tap or the arrow keys read another, a click, a second tap, Select or Enter selects it.',
    layer: 'The layer shown (−1: the first full-attention layer with the main RoPE); resets with the model.',
    positions: 'With `group`: the first position is the one whose neighbour is compared (default: the last two of the context).',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: {},
  members: [
    { ts: 'readonly renderComplete: Promise<void>', doc: 'Resolves when the precision table (computed after the first paint, a window of positions per task) is drawn too.' },
    {
      ts: "readonly result: { model: string; type: string; headDim: number; rotaryDim: number; base: number; attentionFactor: number; trained: number | null; longest: number; neverTurn: number; precision: Record<'float32' | 'bfloat16', { maxAngleError: number; worstPair: number }> } | null",
      doc: 'What the config gives for the layer shown (a model without RoPE: { model, method }; a NoPE layer: { model, method, layer, rope: null }); `neverTurn`: pairs whose wavelength exceeds the longest context.',
    },
  ],
};
