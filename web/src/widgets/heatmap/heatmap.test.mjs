// Browser test of <posenc-heatmap> in Chromium, beside the element it tests: its readouts against float64
// references, selection, keyboard. What every widget shares (linking, attributes, exports) is tested in
// tests/browser/widgets.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, near, widgetPage, waitReady, canvasStats, shadowText, num, shot, refEncoding } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

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
  // the cursor's outline (an element over the canvas) surrounds that cell
  const around = await page.evaluate(() => {
    const el = document.querySelector('#h');
    const g = el._layoutGeom;
    const c = el.shadowRoot.querySelector('canvas.plot').getBoundingClientRect();
    const r = el.shadowRoot.querySelector('.cursor').getBoundingClientRect();
    const [x, y] = [c.left + g.colX(7), c.top + g.rowY(10)];
    return r.left < x && x < r.right && r.top < y && y < r.bottom && r.width < g.cellW + 6 && r.height < g.cellH + 6;
  });
  assert.ok(around, 'the cursor outlines cell (10, 7)');

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

// The 100 ms / one-frame targets and the longest task are measured by the benchmark (npm run bench:widgets);
// this test checks what does not depend on the machine's speed: the big table is drawn in slices.

test('heatmap: 8192 × 4096 is drawn progressively, 2048 × 512 repaints', async () => {
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
  // How long the repaints and the longest task take are figures of npm run bench:widgets (heatmap2048x512,
  // heatmap8192x4096), not pass/fail tests: here, that the big table is drawn in slices at all.
  const best = await pass();
  assert.ok(best.big.frames > 1, 'the big table is drawn progressively');
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
