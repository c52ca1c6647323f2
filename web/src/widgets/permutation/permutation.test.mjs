// Browser test of <posenc-permutation> in Chromium, beside the element it tests: its readouts against float64
// references, selection, keyboard. What every widget shares (linking, attributes, exports) is tested in
// tests/browser/widgets.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, widgetPage, shot } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

test('permutation: shuffling without positions changes nothing; with positions it does', async () => {
  const page = await widgetPage(env, '<posenc-permutation id="p" tokens="I,love,Paris"></posenc-permutation>');
  const verdict = () => page.evaluate(() => document.querySelector('#p').shadowRoot.querySelector('.verdict .num').dataset.value);
  assert.equal(Number(await verdict()), 0);
  await page.locator('#p').getByRole('button', { name: 'Shuffle' }).click();
  await page.evaluate(() => document.querySelector('#p').updateComplete);
  assert.equal(Number(await verdict()), 0, 'still exactly zero after a shuffle');
  await shot(page.locator('#p'), 'permutation-off');
  await page.locator('#p').getByLabel('add positional encoding').check();
  await page.evaluate(() => document.querySelector('#p').updateComplete);
  const withPe = Number(await verdict());
  assert.ok(withPe > 0.01, `with positional encoding the outputs differ (${withPe})`);
  assert.equal(await page.getAttribute('#p', 'encoding'), '');
  await shot(page.locator('#p'), 'permutation-on');
  assert.deepEqual(page.errors, []);
  await page.close();
});
