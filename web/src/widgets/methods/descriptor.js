// <posenc-methods>'s settings and public API, declared once (see ../element/descriptor.js).

export const tag = 'posenc-methods';

export const properties = {
  tokens: { kind: 'strings', default: ['The', 'quick', 'brown', 'fox', 'jumps', 'over', 'the', 'lazy', 'dog', '.'] },
  trainLength: { kind: 'integer', default: 64, min: 2, max: 1 << 16, engine: 'LearnedOptions.maxLength' },
  query: { kind: 'integer', default: -1 },
  distance: { kind: 'integer', default: 3 },
  dModel: { kind: 'integer', default: 64, min: 2, max: 1024, even: true, engine: 'RopeOptions.headDim' },
  heads: { kind: 'integer', default: 8 },
  head: { kind: 'integer', default: 2 },
  numBuckets: { kind: 'integer', default: 32 },
  maxDistance: { kind: 'integer', default: 128 },
  base: { kind: 'number', default: 10000 },
  seed: { kind: 'integer', default: 0 },
  window: { kind: 'integer', default: 64, min: 2, max: 1024 },
  positions: { kind: 'integers', default: [] },
  // the method marked (its panel and its column), shared with the group; none by default
  method: { kind: 'name', values: ['sinusoidal', 'learned', 't5', 'rope', 'alibi'], default: null, ts: 'MethodName | null' },
};

export const about = {
  className: 'PosencMethods',
  part: 'methods',
  order: 7,
  title: 'the five methods side by side',
  summary: `One token sequence, five ways of telling the model where each token is: each method's positional
contribution to the attention logit for a query and a key d tokens back, against distance; which
methods are relative, their parameter counts, and what happens past the training length.`,
  notes: `A value outside its range (\`heads\`, \`head\`, \`num-buckets\`, \`max-distance\`, a \`distance\` or a \`positions\` key
more than \`window\` before the query) is named in one message with the value used, and every panel is drawn
with the values used; the attributes keep what was written. A panel's heading marks its method (\`method\`):
its panel and its table column are outlined, and the widgets of the same \`group\` follow (\`<posenc-train>\`
switches to it; see [Linking widgets with \`group\`](#linking-widgets-with-group)).`,
  docs: {
    tokens: 'The token sequence shown (repeated past its end).',
    trainLength: 'The training length: the learned table has this many rows.',
    query: 'Query position (−1: train-length − 1).',
    distance: 'Distance of the key before the query.',
    dModel: 'Width of the tables and of RoPE\'s head.',
    heads: 'Heads of T5 and ALiBi, 1 … 64.',
    head: 'Head shown for T5 and ALiBi, 0 … heads − 1.',
    numBuckets: 'T5 (bidirectional) buckets, 4 … 65 536.',
    maxDistance: 'T5\'s max distance, greater than num-buckets / 4.',
    base: 'Base of the sinusoidal table and of RoPE.',
    seed: 'Seed of the learned table, the T5 table and RoPE\'s q and k.',
    window: 'Largest distance plotted.',
    positions: '[query, key].',
    method: 'The method marked (its panel and column), shared with the group; null: none.',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: { 'posenc-change': { detail: 'NonNullable<PosencMethods[\'result\']>', doc: 'The query, the key or the method marked changed.' } },
  members: [
    { ts: 'curves(i: number, D: number): Record<MethodName, { value?: Float64Array; error?: Error }>', doc: 'Scores against distance 0…D for a query at i, per method.' },
    {
      ts: 'readonly result: { query: number; key: number; distance: number; method: MethodName | null; scores: Record<MethodName, ScoreOrError>; relative: Record<MethodName, number | null>; beyond: Record<MethodName, true | string>; parameters: Record<MethodName, number | null> } | null',
      doc: 'The pair\'s score per method; relative: the Euclidean distance between the curves of two queries (0: relative); beyond: true, or the engine\'s message for a query at 2 × train-length.',
    },
  ],
};
