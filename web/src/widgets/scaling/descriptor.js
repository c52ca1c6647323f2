// <posenc-scaling>'s settings and public API, declared once (see ../element/descriptor.js).

export const tag = 'posenc-scaling';

export const properties = {
  headDim: { kind: 'integer', default: 128 },
  base: { kind: 'number', default: 500000 },
  // the rope_scaling rules of transformers, in the order of the plot's colours and the table's rows
  type: { kind: 'name', values: ['default', 'linear', 'dynamic', 'yarn', 'llama3', 'longrope'], default: 'llama3', fallback: 'default' },
  factor: { kind: 'number', default: 8 },
  originalMax: { kind: 'integer', default: 8192 },
  seqLen: { kind: 'integer', default: 0 },
  lowFreqFactor: { kind: 'number', default: 1 },
  highFreqFactor: { kind: 'number', default: 4 },
  betaFast: { kind: 'number', default: 32 },
  betaSlow: { kind: 'number', default: 1 },
  shortFactor: { kind: 'numbers', default: [] },
  longFactor: { kind: 'numbers', default: [] },
  view: { kind: 'name', values: ['wavelength', 'frequency'], default: 'wavelength' },
  solo: { kind: 'boolean', default: false },
  pair: { kind: 'integer', default: -1 },
};

export const about = {
  className: 'PosencScaling',
  part: 'methods',
  order: 3,
  title: 'stretching RoPE to longer texts',
  summary:
    'RoPE wavelengths (or inverse frequencies) per pair under every `rope_scaling` rule of transformers — default, linear, dynamic NTK, YaRN, Llama 3, LongRoPE — with the original context marked and each rule\'s attention factor.',
  docs: {
    headDim: 'Head dimension.',
    base: 'RoPE base.',
    type: '`default`, `linear`, `dynamic`, `yarn`, `llama3`, `longrope`.',
    factor: 'Scaling factor.',
    originalMax: 'The original context.',
    seqLen: 'The sequence length served (dynamic, LongRoPE); 0: factor × original-max.',
    lowFreqFactor: 'Llama 3\'s low_freq_factor.',
    highFreqFactor: 'Llama 3\'s high_freq_factor.',
    betaFast: 'YaRN\'s beta_fast.',
    betaSlow: 'YaRN\'s beta_slow.',
    shortFactor: 'LongRoPE list (head-dim / 2 numbers); empty: illustrative defaults.',
    longFactor: 'LongRoPE list (head-dim / 2 numbers); empty: illustrative defaults.',
    view: '`wavelength` or `frequency`.',
    solo: 'Only the selected type and the default.',
    pair: 'The selected pair (−1: the pair whose wavelength is closest to the original context); hovering, a tap or the arrow keys read another, a click, a second tap, Select or Enter selects it.',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: { 'posenc-change': { detail: '{ type: RopeScalingType; attentionFactor: number }', doc: 'The type or the factor changed.' } },
  members: [
    { ts: 'readonly result: { type: RopeScalingType; pair: number; curves: Record<RopeScalingType, { invFreq: number[]; attentionFactor: number }> } | null', doc: 'Every type\'s inverse frequencies and attention factor, the selected type and pair.' },
  ],
};
