// <posenc-waves>'s settings and public API, declared once (see ../element/descriptor.js).

import { NAMES } from '../../engine/names.js';

export const tag = 'posenc-waves';

export const properties = {
  dModel: { kind: 'integer', default: 64, engine: 'SinusoidalOptions.dModel' },
  // checked by the widget (2 … 65 536, see ./model.js): no declared range, the engine takes longer tables
  length: { kind: 'integer', default: 100, engine: 'SinusoidalOptions.length' },
  base: { kind: 'number', default: 10000, engine: 'SinusoidalOptions.base' },
  layout: { kind: 'name', values: NAMES.layout.values, default: 'interleaved', engine: 'SinusoidalOptions.layout' },
  dims: { kind: 'integers', default: [0, 1, 4, 8, 16, 32] },
  positions: { kind: 'integers', default: [] },
  view: { kind: 'name', values: ['position', 'dimension'], default: 'position' },
  sweep: { kind: 'boolean', default: false },
};

export const about = {
  className: 'PosencWaves',
  part: 'sinusoidal',
  order: 3,
  title: 'the columns as waves',
  summary: 'Value against position for chosen dimensions (with their wavelengths), or against dimension for chosen positions; an optional sweep.',
  docs: {
    dModel: 'Width of the sinusoidal table (its columns).',
    length: 'Positions plotted, 2 … 65 536.',
    base: 'Wavelength base, as the heatmap.',
    layout: 'Column layout, as the heatmap: interleaved (sin, cos, sin, …) or split (all sines, then all cosines).',
    dims: 'Dimensions drawn in the position view (at most 10), attribute "0,1,4".',
    positions: 'Marked positions.',
    view: 'position (x = position) or dimension (x = dimension).',
    sweep: 'Sweep the position cursor automatically (attribute `sweep`; never under prefers-reduced-motion).',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: {},
  members: [{ ts: 'valueAt(position: number, dimension: number): number', doc: 'The engine\'s value of a dimension at a position.' }],
};
