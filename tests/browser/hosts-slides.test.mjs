// Slides of other sizes than examples/reveal's 1280×720, the widgets laid out as on a lecturer's laptop (a
// mouse: pointer: fine) and on a touch screen (pointer: coarse):
// - reveal.js's default slide (960×700) with a heatmap without `compact`: the deck lays out again after the
//   widget drew, its last rows are on the slide and a click (a tap, then a second tap) aimed at them selects
//   them; a touch screen keeps its 24 px targets, and the Select button a tap shows moves no row;
// - a page of a Slidev deck's shape (980×552 slides, scaled): every compact widget the Slidev recipe names
//   fits under a title (a real Slidev build, with three of them: hosts-slidev.test.mjs).
import { test } from 'node:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { browserPerFile, setup, shot, waitReady } from './helpers.mjs';
import { ALL_WIDGET_TAGS } from '../../web/src/widgets/tags.js';

const env = browserPerFile();

const WIDE = { width: 1920, height: 1080 };

/**
 * examples/reveal/default-size.html: one heatmap without `compact` on a deck of reveal.js's default slide size
 * (960×700), opened in `context` at `viewport` (a touch screen's context gives pointer: coarse).
 */
async function openDefaultDeck(context, viewport) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.setViewportSize(viewport);
  await page.goto(`${env.base}examples/reveal/default-size.html`);
  await page.waitForFunction(() => window.Reveal?.isReady());
  await waitReady(page);
  await page.waitForTimeout(100); // the deck's layout, a frame after the widget's size changed
  return page;
}

/**
 * Where heatmap row `row` is on screen (its centre, top and bottom edges, through reveal.js's scale), the slide's
 * box, and what the page hit-tests at the row's centre (the widget, unless something covers it or it is off the slide).
 */
function heatmapRow(page, row) {
  return page.evaluate((r) => {
    const el = document.querySelector('posenc-heatmap');
    const g = el._layoutGeom;
    const c = el.shadowRoot.querySelector('canvas.plot').getBoundingClientRect();
    const s = window.Reveal.getScale();
    const slide = document.querySelector('.reveal .slides').getBoundingClientRect();
    const x = c.left + g.colX(5) * s;
    const y = c.top + g.rowY(r) * s;
    return {
      x,
      y,
      top: c.top + (g.rect.y + r * g.cellH) * s,
      bottom: c.top + (g.rect.y + (r + 1) * g.cellH) * s,
      rowHeight: g.cellH,
      slideBottom: slide.bottom,
      hit: document.elementFromPoint(x, y)?.localName,
    };
  }, row);
}

/** The heights, in layout px, of the heatmap's controls a reader presses (buttons, the table's summary). */
const targetHeights = (page) =>
  page.evaluate(() =>
    [...document.querySelector('posenc-heatmap').shadowRoot.querySelectorAll('button, summary')]
      .filter((b) => b.getClientRects().length > 0)
      .map((b) => ({ name: (b.textContent || b.getAttribute('aria-label') || '').trim().slice(0, 30), height: b.offsetHeight })),
  );

