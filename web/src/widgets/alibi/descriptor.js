// <posenc-alibi>'s settings and public API, declared once (see ../element/descriptor.js).

export const tag = 'posenc-alibi';

export const properties = {
  heads: { kind: 'integer', default: 8, min: 1, max: 64, engine: 'AlibiBiasOptions.heads' },
  length: { kind: 'integer', default: 32, min: 2, max: 256, engine: 'AlibiBiasOptions.length' },
  head: { kind: 'integer', default: 0 },
  query: { kind: 'integer', default: -1 },
  symmetric: { kind: 'boolean', default: false },
  scale: { kind: 'name', values: ['shared', 'head'], default: 'shared' },
};

export const about = {
  className: 'PosencAlibi',
  part: 'methods',
  order: 4,
  title: 'attention with linear biases',
  summary: 'Slopes per head, each head\'s bias matrix and the attention weights the bias alone produces: the recency each head imposes.',
  docs: {
    heads: 'Attention heads; non-powers of two follow BLOOM\'s rule for the slopes.',
    length: 'Sequence length of the bias matrices.',
    head: 'The head shown (brought into 0 … heads − 1).',
    query: 'Query row of the weights plot (−1: the last).',
    symmetric: '−slope·|i − j| without the causal mask.',
    scale: 'Colour scale of the bias matrices: one for all heads, or one per head.',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: { 'posenc-change': { detail: '{ head: number; slope: number; slopes: number[] }', doc: 'The selected head or the head count changed.' } },
  members: [
    { ts: 'readonly result: { slopes: number[]; head: number; slope: number; query: number; biasRow: number[]; weightsRow: number[] } | null', doc: 'Slopes, and the selected head\'s bias and weights on the query row.' },
    { ts: 'biasAt(head: number, query: number, key: number): number', doc: 'One entry of a head\'s bias matrix.' },
    { ts: 'weightAt(head: number, query: number, key: number): number', doc: 'One attention weight the bias alone gives.' },
  ],
};
