// Slidev: the deck in tests/browser/hosts/slidev, built with `slidev build --base /deck/` (the CLI and the
// default theme from the npm registry, cached between runs: hosts/sites.mjs) and served as static files under
// /deck/, as a project site is. The recipe is docs/widgets.md's (hosts-recipes.test.mjs checks they are the
// same): posenc-widgets.iife.js in the deck's public/ (copied from the posenc package, as an author does),
// loaded from the deck's index.html head; Slidev's Vue told that posenc-* tags are custom elements; the
// deck's fonts and favicon kept on the site. The deck's own keys move between slides (Slidev's router, in the
// page): a compact widget under a slide title must be drawn and fit the 980×552 slide, keys a widget uses
// (the heatmap's arrows, typing into RoPE's number box) stay in it, and Slidev's dark mode (its `d` key) is
// followed.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '../../scripts/start.mjs';
import { screenshotDir } from './helpers.mjs';
import { assertWidgets, prepareSite, runIn, siteBrowser, sitePage, widgetsOn } from './hosts/sites.mjs';

const BASE = '/deck/';
const env = {};
before(async () => {
  env.dir = await prepareSite('slidev');
  mkdirSync(join(env.dir, 'public'), { recursive: true });
  copyFileSync(join(env.dir, 'node_modules/posenc/dist/posenc-widgets.iife.js'), join(env.dir, 'public/posenc-widgets.iife.js'));
  env.log = runIn(env.dir, 'slidev', ['build', '--base', BASE, '--out', 'dist']);
  env.server = await serve({ [BASE]: join(env.dir, 'dist') });
  env.browser = await siteBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.server?.close();
});

/**
 * Where the widget `id` is on its slide, in slide pixels: the slide's size, the box of everything the widget
 * draws (its shadow root's elements too) and the slide's padding on the right.
 */
const placement = (page, id) =>
  page.evaluate((i) => {
    const el = document.getElementById(i);
    const slide = el.closest('.slidev-page');
    const box = slide.getBoundingClientRect();
    const scale = box.width / slide.offsetWidth;
    const rects = [el, ...el.shadowRoot.querySelectorAll('*')].flatMap((e) => [...e.getClientRects()]).filter((r) => r.width > 1 && r.height > 1);
    const layout = el.closest('.slidev-layout');
    return {
      slide: `${slide.offsetWidth}×${slide.offsetHeight}`,
      top: Math.min(...rects.map((r) => r.top - box.top)) / scale,
      left: Math.min(...rects.map((r) => r.left - box.left)) / scale,
      bottom: Math.max(...rects.map((r) => r.bottom - box.top)) / scale,
      right: Math.max(...rects.map((r) => r.right - box.left)) / scale,
      paddingRight: parseFloat(getComputedStyle(layout).paddingRight),
      overflow: el.shadowRoot.querySelector('.frame').scrollWidth - el.shadowRoot.querySelector('.frame').clientWidth,
    };
  }, id);

function assertFits(p, where) {
  assert.equal(p.slide, '980×552', `${where}: Slidev's slide`);
  assert.ok(p.top >= 0 && p.left >= 0, `${where}: the widget starts on the slide (${JSON.stringify(p)})`);
  assert.ok(p.bottom <= 552.5, `${where}: the widget ends at ${p.bottom.toFixed(1)} px of the 552 px slide`);
  assert.ok(p.right <= 980 - p.paddingRight + 0.5, `${where}: the widget reaches ${p.right.toFixed(1)} px, inside the slide's padding`);
  assert.ok(p.overflow <= 1, `${where}: the widget overflows sideways by ${p.overflow} px`);
}

/** Presses `key` on the deck and waits for Slidev's router to show slide `n`. */
async function go(page, key, n) {
  await page.keyboard.press(key);
  await page.waitForFunction((path) => location.pathname === path, `${BASE}${n}`);
}

