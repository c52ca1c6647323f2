// <posenc-rope>'s settings and public API, declared once (see ../element/descriptor.js).

export const tag = 'posenc-rope';

// query and key positions: the engine takes up to 2^53 − 1, the sliders stop far below
const POSITION = { kind: 'integer', min: 0, max: 1073741824, engine: 'RopeApplyOptions.offset' };

export const properties = {
  headDim: { kind: 'integer', default: 64, min: 2, max: 1024, even: true, engine: 'RopeOptions.headDim' },
  base: { kind: 'number', default: 10000 },
  convention: { kind: 'name', values: ['half', 'interleaved'], default: 'half' },
  m: { ...POSITION, default: 5 },
  n: { ...POSITION, default: 2 },
  pair: { kind: 'integer', default: 0 },
  seed: { kind: 'integer', default: 0 },
  span: { kind: 'integer', default: 256, min: 4, max: 4096 },
  // the group's selection as last received: a property only (m and n are the attributes)
  positions: { kind: 'integers', default: [], attribute: false, reflect: false },
};

export const about = {
  className: 'PosencRope',
  part: 'methods',
  order: 2,
  title: 'rotate instead of add',
  summary:
    'A query at position m and a key at position n rotated by RoPE; one channel pair drawn as 2-D vectors; the score q·k, and the same score at the same gap from the start (the relative property); the channel pairing of both conventions; the long-range decay: RoFormer\'s upper bound on |q·k| (section 3.4.3, max<sub>i</sub>|h<sub>i+1</sub> − h<sub>i</sub>| · Σ<sub>j</sub>|S<sub>j</sub>| for this query and key), plotted above their q·k and never below |q·k|. The CSV has both (`upper_bound`, `q_dot_k`), the bound\'s shape (2/d)·Σ<sub>j</sub>|S<sub>j</sub>| (`mean_abs_partial_sum`, the paper\'s "relative upper bound") and the factor (`max_step_h`).',
  docs: {
    headDim: 'Head dimension: even, 2 … 1024.',
    base: 'RoPE base.',
    convention: '`half` (rotate_half: LLaMA, NeoX) or `interleaved` (GPT-J, RoFormer).',
    m: 'Query position, 0 … 1 073 741 824.',
    n: 'Key position, 0 … 1 073 741 824.',
    pair: 'The channel pair drawn, 0 … head-dim / 2 − 1 (a value outside is named and the nearest pair drawn).',
    seed: 'Seed of the query and key content.',
    span: 'Slider range and half-width of the decay plots, 4 … 4096.',
    positions: 'The group\'s selection as last received ([query, key]); `m` and `n` follow it.',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: { 'posenc-change': { detail: '{ m: number; n: number; score: number; pair: number }', doc: 'Query or key position or the pair drawn changed (once per change).' } },
  members: [
    { ts: 'readonly renderComplete: Promise<void>', doc: 'Resolves when the decay bound (computed after the first paint) is drawn too.' },
    {
      ts: 'readonly result: { m: number; n: number; score: number; reference: { m: number; n: number; score: number }; difference: number; pair: number; channels: [number, number]; invFreq: number; pairScore: number; pairs: [number, number][] } | null',
      doc: 'Scores, the reference at the same gap from the start ((m − n, 0) or (0, n − m)), the pair.',
    },
  ],
};
