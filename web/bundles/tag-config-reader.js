// The reader of transformers configs for dist/tag/, in <posenc-model>'s script (scripts/build-web-tag.mjs): the
// core leaves it out (36 KiB of minified code only that widget uses), and its engine's calls that need it
// (pe.fromConfig, pe.rope.fromConfig, the `config` option, pe.rope.cosSin and precision, mropePositionIds)
// call what this installs (scripts/build-web-shared.mjs, lateConfigReader).
import { ropeFromConfig, applyOptionsFromConfig, ropeOfLayer } from '../src/engine/config.js';
import { positionFromConfig } from '../src/engine/methods.js';
import { mropeApply, mropePositionIds } from '../src/engine/mrope.js';
import { cosSin, precision, lengthOfPositions } from '../src/engine/precision.js';

globalThis.__posencTag.configReader = { ropeFromConfig, applyOptionsFromConfig, ropeOfLayer, positionFromConfig, cosSin, precision, lengthOfPositions, mropeApply, mropePositionIds };
