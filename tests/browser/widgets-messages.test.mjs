// Messages and bounds in rope, properties, methods and t5: RoPE's decay curve is a true upper
// bound on |q·k| and its titles fit a phone column; settings a widget cannot use as given (pair, pos, k,
// heads, num-buckets, head, positions) are named in one visible message with the value used instead,
// engine errors name the attribute as written, and t5 fires one posenc-change per change it shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, textLoggedPage, waitReady, shadowText, near } from './helpers.mjs';

const env = browserPerFile();

const open = (html, options) => textLoggedPage(env, html, options);

/** Visible messages of a widget: adjustments (role=status) and errors (role=alert). */
const messages = (page, selector) =>
  page.evaluate((s) => [...document.querySelector(s).shadowRoot.querySelectorAll('p.error')].map((p) => p.textContent.trim()), selector);

/** Sets properties and waits until the widget has drawn them. */
async function set(page, selector, props) {
  await page.evaluate(([s, p]) => Object.assign(document.querySelector(s), p), [selector, props]);
  await page.evaluate((s) => document.querySelector(s).whenReady(), selector);
}

/** The decay table of the rope CSV: { header, rows } (numbers; '' kept as NaN). */
async function ropeDecay(page, selector) {
  const csv = await page.evaluate((s) => document.querySelector(s).toCSV(), selector);
  const lines = csv.trim().split('\n');
  const at = lines.findIndex((l) => l.startsWith('relative_position,'));
  const header = lines[at].split(',');
  const rows = [];
  for (const line of lines.slice(at + 1)) {
    if (!line) break;
    rows.push(line.split(',').map(Number));
  }
  return { header, rows, meta: Object.fromEntries(lines[0].split(',').map((k, i) => [k, lines[1].split(',')[i]])) };
}

/** RoFormer's bound in float64: max_i |h_{i+1} − h_i| · Σ_j |S_j(r)| for the widget's content vectors. */
function refBound(q, k, pairs, base, r) {
  const half = pairs.length;
  const d = 2 * half;
  const h = pairs.map(([a, b]) => [q[a] * k[a] + q[b] * k[b], q[b] * k[a] - q[a] * k[b]]);
  h.push([0, 0]);
  let step = 0;
  for (let i = 0; i < half; i++) step = Math.max(step, Math.hypot(h[i + 1][0] - h[i][0], h[i + 1][1] - h[i][1]));
  let re = 0;
  let im = 0;
  let sum = 0;
  for (let i = 0; i < half; i++) {
    const th = Math.pow(base, (-2 * i) / d);
    re += Math.cos(r * th);
    im += Math.sin(r * th);
    sum += Math.hypot(re, im);
  }
  return { step, bound: step * sum };
}

// ---- rope ----------------------------------------------------------------------------------------------

