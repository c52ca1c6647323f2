// Browser test of <posenc-similarity> in Chromium, beside the element it tests: its readouts against float64
// references, selection, keyboard. What every widget shares (linking, attributes, exports) is tested in
// tests/browser/widgets.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, near, widgetPage, waitReady, canvasStats, shadowText, num, shot, refEncoding, refCompare } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

test('similarity: readouts against references, metric switch, keyboard', async () => {
  const page = await widgetPage(env, '<posenc-similarity id="s" length="50" d-model="128"></posenc-similarity>');
  const stats = await canvasStats(page, '#s');
  assert.ok(stats.colours > 30, 'matrix drawn');
  await page.locator('#s').locator('canvas.plot').focus();
  for (const k of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(k);
  await page.evaluate(() => document.querySelector('#s').updateComplete);
  let text = await shadowText(page, '#s', '#readout');
  assert.match(text, /^positions 2 and 5 \(gap 3\): cosine similarity = /);
  near(num(text.split('=').pop()), refCompare(refEncoding(2, 128), refEncoding(5, 128)).cosine, 5e-5, 'cosine 2,5');
  await page.locator('#s').locator('select').selectOption('euclidean');
  await waitReady(page);
  text = await shadowText(page, '#s', '#readout');
  assert.match(text, /Euclidean distance = /);
  near(num(text.split('=').pop()), refCompare(refEncoding(2, 128), refEncoding(5, 128)).euclidean, 5e-5, 'distance 2,5');
  assert.equal(await page.getAttribute('#s', 'metric'), 'euclidean');
  await page.evaluate(() => document.querySelector('#s').setAttribute('metric', 'dot'));
  await waitReady(page);
  text = await shadowText(page, '#s', '#readout');
  near(num(text.split('=').pop()), refCompare(refEncoding(2, 128), refEncoding(5, 128)).dot, 5e-4, 'dot 2,5');
  await shot(page.locator('#s'), 'similarity-dot');
  assert.deepEqual(page.errors, []);
  await page.close();
});
