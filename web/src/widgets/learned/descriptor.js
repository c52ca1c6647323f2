// <posenc-learned>'s settings and public API, declared once (see ../element/descriptor.js).

export const tag = 'posenc-learned';

export const properties = {
  maxLength: { kind: 'integer', default: 512, min: 1, max: 1 << 24, engine: 'LearnedOptions.maxLength' },
  dModel: { kind: 'integer', default: 64, min: 1, max: 1 << 14, engine: 'LearnedOptions.dModel' },
  seed: { kind: 'integer', default: 0, engine: 'LearnedOptions.seed' },
  std: { kind: 'number', default: 0.02, engine: 'LearnedOptions.std' },
  base: { kind: 'number', default: 10000, engine: 'SinusoidalOptions.base' },
  position: { kind: 'integer', default: 0 },
  extra: { kind: 'integer', default: 0 },
  positions: { kind: 'integers', default: [] },
};

export const about = {
  className: 'PosencLearned',
  part: 'methods',
  order: 1,
  title: 'a table to look positions up',
  summary: 'A learned absolute position table (seeded Normal(0, std) draws, as GPT-2 initialises `wpe`) beside the sinusoidal one. Positions at or past `max-length` have no row: the widget looks them up anyway and shows the engine\'s error — that is the lesson.',
  docs: {
    maxLength: 'Rows of the table, 1 … 16 777 216 (and max-length × d-model ≤ 16 777 216).',
    dModel: 'Columns of both tables, 1 … 16 384.',
    seed: 'Seed of the draws.',
    std: 'Standard deviation of the Normal draws.',
    base: 'Base of the sinusoidal table drawn beside it.',
    position: 'The looked-up position; at or past max-length the learned lookup fails (the engine\'s RangeError is shown).',
    extra: 'Rows drawn past the end of the table (0: an eighth of max-length, at least 8).',
    positions: 'The selection (its last position is looked up).',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: { 'posenc-change': { detail: '{ position: number; learnedError: string }', doc: 'The looked-up position or the result of its lookup changed.' } },
  members: [
    { ts: 'readonly renderComplete: Promise<void>', doc: 'Resolves when both tables are completely drawn.' },
    { ts: 'lookup(position: number): { position: number; learned: Float32Array | null; learnedError: string; sinusoidal: Float32Array | null; sinusoidalError: string }', doc: 'Looks one position up in both tables; the learned lookup may fail (that is the lesson).' },
    {
      ts: `readonly result: {
    position: number;
    learned: number[] | null;
    learnedError: string;
    sinusoidal: number[] | null;
    parameters: number;
    bytes: number;
  } | null`,
      doc: 'The looked-up position in both tables, and the learned table\'s parameters and bytes.',
    },
  ],
};
