// <posenc-slicing>'s settings and public API, declared once (see ../element/descriptor.js).

export const tag = 'posenc-slicing';

export const properties = {
  dModel: { kind: 'integer', default: 6, min: 2, max: 16, even: true, engine: 'SinusoidalOptions.dModel' },
  length: { kind: 'integer', default: 4, min: 1, max: 12, engine: 'SinusoidalOptions.length' },
  // not capped by length: a longer seq shows PyTorch's shape error
  seq: { kind: 'integer', default: 3, min: 1 },
  batch: { kind: 'integer', default: 2, min: 1, max: 4 },
  base: { kind: 'number', default: 10000, engine: 'SinusoidalOptions.base' },
  // brought into 1 … 5 by the widget (and named when it is)
  step: { kind: 'integer', default: 1 },
};

export const about = {
  className: 'PosencSlicing',
  part: 'sinusoidal',
  order: 7,
  title: 'the code: slicing and broadcasting',
  summary:
    '`pe[:, 0::2]` / `pe[:, 1::2]`, broadcasting over a batch and the add, with shapes; five steps as tabs. A `seq` longer than `length` is not shortened to fit: as in PyTorch, `pe[:, :seq, :]` stops at the table\'s last row and `x + pe[:, :seq, :]` cannot broadcast. Steps 4 and 5 then show the mismatched shapes and a message naming `seq` and `length` (with PyTorch\'s error text); steps 1–3, which only build the table, point to step 4. The CSV export then holds the table only. The message goes as soon as `seq` ≤ `length`.',
  docs: {
    dModel: 'Width of the PE table: even, 2 … 16.',
    length: 'Rows of the PE table (max_len), 1 … 12.',
    seq: 'Sequence length of the batch, ≥ 1; longer than `length` shows the shape error.',
    batch: 'Batch size, 1 … 4.',
    base: 'Wavelength base.',
    step: 'The step shown, 1 … 5.',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: {},
  members: [],
};
