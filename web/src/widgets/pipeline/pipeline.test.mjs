// Browser test of <posenc-pipeline> in Chromium, beside the element it tests: its readouts against float64
// references, selection, keyboard. What every widget shares (linking, attributes, exports) is tested in
// tests/browser/widgets.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, near, widgetPage, num, shot, refEncoding } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

test('pipeline: steps, play, scaling and dropout, values from the engine', async () => {
  const page = await widgetPage(env, '<posenc-pipeline id="p" token="Hello" position="3" d-model="32"></posenc-pipeline>');
  const status = () => page.evaluate(() => document.querySelector('#p').shadowRoot.querySelector('.readout[role="status"]').textContent);
  assert.match(await status(), /^Stage 1 of 4: Token/);
  await page.locator('#p').getByRole('button', { name: 'Step' }).click();
  assert.match(await status(), /^Stage 2 of 4: Embedding lookup/);
  assert.equal(await page.getAttribute('#p', 'step'), '2');
  // PE stage values equal the reference
  const stages = await page.evaluate(() => document.querySelector('#p').stages.map((s) => ({ key: s.key, v: s.vector ? Array.from(s.vector) : null })));
  const pe = stages.find((s) => s.key === 'pe').v;
  const ref = refEncoding(3, 32);
  pe.forEach((v, i) => near(v, ref[i], 1e-6, `PE(3)[${i}]`));
  const emb = stages.find((s) => s.key === 'embedding').v;
  const sum = stages.find((s) => s.key === 'sum').v;
  sum.forEach((v, i) => near(v, emb[i] + pe[i], 1e-6, `sum[${i}]`));
  // keyboard on a bar chart reads one dimension across the stages
  await page.locator('#p').locator('canvas[data-stage="pe"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.evaluate(() => document.querySelector('#p').updateComplete);
  const hover = await page.evaluate(() => document.querySelector('#p').shadowRoot.querySelectorAll('.readout')[1].textContent);
  assert.match(hover, /pe\[1\] = /);
  near(num(hover.match(/pe\[1\] = (\S+)/)[1]), ref[1], 5e-5, 'hovered PE value');
  // toggles: scaling and dropout add stages
  await page.locator('#p').getByLabel('× √d_model').check();
  await page.locator('#p').getByLabel('dropout').check();
  assert.equal(await page.getAttribute('#p', 'scale'), '');
  assert.equal(await page.getAttribute('#p', 'dropout'), '');
  const keys = await page.evaluate(() => document.querySelector('#p').stages.map((s) => s.key));
  assert.deepEqual(keys, ['token', 'embedding', 'scaled', 'pe', 'sum', 'dropout']);
  // play runs to the end
  await page.evaluate(() => {
    document.querySelector('#p').step = 4;
  });
  await page.locator('#p').getByRole('button', { name: 'Play' }).click();
  await page.waitForFunction(() => document.querySelector('#p').getAttribute('step') === '6', null, { timeout: 5000 });
  await page.evaluate(() => document.querySelector('#p').updateComplete);
  await shot(page.locator('#p'), 'pipeline');
  assert.deepEqual(page.errors, []);
  await page.close();
});
