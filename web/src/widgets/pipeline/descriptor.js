// <posenc-pipeline>'s settings and public API, declared once (see ../element/descriptor.js).

export const tag = 'posenc-pipeline';

export const properties = {
  token: { kind: 'string', default: 'Hello' },
  position: { kind: 'integer', default: 0, min: 0, max: Number.MAX_SAFE_INTEGER - 1, engine: 'SinusoidalOptions.offset' },
  dModel: { kind: 'integer', default: 32, min: 1, max: 4096, engine: 'SinusoidalOptions.dModel' },
  base: { kind: 'number', default: 10000, engine: 'SinusoidalOptions.base' },
  scale: { kind: 'boolean', default: false },
  dropout: { kind: 'boolean', default: false },
  dropoutRate: { kind: 'number', default: 0.1 },
  step: { kind: 'integer', default: 1 },
};

export const about = {
  className: 'PosencPipeline',
  part: 'sinusoidal',
  order: 6,
  title: 'from token to model input',
  summary: 'token → embedding → (× √d) → + PE → (dropout), stepped with Play / Pause / Back / Step and a slider.',
  docs: {
    token: 'The token: text (rendered as text, never HTML).',
    position: 'Its position, 0 … 2^53 − 2, exact at any of them.',
    dModel: 'Width of the embedding and the encoding.',
    base: 'Base of the frequencies, as the heatmap.',
    scale: 'Multiply the embedding by √d_model.',
    dropout: 'Show the dropout stage.',
    dropoutRate: 'Dropout probability, 0 … 0.9.',
    step: 'Current stage, 1-based.',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: {},
  members: [{ ts: 'readonly stages: PipelineStage[]', doc: 'The stages in order, with the vectors the engine produced for each (none for the token stage).' }],
};
