// Browser tests of the eight widgets in Chromium: rendering, readouts against independent float64
// references, keyboard operation, group linking, attribute reflection, exports and responsiveness.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { browserPerFile, near, checkReflection, checkExports, widgetPage, waitReady, canvasStats, shadowText, num, shot, refEncoding, refCompare } from './helpers.mjs';

const env = browserPerFile();

test('compare: readouts match float64 references; click and keyboard select; result and posenc-select', async () => {
  const page = await widgetPage(env, '<posenc-compare id="c" d-model="64" length="20" tokens="The,cat,sat,on,the,mat" positions="0,1"></posenc-compare>');
  const read = () =>
    page.evaluate(() => {
      const r = document.querySelector('#c').shadowRoot;
      const get = (m) => r.querySelector(`[data-metric="${m}"]`).textContent;
      return { dot: get('dot'), cosine: get('cosine'), euclidean: get('euclidean'), insight: r.querySelector('.insight').textContent };
    });
  const check = async (a, b) => {
    const ref = refCompare(refEncoding(a, 64), refEncoding(b, 64));
    const shown = await read();
    for (const k of ['dot', 'cosine', 'euclidean']) {
      assert.match(shown[k], /^\u2212?\d+\.\d{4}$/, `${k} shows 4 decimals`);
      near(num(shown[k]), ref[k], 5e-5 + 1e-6, `${k} for ${a} vs ${b}`);
    }
    const result = await page.evaluate(() => document.querySelector('#c').result);
    for (const k of ['dot', 'cosine', 'euclidean']) near(result[k], ref[k], 2e-5, `result.${k}`);
    return shown;
  };
  // the lesson's own numbers for 0 vs 1 at d=64
  const first = await check(0, 1);
  assert.equal(first.dot, '30.9168');
  assert.equal(first.cosine, '0.9662');
  assert.equal(first.euclidean, '1.4718');

  // click: "on" (3) replaces the older selection (0) -> pair [1, 3]
  const events = [];
  await page.exposeFunction('recordSelect', (d) => events.push(d));
  await page.evaluate(() => document.querySelector('#c').addEventListener('posenc-select', (e) => window.recordSelect(e.detail)));
  await page.locator('#c').locator('.chip[data-pos="3"]').click();
  await page.evaluate(() => document.querySelector('#c').updateComplete);
  assert.equal(await page.getAttribute('#c', 'positions'), '1,3');
  const second = await check(1, 3);
  assert.notEqual(second.insight, first.insight, 'insight changes with the distance');
  assert.equal(events.at(-1).positions.join(','), '1,3');
  near(events.at(-1).result.cosine, refCompare(refEncoding(1, 64), refEncoding(3, 64)).cosine, 2e-5, 'event result');

  // keyboard: focus chip 3, move right twice, Enter -> [3, 5]
  await page.locator('#c').locator('.chip[data-pos="3"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.evaluate(() => document.querySelector('#c').updateComplete);
  assert.equal(await page.getAttribute('#c', 'positions'), '3,5');
  await check(3, 5);
  const focused = await page.evaluate(() => document.querySelector('#c').shadowRoot.activeElement?.dataset.pos);
  assert.equal(focused, '5', 'roving focus follows the arrow keys');

  // gap-only dependence: 10 vs 12 equals 3 vs 5
  await page.evaluate(() => {
    document.querySelector('#c').positions = [10, 12];
  });
  await page.evaluate(() => document.querySelector('#c').updateComplete);
  const far = await read();
  await page.evaluate(() => {
    document.querySelector('#c').positions = [3, 5];
  });
  await page.evaluate(() => document.querySelector('#c').updateComplete);
  assert.equal((await read()).cosine, far.cosine);
  await shot(page.locator('#c'), 'compare');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('heatmap: non-blank, hover and keyboard readouts are the engine values, selection, table fallback', async () => {
  const page = await widgetPage(env, '<posenc-heatmap id="h" length="20" d-model="32"></posenc-heatmap>');
  const stats = await canvasStats(page, '#h');
  assert.ok(stats.colours > 50, `heatmap has many colours (${stats.colours})`);
  assert.equal(stats.width, Math.round(stats.cssWidth * 1), 'backing store matches the CSS size at DPR 1');

  // hover the centre of cell (row 7, col 5) using the widget's own layout
  const box = await page.evaluate(() => {
    const el = document.querySelector('#h');
    el.scrollIntoView({ block: 'center' });
    const g = el._layoutGeom;
    const r = el.shadowRoot.querySelector('canvas.plot').getBoundingClientRect();
    return { x: r.left + g.colX(5), y: r.top + g.rowY(7) };
  });
  await page.mouse.move(box.x, box.y);
  await page.evaluate(() => document.querySelector('#h').updateComplete);
  let text = await shadowText(page, '#h', '#readout');
  assert.match(text, /^position 7, dimension 5 \(cos, i = 2\): /);
  near(num(text.split(':').pop()), refEncoding(7, 32)[5], 5e-5 + 1e-7, 'hovered value');
  const formula = await shadowText(page, '#h', '.formula');
  assert.match(formula, /^PE\(7, 5\) = cos\(7 \/ 10000\^\(4\/32\)\) = cos\(7 × 0\.31623\) = cos\(2\.2136\) = \u22120\.5994$/);

  // keyboard: focus, Down ×3, Right ×2 -> (10, 7); Enter selects position 10
  await page.locator('#h').locator('canvas.plot').focus();
  for (const k of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'Enter']) await page.keyboard.press(k);
  await page.evaluate(() => document.querySelector('#h').updateComplete);
  text = await shadowText(page, '#h', '#readout');
  assert.match(text, /^position 10, dimension 7 \(cos, i = 3\): /);
  near(num(text.split(':').pop()), refEncoding(10, 32)[7], 5e-5 + 1e-7, 'keyboard value');
  assert.equal(await page.getAttribute('#h', 'positions'), '10');

  // visible focus: the focused canvas has an outline
  const outline = await page.evaluate(() => getComputedStyle(document.querySelector('#h').shadowRoot.querySelector('canvas.plot')).outlineStyle);
  assert.equal(outline, 'solid');

  // table fallback lists engine values as text
  await page.locator('#h').locator('details summary').click();
  // the table renders after the details' toggle event, which may come after the click resolves
  await page.waitForFunction(() => document.querySelector('#h').shadowRoot.querySelectorAll('table.values tbody tr').length > 3);
  const cell = await page.evaluate(() => {
    const rows = document.querySelector('#h').shadowRoot.querySelectorAll('table.values tbody tr');
    return { n: rows.length, v: rows[3].querySelectorAll('td')[2].textContent };
  });
  assert.equal(cell.n, 20);
  near(num(cell.v), refEncoding(3, 32)[2], 5e-5, 'table cell (3, 2)');
  await shot(page.locator('#h'), 'heatmap');

  // split layout: column 16 is cos of pair 0
  await page.evaluate(() => (document.querySelector('#h').layout = 'split'));
  await waitReady(page);
  await page.locator('#h').locator('canvas.plot').focus();
  await page.keyboard.press('End');
  await page.evaluate(() => document.querySelector('#h').updateComplete);
  text = await shadowText(page, '#h', '#readout');
  assert.match(text, /^position 10, dimension 31 \(cos, i = 15\): /);
  near(num(text.split(':').pop()), Math.cos(10 * Math.pow(10000, -30 / 32)), 5e-5 + 1e-7, 'split layout value');
  await shot(page.locator('#h'), 'heatmap-split');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The 100 ms / one-frame targets are measured by the benchmark (npm run bench:widgets); this test guards
// against gross regressions only (a frozen page, a synchronous full redraw), with margins that survive a
// loaded 2-core CI machine.
test('heatmap: 8192 × 4096 is drawn progressively without freezing the page, 2048 × 512 repaints quickly', async () => {
  const page = await widgetPage(env, '<posenc-heatmap id="h" length="20" d-model="32"></posenc-heatmap>');
  // One measured pass: the big table drawn progressively while long tasks are recorded, then repeated
  // 2048 × 512 repaints, each in a frame of its own as a user's changes would be.
  const pass = () =>
    page.evaluate(async () => {
      const el = document.querySelector('#h');
      const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
      el.length = 20;
      el.dModel = 32;
      await el.renderComplete;
      await frame();
      const tasks = [];
      const obs = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)));
      obs.observe({ type: 'longtask', buffered: false });
      const t0 = performance.now();
      el.length = 8192;
      el.dModel = 4096;
      await el.renderComplete;
      const big = { ms: performance.now() - t0, frames: el.lastRender.frames };
      await frame();
      el.setAttribute('length', '2048');
      el.setAttribute('d-model', '512');
      await el.renderComplete;
      const times = [];
      for (let i = 0; i < 6; i++) {
        await frame();
        const s = performance.now();
        el.setAttribute('base', String(10000 + i + 1));
        await el.renderComplete;
        times.push(performance.now() - s);
      }
      await new Promise((r) => setTimeout(r, 50));
      obs.disconnect();
      times.sort((a, b) => a - b);
      return { big, worst: Math.max(0, ...tasks), median2048: times[3] };
    });
  // The first pass also warms up the JIT and the wasm tier-up; timing on a shared 2-core machine is noisy,
  // so the best of up to three passes is judged (the benchmark reports the detailed figures).
  let best = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const r = await pass();
    if (!best || r.worst < best.worst) best = { ...r, median2048: Math.min(r.median2048, best?.median2048 ?? Infinity) };
    if (attempt > 0 && best.worst < 250 && best.median2048 < 100) break;
  }
  assert.ok(best.big.frames > 1, 'the big table is drawn progressively');
  assert.ok(best.worst < 250, `longest main-thread task ${best.worst.toFixed(1)} ms`);
  assert.ok(best.median2048 < 100, `2048×512 repaint ${best.median2048.toFixed(1)} ms (the benchmark reports the precise figure)`);
  const stats = await canvasStats(page, '#h');
  assert.ok(stats.colours > 20, 'table drawn');
  await shot(page.locator('#h'), 'heatmap-2048x512');
  await page.evaluate(async () => {
    const el = document.querySelector('#h');
    el.length = 8192;
    el.dModel = 4096;
    await el.renderComplete;
  });
  await shot(page.locator('#h'), 'heatmap-8192x4096');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('linking: compare, heatmap, similarity, waves and properties share the group selection', async () => {
  const page = await widgetPage(
    env,
    `<posenc-compare id="c" group="g" d-model="64" length="12" positions="0,1"></posenc-compare>
     <posenc-heatmap id="h" group="g" length="20" d-model="32"></posenc-heatmap>
     <posenc-similarity id="s" group="g" length="20" d-model="64"></posenc-similarity>
     <posenc-waves id="w" group="g" d-model="64" length="40"></posenc-waves>
     <posenc-properties id="p" group="g" d-model="64" length="60" pos="10" k="5"></posenc-properties>
     <posenc-compare id="other" group="h" d-model="64" length="12" positions="2,3"></posenc-compare>`,
  );
  // joining a group adopts its selection; attributes of widgets without a selection (properties) are kept
  assert.equal(await page.getAttribute('#h', 'positions'), '0,1');
  assert.equal(await page.getAttribute('#p', 'pos'), '10');

  await page.locator('#c').locator('.chip[data-pos="4"]').click();
  await waitReady(page);
  for (const id of ['#h', '#s', '#w']) assert.equal(await page.getAttribute(id, 'positions'), '1,4', `${id} follows the compare widget`);
  assert.equal(await page.getAttribute('#p', 'pos'), '1');
  assert.equal(await page.getAttribute('#p', 'k'), '3');
  assert.equal(await page.getAttribute('#other', 'positions'), '2,3', 'another group is untouched');
  const selected = await shadowText(page, '#s', '[data-role="selected"]');
  assert.match(selected, /^Selected pair: 1 and 4 → cosine similarity /);
  near(num(selected.split('similarity').pop()), refCompare(refEncoding(1, 64), refEncoding(4, 64)).cosine, 5e-5, 'similarity of the linked pair');

  // click a similarity cell (row 6, col 9) -> compare shows 6 vs 9
  const pt = await page.evaluate(() => {
    const el = document.querySelector('#s');
    el.scrollIntoView({ block: 'center' });
    const g = el._geom;
    const r = el.shadowRoot.querySelector('canvas.plot').getBoundingClientRect();
    return { x: r.left + g.colX(9), y: r.top + g.rowY(6) };
  });
  await page.mouse.click(pt.x, pt.y);
  await waitReady(page);
  assert.equal(await page.getAttribute('#c', 'positions'), '6,9');
  assert.equal(await page.getAttribute('#h', 'positions'), '6,9');
  const cos = await page.evaluate(() => document.querySelector('#c').result.cosine);
  near(cos, refCompare(refEncoding(6, 64), refEncoding(9, 64)).cosine, 2e-5, 'compare after a similarity click');
  const readout = await shadowText(page, '#s', '#readout');
  assert.match(readout, /^positions 6 and 9 \(gap 3\): cosine similarity = /);

  // keyboard on the heatmap adds a row to the group
  await page.locator('#h').locator('canvas.plot').focus();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Enter');
  await waitReady(page);
  assert.equal(await page.getAttribute('#c', 'positions'), '9,0');
  await shot(page.locator('#s'), 'similarity-linked');
  await shot(page.locator('#h'), 'heatmap-linked');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('similarity: readouts against references, metric switch, keyboard', async () => {
  const page = await widgetPage(env, '<posenc-similarity id="s" length="50" d-model="128"></posenc-similarity>');
  const stats = await canvasStats(page, '#s');
  assert.ok(stats.colours > 30, 'matrix drawn');
  await page.locator('#s').locator('canvas.plot').focus();
  for (const k of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(k);
  await page.evaluate(() => document.querySelector('#s').updateComplete);
  let text = await shadowText(page, '#s', '#readout');
  assert.match(text, /^positions 2 and 5 \(gap 3\): cosine similarity = /);
  near(num(text.split('=').pop()), refCompare(refEncoding(2, 128), refEncoding(5, 128)).cosine, 5e-5, 'cosine 2,5');
  await page.locator('#s').locator('select').selectOption('euclidean');
  await waitReady(page);
  text = await shadowText(page, '#s', '#readout');
  assert.match(text, /Euclidean distance = /);
  near(num(text.split('=').pop()), refCompare(refEncoding(2, 128), refEncoding(5, 128)).euclidean, 5e-5, 'distance 2,5');
  assert.equal(await page.getAttribute('#s', 'metric'), 'euclidean');
  await page.evaluate(() => document.querySelector('#s').setAttribute('metric', 'dot'));
  await waitReady(page);
  text = await shadowText(page, '#s', '#readout');
  near(num(text.split('=').pop()), refCompare(refEncoding(2, 128), refEncoding(5, 128)).dot, 5e-4, 'dot 2,5');
  await shot(page.locator('#s'), 'similarity-dot');
  assert.deepEqual(page.errors, []);
  await page.close();
});

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

test('slicing: five steps by keyboard, values and shapes', async () => {
  const page = await widgetPage(env, '<posenc-slicing id="s" d-model="6"></posenc-slicing>');
  const heading = () => shadowText(page, '#s', '.panel h4');
  assert.equal(await heading(), 'Step 1 of 5: Index slicing');
  await shot(page.locator('#s'), 'slicing-1');
  await page.locator('#s').locator('[role="tab"][aria-selected="true"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.evaluate(() => document.querySelector('#s').updateComplete);
  assert.equal(await heading(), 'Step 2 of 5: Sines into the even columns');
  const cell = await page.evaluate(() => document.querySelector('#s').shadowRoot.querySelectorAll('table.values tbody tr')[3].querySelectorAll('td')[1].textContent);
  near(num(cell), refEncoding(3, 6)[2], 5e-4, 'pe[3, 2] in the sine slice');
  await shot(page.locator('#s'), 'slicing-2');
  await page.keyboard.press('End');
  await page.evaluate(() => document.querySelector('#s').updateComplete);
  assert.equal(await heading(), 'Step 5 of 5: Element-wise addition');
  assert.equal(await page.getAttribute('#s', 'step'), '5');
  await shot(page.locator('#s'), 'slicing-5');
  await page.keyboard.press('ArrowLeft');
  await page.evaluate(() => document.querySelector('#s').updateComplete);
  const shapes = await page.evaluate(() =>
    [...document.querySelector('#s').shadowRoot.querySelectorAll('table.shapes tr')].map((r) => [...r.cells].map((c) => c.textContent.trim()).join(' | ')),
  );
  assert.deepEqual(shapes, [' | batch | seq | d_model', 'x | 2 | 3 | 6', 'pe.unsqueeze(0) | 1 | 4 | 6', 'pe[:, :3, :] | 1 → 2 | 3 | 6', 'x + pe[:, :3, :] | 2 | 3 | 6']);
  await shot(page.locator('#s'), 'slicing-4');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('permutation: shuffling without positions changes nothing; with positions it does', async () => {
  const page = await widgetPage(env, '<posenc-permutation id="p" tokens="I,love,Paris"></posenc-permutation>');
  const verdict = () => page.evaluate(() => document.querySelector('#p').shadowRoot.querySelector('.verdict .num').dataset.value);
  assert.equal(Number(await verdict()), 0);
  await page.locator('#p').getByRole('button', { name: 'Shuffle' }).click();
  await page.evaluate(() => document.querySelector('#p').updateComplete);
  assert.equal(Number(await verdict()), 0, 'still exactly zero after a shuffle');
  await shot(page.locator('#p'), 'permutation-off');
  await page.locator('#p').getByLabel('add positional encoding').check();
  await page.evaluate(() => document.querySelector('#p').updateComplete);
  const withPe = Number(await verdict());
  assert.ok(withPe > 0.01, `with positional encoding the outputs differ (${withPe})`);
  assert.equal(await page.getAttribute('#p', 'encoding'), '');
  await shot(page.locator('#p'), 'permutation-on');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('properties: the four checks hold, rotation error is tiny, learned lookup error comes from the engine', async () => {
  const page = await widgetPage(env, '<posenc-properties id="p" d-model="128" length="200"></posenc-properties>');
  const checks = await page.evaluate(() => {
    const el = document.querySelector('#p');
    const c = el.checks;
    return { badges: [...el.shadowRoot.querySelectorAll('.badge')].map((b) => b.textContent), err: c.rotation.maxErr, min: c.uniq.min, lo: c.bounds.lo, hi: c.bounds.hi, learned: c.extrap.learnedError };
  });
  assert.deepEqual(checks.badges, ['✓ holds', '✓ holds', '✓ holds', '✓ holds']);
  assert.ok(checks.err < 1e-5 && checks.err > 0, `rotation error ${checks.err}`);
  near(checks.min, refCompare(refEncoding(0, 128), refEncoding(1, 128)).euclidean, 1e-4, 'closest pair distance');
  assert.ok(checks.lo >= -1 && checks.hi <= 1);
  assert.match(checks.learned, /50/);
  await page.locator('#p').getByLabel('k').fill('37');
  await page.locator('#p').getByLabel('k').press('Enter');
  await page.evaluate(() => document.querySelector('#p').updateComplete);
  assert.equal(await page.getAttribute('#p', 'k'), '37');
  await shot(page.locator('#p'), 'properties');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('attributes and properties reflect both ways on every widget', async () => {
  const page = await widgetPage(
    env,
    `<posenc-heatmap id="a" length="5" d-model="8"></posenc-heatmap>
     <posenc-waves id="b" d-model="16" length="20"></posenc-waves>
     <posenc-compare id="c" d-model="16" length="6"></posenc-compare>
     <posenc-similarity id="d" length="8" d-model="16"></posenc-similarity>
     <posenc-pipeline id="e" d-model="8"></posenc-pipeline>
     <posenc-slicing id="f"></posenc-slicing>
     <posenc-permutation id="g"></posenc-permutation>
     <posenc-properties id="h" d-model="16" length="30"></posenc-properties>`,
  );
  const cases = [
    ['#a', 'dModel', 'd-model', 16, '16'],
    ['#a', 'layout', 'layout', 'split', 'split'],
    ['#b', 'dims', 'dims', [2, 3], '2,3'],
    ['#b', 'view', 'view', 'dimension', 'dimension'],
    ['#c', 'tokens', 'tokens', ['a', 'b'], 'a,b'],
    ['#c', 'positions', 'positions', [2, 4], '2,4'],
    ['#d', 'metric', 'metric', 'dot', 'dot'],
    ['#e', 'token', 'token', 'World', 'World'],
    ['#e', 'position', 'position', 7, '7'],
    ['#f', 'step', 'step', 3, '3'],
    ['#g', 'order', 'order', [2, 1, 0], '2,1,0'],
    ['#h', 'trainLength', 'train-length', 20, '20'],
  ];
  await checkReflection(page, cases);
  // attribute -> property
  await page.evaluate(() => {
    document.querySelector('#a').setAttribute('length', '9');
    document.querySelector('#c').setAttribute('positions', '1,5');
    document.querySelector('#e').setAttribute('scale', '');
  });
  const props = await page.evaluate(() => [document.querySelector('#a').length, document.querySelector('#c').positions, document.querySelector('#e').scale]);
  assert.deepEqual(props, [9, [1, 5], true]);
  await waitReady(page);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('text from attributes stays text; bad attributes give readable errors and the widget recovers', async () => {
  const page = await widgetPage(
    env,
    `<posenc-compare id="c" d-model="16" length="4" tokens="<img src=x onerror=window.pwned=1>,<b>bold</b>" label="<i>hi</i>"></posenc-compare>
     <posenc-heatmap id="h" length="4" d-model="8" base="1"></posenc-heatmap>`,
  );
  const info = await page.evaluate(() => {
    const r = document.querySelector('#c').shadowRoot;
    return { imgs: r.querySelectorAll('img, b, i').length, chip: r.querySelector('.chip .tok').textContent, title: r.querySelector('.title').textContent, pwned: window.pwned ?? null };
  });
  assert.deepEqual(info, { imgs: 0, chip: '<img src=x onerror=window.pwned=1>', title: '<i>hi</i>', pwned: null });
  const error = await shadowText(page, '#h', '.error');
  assert.match(error, /^RangeError: .*base/);
  await page.evaluate(() => document.querySelector('#h').setAttribute('base', '100'));
  await waitReady(page);
  assert.equal(await shadowText(page, '#h', '.error'), null, 'error cleared once the attribute is valid');
  assert.ok((await canvasStats(page, '#h')).colours > 10);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('exports: embed code, CSV and PNG from every widget', async () => {
  const tags = ['heatmap', 'waves', 'compare', 'similarity', 'pipeline', 'slicing', 'permutation', 'properties'];
  const page = await widgetPage(
    env,
    `<posenc-heatmap length="6" d-model="8"></posenc-heatmap>
     <posenc-waves d-model="16" length="20" dims="0,3"></posenc-waves>
     <posenc-compare d-model="16" length="6" tokens="a,b,c"></posenc-compare>
     <posenc-similarity length="10" d-model="16"></posenc-similarity>
     <posenc-pipeline d-model="8"></posenc-pipeline>
     <posenc-slicing></posenc-slicing>
     <posenc-permutation></posenc-permutation>
     <posenc-properties d-model="16" length="40"></posenc-properties>`,
  );
  await checkExports(page, tags);
  const heatCsv = await page.evaluate(() => document.querySelector('posenc-heatmap').toCSV());
  const row2 = heatCsv.split('\n')[3].split(',').map(Number);
  assert.equal(row2[0], 2);
  row2.slice(1).forEach((v, i) => near(v, refEncoding(2, 8)[i], 1e-6, `CSV (2, ${i})`));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('PNG export completes even when canvas.toBlob never calls back (seen in headless Chromium)', async () => {
  const page = await widgetPage(env, '<posenc-heatmap length="6" d-model="8"></posenc-heatmap>');
  await page.evaluate(() => {
    HTMLCanvasElement.prototype.toBlob = function () {};  // never answers
  });
  const el = page.locator('posenc-heatmap');
  const [png] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }), el.getByRole('button', { name: /as PNG/ }).click()]);
  const bytes = readFileSync(await png.path());
  assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], 'PNG signature');
  assert.ok(bytes.length > 1000, 'a real picture');
  assert.match(await el.locator('[role="status"], .status').first().textContent(), /PNG saved/);
  assert.deepEqual(page.errors, []);
  await page.close();
});