test('Slidev build: the one-tag script from public/ under the deck\'s base, the tags compiled as custom elements, nothing loaded from other sites', () => {
  assert.match(env.log, /built in/, 'the build ran to its end');
  const html = readFileSync(join(env.dir, 'dist/index.html'), 'utf8');
  assert.match(html, /<script defer src="\/deck\/posenc-widgets\.iife\.js"><\/script>/, "the head's script, under the deck's base");
  assert.doesNotMatch(html, /https?:\/\//, 'no font or icon from another site in the head');
  // Vue made elements of the tags (createElementVNode('posenc-heatmap', { … })), not components to resolve
  const assets = join(env.dir, 'dist/assets');
  const code = readdirSync(assets, { recursive: true }).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
  assert.match(code, /`posenc-heatmap`,\{id:`heatmap`/, 'the heatmap tag compiled as an element with its attributes');
});

test('Slidev: compact widgets drawn and fitting the 980×552 slide under a title, after the deck\'s keys (client-side); keys a widget uses stay in it; one engine; Slidev\'s dark mode followed', async () => {
  const origin = env.server.url.replace(/\/$/, '');
  const page = await sitePage(env.browser.context, origin);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${origin}${BASE}`);
  await page.waitForFunction((path) => location.pathname === path && document.querySelector('.slidev-page-1 h1'), `${BASE}1`);
  await page.evaluate(() => (window.__stay = true));
  // slide 1 is the cover; the widgets are on the slides after it
  await go(page, 'ArrowRight', 2);
  assertWidgets(assert, await widgetsOn(page, ['heatmap']), 'slide 2', 'light');
  assertFits(await placement(page, 'heatmap'), 'slide 2 (heatmap)');
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, 'host-slidev-slide2.png') });
  // arrows on the heatmap move its cursor, not the deck
  await page.evaluate(() => document.getElementById('heatmap').shadowRoot.querySelector('canvas.plot').focus());
  const cursor = await page.evaluate(() => document.getElementById('heatmap').cursor);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.deepEqual(await page.evaluate(() => document.getElementById('heatmap').cursor), { position: cursor.position + 1, dimension: cursor.dimension + 1 }, 'the arrows moved the heatmap\'s cursor');
  assert.equal(await page.evaluate(() => location.pathname), `${BASE}2`, 'arrows on the heatmap do not change slide');
  await page.evaluate(() => document.activeElement?.blur());
  await go(page, 'ArrowRight', 3);
  assertWidgets(assert, await widgetsOn(page, ['cmp']), 'slide 3', 'light');
  assertFits(await placement(page, 'cmp'), 'slide 3 (compare)');
  await go(page, 'ArrowRight', 4);
  assertWidgets(assert, await widgetsOn(page, ['rope']), 'slide 4', 'light');
  assertFits(await placement(page, 'rope'), 'slide 4 (RoPE)');
  // typing into a number box is typing, not Slidev's shortcuts (d: dark mode, space: next, arrows: slides)
  const box = page.locator('#rope').locator('input[type="number"]').first();
  await box.focus();
  for (const key of ['d', 'Space', 'ArrowLeft']) await page.keyboard.press(key);
  const after = await page.evaluate(() => ({ path: location.pathname, dark: document.documentElement.classList.contains('dark') }));
  assert.deepEqual(after, { path: `${BASE}4`, dark: false }, 'keys typed into the widget did not reach the deck');
  // the reader clicks the slide's title (out of the widget's box): the deck's keys work again
  await page.locator('.slidev-page-4 h1').click();
  await go(page, 'ArrowLeft', 3);
  assertWidgets(assert, await widgetsOn(page, ['cmp']), 'back on slide 3', 'light');
  const state = await page.evaluate(() => ({ stayed: window.__stay === true, engines: window.__wasmInstances }));
  assert.ok(state.stayed, 'the deck moved between slides in the page (client-side)');
  assert.equal(state.engines, 1, 'one engine on the page');
  await page.keyboard.press('d');
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assertWidgets(assert, await widgetsOn(page, ['cmp']), 'dark mode', 'dark');
  await page.screenshot({ path: join(screenshotDir, 'host-slidev-dark.png') });
  assert.deepEqual(page.errors, [], 'no errors on the page');
  assert.deepEqual(page.foreign, [], 'no request left the site');
  await page.close();
});
