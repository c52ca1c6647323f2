// Browser test of <posenc-rope> in Chromium, beside the element it tests: readouts against independent
// references (float64 formulas, the torch/numpy fixtures of tests/fixtures), keyboard operation, boundaries.
// The tests shared by every method widget (attributes, exports, repaint time) are in tests/browser/methods.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, near, widgetPage, num, shot, evalEl, settle, refRope, dot } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

test('rope: q·k matches a float64 rotation, is unchanged when m and n move together (keyboard), pairing of both conventions', async () => {
  const page = await widgetPage(env, '<posenc-rope id="r" head-dim="64" base="10000" m="5" n="2"></posenc-rope>');
  const qk = await evalEl(page, '#r', (el) => Array.from(el.pe.learned({ maxLength: 2, dModel: 64, seed: 0, std: 1 })));
  const q = qk.slice(0, 64);
  const k = qk.slice(64);
  const ref = (m, n, conv = 'half') => dot(refRope(q, m, 10000, conv), refRope(k, n, 10000, conv));
  const read = async () => ({
    score: await evalEl(page, '#r', (el) => el.shadowRoot.querySelector('[data-role="score"]').textContent),
    reference: await evalEl(page, '#r', (el) => el.shadowRoot.querySelector('[data-role="reference"]').textContent),
    result: await evalEl(page, '#r', (el) => el.result),
  });
  let r = await read();
  near(num(r.score), ref(5, 2), 5e-5 + 1e-5, 'q·k at (5, 2)');
  near(r.result.score, ref(5, 2), 1e-4, 'result.score');
  assert.deepEqual([r.result.reference.m, r.result.reference.n], [3, 0]);
  near(r.result.reference.score, ref(3, 0), 1e-4, 'reference at (3, 0)');
  const first = r.score;

  // the keyboard moves both: → three times and Shift+→ once gives (18, 15), the readout does not change
  await page.locator('#r').locator('canvas.circle').focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Shift+ArrowRight']) await page.keyboard.press(key);
  await settle(page, '#r');
  r = await read();
  assert.deepEqual([r.result.m, r.result.n], [18, 15]);
  assert.equal(await page.getAttribute('#r', 'm'), '18');
  near(r.result.score, r.result.reference.score, 1e-4, 'invariance: (18, 15) vs (3, 0)');
  near(num(r.score), num(first), 1.5e-4, 'the readout of q·k is unchanged after moving both');
  near(r.result.score, ref(18, 15), 1e-4, 'q·k at (18, 15)');
  const history = await evalEl(page, '#r', (el) => [...el.shadowRoot.querySelectorAll('table.grid tr.same')].length);
  assert.ok(history >= 4, `the history highlights the rows with the same gap (${history})`);
  const focusOutline = await evalEl(page, '#r', (el) => getComputedStyle(el.shadowRoot.querySelector('canvas.circle')).outlineStyle);
  assert.equal(focusOutline, 'solid', 'visible focus');

  // moving one of them changes the score; the slider is a real range input
  await page.locator('#r').locator('input[aria-label="query position m"]').fill('40');
  await settle(page, '#r');
  r = await read();
  assert.deepEqual([r.result.m, r.result.n], [40, 15]);
  near(r.result.score, ref(40, 15), 1e-4, 'q·k at (40, 15)');

  // pairing read from the engine: half pairs j with j + 32; interleaved pairs 2i with 2i + 1
  assert.deepEqual(r.result.pairs.slice(0, 2), [
    [0, 32],
    [1, 33],
  ]);
  await shot(page.locator('#r'), 'rope-half');
  await page.locator('#r').getByRole('button', { name: 'interleaved' }).click();
  await settle(page, '#r');
  r = await read();
  assert.equal(await page.getAttribute('#r', 'convention'), 'interleaved');
  assert.deepEqual(r.result.pairs.slice(0, 2), [
    [0, 1],
    [2, 3],
  ]);
  near(r.result.score, ref(40, 15, 'interleaved'), 1e-4, 'interleaved q·k at (40, 15)');
  // ↑ picks the next pair: channels 2 and 3, turning at base^(−2/64)
  await page.locator('#r').locator('canvas.circle').focus();
  await page.keyboard.press('ArrowUp');
  await settle(page, '#r');
  r = await read();
  assert.deepEqual(r.result.channels, [2, 3]);
  near(r.result.invFreq, Math.pow(10000, -2 / 64), 1e-12, 'θ of pair 1');
  // the decay bound: at distance 0 it is (d/2 + 1)/2 (every partial sum has length j), and it falls
  const bound = await evalEl(page, '#r', async (el) => {
    await el.renderComplete;
    const b = el._bound.values;
    const R = (b.length - 1) / 2;
    return { at0: b[R], at100: b[R + 100], atMinus100: b[R - 100] };
  });
  near(bound.at0, 16.5, 1e-4, 'bound at distance 0');
  assert.ok(bound.at100 < bound.at0 / 2, `bound falls with distance (${bound.at100})`);
  near(bound.atMinus100, bound.at100, 1e-12, 'bound is symmetric');
  await shot(page.locator('#r'), 'rope-interleaved');
  assert.deepEqual(page.errors, []);
  await page.close();
});