test('rope: the curve called an upper bound is ≥ |q·k| at every plotted distance (RoFormer 3.4.3), for several settings', async () => {
  const page = await open('<posenc-rope id="r"></posenc-rope>');
  const settings = [{}, { convention: 'interleaved', seed: 3 }, { headDim: 8, base: 100, span: 64 }, { headDim: 2, span: 40 }, { headDim: 128, base: 500000, convention: 'half' }];
  for (const props of settings) {
    await set(page, '#r', props);
    const { header, rows, meta } = await ropeDecay(page, '#r');
    assert.deepEqual(header, ['relative_position', 'upper_bound', 'q_dot_k', 'mean_abs_partial_sum']);
    const R = (rows.length - 1) / 2;
    let below = 0;
    for (const [r, bound, qk] of rows) {
      assert.ok(Number.isFinite(bound), `${JSON.stringify(props)}: a bound at ${r}`);
      if (bound < Math.abs(qk) * (1 - 1e-5) - 1e-6) below++;
    }
    assert.equal(below, 0, `${JSON.stringify(props)}: the bound is below |q·k| at ${below} of ${rows.length} distances`);
    // the bound is RoFormer's, computed independently in float64 from the same content vectors
    const ref = await page.evaluate(() => {
      const el = document.querySelector('#r');
      const d = el.headDim;
      const qk = Array.from(el.pe.learned({ maxLength: 2, dModel: d, seed: el.seed, std: 1 }));
      return { q: qk.slice(0, d), k: qk.slice(d), pairs: el.result.pairs, base: el.base };
    });
    for (const r of [-R, -37, 0, 5, R]) {
      const want = refBound(ref.q, ref.k, ref.pairs, ref.base, r);
      const got = rows.find((x) => x[0] === r);
      near(got[1], want.bound, 1e-4 * want.bound, `${JSON.stringify(props)}: bound at ${r}`);
      near(Number(meta.max_step_h), want.step, 1e-5 * want.step, 'max |h_{i+1} − h_i|');
    }
  }
  // the default widget at m − n = −244 (the reviewer's case): the bound is above 9.18
  await set(page, '#r', { headDim: 64, base: 10000, convention: 'half', seed: 0, span: 256, m: 0, n: 244 });
  const { rows } = await ropeDecay(page, '#r');
  const [, bound, qk] = rows.find((x) => x[0] === -244);
  near(qk, 9.18, 0.01, 'q·k at −244');
  assert.ok(bound > Math.abs(qk), `bound ${bound} ≥ |q·k| ${qk}`);
  const readout = (await shadowText(page, '#r', '[data-role="bound"]')).replace(/\s+/g, ' ');
  assert.match(readout, /^At m − n = −244: bound [\d.]+ ≥ \|q·k\| = 9\.18/);
  const note = await page.evaluate(() => document.querySelector('#r').shadowRoot.textContent);
  assert.match(note, /max\s*i\s*\|h\s*i\+1\s*− h\s*i\s*\| · Σ\s*j\s*\|S\s*j\s*\|/, 'the caption gives the factor');
  // the mean of |S_j| (the paper's normalised "relative" curve) keeps its value: (d/2 + 1)/2 at 0
  near(await page.evaluate(() => document.querySelector('#r')._bound.values[256]), 16.5, 1e-4, 'mean of |S_j| at 0');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('rope: at 360 px the decay plot titles wrap inside the canvas, whole', async () => {
  const page = await open('<posenc-rope id="r"></posenc-rope>', { width: 360 });
  const drawn = await page.evaluate(() => {
    const c = document.querySelector('#r').shadowRoot.querySelector('canvas.decay');
    return window.__canvasTexts(c);
  });
  for (const t of drawn) {
    assert.ok(t.left >= -0.5 && t.right <= t.canvasWidth + 0.5, `“${t.text}” inside the canvas (${t.left.toFixed(1)} … ${t.right.toFixed(1)} of ${t.canvasWidth})`);
    assert.doesNotMatch(t.text, /…/, `“${t.text}” is not shortened`);
  }
  const text = drawn.map((t) => t.text).join(' ');
  assert.ok(text.includes('RoFormer’s upper bound on |q·k|, by m − n') || /RoFormer’s .*upper .*bound on \|q·k\|, by m − n/.test(text), text);
  assert.match(text, /q·k of this query and key,? .*by m − n/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('rope: a pair beyond head-dim / 2 − 1 is named with the pair used; the keys move from the used pair', async () => {
  const page = await open('<posenc-rope id="r" pair="40"></posenc-rope>');
  assert.deepEqual(await messages(page, '#r'), ['pair: 40 is not a pair from 0 to 31 (head-dim / 2 − 1), so 31 is used']);
  assert.equal(await page.evaluate(() => document.querySelector('#r').result.pair), 31);
  assert.equal(await page.evaluate(() => document.querySelector('#r').shadowRoot.querySelector('input[type="number"][max="31"]').value), '31');
  // ↓ on the picture goes to pair 30 (from the pair drawn, not from 40) and the message goes
  await page.locator('#r').locator('canvas.circle').focus();
  await page.keyboard.press('ArrowDown');
  await waitReady(page);
  assert.equal(await page.evaluate(() => document.querySelector('#r').result.pair), 30);
  assert.deepEqual(await messages(page, '#r'), []);
  // a smaller head: the pair kept as given is named again
  await set(page, '#r', { headDim: 8 });
  assert.deepEqual(await messages(page, '#r'), ['pair: 30 is not a pair from 0 to 3 (head-dim / 2 − 1), so 3 is used']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// ---- properties ----------------------------------------------------------------------------------------

test('properties: pos, k and pair outside their ranges are named, the boxes show the values used, the badge is for them', async () => {
  const page = await open('<posenc-properties id="p" pair="99" pos="-1" k="-2"></posenc-properties>');
  assert.deepEqual(await messages(page, '#p'), [
    'pos: -1 is not a position from 0 to 1048576, so 0 is used',
    'k: -2 is not a shift from 0 to 1048576, so 0 is used',
    'pair: 99 is not a pair from 0 to 63 (d-model / 2 − 1), so 63 is used',
  ]);
  const state = () =>
    page.evaluate(() => {
      const el = document.querySelector('#p');
      const check = el.shadowRoot.querySelector('[data-check="rotation"]');
      const boxes = Object.fromEntries([...check.querySelectorAll('label')].map((l) => [l.textContent.trim(), l.querySelector('input').value]));
      const { pos, k, i, maxErr } = el.checks.rotation;
      return { boxes, used: { pos, k, i }, maxErr, badge: check.querySelector('.badge').textContent.trim(), eq: check.querySelector('.eq').textContent.replace(/\s+/g, ' ') };
    });
  let s = await state();
  assert.deepEqual(s.boxes, { pos: '0', k: '0', 'pair i': '63' });
  assert.deepEqual(s.used, { pos: 0, k: 0, i: 63 });
  assert.match(s.eq, /^ ?pair 63: .* vs PE\(0\):/, 'the equation names the pair and positions used');
  assert.equal(s.badge, '✓ holds', 'R(0) maps PE(0) onto itself: the check holds for the values used');

  // in range: no message, the badge is computed for them
  await set(page, '#p', { pos: 10, k: 5, pair: 3 });
  assert.deepEqual(await messages(page, '#p'), []);
  s = await state();
  assert.deepEqual(s.boxes, { pos: '10', k: '5', 'pair i': '3' });
  assert.ok(s.maxErr < 1e-5 && s.badge === '✓ holds', `rotation error ${s.maxErr}`);

  // typing past the box's range: the box shows the value used, with no message (the box clamps)
  const pairBox = page.locator('#p').locator('[data-check="rotation"] label', { hasText: 'pair i' }).locator('input');
  await pairBox.fill('500');
  await pairBox.press('Enter');
  await waitReady(page);
  assert.equal(await pairBox.inputValue(), '63');
  await pairBox.fill('700');
  await pairBox.press('Enter');
  await waitReady(page);
  assert.equal(await pairBox.inputValue(), '63', 'also when the property was already 63');
  assert.deepEqual(await messages(page, '#p'), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// ---- methods -------------------------------------------------------------------------------------------

/** What the methods widget shows: messages, T5/ALiBi panel captions and errors, the beyond row, the note. */
const methodsView = (page, selector) =>
  page.evaluate((s) => {
    const root = document.querySelector(s).shadowRoot;
    const panel = (m) => ({
      what: root.querySelector(`.panel[data-method="${m}"] .what`).textContent.trim(),
      error: root.querySelector(`.panel[data-method="${m}"] [data-role="error"]`)?.textContent.trim() ?? null,
      score: root.querySelector(`.panel[data-method="${m}"] [data-role="score"]`)?.dataset.value ?? null,
    });
    return {
      messages: [...root.querySelectorAll('p.error')].map((p) => p.textContent.trim()),
      t5: panel('t5'),
      alibi: panel('alibi'),
      beyond: [...root.querySelectorAll('tr[data-row="beyond"] td')].map((td) => td.textContent.trim()),
      note: [...root.querySelectorAll('p.note')].map((p) => p.textContent.replace(/\s+/g, ' ')).join(' '),
      result: document.querySelector(s).result,
    };
  }, selector);

test('methods: invalid heads or num-buckets give one message naming the attribute; T5 and ALiBi are drawn with the value used', async () => {
  const page = await open(
    `<posenc-methods id="h" heads="0"></posenc-methods>
     <posenc-methods id="b" num-buckets="0"></posenc-methods>
     <posenc-methods id="x" heads="100" num-buckets="70000"></posenc-methods>`,
  );
  let v = await methodsView(page, '#h');
  assert.deepEqual(v.messages, ['heads: 0 is not a whole number from 1 to 64, so 1 is used (showing head 0)']);
  assert.equal(v.t5.what, 'table[bucket(j − i)] (seeded, untrained) (head 0)');
  assert.match(v.alibi.what, /\(head 0, slope 0\.0039\d*\)$/, 'one head: slope 2^−8');
  assert.equal(v.t5.error, null);
  assert.equal(v.alibi.error, null);
  assert.deepEqual(v.beyond, ['✓ scores defined', '✗ fails', '✓ scores defined', '✓ scores defined', '✓ scores defined']);
  assert.match(v.note, /T5: 32 buckets × 1 head\b/);
  assert.equal(v.result.parameters.t5, 32);
  near(v.result.scores.alibi.value, -3 / 256, 1e-9, 'ALiBi with one head at distance 3');

  v = await methodsView(page, '#b');
  assert.deepEqual(v.messages, ['num-buckets: 0 is not a whole number from 4 to 65536 (T5 here is bidirectional: at least 2 exact buckets each way), so 4 is used']);
  assert.equal(v.t5.error, null);
  assert.ok(v.t5.score != null, 'T5 has a score');
  assert.deepEqual(v.beyond, ['✓ scores defined', '✗ fails', '✓ scores defined', '✓ scores defined', '✓ scores defined']);
  assert.match(v.note, /T5: 4 buckets × 8 heads/);

  v = await methodsView(page, '#x');
  assert.deepEqual(v.messages, [
    'heads: 100 is not a whole number from 1 to 64, so 64 is used',
    'num-buckets: 70000 is not a whole number from 4 to 65536 (T5 here is bidirectional: at least 2 exact buckets each way), so 65536 is used',
    'max-distance: 128 is not a whole number greater than 16384, the exact buckets each way (num-buckets / 4 here), so 16385 is used',
  ]);
  assert.equal(v.t5.error, null);

  // fixed: the messages go, nothing else is shown in their place
  await set(page, '#h', { heads: 8 });
  await set(page, '#b', { numBuckets: 32 });
  for (const s of ['#h', '#b']) assert.deepEqual((await methodsView(page, s)).messages, [], `${s} recovers`);
  assert.match((await methodsView(page, '#h')).t5.what, /\(head 2\)$/, 'the head given is shown again');
  // no panel shows the learned table's words for another method's failure
  const texts = await page.evaluate(() =>
    [...document.querySelectorAll('posenc-methods')].flatMap((el) =>
      ['t5', 'alibi'].flatMap((m) => window.__canvasTexts(el.shadowRoot.querySelector(`canvas[data-method="${m}"]`)).map((t) => t.text)),
    ),
  );
  assert.ok(!texts.some((t) => /table|stops at/.test(t)), texts.join(' | '));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('methods: a key beyond the window (positions) and a head beyond heads are named with what is used', async () => {
  const page = await open(
    `<posenc-methods id="p" positions="200,10"></posenc-methods>
     <posenc-methods id="h" head="99"></posenc-methods>
     <posenc-methods id="d" query="20" distance="30"></posenc-methods>`,
  );
  let v = await methodsView(page, '#p');
  assert.deepEqual(v.messages, ['positions: 10 is not a key from 136 to 200 (at most window = 64 positions before the query 200), so 136 is used']);
  assert.deepEqual([v.result.query, v.result.key], [200, 136]);
  v = await methodsView(page, '#h');
  assert.deepEqual(v.messages, ['head: 99 is not a head from 0 to 7 (heads − 1), so 7 is used']);
  assert.match(v.t5.what, /\(head 7\)$/);
  assert.equal(await page.getAttribute('#h', 'head'), '99', 'the attribute is not rewritten');
  v = await methodsView(page, '#d');
  assert.deepEqual(v.messages, ['distance: 30 is not a distance from 0 to 20 (not after the query 20), so 20 is used']);
  assert.deepEqual([v.result.query, v.result.key], [20, 0]);

  // a pick in the widget replaces the positions: the message goes
  await page.locator('#p').locator('.chip[data-pos="190"]').click();
  await waitReady(page);
  v = await methodsView(page, '#p');
  assert.deepEqual(v.messages, []);
  assert.deepEqual([v.result.query, v.result.key], [200, 190]);
  await set(page, '#h', { head: 3 });
  assert.deepEqual((await methodsView(page, '#h')).messages, []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// ---- t5 ------------------------------------------------------------------------------------------------

test('t5: positions past the grid and a head past heads are named with what is used; engine errors name num-buckets and max-distance', async () => {
  const page = await open(
    `<posenc-t5 id="t" positions="5,60" head="9"></posenc-t5>
     <posenc-t5 id="b" num-buckets="0"></posenc-t5>
     <posenc-t5 id="m" num-buckets="64" max-distance="16"></posenc-t5>
     <posenc-t5 id="mb" num-buckets="64" max-distance="10" bidirectional></posenc-t5>`,
  );
  assert.deepEqual(await messages(page, '#t'), [
    'head: 9 is not a head from 0 to 3 (heads − 1), so 3 is used',
    'positions: 5,60 is not a query and key from 0 to 23 (length − 1), so 5,23 is used',
  ]);
  const cell = () => page.evaluate(() => document.querySelector('#t').cell);
  assert.deepEqual(await cell().then((c) => [c.query, c.key, c.head]), [5, 23, 3]);
  assert.match((await shadowText(page, '#t', '#cell-readout')).replace(/\s+/g, ' '), /^query 5, key 23: .* bias \(head 3\) = /);
  assert.equal(await page.getAttribute('#t', 'head'), '9', 'the attribute is not rewritten');
  // a grid that reaches 60: the given positions are drawn as they are; a valid head: no message
  await set(page, '#t', { length: 64, head: 1 });
  assert.deepEqual(await messages(page, '#t'), []);
  assert.deepEqual(await cell().then((c) => [c.query, c.key, c.head]), [5, 60, 1]);

  assert.deepEqual(await messages(page, '#b'), ['RangeError: num-buckets must be an integer from 2 to 65536 (got 0)']);
  assert.deepEqual(await messages(page, '#m'), ['RangeError: max-distance must be an integer greater than the exact-bucket count 32 (got 16) — half of num-buckets']);
  assert.deepEqual(await messages(page, '#mb'), [
    'RangeError: max-distance must be an integer greater than the exact-bucket count 16 (got 10) — a quarter of num-buckets when bidirectional',
  ]);
  const all = await page.evaluate(() => [...document.querySelectorAll('posenc-t5')].map((el) => el.shadowRoot.textContent).join(' '));
  assert.doesNotMatch(all, /numBuckets|maxDistance/);
  await set(page, '#m', { maxDistance: 128 });
  assert.deepEqual(await messages(page, '#m'), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('t5: one posenc-change per change shown; moving the bucket-plot cursor moves the cell along its diagonal', async () => {
  const page = await open('<posenc-t5 id="t"></posenc-t5>');
  await page.evaluate(() => {
    window.__events = [];
    document.querySelector('#t').addEventListener('posenc-change', (e) => window.__events.push(e.detail));
  });
  const events = () => page.evaluate(() => window.__events.splice(0));
  const readouts = async () => ({
    curve: (await shadowText(page, '#t', '#curve-readout')).replace(/\s+/g, ' '),
    cell: (await shadowText(page, '#t', '#cell-readout')).replace(/\s+/g, ' '),
  });
  await page.locator('#t').locator('canvas.curve').focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
  await waitReady(page);
  let got = await events();
  assert.equal(got.length, 3, `three key presses, three events (${JSON.stringify(got)})`);
  assert.deepEqual(got.map((d) => d.relativePosition), [-6, -5, -4]);
  assert.deepEqual(got.map((d) => d.curve.relativePosition), [-6, -5, -4]);
  const last = got[2];
  let shown = await readouts();
  assert.match(shown.curve, new RegExp(`^relative position −4 → bucket ${last.curve.bucket} `));
  assert.match(shown.cell, new RegExp(`^query ${last.query}, key ${last.key}: relative position −4 → bucket ${last.bucket} `));
  assert.deepEqual([last.query, last.key], [10, 6], 'the cell keeps its query and moves along the row');

  // hovering inside one cell of the grid: no event; into the next cell: one
  const box = await page.locator('#t').locator('canvas.buckets').boundingBox();
  const size = await page.evaluate(() => document.querySelector('#t')._gridGeometry().size);
  const at = (r, c) => [box.x + 34 + ((c + 0.5) * size) / 24, box.y + 18 + ((r + 0.5) * size) / 24];
  await page.mouse.move(...at(2, 2));
  await page.mouse.move(at(2, 2)[0] + 1, at(2, 2)[1] + 1);
  await page.mouse.move(at(2, 2)[0] - 1, at(2, 2)[1]);
  await waitReady(page);
  got = await events();
  assert.equal(got.length, 1, `one event for one cell (${got.length})`);
  assert.deepEqual([got[0].query, got[0].key, got[0].relativePosition, got[0].curve.relativePosition], [2, 2, 0, 0]);

  // the plot cursor past the grid's diagonals: the cell stays, the event says where the plot cursor is
  await page.locator('#t').locator('canvas.curve').focus();
  await page.keyboard.press('Home');
  await waitReady(page);
  got = await events();
  assert.equal(got.length, 1);
  const R = await page.evaluate(() => document.querySelector('#t')._data.R);
  assert.deepEqual([got[0].query, got[0].key, got[0].curve.relativePosition], [2, 2, -R]);
  shown = await readouts();
  assert.match(shown.curve, new RegExp(`^relative position −${R} → bucket ${got[0].curve.bucket} `));
  // the same key again changes nothing: no event
  await page.keyboard.press('Home');
  await waitReady(page);
  assert.equal((await events()).length, 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});
