// Browser test of <posenc-waves> in Chromium, beside the element it tests: its readouts against float64
// references, selection, keyboard. What every widget shares (linking, attributes, exports) is tested in
// tests/browser/widgets.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, near, widgetPage, canvasStats, shadowText, num, shot, refEncoding } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

test('waves: curves drawn, slider and keyboard readouts, transposed view, wavelengths, reduced motion', async () => {
  const page = await widgetPage(env, '<posenc-waves id="w" d-model="64" dims="0,1,4,8,16,32" length="100"></posenc-waves>');
  const stats = await canvasStats(page, '#w');
  assert.ok(stats.colours > 8, 'curves drawn');
  await page.locator('#w').locator('canvas.plot').focus();
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  await page.evaluate(() => document.querySelector('#w').updateComplete);
  const text = await shadowText(page, '#w', '.readout');
  assert.match(text, /^position 7: dim 0 = /);
  const values = [...text.matchAll(/dim (\d+) = (\u2212?[\d.]+)/g)].map((m) => [Number(m[1]), num(m[2])]);
  assert.equal(values.length, 6);
  const ref = refEncoding(7, 64);
  for (const [d, v] of values) near(v, ref[d], 5e-5 + 1e-7, `dim ${d} at 7`);
  const legend = await page.evaluate(() => document.querySelector('#w').shadowRoot.querySelector('table.waves-legend').textContent.replace(/\s+/g, ' '));
  assert.match(legend, /dim 4 sin, i = 2 2π·100004\/64 ≈ 11\.17 positions/);
  // the slider is a real range input
  await page.locator('#w').locator('input[type="range"]').fill('42');
  await page.evaluate(() => document.querySelector('#w').updateComplete);
  assert.match(await shadowText(page, '#w', '.readout'), /^position 42: /);
  await shot(page.locator('#w'), 'waves');
  await page.locator('#w').getByRole('button', { name: 'Value vs dimension' }).click();
  await page.evaluate(() => document.querySelector('#w').updateComplete);
  assert.equal(await page.getAttribute('#w', 'view'), 'dimension');
  assert.ok((await canvasStats(page, '#w')).colours > 3);
  await shot(page.locator('#w'), 'waves-dimension');
  // reduced motion: the sweep cannot start
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() => document.querySelector('#w').requestUpdate());
  await page.evaluate(() => document.querySelector('#w').updateComplete);
  const disabled = await page.evaluate(() => [...document.querySelector('#w').shadowRoot.querySelectorAll('button')].find((b) => /sweep/.test(b.textContent)).disabled);
  assert.equal(disabled, true);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.evaluate(() => document.querySelector('#w').setAttribute('sweep', ''));
  await page.waitForFunction(() => document.querySelector('#w')._at !== 42, null, { timeout: 3000 });
  await page.evaluate(() => document.querySelector('#w').removeAttribute('sweep'));
  assert.deepEqual(page.errors, []);
  await page.close();
});
