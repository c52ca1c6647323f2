// Browser test of <posenc-slicing> in Chromium, beside the element it tests: its readouts against float64
// references, selection, keyboard. What every widget shares (linking, attributes, exports) is tested in
// tests/browser/widgets.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, near, widgetPage, shadowText, num, shot, refEncoding } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

test('slicing: five steps by keyboard, values and shapes', async () => {
  const page = await widgetPage(env, '<posenc-slicing id="s" d-model="6"></posenc-slicing>');
  const heading = () => shadowText(page, '#s', '.panel h4');
  assert.equal(await heading(), 'Step 1 of 5: Index slicing');
  await shot(page.locator('#s'), 'slicing-1');
  await page.locator('#s').locator('[role="tab"][aria-selected="true"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.evaluate(() => document.querySelector('#s').updateComplete);
  assert.equal(await heading(), 'Step 2 of 5: Sines into the even columns');
  const cell = await page.evaluate(() => document.querySelector('#s').shadowRoot.querySelectorAll('table.values tbody tr')[3].querySelectorAll('td')[1].textContent);
  near(num(cell), refEncoding(3, 6)[2], 5e-4, 'pe[3, 2] in the sine slice');
  await shot(page.locator('#s'), 'slicing-2');
  await page.keyboard.press('End');
  await page.evaluate(() => document.querySelector('#s').updateComplete);
  assert.equal(await heading(), 'Step 5 of 5: Element-wise addition');
  assert.equal(await page.getAttribute('#s', 'step'), '5');
  await shot(page.locator('#s'), 'slicing-5');
  await page.keyboard.press('ArrowLeft');
  await page.evaluate(() => document.querySelector('#s').updateComplete);
  const shapes = await page.evaluate(() =>
    [...document.querySelector('#s').shadowRoot.querySelectorAll('table.shapes tr')].map((r) => [...r.cells].map((c) => c.textContent.trim()).join(' | ')),
  );
  assert.deepEqual(shapes, [' | batch | seq | d_model', 'x | 2 | 3 | 6', 'pe.unsqueeze(0) | 1 | 4 | 6', 'pe[:, :3, :] | 1 → 2 | 3 | 6', 'x + pe[:, :3, :] | 2 | 3 | 6']);
  await shot(page.locator('#s'), 'slicing-4');
  assert.deepEqual(page.errors, []);
  await page.close();
});
