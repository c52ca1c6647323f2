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
export { getChannel, SelectionChannel } from '../state/channel.js';
export { syncWithUrl, encodeState, decodeState } from '../state/url.js';

export { WIDGET_TAGS, METHOD_WIDGET_TAGS, ALL_WIDGET_TAGS } from './tags.js';

// Beyond sinusoidal: learned tables, T5 buckets, RoPE and its long-context scaling, ALiBi, the method
// comparison and padding-aware position ids.
export { PosencLearned } from './posenc-learned.js';
export { PosencT5 } from './posenc-t5.js';
export { PosencRope } from './posenc-rope.js';
export { PosencScaling } from './posenc-scaling.js';
export { PosencAlibi } from './posenc-alibi.js';
export { PosencMethods } from './posenc-methods.js';
export { PosencPadding } from './posenc-padding.js';

