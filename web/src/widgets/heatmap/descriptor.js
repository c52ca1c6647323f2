// <posenc-heatmap>'s settings and public API, declared once (see ../element/descriptor.js).

import { NAMES } from '../../engine/names.js';
import { SCHEME_NAMES } from '../../render/color.js';

export const tag = 'posenc-heatmap';

export const properties = {
  length: { kind: 'integer', default: 20, min: 1, max: 1 << 20, engine: 'SinusoidalOptions.length' },
  dModel: { kind: 'integer', default: 32, min: 1, max: 1 << 14, engine: 'SinusoidalOptions.dModel' },
  base: { kind: 'number', default: 10000, engine: 'SinusoidalOptions.base' },
  offset: { kind: 'integer', default: 0, engine: 'SinusoidalOptions.offset' },
  layout: { kind: 'name', values: NAMES.layout.values, default: 'interleaved', engine: 'SinusoidalOptions.layout' },
  scheme: { kind: 'name', values: SCHEME_NAMES, default: 'RdBu' },
  positions: { kind: 'integers', default: [] },
};

export const about = {
  className: 'PosencHeatmap',
  part: 'sinusoidal',
  order: 2,
  title: 'the sinusoidal table',
  summary: 'The PE matrix (positions × dimensions) with axes, colour legend and a sin/cos column strip; hover or keyboard readout with the formula filled in (before any hover it shows position `offset + 1`, dimension 0: PE(1, 0) = sin(1) by default); a table fallback. Big tables (up to 1 048 576 × 16 384) draw progressively without freezing the page. The rows are labelled with their positions, so with `offset="5"` the first row reads 5 — as in the readout, the table and the CSV.',
  docs: {
    length: 'Positions, 1 … 1 048 576.',
    dModel: 'Dimensions, 1 … 16 384.',
    base: 'Base of the frequencies, > 1.',
    offset: 'First position shown.',
    layout: '`interleaved` (sin, cos, sin, …) or `split` (all sines, then all cosines).',
    scheme: 'A d3-scale-chromatic scheme name: RdBu (default), PuOr, BrBG, PiYG, RdYlBu, Spectral, viridis, cividis, magma, inferno, plasma, turbo, Blues.',
    positions: 'Selected rows, `"3,7"`: positions from `offset` to `offset + length − 1`; one outside the table is not outlined, and a line in the widget names it.',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: {
    'posenc-select': { detail: 'PosencSelectDetail', doc: 'The reader selected rows (Enter, a click or a second tap), or emptied the selection (Escape).' },
    'posenc-rendered': { detail: '{ ms: number; frames: number }', doc: 'The picture for the current attributes is completely drawn.' },
  },
  members: [
    { ts: 'readonly renderComplete: Promise<void>', doc: 'Resolves when the picture for the current attributes is completely drawn (big tables draw progressively).' },
    { ts: 'readonly cursor: { position: number; dimension: number }', doc: 'The cell under the keyboard/pointer cursor.' },
    { ts: 'valueAt(row: number, col: number): number', doc: 'The engine\'s value at a row (position − offset) and column.' },
  ],
};
