// Browser tests of what the sinusoidal widgets share, in Chromium: linking through a group, attributes and
// properties reflecting both ways, text from attributes staying text, exports. Each widget's own test is beside
// it: web/src/widgets/<name>/<name>.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { WIDGET_TAGS } from '../../web/src/widgets/tags.js';
import { browserPerFile, near, checkReflection, checkExports, widgetPage, waitReady, canvasStats, shadowText, num, shot, refEncoding, refCompare } from './helpers.mjs';

const env = browserPerFile();

test('linking: compare, heatmap, similarity, waves and properties share the group selection', async () => {
  const page = await widgetPage(
    env,
    `<posenc-compare id="c" group="g" d-model="64" length="12" positions="0,1"></posenc-compare>
     <posenc-heatmap id="h" group="g" length="20" d-model="32"></posenc-heatmap>
     <posenc-similarity id="s" group="g" length="20" d-model="64"></posenc-similarity>
     <posenc-waves id="w" group="g" d-model="64" length="40"></posenc-waves>
     <posenc-properties id="p" group="g" d-model="64" length="60" pos="10" k="5"></posenc-properties>
     <posenc-compare id="other" group="h" d-model="64" length="12" positions="2,3"></posenc-compare>`,
  );
  // joining a group adopts its selection; attributes of widgets without a selection (properties) are kept
  assert.equal(await page.getAttribute('#h', 'positions'), '0,1');
  assert.equal(await page.getAttribute('#p', 'pos'), '10');

  await page.locator('#c').locator('.chip[data-pos="4"]').click();
  await waitReady(page);
  for (const id of ['#h', '#s', '#w']) assert.equal(await page.getAttribute(id, 'positions'), '1,4', `${id} follows the compare widget`);
  assert.equal(await page.getAttribute('#p', 'pos'), '1');
  assert.equal(await page.getAttribute('#p', 'k'), '3');
  assert.equal(await page.getAttribute('#other', 'positions'), '2,3', 'another group is untouched');
  const selected = await shadowText(page, '#s', '[data-role="selected"]');
  assert.match(selected, /^Selected pair: 1 and 4 → cosine similarity /);
  near(num(selected.split('similarity').pop()), refCompare(refEncoding(1, 64), refEncoding(4, 64)).cosine, 5e-5, 'similarity of the linked pair');

  // click a similarity cell (row 6, col 9) -> compare shows 6 vs 9
  const pt = await page.evaluate(() => {
    const el = document.querySelector('#s');
    el.scrollIntoView({ block: 'center' });
    const g = el._geom;
    const r = el.shadowRoot.querySelector('canvas.plot').getBoundingClientRect();
    return { x: r.left + g.colX(9), y: r.top + g.rowY(6) };
  });
  await page.mouse.click(pt.x, pt.y);
  await waitReady(page);
  assert.equal(await page.getAttribute('#c', 'positions'), '6,9');
  assert.equal(await page.getAttribute('#h', 'positions'), '6,9');
  const cos = await page.evaluate(() => document.querySelector('#c').result.cosine);
  near(cos, refCompare(refEncoding(6, 64), refEncoding(9, 64)).cosine, 2e-5, 'compare after a similarity click');
  const readout = await shadowText(page, '#s', '#readout');
  assert.match(readout, /^positions 6 and 9 \(gap 3\): cosine similarity = /);

  // keyboard on the heatmap adds a row to the group
  await page.locator('#h').locator('canvas.plot').focus();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Enter');
  await waitReady(page);
  assert.equal(await page.getAttribute('#c', 'positions'), '9,0');
  await shot(page.locator('#s'), 'similarity-linked');
  await shot(page.locator('#h'), 'heatmap-linked');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('attributes and properties reflect both ways on every widget', async () => {
  const page = await widgetPage(
    env,
    `<posenc-heatmap id="a" length="5" d-model="8"></posenc-heatmap>
     <posenc-waves id="b" d-model="16" length="20"></posenc-waves>
     <posenc-compare id="c" d-model="16" length="6"></posenc-compare>
     <posenc-similarity id="d" length="8" d-model="16"></posenc-similarity>
     <posenc-pipeline id="e" d-model="8"></posenc-pipeline>
     <posenc-slicing id="f"></posenc-slicing>
     <posenc-permutation id="g"></posenc-permutation>
     <posenc-properties id="h" d-model="16" length="30"></posenc-properties>`,
  );
  const cases = [
    ['#a', 'dModel', 'd-model', 16, '16'],
    ['#a', 'layout', 'layout', 'split', 'split'],
    ['#b', 'dims', 'dims', [2, 3], '2,3'],
    ['#b', 'view', 'view', 'dimension', 'dimension'],
    ['#c', 'tokens', 'tokens', ['a', 'b'], 'a,b'],
    ['#c', 'positions', 'positions', [2, 4], '2,4'],
    ['#d', 'metric', 'metric', 'dot', 'dot'],
    ['#e', 'token', 'token', 'World', 'World'],
    ['#e', 'position', 'position', 7, '7'],
    ['#f', 'step', 'step', 3, '3'],
    ['#g', 'order', 'order', [2, 1, 0], '2,1,0'],
    ['#h', 'trainLength', 'train-length', 20, '20'],
  ];
  await checkReflection(page, cases);
  // attribute -> property
  await page.evaluate(() => {
    document.querySelector('#a').setAttribute('length', '9');
    document.querySelector('#c').setAttribute('positions', '1,5');
    document.querySelector('#e').setAttribute('scale', '');
  });
  const props = await page.evaluate(() => [document.querySelector('#a').length, document.querySelector('#c').positions, document.querySelector('#e').scale]);
  assert.deepEqual(props, [9, [1, 5], true]);
  await waitReady(page);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('text from attributes stays text; bad attributes give readable errors and the widget recovers', async () => {
  const page = await widgetPage(
    env,
    `<posenc-compare id="c" d-model="16" length="4" tokens="<img src=x onerror=window.pwned=1>,<b>bold</b>" label="<i>hi</i>"></posenc-compare>
     <posenc-heatmap id="h" length="4" d-model="8" base="1"></posenc-heatmap>`,
  );
  const info = await page.evaluate(() => {
    const r = document.querySelector('#c').shadowRoot;
    return { imgs: r.querySelectorAll('img, b, i').length, chip: r.querySelector('.chip .tok').textContent, title: r.querySelector('.title').textContent, pwned: window.pwned ?? null };
  });
  assert.deepEqual(info, { imgs: 0, chip: '<img src=x onerror=window.pwned=1>', title: '<i>hi</i>', pwned: null });
  const error = await shadowText(page, '#h', '.error');
  assert.match(error, /^RangeError: .*base/);
  await page.evaluate(() => document.querySelector('#h').setAttribute('base', '100'));
  await waitReady(page);
  assert.equal(await shadowText(page, '#h', '.error'), null, 'error cleared once the attribute is valid');
  assert.ok((await canvasStats(page, '#h')).colours > 10);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('exports: embed code, CSV and PNG from every widget', async () => {
  // every widget of the sinusoidal lesson (tags.js), small where the default is large
  const attributes = {
    'posenc-heatmap': 'length="6" d-model="8"',
    'posenc-waves': 'd-model="16" length="20" dims="0,3"',
    'posenc-compare': 'd-model="16" length="6" tokens="a,b,c"',
    'posenc-similarity': 'length="10" d-model="16"',
    'posenc-pipeline': 'd-model="8"',
    'posenc-properties': 'd-model="16" length="40"',
  };
  const tags = WIDGET_TAGS.map((t) => t.replace(/^posenc-/, ''));
  const page = await widgetPage(env, WIDGET_TAGS.map((t) => `<${t} ${attributes[t] ?? ''}></${t}>`).join('\n'));
  await checkExports(page, tags);
  const heatCsv = await page.evaluate(() => document.querySelector('posenc-heatmap').toCSV());
  const row2 = heatCsv.split('\n')[3].split(',').map(Number);
  assert.equal(row2[0], 2);
  row2.slice(1).forEach((v, i) => near(v, refEncoding(2, 8)[i], 1e-6, `CSV (2, ${i})`));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('PNG export completes even when canvas.toBlob never calls back (seen in headless Chromium)', async () => {
  const page = await widgetPage(env, '<posenc-heatmap length="6" d-model="8"></posenc-heatmap>');
  await page.evaluate(() => {
    HTMLCanvasElement.prototype.toBlob = function () {};  // never answers
  });
  const el = page.locator('posenc-heatmap');
  const [png] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }), el.getByRole('button', { name: /as PNG/ }).click()]);
  const bytes = readFileSync(await png.path());
  assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], 'PNG signature');
  assert.ok(bytes.length > 1000, 'a real picture');
  assert.match(await el.locator('[role="status"], .status').first().textContent(), /PNG saved/);
  assert.deepEqual(page.errors, []);
  await page.close();
});
