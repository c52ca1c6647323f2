// Browser test of <posenc-t5> in Chromium, beside the element it tests: readouts against independent
// references (float64 formulas, the torch/numpy fixtures of tests/fixtures), keyboard operation, boundaries.
// The tests shared by every method widget (attributes, exports, repaint time) are in tests/browser/methods.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, near, widgetPage, num, shot, evalEl, settle, fixture, flatText as text } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

test('t5: buckets equal the transformers fixture for −300…300, regions, grid and bias readouts, keyboard', async () => {
  const page = await widgetPage(env, '<posenc-t5 id="t" num-buckets="32" max-distance="128" bidirectional span="300"></posenc-t5>');
  const fx = fixture('t5.json');
  const check = async (bidirectional, numBuckets, maxDistance) => {
    const cfg = fx.configs.find((c) => c.bidirectional === bidirectional && c.numBuckets === numBuckets && c.maxDistance === maxDistance);
    const curve = await evalEl(page, '#t', (el) => ({ x: Array.from(el._data.x), y: Array.from(el._data.y) }));
    assert.deepEqual(curve.x, fx.relativePositions);
    assert.deepEqual(curve.y, cfg.buckets, `buckets for ${JSON.stringify({ bidirectional, numBuckets, maxDistance })}`);
    return cfg;
  };
  const cfg = await check(true, 32, 128);
  const bucketOf = (c, rp) => c.buckets[fx.relativePositions.indexOf(rp)];
  let res = await evalEl(page, '#t', (el) => el.result);
  assert.deepEqual(res.past.exact, [0, 7], 'exact region: 8 distances (half of the 16 buckets per direction)');
  assert.equal(res.past.lastBucket, 15);
  assert.equal(bucketOf(cfg, -res.past.last[0]), 15);
  assert.notEqual(bucketOf(cfg, -(res.past.last[0] - 1)), 15, 'the last bucket starts where the readout says');

  // grid readout: query 10, key 3 → rp −7 → bucket 7; the bias is the head's table value at that bucket
  let cell = await text(page, '#t', '#cell-readout');
  assert.match(cell, /^query 10, key 3: relative position −7 → bucket 7 → bias \(head 0\) = /);
  const tableValue = await evalEl(page, '#t', (el) => el.pe.learned({ maxLength: 32, dModel: 4, seed: 0, std: 1 })[7 * 4 + 0]);
  near(num(cell.split('=').pop()), tableValue, 5e-5, 'bias = table[bucket][head]');
  // keyboard on the grid: → ×4, ↓ ×2 → query 12, key 7, rp −5; Enter selects the pair
  await page.locator('#t').locator('canvas.buckets').focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'Enter']) await page.keyboard.press(key);
  await settle(page, '#t');
  cell = await text(page, '#t', '#cell-readout');
  assert.match(cell, new RegExp(`^query 12, key 7: relative position −5 → bucket ${bucketOf(cfg, -5)} → `));
  assert.equal(await page.getAttribute('#t', 'positions'), '12,7');
  // keyboard on the curve: the readout names the shared range
  await page.locator('#t').locator('canvas.curve').focus();
  await page.keyboard.press('End');
  await settle(page, '#t');
  const curveText = await text(page, '#t', '#curve-readout');
  assert.match(curveText, /^relative position 300 → bucket 31 \(last bucket; shared by relative positions \d+ … ∞\)$/);
  await shot(page.locator('#t'), 't5-bidirectional');

  // causal (decoder) and other sizes follow the fixture too
  await page.locator('#t').getByLabel('bidirectional (encoder)').uncheck();
  await settle(page, '#t');
  assert.equal(await page.getAttribute('#t', 'bidirectional'), null);
  await check(false, 32, 128);
  await evalEl(page, '#t', (el) => {
    el.numBuckets = 16;
    el.maxDistance = 20;
  });
  await settle(page, '#t');
  const causal = await check(false, 16, 20);
  res = await evalEl(page, '#t', (el) => el.result);
  // the regions as the fixture shows them: exact = distances with a bucket of their own, last = the final run
  const past = Array.from({ length: 301 }, (_, n) => bucketOf(causal, -n));
  const shared = (n) => past.filter((b) => b === past[n]).length > 1;
  let exactEnd = 0;
  while (!shared(exactEnd)) exactEnd++;
  assert.deepEqual(res.past.exact, [0, exactEnd - 1], 'causal exact region');
  assert.equal(exactEnd, 9, 'with max-distance 20 the first log bucket holds one distance (8) too');
  assert.equal(res.past.last[0], past.indexOf(15), 'causal: every distance from the first bucket-15 one on');
  assert.ok(res.future.runs === undefined && res.future.lastBucket === 0, 'causal: keys after the query all in bucket 0');
  await shot(page.locator('#t'), 't5-causal-16-20');
  assert.deepEqual(page.errors, []);
  await page.close();
});
