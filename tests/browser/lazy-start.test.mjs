// Widgets far below the fold start only when the reader scrolls near them (issue 22): until then they have
// not loaded the engine, computed or drawn; near the viewport, whenReady() and printing start them. Nothing
// here is timed (the loading figures are in npm run bench:widgets, phone).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, canvasStats, shot } from './helpers.mjs';

const env = browserPerFile({ viewport: { width: 390, height: 844 } });

/** The blank page with `html` in its body (widgets registered, nothing awaited, so nothing started). */
async function lessonPage(html) {
  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${env.base}test/blank.html`);
  await page.waitForFunction(() => window.posencLoaded === true);
  await page.evaluate((h) => (document.body.innerHTML = h), html);
  return page;
}

const state = (page, sel) =>
  page.evaluate((s) => {
    const el = document.querySelector(s);
    return { engine: !!el.pe, ready: el._ready, wasm: performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.wasm')).length };
  }, sel);

// a heatmap ten screens down, after text
const FAR = `<p style="height: 8440px">A long lesson text.</p><posenc-heatmap id="far" length="20" d-model="32"></posenc-heatmap>`;

test('a widget ten screens down loads nothing, computes nothing and draws nothing until the reader scrolls near', async () => {
  const page = await lessonPage(FAR);
  await page.waitForTimeout(1500);
  assert.deepEqual(await state(page, '#far'), { engine: false, ready: false, wasm: 0 }, 'no engine, no wasm fetched');
  const before = await canvasStats(page, '#far');
  assert.ok(!before || before.opaque === 0, 'nothing painted');
  // the reader scrolls to a screen above it: within the margin, it starts and draws before it is reached
  await page.evaluate(() => scrollTo(0, document.querySelector('#far').offsetTop - 2 * innerHeight + 100));
  await page.waitForFunction(() => document.querySelector('#far')._ready === true, null, { timeout: 20000 });
  await page.evaluate(() => document.querySelector('#far').renderComplete);
  assert.ok((await state(page, '#far')).wasm >= 1, 'the engine was fetched');
  await page.evaluate(() => document.querySelector('#far').scrollIntoView());
  const after = await canvasStats(page, '#far');
  assert.ok(after.colours > 20 && after.opaque > 0, `drawn (${after.colours} colours)`);
  await shot(page.locator('#far'), 'lazy-start-scrolled');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('whenReady() and printing start a widget the reader has not reached', async () => {
  const page = await lessonPage(`${FAR}<p style="height: 8440px"></p><posenc-compare id="print" d-model="16" positions="0,1"></posenc-compare>`);
  await page.waitForTimeout(500);
  assert.equal((await state(page, '#far')).ready, false);
  // a script asks for it: it starts, and its result is there
  await page.evaluate(() => document.querySelector('#far').whenReady());
  assert.equal((await state(page, '#far')).ready, true);
  assert.ok((await canvasStats(page, '#far')).colours > 20, 'drawn without scrolling');
  // the page is about to print: every widget not yet started starts
  assert.equal((await state(page, '#print')).ready, false);
  await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
  await page.waitForFunction(() => document.querySelector('#print')._ready === true, null, { timeout: 20000 });
  assert.ok((await page.evaluate(() => document.querySelector('#print').result?.cosine)) > 0, 'computed');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('widgets in the first screen and just below it start without scrolling', async () => {
  const page = await lessonPage(`<posenc-heatmap id="top" length="20" d-model="32"></posenc-heatmap><p style="height: 600px"></p>
    <posenc-waves id="next" d-model="16" dims="0,1" length="30"></posenc-waves>`);
  await page.waitForFunction(() => ['#top', '#next'].every((s) => document.querySelector(s)._ready === true), null, { timeout: 20000 });
  await page.evaluate(() => Promise.all(['#top', '#next'].map((s) => document.querySelector(s).whenReady())));
  assert.ok((await canvasStats(page, '#top')).colours > 20, 'the first screen is drawn');
  assert.deepEqual(page.errors, []);
  await page.close();
});
