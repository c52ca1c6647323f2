// Marp: the deck in tests/browser/hosts/marp, converted with `marp --html` (marp-cli from the npm registry,
// cached between runs: hosts/sites.mjs) next to the one-tag script, as docs/widgets.md tells authors
// (hosts-recipes.test.mjs checks the doc and the deck agree). The deck's own keys move between slides; a
// compact widget under a slide title must fit the 1280×720 slide of Marp's default theme, and a widget on
// an inverted (dark) slide follows it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '../../scripts/start.mjs';
import { root, screenshotDir } from './helpers.mjs';
import { assertWidgets, prepareSite, runIn, siteBrowser, sitePage, typeToken, widgetsOn } from './hosts/sites.mjs';

const env = {};
before(async () => {
  env.dir = await prepareSite('marp');
  mkdirSync(join(env.dir, 'build'), { recursive: true });
  env.log = runIn(env.dir, 'marp', ['--html', '--no-stdin', 'slides.md', '-o', 'build/slides.html']);
  const iife = join(root, 'dist/posenc-widgets.iife.js');
  if (!existsSync(iife)) throw new Error('build posenc first (node scripts/build.mjs)');
  copyFileSync(iife, join(env.dir, 'build/posenc-widgets.iife.js'));
  env.server = await serve(join(env.dir, 'build'));
  env.browser = await siteBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.server?.close();
});

/** How far the widget `id` ends below the content box of its slide (slide pixels; ≤ 0 fits). */
const overflow = (page, id) =>
  page.evaluate((i) => {
    const el = document.getElementById(i);
    const section = el.closest('section');
    const scale = section.getBoundingClientRect().height / section.offsetHeight;
    const bottom = section.getBoundingClientRect().bottom - parseFloat(getComputedStyle(section).paddingBottom) * scale;
    return (el.getBoundingClientRect().bottom - bottom) / scale;
  }, id);

test('Marp: widgets drawn and interactive on slide 1, after the deck\'s key to slide 2, and back; one engine; compact widgets fit the slide; a dark slide followed', async () => {
  const page = await sitePage(env.browser.context, env.server.url.replace(/\/$/, ''));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${env.server.url}slides.html`);
  assertWidgets(assert, await widgetsOn(page, ['heatmap']), 'slide 1', 'light');
  await page.screenshot({ path: join(screenshotDir, 'host-marp-slide1.png') });
  assert.ok((await overflow(page, 'heatmap')) <= 0, `the compact heatmap ends ${await overflow(page, 'heatmap')} px below the slide's content box`);
  await page.screenshot({ path: join(screenshotDir, 'host-marp-slide1.png') });
  await page.evaluate(() => (window.__stay = true));
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => location.hash === '#2');
  assertWidgets(assert, await widgetsOn(page, ['cmp']), 'slide 2', 'light');
  assert.ok((await overflow(page, 'cmp')) <= 0, `the compact compare widget ends ${await overflow(page, 'cmp')} px below the slide's content box`);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => location.hash === '#1');
  assertWidgets(assert, await widgetsOn(page, ['heatmap']), 'back on slide 1', 'light');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => location.hash === '#3');
  assertWidgets(assert, await widgetsOn(page, ['pipe']), 'the inverted slide', 'dark');
  await typeToken(page, assert, 'the inverted slide');
  // keys typed into the widget stayed there: the deck is still on slide 3
  assert.equal(await page.evaluate(() => location.hash), '#3');
  assert.ok((await overflow(page, 'pipe')) <= 0, 'the compact pipeline fits its slide');
  await page.screenshot({ path: join(screenshotDir, 'host-marp-slide3.png') });
  assert.deepEqual(await page.evaluate(() => ({ stayed: window.__stay, engines: window.__wasmInstances })), { stayed: true, engines: 1 });
  assert.deepEqual(page.errors, []);
  assert.deepEqual(page.foreign, []);
  await page.close();
});