// reveal.js lays out and centres the slides before the widgets' script has run: an empty slide then
function writeDefaultDeck() {
  writeFileSync(
    join(env.outDir, 'examples/reveal/default-size.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>deck</title><link rel="icon" href="data:,">
     <link rel="stylesheet" href="reveal/reveal.css"><link rel="stylesheet" href="reveal/theme/white.css"></head>
     <body><div class="reveal"><div class="slides"><section><posenc-heatmap length="20" d-model="32"></posenc-heatmap></section></div></div>
     <script src="reveal/reveal.js"></script><script defer src="../../posenc-widgets.iife.js"></script>
     <script>Reveal.initialize({ hash: true, transition: 'none' });</script></body></html>`,
  );
}

test('reveal.js at its default slide size (960×700), no compact, with a mouse: the heatmap grows after the deck centred its slide, the deck lays out again, rows 18 and 19 are on the slide and a click aimed at each selects it', async () => {
  writeDefaultDeck();
  for (const viewport of [WIDE, { width: 1024, height: 768 }]) {
    const page = await openDefaultDeck(env.context, viewport);
    const at = `at ${viewport.width}×${viewport.height}`;
    assert.equal(await page.evaluate(() => matchMedia('(pointer: fine)').matches), true, 'a mouse: pointer: fine');
    const where = await page.evaluate(() => {
      const slides = document.querySelector('.reveal .slides').getBoundingClientRect();
      const el = document.querySelector('posenc-heatmap');
      return { slideBottom: slides.bottom, widgetBottom: el.getBoundingClientRect().bottom, size: `${Reveal.getConfig().width}×${Reveal.getConfig().height}` };
    });
    assert.equal(where.size, '960×700');
    assert.ok(where.widgetBottom <= where.slideBottom + 1, `the widget ends on the slide ${at} (${JSON.stringify(where)})`);
    for (const row of [18, 19]) {
      const r = await heatmapRow(page, row);
      assert.ok(r.bottom <= r.slideBottom + 0.5, `row ${row} ends on the slide ${at} (${JSON.stringify(r)})`);
      assert.equal(r.hit, 'posenc-heatmap', `the point aimed at row ${row} ${at} is the widget's`);
      await page.mouse.click(r.x, r.y);
      assert.equal((await page.evaluate(() => document.querySelector('posenc-heatmap').positions)).at(-1), row, `row ${row} clicked ${at}`);
    }
    assert.deepEqual(await page.evaluate(() => document.querySelector('posenc-heatmap').positions), [18, 19]);
    // on a mouse the 24 px targets of a touch screen do not apply: the table's summary is a line of text
    const summary = (await targetHeights(page)).find((t) => /table/i.test(t.name));
    assert.ok(summary && summary.height < 24, `with a mouse the summary is one line of text (${JSON.stringify(summary)})`);
    if (viewport === WIDE) await shot(page, 'reveal-default-size');
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('reveal.js at its default slide size (960×700) on a touch screen (pointer: coarse): targets stay at least 24 px, row 19 is on the slide, a tap reads it and a second tap selects it', async () => {
  writeDefaultDeck();
  const touch = await setup({ viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  try {
    // (the deck is the one this file's server serves)
    const page = await openDefaultDeck(touch.context, { width: 1024, height: 768 });
    assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), true, 'a touch screen: pointer: coarse');
    const small = (await targetHeights(page)).filter((t) => t.height < 24);
    assert.deepEqual(small, [], 'every button and summary at least 24 px tall on a touch screen');
    const r = await heatmapRow(page, 19);
    assert.ok(r.bottom <= r.slideBottom + 0.5, `row 19 ends on the slide (${JSON.stringify(r)})`);
    assert.equal(r.hit, 'posenc-heatmap', "the point aimed at row 19 is the widget's");
    await page.touchscreen.tap(r.x, r.y);
    assert.equal(await page.evaluate(() => document.querySelector('posenc-heatmap').cursor.position), 19, 'a tap reads row 19');
    assert.deepEqual(await page.evaluate(() => document.querySelector('posenc-heatmap').positions), [], 'a first tap only reads');
    await page.waitForTimeout(350); // (two taps closer in time are a double tap)
    assert.deepEqual(await heatmapRow(page, 19), r, 'the Select button a tap showed moved nothing: row 19 is where it was');
    await page.touchscreen.tap(r.x, r.y);
    assert.deepEqual(await page.evaluate(() => document.querySelector('posenc-heatmap').positions), [19], 'a second tap selects row 19');
    assert.deepEqual(page.errors, []);
    await page.close();
  } finally {
    await touch.close();
  }
});

// ---- a Slidev deck's shape ------------------------------------------------------------------------------

// Every widget, compact, each on a slide of its own (the heatmap first, with the recipe's attributes).
const SLIDEV_WIDGETS = ['posenc-heatmap length="20" d-model="32"', ...ALL_WIDGET_TAGS.filter((t) => t !== 'posenc-heatmap')];
const SLIDEV_SCALE = 1280 / 980;

test('a Slidev-shaped deck (the script in the head as public/ serves it, slides of 980×552 mounted after it, scaled, a title 80 px tall): every compact widget fits its slide under the title (one taller than the room is drawn smaller, to no less than half its size), nothing cut at the bottom or the right, and a click on a smaller heatmap selects the row under it', async () => {
  // the recipe: posenc-widgets.iife.js in public/ (served at the site's root), loaded by the deck's index.html
  // head; Slidev's app mounts the slides later (here: a script after DOMContentLoaded, as the Vue app does)
  writeFileSync(
    join(env.outDir, 'slidev.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>slides</title><link rel="icon" href="data:,">
     <script defer src="/posenc-widgets.iife.js"></script>
     <style>
       body { margin: 0; font-family: sans-serif }
       .slide-container { height: ${Math.ceil(552 * SLIDEV_SCALE)}px }
       /* Slidev's default layout: 980×552, padded 40 px × 56 px, scaled to the window with a CSS transform */
       .slidev-page { width: 980px; height: 552px; overflow: hidden; position: relative; transform: scale(${SLIDEV_SCALE}); transform-origin: 0 0 }
       .slidev-layout { padding: 40px 56px; height: 100%; box-sizing: border-box }
       /* a title at the tall end of a theme's h1: 56 px of line and 24 px below it */
       .slidev-layout h1 { font-size: 40px; line-height: 56px; margin: 0 0 24px }
     </style></head><body><div id="app"></div></body></html>`,
  );
  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${env.base}slidev.html`);
  await page.evaluate((widgets) => {
    document.getElementById('app').innerHTML = widgets
      .map((w) => `<div class="slide-container"><div class="slidev-page"><div class="slidev-layout default"><h1>A title</h1><${w} compact></${w.split(' ')[0]}></div></div></div>`)
      .join('');
  }, SLIDEV_WIDGETS);
  await waitReady(page);
  await page.waitForTimeout(100);
  const fits = await page.evaluate((scale) =>
    [...document.querySelectorAll('.slidev-page')].map((s) => {
      const el = s.querySelector('.slidev-layout > :last-child');
      const slide = s.getBoundingClientRect();
      // every box the widget draws (its shadow root's elements), in slide pixels
      const boxes = [el, ...el.shadowRoot.querySelectorAll('*')].flatMap((e) => [...e.getClientRects()]).filter((r) => r.width > 1 && r.height > 1);
      const frame = el.shadowRoot.querySelector('.frame');
      return {
        tag: el.localName,
        title: s.querySelector('h1').offsetHeight + 24,
        bottom: Math.max(...boxes.map((r) => r.bottom - slide.top)) / scale,
        right: Math.max(...boxes.map((r) => r.right - slide.left)) / scale,
        overflow: frame.scrollWidth - frame.clientWidth,
        scale: frame.getBoundingClientRect().width / frame.offsetWidth / scale,
      };
    }),
  SLIDEV_SCALE);
  assert.equal(fits.length, SLIDEV_WIDGETS.length);
  for (const f of fits) {
    assert.equal(f.title, 80, 'the slide title is 80 px tall with its margin');
    // within the layout's bottom padding (40 px) when the widget had to be drawn smaller
    assert.ok(f.bottom <= (f.scale < 0.999 ? 512.5 : 552.5), `${f.tag} ends at ${f.bottom.toFixed(1)} px of the 552 px slide (drawn at ${f.scale.toFixed(2)})`);
    assert.ok(f.scale >= 0.5, `${f.tag} is drawn at ${f.scale.toFixed(2)} of its size to fit`);
    assert.ok(f.right <= 980 - 56 + 0.5, `${f.tag} reaches ${f.right.toFixed(1)} px, past the slide's padding (924 px)`);
    assert.ok(f.overflow <= 1, `${f.tag} overflows sideways by ${f.overflow} px`);
  }
  assert.ok(fits.some((f) => f.scale < 0.9), 'some widget is taller than its slide and drawn smaller (else this test checks no fitting)');
  // the heatmap is drawn smaller on its slide: a click aimed at a row (from its own layout, through the slide's
  // and the widget's scales) selects that row
  const heat = fits.find((f) => f.tag === 'posenc-heatmap');
  assert.ok(heat.scale < 0.999, `the heatmap under a title is drawn smaller (${heat.scale})`);
  const at = await page.evaluate(() => {
    const el = document.querySelector('posenc-heatmap');
    const g = el._layoutGeom;
    const c = el.shadowRoot.querySelector('canvas.plot');
    const r = c.getBoundingClientRect();
    const k = r.width / c.offsetWidth;
    return { x: r.left + g.colX(2) * k, y: r.top + g.rowY(17) * k };
  });
  await page.mouse.click(at.x, at.y);
  assert.deepEqual(await page.evaluate(() => document.querySelector('posenc-heatmap').positions), [17], 'a click on row 17 of the smaller heatmap selects it');
  for (const [i, w] of SLIDEV_WIDGETS.entries()) await shot(page.locator('.slidev-page').nth(i), `slidev-${w.split(' ')[0]}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});
