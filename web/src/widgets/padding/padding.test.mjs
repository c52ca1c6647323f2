// Browser test of <posenc-padding> in Chromium, beside the element it tests: readouts against independent
// references (float64 formulas, the torch/numpy fixtures of tests/fixtures), keyboard operation, boundaries.
// The tests shared by every method widget (attributes, exports, repaint time) are in tests/browser/methods.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, widgetPage, shot, evalEl, settle, fixture, flatText as text } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

test('padding: RoBERTa and generation ids equal the fixtures’ rules, the −1 mistake and its lookup error, keyboard', async () => {
  const page = await widgetPage(env, '<posenc-padding id="p" tokens="The,cat,sat" length="6" pad-side="right"></posenc-padding>');
  let res = await evalEl(page, '#p', (el) => el.result);
  assert.deepEqual(res.ids, [100, 101, 102, 1, 1, 1]);
  assert.deepEqual(res.mask, [1, 1, 1, 0, 0, 0]);
  assert.deepEqual(res.roberta, [2, 3, 4, 1, 1, 1]);
  assert.deepEqual(res.generation, [0, 1, 2, 1, 1, 1]);
  assert.deepEqual(res.mistake, [0, 1, 2, -1, -1, -1], 'cumsum(mask)·mask − 1 is −1 at padding, not 0');
  assert.equal(res.mistakeError, 'RangeError: positions: position -1 has no learned embedding (the table covers 0 to maxLength - 1 = 5)');
  assert.equal(await text(page, '#p', '[data-role="mistake-error"]'), res.mistakeError);
  const wrong = await evalEl(page, '#p', (el) => [...el.shadowRoot.querySelectorAll('tr[data-row="mistake"] td.wrong')].map((td) => td.textContent));
  assert.deepEqual(wrong, ['\u22121', '\u22121', '\u22121']);

  // left padding: the two conventions of transformers (fixture rows use the same formulas)
  await page.locator('#p').getByRole('button', { name: 'pad on the left' }).click();
  await settle(page, '#p');
  assert.equal(await page.getAttribute('#p', 'pad-side'), 'left');
  res = await evalEl(page, '#p', (el) => el.result);
  assert.deepEqual(res.mask, [0, 0, 0, 1, 1, 1]);
  assert.deepEqual(res.generation, [1, 1, 1, 0, 1, 2]);
  assert.deepEqual(res.roberta, [1, 1, 1, 2, 3, 4]);
  assert.deepEqual(res.naive, [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(res.mistake, [-1, -1, -1, 0, 1, 2]);
  const fx = fixture('position_ids.json');
  const gen = fx.generation.find((g) => g.mask.join() === '0,0,1,1,1');
  assert.deepEqual(gen.expected, [1, 1, 0, 1, 2], 'the fixture uses the same generation rule');
  // past length shifts RoBERTa ids (fixture: pastLength 3 adds 3)
  await page.locator('#p').getByLabel('past length').fill('3');
  await page.locator('#p').getByLabel('past length').press('Enter');
  await settle(page, '#p');
  res = await evalEl(page, '#p', (el) => el.result);
  assert.deepEqual(res.roberta, [1, 1, 1, 5, 6, 7]);
  // keyboard: slot buttons with arrow keys; the readout explains the slot
  await page.locator('#p').locator('button[data-slot="0"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await settle(page, '#p');
  assert.equal(await page.getAttribute('#p', 'column'), '2');
  assert.match(await text(page, '#p', '[data-role="slot"]'), /^slot 2, padding \(id 1\): RoBERTa gives 1 .* the tutorial shortcut gives −1 — not a row of any table\.$/);
  await page.keyboard.press('End');
  await settle(page, '#p');
  assert.match(await text(page, '#p', '[data-role="slot"]'), /^slot 5, “sat” \(id 102\): RoBERTa gives 7, generation gives 5, the tutorial shortcut gives 2/);
  // typing new tokens
  await page.locator('#p').getByLabel('Tokens, separated by spaces').fill('I love Paris too');
  await page.locator('#p').getByLabel('Tokens, separated by spaces').press('Enter');
  await settle(page, '#p');
  assert.equal(await page.getAttribute('#p', 'tokens'), 'I,love,Paris,too');
  await shot(page.locator('#p'), 'padding-left');
  assert.deepEqual(page.errors, []);
  await page.close();
});
