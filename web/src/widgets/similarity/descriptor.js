// <posenc-similarity>'s settings and public API, declared once (see ../element/descriptor.js).

import { NAMES } from '../../engine/names.js';
import { SCHEME_NAMES } from '../../render/color.js';

export const tag = 'posenc-similarity';

export const properties = {
  length: { kind: 'integer', default: 50, min: 2, max: 4096, engine: 'SimilarityOptions.length' },
  dModel: { kind: 'integer', default: 128, min: 1, max: 1 << 14, engine: 'SimilarityOptions.dModel' },
  base: { kind: 'number', default: 10000, engine: 'SinusoidalOptions.base' },
  // the engine's metrics; their names are messages (similarity.metric.*)
  metric: { kind: 'name', values: NAMES.metric.values, default: 'cosine', engine: 'SimilarityOptions.metric' },
  scheme: { kind: 'name', values: SCHEME_NAMES, default: 'viridis' },
  positions: { kind: 'integers', default: [] },
};

export const about = {
  className: 'PosencSimilarity',
  part: 'sinusoidal',
  order: 5,
  title: 'all pairs at once',
  summary: 'The position × position matrix of a metric; click (or Enter on) a cell to select that pair.',
  docs: {
    length: 'Positions (rows and columns of the matrix).',
    dModel: 'Width of the encodings compared.',
    base: 'Base of the frequencies, as the heatmap.',
    metric: '`cosine`, `dot` or `euclidean`.',
    scheme: 'Colour scheme, as the heatmap.',
    positions: 'The selected cell.',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: {
    'posenc-select': { detail: 'PosencSelectDetail', doc: 'The reader selected a cell (a pair of positions, or one on the diagonal).' },
    'posenc-rendered': { detail: '{}', doc: 'After a full repaint.' },
  },
  members: [
    { ts: 'readonly renderComplete: Promise<void>', doc: 'Resolves when the matrix for the current attributes is completely drawn.' },
    { ts: 'readonly matrix: Float32Array | null', doc: 'The engine\'s length × length matrix.' },
    { ts: 'valueAt(i: number, j: number): number', doc: 'The metric between positions i and j (engine output).' },
  ],
};
