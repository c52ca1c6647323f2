// <posenc-properties>'s settings and public API, declared once (see ../element/descriptor.js).

export const tag = 'posenc-properties';

export const properties = {
  dModel: { kind: 'integer', default: 128, min: 2, max: 1 << 14, even: true, engine: 'SinusoidalOptions.dModel' },
  // length ≥ 4 leaves room for the extrapolation check
  length: { kind: 'integer', default: 200, min: 4, max: 2048, engine: 'SinusoidalOptions.length' },
  base: { kind: 'number', default: 10000, engine: 'SinusoidalOptions.base' },
  // pos, k, pair and train-length are brought into their ranges by the widget (and named when they are)
  pos: { kind: 'integer', default: 10 },
  k: { kind: 'integer', default: 5 },
  pair: { kind: 'integer', default: 0 },
  trainLength: { kind: 'integer', default: 50 },
};

export const about = {
  className: 'PosencProperties',
  part: 'sinusoidal',
  order: 8,
  title: 'the promises, checked',
  summary:
    'Uniqueness, bounds, the rotation property and extrapolation, each computed live with a pass/fail badge. A `pos`, `k`, `pair` or `train-length` outside its range is named in a message with the value used instead; the number boxes, the equation and the badges show and check the values used.',
  docs: {
    dModel: 'Width of the checked table: an even number of dimensions, 2 … 16 384.',
    length: 'Positions of the checked table, 4 … 2048.',
    base: 'Wavelength base.',
    pos: 'The rotation check\'s start: PE(pos + k) from PE(pos); a whole number 0 … 1 048 576.',
    k: 'The rotation check\'s shift: PE(pos + k) from PE(pos); a whole number 0 … 1 048 576.',
    pair: 'The column pair drawn in the rotation check, 0 … d-model / 2 − 1.',
    trainLength: 'Training length of the extrapolation check, 2 … length − 2 (the check looks at positions beyond it; a value outside is named and the nearest one used).',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: {},
  members: [
    {
      ts: 'readonly checks: {\n    uniq: { min: number; at: [number, number] };\n    bounds: { lo: number; hi: number };\n    rotation: { pos: number; k: number; maxErr: number; worst: number };\n    extrap: { T: number; inside: number; beyond: number; minBeyond: number; learnedError: string };\n  } | null',
      doc: 'All check results, from the engine\'s numbers.',
    },
  ],
};
