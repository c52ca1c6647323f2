// Values at the edges of what a widget draws: <posenc-t5> names the last bucket (and answers bucketOf) from the
// engine's bucket function, not from the plotted span; <posenc-padding> moves every convention on by
// past-length (the KV cache); <posenc-slicing> shows the shape error of x + pe[:, :seq] when seq is longer
// than the table instead of quietly clamping seq.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, browserPerFile, widgetPage, shadowText, shot } from './helpers.mjs';

const fixture = (name) => JSON.parse(readFileSync(join(root, 'tests/fixtures', name), 'utf8'));

const env = browserPerFile();

const evalEl = (page, sel, fn, arg) => page.evaluate(([s, f, a]) => new Function('el', 'arg', `return (${f})(el, arg)`)(document.querySelector(s), a), [sel, fn.toString(), arg]);
const text = async (page, host, inner) => (await shadowText(page, host, inner))?.replace(/\s+/g, ' ').trim() ?? null;
const settle = (page, sel) => page.evaluate((s) => document.querySelector(s).whenReady(), sel);
const set = async (page, sel, props) => {
  await evalEl(page, sel, (el, p) => Object.assign(el, p), props);
  await settle(page, sel);
};

// ---- T5 --------------------------------------------------------------------------------------------------

/** The regions of one side as the fixture (transformers' buckets for −300 … 300) shows them. */
function fixtureRegions(fx, cfg, sign) {
  const at = (n) => cfg.buckets[fx.relativePositions.indexOf(sign * n)];
  const half = Math.floor(cfg.numBuckets / 2);
  const lastBucket = cfg.bidirectional ? (sign < 0 ? half - 1 : 2 * half - 1) : sign < 0 ? cfg.numBuckets - 1 : 0;
  let lastStart = 0;
  while (at(lastStart) !== lastBucket) lastStart++;
  let exactEnd = 0;
  while (exactEnd < lastStart && at(exactEnd) !== at(exactEnd + 1)) exactEnd++;
  return { exact: [0, exactEnd - 1], log: [exactEnd, lastStart - 1], last: [lastStart, Infinity], lastBucket };
}

