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

// The web bundles carry each scheme as the 256 colours lut() reads (scripts/build-web-schemes.mjs): the same
// colours d3-scale-chromatic gives, for every scheme the widgets offer.
test('palette: the bundles\' scheme tables give lut() the colours of d3-scale-chromatic', async (t) => {
  const { schemesModule } = await import('../../scripts/build-web-schemes.mjs');
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const { pathToFileURL, fileURLToPath } = await import('node:url');
  const d3 = await import('d3-scale-chromatic');
  const { SCHEME_NAMES, DIVERGING, SEQUENTIAL } = await import('../../web/src/render/color.js');
  const dir = mkdtempSync(join(tmpdir(), 'posenc-schemes-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'schemes.mjs');
  writeFileSync(file, await schemesModule(fileURLToPath(new URL('../..', import.meta.url))));
  const tables = await import(pathToFileURL(file).href);
  const rgb = (css) => {
    const hex = /^#(..)(..)(..)$/.exec(css);
    return hex ? hex.slice(1).map((h) => parseInt(h, 16)) : /^rgb\((\d+), (\d+), (\d+)\)$/.exec(css).slice(1).map(Number);
  };
  assert.equal(SCHEME_NAMES.length, 13);
  for (const name of SCHEME_NAMES) {
    const library = DIVERGING[name] ?? SEQUENTIAL[name];
    const exported = Object.keys(d3).find((k) => d3[k] === library);
    assert.ok(exported, `${name} is a d3-scale-chromatic interpolator`);
    for (let i = 0; i < 256; i++) assert.deepEqual(rgb(tables[exported](i / 255)), rgb(library(i / 255)), `${name} at ${i}/255`);
  }
});
