// Browser test of <posenc-scaling> in Chromium, beside the element it tests: readouts against independent
// references (float64 formulas, the torch/numpy fixtures of tests/fixtures), keyboard operation, boundaries.
// The tests shared by every method widget (attributes, exports, repaint time) are in tests/browser/methods.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, near, widgetPage, canvasStats, num, shot, evalEl, settle, fixture, flatText as text } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

test('scaling: Llama 3 and the other rules against the transformers fixture, attention factors, keyboard', async () => {
  const page = await widgetPage(env, '<posenc-scaling id="s" head-dim="128" base="500000" type="llama3" factor="8" original-max="8192"></posenc-scaling>');
  const fx = fixture('rope.json').invFreq;
  const llama = fx.find((e) => e.params.scaling?.type === 'llama3');
  let res = await evalEl(page, '#s', (el) => el.result);
  res.curves.llama3.invFreq.forEach((v, i) => near(v, llama.invFreq[i], 1e-12 * Math.max(1, llama.invFreq[i]) + 1e-18, `llama3 pair ${i}`));
  const def = res.curves.default.invFreq;
  def.forEach((v, i) => near(v, Math.pow(500000, (-2 * i) / 128), 1e-15, `default pair ${i}`));
  res.curves.linear.invFreq.forEach((v, i) => near(v, def[i] / 8, 1e-15, `linear pair ${i}`));
  near(res.curves.yarn.attentionFactor, 0.1 * Math.log(8) + 1, 1e-12, 'YaRN attention factor');
  near(res.curves.longrope.attentionFactor, Math.sqrt(1 + Math.log(8) / Math.log(8192)), 1e-12, 'LongRoPE attention factor');
  // YaRN as in the fixture (head 128, base 10000, factor 4, original 4096)
  await evalEl(page, '#s', (el) => {
    el.base = 10000;
    el.factor = 4;
    el.originalMax = 4096;
    el.type = 'yarn';
  });
  await settle(page, '#s');
  const yarn = fx.find((e) => e.params.scaling?.type === 'yarn' && e.params.headDim === 128 && e.params.scaling.factor === 4 && !e.params.partialRotaryFactor && !e.params.scaling.attentionFactor);
  res = await evalEl(page, '#s', (el) => el.result);
  res.curves.yarn.invFreq.forEach((v, i) => near(v, yarn.invFreq[i], 1e-12, `yarn pair ${i}`));
  near(res.curves.yarn.attentionFactor, yarn.attentionFactor, 1e-12, 'yarn attention factor');
  assert.equal(await page.getAttribute('#s', 'type'), 'yarn');
  const af = await text(page, '#s', '[data-role="attention-factor"]');
  assert.equal(af, '1.1386');
  // keyboard: ↓ switches to the next type, → moves the pair; the readout follows
  await page.locator('#s').locator('canvas.plot').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter'); // the arrows read a pair, Enter selects it (and the attribute follows)
  await settle(page, '#s');
  assert.equal(await page.getAttribute('#s', 'type'), 'llama3');
  assert.equal(await page.getAttribute('#s', 'pair'), '5');
  const pairText = await text(page, '#s', '#pair-readout');
  assert.match(pairText, /^pair 5: default θ = /);
  near(num(await evalEl(page, '#s', (el) => el.shadowRoot.querySelector('[data-role="inv-freq"]').dataset.value)), res.curves.llama3.invFreq[5], 1e-15, 'readout θ');
  // the select changes the type too
  await page.locator('#s').locator('select').selectOption('dynamic');
  await settle(page, '#s');
  assert.equal(await page.getAttribute('#s', 'type'), 'dynamic');
  await page.locator('#s').getByRole('button', { name: 'inverse frequency' }).click();
  await settle(page, '#s');
  assert.equal(await page.getAttribute('#s', 'view'), 'frequency');
  assert.ok((await canvasStats(page, '#s')).colours > 8, 'curves drawn');
  await shot(page.locator('#s'), 'scaling');
  assert.deepEqual(page.errors, []);
  await page.close();
});
