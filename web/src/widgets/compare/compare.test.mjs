// Browser test of <posenc-compare> in Chromium, beside the element it tests: its readouts against float64
// references, selection, keyboard. What every widget shares (linking, attributes, exports) is tested in
// tests/browser/widgets.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, near, widgetPage, num, shot, refEncoding, refCompare } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

test('compare: readouts match float64 references; click and keyboard select; result and posenc-select', async () => {
  const page = await widgetPage(env, '<posenc-compare id="c" d-model="64" length="20" tokens="The,cat,sat,on,the,mat" positions="0,1"></posenc-compare>');
  const read = () =>
    page.evaluate(() => {
      const r = document.querySelector('#c').shadowRoot;
      const get = (m) => r.querySelector(`[data-metric="${m}"]`).textContent;
      return { dot: get('dot'), cosine: get('cosine'), euclidean: get('euclidean'), insight: r.querySelector('.insight').textContent };
    });
  const check = async (a, b) => {
    const ref = refCompare(refEncoding(a, 64), refEncoding(b, 64));
    const shown = await read();
    for (const k of ['dot', 'cosine', 'euclidean']) {
      assert.match(shown[k], /^\u2212?\d+\.\d{4}$/, `${k} shows 4 decimals`);
      near(num(shown[k]), ref[k], 5e-5 + 1e-6, `${k} for ${a} vs ${b}`);
    }
    const result = await page.evaluate(() => document.querySelector('#c').result);
    for (const k of ['dot', 'cosine', 'euclidean']) near(result[k], ref[k], 2e-5, `result.${k}`);
    return shown;
  };
  // the lesson's own numbers for 0 vs 1 at d=64
  const first = await check(0, 1);
  assert.equal(first.dot, '30.9168');
  assert.equal(first.cosine, '0.9662');
  assert.equal(first.euclidean, '1.4718');

  // click: "on" (3) replaces the older selection (0) -> pair [1, 3]
  const events = [];
  await page.exposeFunction('recordSelect', (d) => events.push(d));
  await page.evaluate(() => document.querySelector('#c').addEventListener('posenc-select', (e) => window.recordSelect(e.detail)));
  await page.locator('#c').locator('.chip[data-pos="3"]').click();
  await page.evaluate(() => document.querySelector('#c').updateComplete);
  assert.equal(await page.getAttribute('#c', 'positions'), '1,3');
  const second = await check(1, 3);
  assert.notEqual(second.insight, first.insight, 'insight changes with the distance');
  assert.equal(events.at(-1).positions.join(','), '1,3');
  near(events.at(-1).result.cosine, refCompare(refEncoding(1, 64), refEncoding(3, 64)).cosine, 2e-5, 'event result');

  // keyboard: focus chip 3, move right twice, Enter -> [3, 5]
  await page.locator('#c').locator('.chip[data-pos="3"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.evaluate(() => document.querySelector('#c').updateComplete);
  assert.equal(await page.getAttribute('#c', 'positions'), '3,5');
  await check(3, 5);
  const focused = await page.evaluate(() => document.querySelector('#c').shadowRoot.activeElement?.dataset.pos);
  assert.equal(focused, '5', 'roving focus follows the arrow keys');

  // gap-only dependence: 10 vs 12 equals 3 vs 5
  await page.evaluate(() => {
    document.querySelector('#c').positions = [10, 12];
  });
  await page.evaluate(() => document.querySelector('#c').updateComplete);
  const far = await read();
  await page.evaluate(() => {
    document.querySelector('#c').positions = [3, 5];
  });
  await page.evaluate(() => document.querySelector('#c').updateComplete);
  assert.equal((await read()).cosine, far.cosine);
  await shot(page.locator('#c'), 'compare');
  assert.deepEqual(page.errors, []);
  await page.close();
});
