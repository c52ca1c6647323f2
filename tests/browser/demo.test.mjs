// Browser tests of the demo lesson: loads offline, every widget ready, maths rendered, 320 px wide,
// dark theme and high-DPI canvases, URL state, the single-file build from file:// and the IIFE bundle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { assertFitsWidth, browserPerFile, waitReady, canvasStats, shot, screenshotDir, openDemoPage } from './helpers.mjs';
import { WIDGET_TAGS as TAGS } from '../../web/src/widgets/tags.js';

const env = browserPerFile();

const openDemo = (url, options) => openDemoPage(env, url, options);

test('demo lesson: every section and widget renders, maths typeset, nothing fetched from the network', async () => {
  const page = await openDemo(env.base);
  const info = await page.evaluate((tags) => ({
    widgets: tags.map((t) => document.querySelectorAll(t).length),
    katex: document.querySelectorAll('.katex').length,
    katexErrors: document.querySelectorAll('.katex-error').length,
    sections: [...document.querySelectorAll('main h2')].map((h) => h.textContent.trim()),
    // MathML laid out by the browser: a typeset fraction or superscript has real height.
    mathml: [...document.querySelectorAll('.katex math')].filter((m) => m.getBoundingClientRect().height > 10).length,
  }), TAGS);
  assert.deepEqual(info.widgets, TAGS.map(() => 1), 'every widget of part 1 once');
  assert.ok(info.katex >= 10, `${info.katex} formulas typeset`);
  assert.equal(info.katexErrors, 0);
  assert.ok(info.mathml >= 10, `${info.mathml} formulas laid out as MathML`);
  assert.deepEqual(info.sections, [
    'Why order matters',
    'The formula',
    'The table and its waves',
    'Comparing two positions',
    'All pairs at once',
    'From token to model input',
    'In code: slicing and broadcasting',
    'The promises, checked',
  ]);
  for (const sel of ['#heatmap', '#waves', '#sim']) assert.ok((await canvasStats(page, sel)).colours > 8, `${sel} drawn`);
  // the demo's size buttons drive the heatmap
  await page.getByRole('button', { name: '100 × 128' }).click();
  await waitReady(page);
  assert.equal(await page.getAttribute('#heatmap', 'length'), '100');
  assert.equal(await page.getAttribute('#heatmap', 'd-model'), '128');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(screenshotDir, 'demo-full.png'), fullPage: true });
  assert.deepEqual(page.foreign, [], 'no request left the local server');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('demo lesson: URL state restores widget attributes and follows changes', async () => {
  const page = await openDemo(`${env.base}#heatmap.length=12&heatmap.d-model=16&cmp.positions=2%2C7&sim.metric=dot`);
  assert.equal(await page.getAttribute('#heatmap', 'length'), '12');
  assert.equal(await page.getAttribute('#cmp', 'positions'), '2,7');
  assert.equal(await page.getAttribute('#sim', 'metric'), 'dot');
  await page.evaluate(() => document.getElementById('waves').setAttribute('length', '60'));
  await page.waitForFunction(() => location.hash.includes('waves.length=60'), null, { timeout: 3000 });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('demo lesson at 320 px: no horizontal overflow, widgets and formulas fit, a wide formula scrolls from the keyboard', async () => {
  const page = await openDemo(env.base, { width: 320 });
  const scrolling = await assertFitsWidth(page, 320);
  for (const t of ['posenc-heatmap', 'posenc-compare', 'posenc-pipeline', 'posenc-properties']) {
    await shot(page.locator(t), `narrow-${t.replace('posenc-', '')}`);
  }
  // the first display formula is wider than a phone column in any font: arrows scroll it, the left side fades
  const first = page.locator('.tex').nth(scrolling[0].index);
  await first.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.waitForFunction((i) => document.querySelectorAll('.tex')[i].classList.contains('more-left'), scrolling[0].index, { timeout: 3000 });
  assert.ok(await first.evaluate((t) => t.scrollLeft > 0), 'ArrowRight scrolled the formula');
  await shot(first, 'narrow-formula-scrolled');
  // wide again: every formula fits, so none fades or is a tab stop any more
  await page.setViewportSize({ width: 1000, height: 900 });
  assert.deepEqual(await assertFitsWidth(page, 1000), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('dark colour scheme and devicePixelRatio 2: themed colours, sharp canvases', async () => {
  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  const cdp = await env.context.newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', { width: 900, height: 900, deviceScaleFactor: 2, mobile: false });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(env.base);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true');
  await waitReady(page);
  const dpr = await page.evaluate(() => devicePixelRatio);
  assert.equal(dpr, 2);
  for (const sel of ['#heatmap', '#waves', '#sim', '#cmp']) {
    const s = await canvasStats(page, sel);
    assert.equal(s.width, Math.round(s.cssWidth * 2), `${sel}: backing store is twice the CSS width`);
  }
  const bg = await page.evaluate(() => getComputedStyle(document.querySelector('#heatmap').shadowRoot.querySelector('.frame')).backgroundColor);
  assert.equal(bg, 'rgb(13, 17, 23)', 'dark widget background');
  await shot(page.locator('#heatmap'), 'dark-dpr2-heatmap');
  await shot(page.locator('#cmp'), 'dark-dpr2-compare');
  await shot(page.locator('#props'), 'dark-dpr2-properties');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('single-file demo works from file:// with every network request blocked', async () => {
  const url = pathToFileURL(join(env.outDir, 'posenc-demo.html')).href;
  const page = await openDemo(url);
  const ok = await page.evaluate(() => ({
    result: document.querySelector('posenc-compare').result,
    katex: document.querySelectorAll('.katex').length,
  }));
  assert.ok(ok.result && ok.result.cosine > 0.96 && ok.result.cosine < 0.97);
  assert.ok(ok.katex >= 10);
  assert.ok((await canvasStats(page, '#heatmap')).colours > 20);
  assert.deepEqual(page.foreign, []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('IIFE bundle: a classic <script> registers the widgets (the engine inlined, nothing fetched next to it)', async () => {
  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${env.base}test/iife.html`);
  await page.waitForFunction(() => window.posenc && customElements.get('posenc-compare'));
  await waitReady(page);
  const r = await page.evaluate(() => document.querySelector('posenc-compare').result);
  assert.ok(Math.abs(r.dot - 30.9168) < 1e-3);
  assert.deepEqual(page.errors, []);
  await page.close();
});