test('t5: with span < max-distance the last bucket is the real one (31 from distance 113), bucketOf answers any integer', async () => {
  const page = await widgetPage(env, '<posenc-t5 id="t" length="100" span="20" positions="90,3"></posenc-t5>');
  const fx = fixture('t5.json');
  const causal = fx.configs.find((c) => !c.bidirectional && c.numBuckets === 32 && c.maxDistance === 128);
  const rel = fx.relativePositions;

  // bucketOf asks the engine for any integer, not only inside the plotted ±20
  const far = await evalEl(page, '#t', (el) => [el.bucketOf(-500), el.bucketOf(-(2 ** 40)), el.bucketOf(-Number.MAX_SAFE_INTEGER), el.bucketOf(500), el.bucketOf(1.5), el.bucketOf(NaN)]);
  assert.deepEqual(far, [31, 31, 31, 0, null, null]);
  const all = await evalEl(page, '#t', (el, xs) => xs.map((r) => el.bucketOf(r)), rel);
  assert.deepEqual(all, causal.buckets, 'bucketOf(−300 … 300) equals transformers with a plot span of 20');

  // the regions come from the bucket function, whatever the span
  const res = await evalEl(page, '#t', (el) => el.result);
  assert.deepEqual(res.past, fixtureRegions(fx, causal, -1));
  assert.deepEqual(res.past.last, [113, Infinity]);
  assert.equal(res.past.lastBucket, 31);
  assert.equal(causal.buckets[rel.indexOf(-113)], 31);
  assert.equal(causal.buckets[rel.indexOf(-112)], 30);
  assert.deepEqual(res.future, { exact: [0, -1], log: [0, -1], last: [0, Infinity], lastBucket: 0 }, 'causal: every key after the query in bucket 0');

  // the readouts: −20 is in the log region; its bucket is shared with the run the fixture shows
  const readout = await text(page, '#t', '#curve-readout');
  assert.doesNotMatch(readout, /last bucket/);
  const b20 = causal.buckets[rel.indexOf(-20)];
  const run = rel.filter((r, i) => r <= 0 && causal.buckets[i] === b20);
  assert.equal(readout, `relative position −20 → bucket ${b20} (log region; shared by relative positions −${-Math.min(...run)} … −${-Math.max(...run)})`);
  const note = await text(page, '#t', '[data-role="regions"]');
  assert.match(note, /^Keys before the query: exact for distances 0 … 15, logarithmic for 16 … 112, and every distance from 113 on shares the last bucket, 31, beyond the plotted ±20\./);
  assert.doesNotMatch(note, /from 19 on|bucket 17/);
  await shot(page.locator('#t'), 'review-a-t5-span20');

  // a span that reaches the last bucket: the readout names it, open-ended
  await set(page, '#t', { span: 300 });
  await page.locator('#t').locator('canvas.curve').focus();
  await page.keyboard.press('Home');
  await settle(page, '#t');
  assert.equal(await text(page, '#t', '#curve-readout'), 'relative position −300 → bucket 31 (last bucket; shared by relative positions −∞ … −113)');

  // bidirectional: 16 buckets per direction, the last ones 15 and 31, both beyond a span of 20
  await set(page, '#t', { span: 20, bidirectional: true });
  const bi = fx.configs.find((c) => c.bidirectional && c.numBuckets === 32 && c.maxDistance === 128);
  const r2 = await evalEl(page, '#t', (el) => el.result);
  assert.deepEqual(r2.past, fixtureRegions(fx, bi, -1));
  assert.deepEqual(r2.future, fixtureRegions(fx, bi, 1));
  assert.deepEqual(await evalEl(page, '#t', (el) => [el.bucketOf(-500), el.bucketOf(500)]), [15, 31]);
  await page.locator('#t').locator('canvas.curve').focus();
  await page.keyboard.press('End');
  await settle(page, '#t');
  assert.doesNotMatch(await text(page, '#t', '#curve-readout'), /last bucket|∞/);

  // every fixture configuration: the regions the widget reports with a span of 10 match transformers
  for (const cfg of fx.configs) {
    await set(page, '#t', { span: 10, numBuckets: cfg.numBuckets, maxDistance: cfg.maxDistance, bidirectional: cfg.bidirectional });
    const r = await evalEl(page, '#t', (el) => el.result);
    const what = `${cfg.bidirectional ? 'bidirectional' : 'causal'} ${cfg.numBuckets}/${cfg.maxDistance}`;
    assert.deepEqual(r.past, fixtureRegions(fx, cfg, -1), `${what}: keys before`);
    if (cfg.bidirectional) assert.deepEqual(r.future, fixtureRegions(fx, cfg, 1), `${what}: keys after`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

// ---- padding ---------------------------------------------------------------------------------------------

/** transformers' generation ids over the whole mask (cache + shown), cut to the shown slots. */
function refGeneration(mask, past) {
  const full = [...Array(past).fill(1), ...mask];
  let c = 0;
  const ids = full.map((m) => ((c += m), m ? c - 1 : 1));
  return ids.slice(past);
}
const refRoberta = (mask, past, pad) => {
  let c = 0;
  return mask.map((m) => ((c += m), m ? c + past + pad : pad));
};

test('padding: past-length moves arange, RoBERTa and generation on; the labels and the note say so', async () => {
  const page = await widgetPage(env, '<posenc-padding id="p" pad-side="left" past-length="4"></posenc-padding>');
  // the fixture's generation rule is the reference's with no cache
  for (const g of fixture('position_ids.json').generation) assert.deepEqual(refGeneration(g.mask, 0), g.expected);

  let res = await evalEl(page, '#p', (el) => el.result);
  assert.deepEqual(res.mask, [0, 0, 0, 1, 1, 1]);
  assert.deepEqual(res.naive, [4, 5, 6, 7, 8, 9], 'arange(past, past + 6)');
  assert.deepEqual(res.roberta, [1, 1, 1, 6, 7, 8]);
  assert.deepEqual(res.generation, [1, 1, 1, 4, 5, 6], 'the first real token after 4 cached ones is at 4');
  assert.deepEqual(res.generation, refGeneration(res.mask, 4));
  assert.deepEqual(res.mistake, [-1, -1, -1, 0, 1, 2], 'the lesson’s expression ignores the cache');
  const heads = await evalEl(page, '#p', (el) => Object.fromEntries([...el.shadowRoot.querySelectorAll('tr[data-row] th')].map((th) => [th.parentElement.dataset.row, th.textContent.replace(/\s+/g, ' ').trim()])));
  assert.equal(heads.naive, 'arangepast + arange(6); ignores the padding');
  assert.equal(heads.generation, 'generation (GPT-2)cumsum([1]×4 + mask) − 1, last 6; padding → 1');
  const past = await text(page, '#p', '[data-role="past"]');
  assert.match(past, /^The KV cache\. 4 tokens are already in the cache/);
  assert.match(past, /arange runs from 4 to 9/);
  assert.match(past, /the first real token shown gets 4\./);
  await set(page, '#p', { column: 3 });
  assert.match(await text(page, '#p', '[data-role="slot"]'), /^slot 3, “The” \(id 100\): RoBERTa gives 6, generation gives 4, the tutorial shortcut gives 0; arange would say 7\.$/);
  await shot(page.locator('#p'), 'review-a-padding-left-past4');

  // right padding, other lengths, typed into the control
  await page.locator('#p').getByRole('button', { name: 'pad on the right' }).click();
  await page.locator('#p').getByLabel('past length').fill('7');
  await page.locator('#p').getByLabel('past length').press('Enter');
  await settle(page, '#p');
  assert.equal(await page.getAttribute('#p', 'past-length'), '7');
  res = await evalEl(page, '#p', (el) => el.result);
  assert.deepEqual(res.naive, [7, 8, 9, 10, 11, 12]);
  assert.deepEqual(res.generation, [7, 8, 9, 1, 1, 1]);
  assert.deepEqual(res.roberta, refRoberta(res.mask, 7, 1));
  const csv = await evalEl(page, '#p', (el) => el.toCSV());
  assert.match(csv, /^"?arange from past 7 \(ignores padding\)"?,7,8,9,10,11,12$/m);

  // a mask with a hole, and back to no cache: the rows start at 0 again and the cache note goes
  await set(page, '#p', { tokens: ['a', 'b', 'c', 'd'], length: 5, padSide: 'left', pastLength: 2 });
  res = await evalEl(page, '#p', (el) => el.result);
  assert.deepEqual(res.generation, refGeneration(res.mask, 2));
  assert.deepEqual(res.roberta, refRoberta(res.mask, 2, 1));
  await set(page, '#p', { pastLength: 0 });
  res = await evalEl(page, '#p', (el) => el.result);
  assert.deepEqual(res.naive, [0, 1, 2, 3, 4]);
  assert.deepEqual(res.generation, [1, 0, 1, 2, 3]);
  assert.equal(await text(page, '#p', '[data-role="past"]'), null);

  // a bad past-length is a visible message naming the attribute, and the widget recovers
  await set(page, '#p', { pastLength: -2 });
  assert.equal(await text(page, '#p', '.error[role="alert"]'), 'RangeError: past-length must be an integer from 0 to 1048576 (got -2)');
  assert.equal(await evalEl(page, '#p', (el) => el.result), null);
  await set(page, '#p', { pastLength: 3 });
  assert.equal(await text(page, '#p', '.error[role="alert"]'), null);
  assert.deepEqual((await evalEl(page, '#p', (el) => el.result)).naive, [3, 4, 5, 6, 7]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// ---- slicing ---------------------------------------------------------------------------------------------

test('slicing: seq longer than length is the shape error of x + pe[:, :seq], not a clamp; fixing seq recovers', async () => {
  const page = await widgetPage(env, '<posenc-slicing id="s" step="4" seq="6" length="4"></posenc-slicing>');
  const shapes = () => evalEl(page, '#s', (el) => [...el.shadowRoot.querySelectorAll('table.shapes tr')].map((r) => [...r.cells].map((c) => c.textContent.trim()).join(' | ')));
  const message = () => text(page, '#s', '[data-role="too-long"]');

  assert.deepEqual(await shapes(), [' | batch | seq | d_model', 'x | 2 | 6 | 6', 'pe.unsqueeze(0) | 1 | 4 | 6', 'pe[:, :6, :] | 1 | 4, not 6 | 6', 'x + pe[:, :6, :] | 2 | 6 vs 4: error | 6']);
  let msg = await message();
  assert.match(msg, /^seq = 6 is longer than length = 4 /);
  assert.match(msg, /The size of tensor a \(6\) must match the size of tensor b \(4\) at non-singleton dimension 1/);
  assert.match(msg, /make seq at most 4, or build the table with length ≥ 6\.$/);
  assert.equal(await evalEl(page, '#s', (el) => el.shadowRoot.querySelectorAll('table.values').length), 0, 'no pe[0, :4] passed off as pe[:, :6]');
  await shot(page.locator('#s'), 'review-a-slicing-too-long');

  // step 5: nothing to add, the same message; steps 1–3 (the table itself) point at step 4
  await set(page, '#s', { step: 5 });
  assert.match(await message(), /^seq = 6 is longer than length = 4 /);
  assert.equal(await evalEl(page, '#s', (el) => el.shadowRoot.querySelectorAll('.batch').length), 0);
  await set(page, '#s', { step: 2 });
  assert.equal(await message(), 'seq = 6 is longer than length = 4: building the table works, but x + pe[:, :6, :] will fail — step 4 shows why.');
  assert.equal(await evalEl(page, '#s', (el) => el.shadowRoot.querySelectorAll('table.values tbody tr').length), 4, 'the 4-row table is still drawn');
  const csv = await evalEl(page, '#s', (el) => el.toCSV());
  assert.doesNotMatch(csv, /^"?x\+pe/m, 'no sums exported for an addition that fails');

  // fixed either way: the message goes and the steps show the broadcast again
  await set(page, '#s', { step: 4, seq: 3 });
  assert.equal(await message(), null);
  assert.deepEqual(await shapes(), [' | batch | seq | d_model', 'x | 2 | 3 | 6', 'pe.unsqueeze(0) | 1 | 4 | 6', 'pe[:, :3, :] | 1 → 2 | 3 | 6', 'x + pe[:, :3, :] | 2 | 3 | 6']);
  await set(page, '#s', { seq: 6, length: 8, step: 5 });
  assert.equal(await message(), null);
  assert.equal(await evalEl(page, '#s', (el) => el.shadowRoot.querySelectorAll('.batch').length), 2);
  assert.equal(await evalEl(page, '#s', (el) => el.shadowRoot.querySelector('.batch table.values').querySelectorAll('tbody tr').length), 6);
  assert.deepEqual(page.errors, []);
  await page.close();
});
