// "Copy as PyTorch": short programs that recompute, with torch, the table a widget shows with its current
// parameters, ending in a tensor named `result` with the shape and dtype of the widget's .npy export (its
// toArray()). tests/browser/export-pytorch.test.mjs runs them with Debian's python3-torch and compares.
// The code is written for a reader: the formula as models write it, in float64, cast at the end.

// One module per family (pytorch/*.js); the widgets import from here.
export { alibiCode, t5Code } from './pytorch/bias.js';
export { learnedCode, permutationCode, pipelineCode, positionIdsCode, slicingCode } from './pytorch/inputs.js';
export { methodsCode } from './pytorch/methods.js';
export { ropeInvFreqCode, ropeScoresCode } from './pytorch/rope.js';
export { propertiesCode, similarityCode, sinusoidalCode, sinusoidalSliceCode } from './pytorch/sinusoidal.js';
