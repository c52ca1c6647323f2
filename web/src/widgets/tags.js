// The widgets' tag names, in lesson order. No imports: tests and build scripts read it without a DOM.

/** The sinusoidal lesson's widgets (demo part 1). */
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

/** The method widgets, in the order of the second lesson part. */
export const METHOD_WIDGET_TAGS = [
  'posenc-learned',
  'posenc-rope',
  'posenc-scaling',
  'posenc-alibi',
  'posenc-t5',
  'posenc-padding',
  'posenc-methods',
];

/** Your model's positions: a published config read as transformers reads it. */
export const MODEL_WIDGET_TAGS = ['posenc-model'];

/** Train short, test long: a small transformer trained in the page (demo part 4). */
export const TRAIN_WIDGET_TAGS = ['posenc-train'];

/** Every widget. */
export const ALL_WIDGET_TAGS = [...WIDGET_TAGS, ...METHOD_WIDGET_TAGS, ...MODEL_WIDGET_TAGS, ...TRAIN_WIDGET_TAGS];
