// The categorical palette written out in web/src/render/palette.js (so that a widget needing it alone does
// not download d3-scale-chromatic) is d3's Tableau 10, and web/src/render/color.js hands out the same one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { schemeTableau10 } from 'd3-scale-chromatic';
import { CATEGORICAL } from '../../web/src/render/palette.js';
import { CATEGORICAL as fromColor } from '../../web/src/render/color.js';

test('palette: CATEGORICAL is d3-scale-chromatic\'s schemeTableau10, and color.js re-exports it', () => {
  assert.deepEqual(CATEGORICAL, [...schemeTableau10]);
  assert.equal(fromColor, CATEGORICAL);
});
