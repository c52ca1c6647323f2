// Browser tests for review fixes in rope, properties, methods and t5: RoPE's decay curve is a true upper
// bound on |q·k| and its titles fit a phone column; settings a widget cannot use as given (pair, pos, k,
// heads, num-buckets, head, positions) are named in one visible message with the value used instead,
// engine errors name the attribute as written, and t5 fires one posenc-change per change it shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, widgetPage, waitReady, shadowText, near } from './helpers.mjs';

const env = browserPerFile();

// Every fillText on a 2D canvas is recorded (per canvas, from its last full clear) with its extent in
// device pixels (as in widgets-review-b), so a test can ask what a widget drew where.
let instrumented = false;
async function instrument() {
  if (instrumented) return;
  instrumented = true;
  await env.context.addInitScript(() => {
    const log = new WeakMap();
    window.__canvasTexts = (canvas) => log.get(canvas) ?? [];
    const proto = CanvasRenderingContext2D.prototype;
    const clear = proto.clearRect;
    proto.clearRect = function (x, y, w, h) {
      const m = this.getTransform();
      if (x <= 0 && y <= 0 && m.a * w >= this.canvas.width - 1 && m.d * h >= this.canvas.height - 1) log.set(this.canvas, []);
      return clear.call(this, x, y, w, h);
    };
    const fill = proto.fillText;
    proto.fillText = function (text, x, y, ...rest) {
      const m = this.getTransform();
      const w = this.measureText(text).width;
      const align = this.textAlign;
      const left = align === 'right' || align === 'end' ? x - w : align === 'center' ? x - w / 2 : x;
      if (!log.has(this.canvas)) log.set(this.canvas, []);
      log.get(this.canvas).push({ text: String(text), x, y, left: m.a * left + m.e, right: m.a * (left + w) + m.e, canvasWidth: this.canvas.width });
      return fill.call(this, text, x, y, ...rest);
    };
  });
}

async function open(html, options) {
  await instrument();
  return widgetPage(env, html, options);
}

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
