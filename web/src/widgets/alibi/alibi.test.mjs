// Browser test of <posenc-alibi> in Chromium, beside the element it tests: readouts against independent
// references (float64 formulas, the torch/numpy fixtures of tests/fixtures), keyboard operation, boundaries.
// The tests shared by every method widget (attributes, exports, repaint time) are in tests/browser/methods.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, near, widgetPage, canvasStats, num, shot, evalEl, settle, flatText as text } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

/** ALiBi slopes (Press et al.): the power-of-two set, then every other slope of the doubled set. */
function refSlopes(n) {
  const pow2 = (k) => Array.from({ length: k }, (_, i) => Math.pow(2, (-8 * (i + 1)) / k));
  const c = 2 ** Math.floor(Math.log2(n));
  return c === n ? pow2(n) : [...pow2(c), ...pow2(2 * c).filter((_, i) => i % 2 === 0).slice(0, n - c)];
}

test('alibi: slopes for 12 heads (8 geometric, then 2^-0.5 … 2^-3.5), bias and weights of each head, keyboard', async () => {
  const page = await widgetPage(env, '<posenc-alibi id="a" heads="12" length="16"></posenc-alibi>');
  const expected = [...Array.from({ length: 8 }, (_, i) => 2 ** -(i + 1)), 2 ** -0.5, 2 ** -1.5, 2 ** -2.5, 2 ** -3.5];
  assert.deepEqual(refSlopes(12).map((v) => v.toPrecision(12)), expected.map((v) => v.toPrecision(12)), 'the reference itself');
  const shown = await evalEl(page, '#a', (el) => [...el.shadowRoot.querySelectorAll('.slopes button')].map((b) => Number(b.dataset.value)));
  assert.equal(shown.length, 12);
  shown.forEach((v, i) => near(v, expected[i], 1e-7 * expected[i], `slope of head ${i}`));
  const labels = await evalEl(page, '#a', (el) => [...el.shadowRoot.querySelectorAll('.slopes button')].map((b) => b.textContent.trim()));
  assert.equal(labels[8], 'h8: 0.707107');
  for (const n of [1, 3, 5, 6, 7, 9, 24]) {
    await evalEl(page, '#a', (el, h) => (el.heads = h), n);
    await settle(page, '#a');
    const s = await evalEl(page, '#a', (el) => el.result.slopes);
    const r = refSlopes(n);
    s.forEach((v, i) => near(v, r[i], 1e-7 * r[i], `${n} heads, slope ${i}`));
  }
  await evalEl(page, '#a', (el) => (el.heads = 12));
  await settle(page, '#a');

  // keyboard on the slope list: → moves to head 1; the weights row of the last query is softmax(bias)
  await page.locator('#a').locator('.slopes button[data-head="0"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await settle(page, '#a');
  assert.equal(await page.getAttribute('#a', 'head'), '2');
  const res = await evalEl(page, '#a', (el) => el.result);
  assert.equal(res.query, 15);
  res.biasRow.forEach((b, j) => near(b, -0.125 * (15 - j), 1e-6, `bias 15→${j}`));
  const z = res.biasRow.reduce((s, b) => s + Math.exp(b), 0);
  res.weightsRow.forEach((w, j) => near(w, Math.exp(res.biasRow[j]) / z, 1e-6, `weight 15→${j}`));
  // keyboard on the heads picture: the cursor reads a masked cell and a finite one
  await page.locator('#a').locator('canvas.heads').focus();
  await page.keyboard.press('ArrowRight');
  await settle(page, '#a');
  assert.match(await text(page, '#a', '#bias-readout'), /^head 2, query 0, key 1: bias = −∞ \(a future key: masked\)$/);
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key);
  await settle(page, '#a');
  const biasText = await text(page, '#a', '#bias-readout');
  assert.match(biasText, /^head 2, query 4, key 1: bias = −0\.3750 /);
  // weights readout by keyboard
  await page.locator('#a').locator('canvas.weights').focus();
  await page.keyboard.press('ArrowLeft');
  await settle(page, '#a');
  const wText = await text(page, '#a', '#weight-readout');
  assert.match(wText, /^head 2 \(slope 0\.125\), query 15: weight on key 14 = /);
  near(num(wText.match(/= (\S+);/)[1]), Math.exp(-0.125) / z, 5e-5, 'weight readout');
  const stats = await canvasStats(page, '#a', 'canvas.heads');
  assert.ok(stats.colours > 30, `bias matrices drawn (${stats.colours} colours)`);
  await shot(page.locator('#a'), 'alibi-12-heads');
  assert.deepEqual(page.errors, []);
  await page.close();
});
