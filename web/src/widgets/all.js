// Every posenc widget registered as a custom element, and the package's widget exports: what posenc/widgets
// (./index.js) and posenc/widgets/inline (./inline.js) share; each of them says first where the engine comes
// from. Each module defines its element on import (and skips it when the tag is already taken).

// Every widget's English, in one block: imported first, they sit together in the bundle and compress
// better. Each widget's module ships its own (shipCatalogues({ en: messages })), so nothing merges them
// here: an 800-key object built and copied while the one-tag script runs would lengthen its one long task.
import './catalogues/en.js';

export * from './api.js';

// every widget, in lesson order (generated from web/src/widgets/*/descriptor.js)
// <widgets>
export { PosencPermutation } from './permutation/posenc-permutation.js';
export { PosencHeatmap } from './heatmap/posenc-heatmap.js';
export { PosencWaves } from './waves/posenc-waves.js';
export { PosencCompare } from './compare/posenc-compare.js';
export { PosencSimilarity } from './similarity/posenc-similarity.js';
export { PosencPipeline } from './pipeline/posenc-pipeline.js';
export { PosencSlicing } from './slicing/posenc-slicing.js';
export { PosencProperties } from './properties/posenc-properties.js';
export { PosencLearned } from './learned/posenc-learned.js';
export { PosencRope } from './rope/posenc-rope.js';
export { PosencScaling } from './scaling/posenc-scaling.js';
export { PosencAlibi } from './alibi/posenc-alibi.js';
export { PosencT5 } from './t5/posenc-t5.js';
export { PosencPadding } from './padding/posenc-padding.js';
export { PosencMethods } from './methods/posenc-methods.js';
export { PosencModel } from './model/posenc-model.js';
export { PosencTrain } from './train/posenc-train.js';
// </widgets>
