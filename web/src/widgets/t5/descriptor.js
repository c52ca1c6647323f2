// <posenc-t5>'s settings and public API, declared once (see ../element/descriptor.js).

export const tag = 'posenc-t5';

export const properties = {
  numBuckets: { kind: 'integer', default: 32, engine: 'T5BucketOptions.numBuckets' },
  maxDistance: { kind: 'integer', default: 128, engine: 'T5BucketOptions.maxDistance' },
  bidirectional: { kind: 'boolean', default: false },
  length: { kind: 'integer', default: 24, min: 2, max: 128, engine: 'T5GridOptions.queryLength' },
  heads: { kind: 'integer', default: 4, min: 1, max: 64, engine: 'LearnedOptions.dModel' },
  head: { kind: 'integer', default: 0 },
  seed: { kind: 'integer', default: 0, engine: 'LearnedOptions.seed' },
  span: { kind: 'integer', default: 0 },
  positions: { kind: 'integers', default: [] },
};

export const about = {
  className: 'PosencT5',
  part: 'methods',
  order: 5,
  title: 'relative position buckets',
  // paragraphs apart by a blank line (a plain string: the bundles drop `about` only when it has no calls)
  summary:
    'T5\'s bucket function (exact near, logarithmic far, one last bucket), the query × key bucket grid and the bias a per-head table gives it.\n\n' +
    'A `head` or `positions` outside its range is named in a message with the value used (the nearest head, the grid\'s edge); the attributes keep what was written. Engine errors caused by `num-buckets` or `max-distance` name those attributes.\n\n' +
    'The regions (exact, logarithmic, last bucket) are found with the engine\'s bucket function over every distance, not read off the plotted span: "last bucket" is only the final one of a side (num-buckets − 1 before the query in a decoder; num-buckets/2 − 1 and 2·(num-buckets/2) − 1 when bidirectional), and the readouts say where it starts even when that is beyond the plot.',
  docs: {
    numBuckets: 'Number of buckets (T5\'s num_buckets).',
    maxDistance: 'Distance from which every farther one shares the last bucket (T5\'s max_distance).',
    bidirectional: 'Encoder (keys on both sides, half the buckets each); off: decoder (causal).',
    length: 'Query × key grid size.',
    heads: 'Heads of the (untrained) bias table.',
    head: 'The head whose bias is shown, 0 … heads − 1.',
    seed: 'Seed of the (untrained) bias table.',
    span: 'Half-width of the bucket plot (0: max-distance + 25 %), up to 16 384; only what is drawn.',
    positions: '[query, key] of the grid cursor, each 0 … length − 1.',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: {
    'posenc-change': {
      detail: '{ query: number; key: number; relativePosition: number; bucket: number; head: number; bias: number; tableValue: number; curve: { relativePosition: number; bucket: number | null } }',
      doc: 'The cursor cell plus `curve`, the bucket-plot cursor, once per change of what the readouts show. Moving the plot cursor moves the cell along its diagonal while the grid has one (beyond ±(length − 1) only `curve` changes).',
    },
  },
  members: [
    { ts: 'bucketOf(relativePosition: number): number | null', doc: 'The bucket of any integer relative position from the engine (null for a non-integer or before the engine is loaded).' },
    { ts: 'readonly cell: { query: number; key: number; relativePosition: number; bucket: number; head: number; bias: number; tableValue: number } | null', doc: 'The cell under the grid cursor.' },
    {
      ts: `readonly result: {
    cell: PosencT5['cell'];
    /** \`last\`: the final bucket's distances, [start, Infinity]; null only if no distance reaches it. */
    past: { exact: [number, number]; log: [number, number]; last: [number, number] | null; lastBucket: number };
    future: { exact: [number, number]; log: [number, number]; last: [number, number] | null; lastBucket: number };
    rp: number;
    bucket: number | null;
  } | null`,
      doc: '`past`/`future` are `{ exact, log, last, lastBucket }` with `[from, to]` distances, `last` = `[start, Infinity]` (null if no distance up to 2^53 − 1 reaches the final bucket).',
    },
  ],
};
