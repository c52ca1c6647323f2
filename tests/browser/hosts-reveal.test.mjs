// The widgets inside a real reveal.js deck (examples/reveal, reveal.js from npm), the most common lecture
// host. reveal.js lays each slide out at 1280×720 and scales it to the window with a CSS transform, and it
// listens for keys on the document. At three slide scales: a click aimed at a cell selects that cell (the
// heatmap, the similarity matrix, the RoPE channel strip), the methods charts fit their cards (also after
// the overview was opened, and after a resize), every compact widget fits its slide; keys a widget uses
// stay in it, the others still drive the deck. (Slides of other sizes, Slidev's included: hosts-slides.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, shot, waitReady } from './helpers.mjs';

const env = browserPerFile();

// window sizes giving slide scales above, near and below 1 (reveal.js keeps a 4 % margin)
const WINDOWS = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 1024, height: 600 },
];

async function openDeck(slide, viewport = WINDOWS[0]) {
  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.setViewportSize(viewport);
  await page.goto(`${env.base}examples/reveal/index.html#/${slide}`);
  await page.waitForFunction(() => window.Reveal?.isReady());
  await waitReady(page);
  return page;
}

/**
 * Page coordinates of a point given in a widget canvas's own CSS pixels, using the scale reveal.js reports
 * (not the widget's code): where a reader aims at that point on screen.
 */
function onScreen(page, host, canvas, point) {
  return page.evaluate(
    ([h, c, p]) => {
      const r = document.querySelector(h).shadowRoot.querySelector(c).getBoundingClientRect();
      const s = window.Reveal.getScale();
      return { x: r.left + p.x * s, y: r.top + p.y * s };
    },
    [host, canvas, point],
  );
}

const slideIndex = (page) => page.evaluate(() => window.Reveal.getIndices().h);

