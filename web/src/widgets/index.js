// Registers every posenc widget as a custom element: `import 'posenc/widgets'`.
// Each module defines its element on import (and skips it when the tag is already taken).

export { PosencHeatmap } from './posenc-heatmap.js';
export { PosencWaves } from './posenc-waves.js';
export { PosencCompare } from './posenc-compare.js';
export { PosencSimilarity } from './posenc-similarity.js';
export { PosencPipeline } from './posenc-pipeline.js';
export { PosencSlicing } from './posenc-slicing.js';
export { PosencPermutation } from './posenc-permutation.js';
export { PosencProperties } from './posenc-properties.js';
export { PosencElement } from './base.js';
export { setEngine, getEngine } from './engine.js';
export { getChannel } from '../state/channel.js';
export { syncWithUrl, encodeState, decodeState } from '../state/url.js';

/** Tag names of all widgets, in lesson order. */
export const WIDGET_TAGS = [
  'posenc-permutation',
  'posenc-heatmap',
  'posenc-waves',
  'posenc-compare',
  'posenc-similarity',
  'posenc-pipeline',
  'posenc-slicing',
  'posenc-properties',
];
