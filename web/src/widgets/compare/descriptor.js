// <posenc-compare>'s settings and public API, declared once (see ../element/descriptor.js).

import { NAMES } from '../../engine/names.js';

export const tag = 'posenc-compare';

export const properties = {
  dModel: { kind: 'integer', default: 64, engine: 'SinusoidalOptions.dModel' },
  length: { kind: 'integer', default: 20 },
  base: { kind: 'number', default: 10000, engine: 'SinusoidalOptions.base' },
  layout: { kind: 'name', values: NAMES.layout.values, default: 'interleaved', engine: 'SinusoidalOptions.layout' },
  tokens: { kind: 'strings', default: ['The', 'cat', 'sat', 'on', 'the', 'mat'] },
  positions: { kind: 'integers', default: [0, 1] },
};

export const about = {
  className: 'PosencCompare',
  part: 'sinusoidal',
  order: 4,
  title: 'two positions, three numbers',
  summary: 'A token strip; dot product, cosine similarity and Euclidean distance of the two selected positions (4 decimals) and a sentence on what they mean.',
  docs: {
    dModel: 'Width of each encoding.',
    length: 'Positions in the token strip (up to 512).',
    base: 'Base of the frequencies, as the heatmap.',
    layout: 'Column order, as the heatmap.',
    tokens: 'Token texts labelling the positions, attribute "The,cat,sat" (rendered as text, never HTML).',
    positions: 'The pair compared.',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: {
    'posenc-select': { detail: 'PosencSelectDetail', doc: 'The compared pair or its result changed, whoever changed it (a pick here, a linked widget, a script); with `result`.' },
  },
  members: [
    { ts: 'readonly result: { dot: number; cosine: number; euclidean: number } | null', doc: 'The engine\'s comparison of the two selected positions; null until two are selected.' },
    { ts: 'readonly pair: number[]', doc: 'The two selected positions [a, b] (one may be missing).' },
  ],
};
