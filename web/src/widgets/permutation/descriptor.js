// <posenc-permutation>'s settings and public API, declared once (see ../element/descriptor.js).

export const tag = 'posenc-permutation';

export const properties = {
  tokens: { kind: 'strings', default: ['I', 'love', 'Paris'] },
  order: { kind: 'integers', default: [] },
  encoding: { kind: 'boolean', default: false },
  dModel: { kind: 'integer', default: 8, min: 2, max: 64, engine: 'SinusoidalOptions.dModel' },
  base: { kind: 'number', default: 10000, engine: 'SinusoidalOptions.base' },
};

export const about = {
  className: 'PosencPermutation',
  part: 'sinusoidal',
  order: 1,
  title: 'why order matters',
  summary: 'Attention outputs before and after a shuffle: without positional encoding every token\'s output is the same (maximum difference 0); with it, they change.',
  docs: {
    tokens: 'The sentence, up to 12 tokens, attribute "I,love,Paris" (rendered as text, never HTML).',
    order: 'order[k] = index of the original token now at position k, attribute "2,0,1".',
    encoding: 'Add sinusoidal positional encoding before attention.',
    dModel: 'Width of the token embeddings and the encoding, 2 … 64.',
    base: 'Base of the frequencies, as the heatmap.',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: {},
  members: [
    {
      ts: 'readonly result: { tokens: string[]; order: number[]; perToken: number[]; maxDiff: number; sameSentence: boolean; original: { output: Float32Array; weights: Float32Array }; shuffled: { output: Float32Array; weights: Float32Array } } | null',
      doc: 'The attention outputs in order and shuffled, each token\'s largest difference and the largest of all (`sameSentence`: the order spells the original sentence again, which a repeated word allows).',
    },
  ],
};