for (const viewport of WINDOWS) {
  test(`reveal.js at ${viewport.width}×${viewport.height}: aimed clicks select the cell aimed at`, async () => {
    const page = await openDeck(1, viewport);
    const scale = await page.evaluate(() => window.Reveal.getScale());
    assert.ok(Math.abs(scale - 1) > 0.02 || viewport.width === 1366, `slide scale ${scale}`);

    // heatmap: hover cell (13, 21) reads it back, a click selects position 13
    const cell = await page.evaluate(() => {
      const g = document.querySelector('posenc-heatmap')._layoutGeom;
      return { x: g.colX(21), y: g.rowY(13) };
    });
    let at = await onScreen(page, 'posenc-heatmap', 'canvas.plot', cell);
    await page.mouse.move(at.x, at.y);
    assert.deepEqual(await page.evaluate(() => document.querySelector('posenc-heatmap').cursor), { position: 13, dimension: 21 }, `heatmap hover at scale ${scale}`);
    await page.mouse.click(at.x, at.y);
    assert.deepEqual(await page.evaluate(() => document.querySelector('posenc-heatmap').positions), [13]);
    assert.equal(await slideIndex(page), 1, 'a click on a widget does not change slide');

    // similarity: the cell (5, 17) selects that pair
    await page.evaluate(() => window.Reveal.slide(2));
    await page.waitForTimeout(50);
    const pair = await page.evaluate(() => {
      const g = document.querySelector('posenc-similarity')._geom;
      return { x: g.colX(17), y: g.rowY(5) };
    });
    at = await onScreen(page, 'posenc-similarity', 'canvas.plot', pair);
    await page.mouse.click(at.x, at.y);
    assert.deepEqual(
      (await page.evaluate(() => document.querySelector('posenc-similarity').positions)).slice().sort((a, b) => a - b),
      [5, 17],
      `similarity click at scale ${scale}`,
    );

    // RoPE channel strip: channel 40 belongs to pair 8 (rotate_half pairs j with j + 32 at head_dim 64)
    await page.evaluate(() => window.Reveal.slide(3));
    await page.waitForTimeout(50);
    const channel = await page.evaluate(() => {
      const g = document.querySelector('posenc-rope')._pairingGeometry();
      return { x: g.left + 40.5 * g.cell, y: g.top + 6 };
    });
    at = await onScreen(page, 'posenc-rope', 'canvas.pairing', channel);
    await page.mouse.click(at.x, at.y);
    assert.equal(await page.evaluate(() => document.querySelector('posenc-rope').pair), 8, `RoPE strip click at scale ${scale}`);

    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`reveal.js at ${viewport.width}×${viewport.height}: charts fit their cards, compact widgets fit their slides`, async () => {
    const page = await openDeck(4, viewport);
    const fit = () =>
      page.evaluate(() => {
        const root = document.querySelector('posenc-methods').shadowRoot;
        return [...root.querySelectorAll('canvas[data-method]')].map((c) => ({
          method: c.dataset.method,
          canvas: c.offsetWidth,
          card: c.parentElement.clientWidth,
          backing: c.width / devicePixelRatio,
        }));
      });
    const check = (rows, when) => {
      assert.equal(rows.length, 5, when);
      for (const r of rows) {
        assert.ok(r.canvas <= r.card && r.canvas >= r.card - 24, `${when}: ${r.method} chart ${r.canvas} px in a ${r.card} px card`);
        assert.equal(r.backing, r.canvas, `${when}: ${r.method} backing store matches its CSS size`);
      }
    };
    check(await fit(), 'on load');
    await page.evaluate(() => window.Reveal.toggleOverview(true));
    await page.waitForTimeout(300);
    await page.evaluate(() => window.Reveal.toggleOverview(false));
    await page.waitForTimeout(300);
    check(await fit(), 'after the overview');
    await page.setViewportSize({ width: Math.round(viewport.width * 0.8), height: viewport.height });
    await page.waitForTimeout(300);
    check(await fit(), 'after a resize');
    await page.setViewportSize(viewport);

    // every widget of the deck: its box, in slide pixels, inside the 1280×720 slide
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('.slides section')].flatMap((section) =>
        [...section.querySelectorAll('*')]
          .filter((e) => e.localName.startsWith('posenc-'))
          .map((e) => ({ tag: e.localName, top: e.offsetTop, height: e.offsetHeight, width: e.offsetWidth })),
      ),
    );
    assert.ok(boxes.length >= 5);
    for (const b of boxes) assert.ok(b.height <= 720 && b.width <= 1280, `${b.tag} is ${b.width}×${b.height} on a 1280×720 slide`);
    if (viewport === WINDOWS[0]) {
      for (const s of [1, 3, 4]) {
        await page.evaluate((i) => window.Reveal.slide(i), s);
        await page.waitForTimeout(100);
        await page.screenshot({ path: `${process.cwd()}/tests/browser/screenshots/reveal-slide-${s}.png` });
      }
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('reveal.js: keys a widget uses stay in it; other keys still drive the deck', async () => {
  const page = await openDeck(1);
  const heatmap = page.locator('posenc-heatmap');

  // arrows on the heatmap move its cursor, not the deck
  await page.evaluate(() => document.querySelector('posenc-heatmap').shadowRoot.querySelector('canvas.plot').focus());
  const before = await page.evaluate(() => document.querySelector('posenc-heatmap').cursor);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.deepEqual(await page.evaluate(() => document.querySelector('posenc-heatmap').cursor), { position: before.position + 1, dimension: before.dimension + 1 });
  assert.equal(await slideIndex(page), 1, 'ArrowRight on the heatmap does not change slide');
  // Enter selects, Escape clears the selection: neither opens the overview
  await page.keyboard.press('Enter');
  assert.deepEqual(await page.evaluate(() => document.querySelector('posenc-heatmap').positions), [before.position + 1]);
  await page.keyboard.press('Escape');
  assert.deepEqual(await page.evaluate(() => document.querySelector('posenc-heatmap').positions), []);
  assert.equal(await page.evaluate(() => window.Reveal.isOverview()), false, 'Escape on the heatmap does not open the overview');

  // Space on a button presses it, and the deck stays
  await heatmap.getByRole('button', { name: /Copy embed code/ }).focus();
  await page.keyboard.press('Space');
  await page.waitForFunction(() => !!document.querySelector('posenc-heatmap').shadowRoot.querySelector('.embed textarea'));
  assert.equal(await slideIndex(page), 1, 'Space on a button does not change slide');
  // a key the button does not use goes on to the deck
  await heatmap.getByRole('button', { name: /as CSV/ }).focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.Reveal.getIndices().h === 2);

  // RoPE: a slider moves with the arrows; typing into a number box is typing, not deck shortcuts
  await page.evaluate(() => window.Reveal.slide(3));
  const slider = page.locator('posenc-rope').locator('input[type="range"]').first();
  const v0 = Number(await slider.inputValue());
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(Number(await slider.inputValue()), v0 + 2, 'the slider moved');
  assert.equal(await slideIndex(page), 3, 'arrows on a slider do not change slide');
  const box = page.locator('posenc-rope').locator('input[type="number"]').first();
  await box.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('b'); // reveal.js: pause (black screen)
  await page.keyboard.press('f'); // reveal.js: fullscreen
  await page.keyboard.press('Space');
  assert.equal(await page.evaluate(() => window.Reveal.isPaused()), false, 'typing b in a widget box does not pause the deck');
  assert.equal(await slideIndex(page), 3);

  // with focus outside any widget the deck's keys work as before
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.Reveal.getIndices().h === 4);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.Reveal.isOverview());
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('reveal.js: theme="auto" follows each slide (a dark slide background gives a dark widget)', async () => {
  const page = await openDeck(3);
  const dark = (tag) => page.evaluate((t) => document.querySelector(t).shadowRoot.querySelector('.frame').classList.contains('dark'), tag);
  assert.equal(await dark('posenc-rope'), true, 'RoPE sits on the dark slide');
  await shot(page.locator('posenc-rope'), 'reveal-dark-slide-rope');
  // reveal.js marks the deck with the current slide's contrast: the next slide's widget turns light
  await page.evaluate(() => window.Reveal.slide(4));
  await page.waitForFunction(() => !document.querySelector('posenc-methods').shadowRoot.querySelector('.frame').classList.contains('dark'));
  await page.evaluate(() => window.Reveal.slide(1));
  await page.waitForFunction(() => !document.querySelector('posenc-heatmap').shadowRoot.querySelector('.frame').classList.contains('dark'));
  assert.deepEqual(page.errors, []);
  await page.close();
});
