// Every widget on a phone: Chromium emulating a touch screen (hasTouch, isMobile, device scale 3) at 390×844
// and 360×740. A swipe that starts on any canvas scrolls the page; a tap on a plot gives a readout that stays
// after the finger lifts and changes no other widget and not the address; a second tap (or the Select button)
// selects; instructions say "tap"; text is at least 12 CSS px (canvas labels too) and targets at least 24 px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browserPerFile, logCanvasText, screenshotDir, waitReady } from './helpers.mjs';
import { ALL_WIDGET_TAGS } from '../../web/src/widgets/tags.js';

const env = browserPerFile({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });

/** A page with every widget (id = its tag, one group, the address in step), `width` px wide, in `lang`. */
async function phonePage({ width = 390, height = 844, lang = 'en', extra = '' } = {}) {
  await logCanvasText(env.context);
  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.setViewportSize({ width, height });
  await page.goto(`${env.base}test/blank.html`);
  await page.waitForFunction(() => window.posencLoaded === true);
  await page.evaluate(
    ([tags, l, more]) => {
      document.documentElement.lang = l;
      // a screen of text after the widgets, so that the last one's canvases can be swiped past too
      document.body.innerHTML = tags.map((t) => `<${t} id="${t.slice(7)}" group="phone"></${t}>`).join('') + more + '<p style="min-height: 100vh">The end.</p>';
      window.posenc.syncWithUrl([...document.querySelectorAll('[group]')]);
    },
    [ALL_WIDGET_TAGS, lang, extra],
  );
  await waitReady(page);
  page.cdp = await env.context.newCDPSession(page);
  return page;
}

/** What a read may not change: the address and every widget's selection. */
const selectionState = (page) =>
  page.evaluate(() => ({ hash: location.hash, positions: [...document.querySelectorAll('[group]')].map((e) => `${e.id}=${e.getAttribute('positions') ?? ''}`) }));

/** The text of the widget's readouts (live regions and .readout lines), joined. */
const readouts = (page, tag) =>
  page.evaluate((t) => {
    const root = document.querySelector(t).shadowRoot;
    return [...root.querySelectorAll('[role="status"], .readout, [aria-live]')].map((e) => e.textContent.replace(/\s+/g, ' ').trim()).join(' | ');
  }, tag);

/** The centre of a canvas in the viewport (scrolled into the middle of the screen first). */
async function centreOf(page, tag, index) {
  return page.evaluate(
    ([t, i]) => {
      const c = document.querySelector(t).shadowRoot.querySelectorAll('canvas')[i];
      c.scrollIntoView({ block: 'center' });
      const r = c.getBoundingClientRect();
      const top = Math.max(r.top, 0);
      const bottom = Math.min(r.bottom, innerHeight);
      return { x: r.left + r.width / 2, y: (top + bottom) / 2, top, w: r.width, h: r.height, visible: bottom - top };
    },
    [tag, index],
  );
}

/**
 * A screenshot of the phone's screen with `inner` (a selector in the widget's shadow root, else the widget's top)
 * at its top. An element screenshot of a widget taller than the screen would resize the emulated screen, and
 * Chromium then draws it as on a desktop (mouse instructions), so this takes what the reader sees.
 */
async function phoneShot(page, tag, name, inner) {
  await page.evaluate(([t, i]) => ((i && document.querySelector(t).shadowRoot.querySelector(i)) || document.querySelector(t)).scrollIntoView({ block: 'start' }), [tag, inner]);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

const touch = (page, type, points) => page.cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y]) => ({ x, y })) });

/** A finger put down at (x, y), moved up by `dy` px in steps, and lifted. */
async function swipe(page, x, y, dy) {
  await touch(page, 'touchStart', [[x, y]]);
  for (let k = 1; k <= 8; k++) {
    await touch(page, 'touchMove', [[x, y - (dy * k) / 8]]);
    await page.waitForTimeout(16);
  }
  await touch(page, 'touchEnd', []);
  await page.waitForTimeout(150);
}

/** Two fingers put down 20 px either side of (x, y) and moved apart (`way` 1) or together (−1) by 100 px each. */
async function pinch(page, x, y, way) {
  const at = (k) => {
    const d = way > 0 ? 20 + k * 10 : 120 - k * 10;
    return [
      { x: x - d, y, id: 1 },
      { x: x + d, y, id: 2 },
    ];
  };
  await page.cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let k = 1; k <= 10; k++) {
    await page.cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(k) });
    await page.waitForTimeout(16);
  }
  await page.cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(300);
}

test('a swipe that starts on any canvas of any widget scrolls the page (390×844, touch)', async () => {
  const page = await phonePage();
  const canvases = await page.evaluate((tags) => tags.map((t) => document.querySelector(t).shadowRoot.querySelectorAll('canvas').length), ALL_WIDGET_TAGS);
  let checked = 0;
  for (const [k, tag] of ALL_WIDGET_TAGS.entries()) {
    for (let i = 0; i < canvases[k]; i++) {
      const c = await centreOf(page, tag, i);
      if (c.h < 20 || c.w < 20) continue;
      const before = await page.evaluate(() => scrollY);
      await swipe(page, c.x, c.y, 120);
      const after = await page.evaluate(() => scrollY);
      assert.ok(after > before + 40, `${tag} canvas ${i}: a swipe up that starts on it scrolls the page (scrollY ${before} → ${after})`);
      checked++;
    }
  }
  assert.ok(checked >= 28, `swiped on ${checked} canvases`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a pinch that starts on a plot zooms the page (390×844, touch)', async () => {
  const page = await phonePage();
  for (const [tag, i] of [
    ['posenc-heatmap', 0],
    ['posenc-alibi', 1],
  ]) {
    const c = await centreOf(page, tag, i);
    const scale = () => page.evaluate(() => visualViewport.scale);
    assert.equal(await scale(), 1);
    await pinch(page, c.x, c.y, 1);
    const zoomed = await scale();
    assert.ok(zoomed > 1.3, `${tag}: a pinch on the plot zooms the page (scale ${zoomed})`);
    await pinch(page, c.x, c.y, -1);
    assert.ok((await scale()) < zoomed, `${tag}: and a pinch back zooms out`);
  }
  await page.close();
});

test('a tap on every plot gives a readout that stays, and only a second tap or Select selects (390×844, touch)', async () => {
  const page = await phonePage();
  const plots = await page.evaluate((tags) => tags.flatMap((t) => [...document.querySelector(t).shadowRoot.querySelectorAll('canvas')].map((c, i) => (c.hasAttribute('tabindex') ? [t, i, c.className] : null)).filter(Boolean)), ALL_WIDGET_TAGS);
  // every widget with a picture that reads values has at least one such plot
  const withPlots = new Set(plots.map(([t]) => t));
  for (const tag of ['posenc-heatmap', 'posenc-waves', 'posenc-compare', 'posenc-similarity', 'posenc-pipeline', 'posenc-learned', 'posenc-rope', 'posenc-scaling', 'posenc-alibi', 'posenc-t5', 'posenc-model'])
    assert.ok(withPlots.has(tag), `${tag} has a plot to tap`);
  for (const [k, [tag, i, name]] of plots.entries()) {
    const what = `${tag} canvas ${i} (${name})`;
    const c = await centreOf(page, tag, i);
    // a point off the middle, so that the tap lands somewhere other than where a default readout points (and,
    // for plots that share a readout, elsewhere than the last tap)
    const [x, y] = [c.x + c.w * (k % 2 ? 0.17 : -0.21), c.top + Math.min(c.visible, 300) * 0.3];
    const state = await selectionState(page);
    const before = await readouts(page, tag);
    await page.touchscreen.tap(x, y);
    await page.waitForTimeout(400);
    const after = await readouts(page, tag);
    assert.notEqual(after, before, `${what}: a tap changes the readout`);
    assert.ok(after.replace(/[ |]/g, '').length > 0, `${what}: the readout is not empty`);
    assert.deepEqual(await selectionState(page), state, `${what}: a tap reads and changes no other widget and not the address`);
    await page.waitForTimeout(600);
    assert.equal(await readouts(page, tag), after, `${what}: the readout stays after the finger lifted`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a second tap on the same cell, or the Select button, selects it for the group and the address (390×844, touch)', async () => {
  const page = await phonePage();
  const selected = (sel) => page.evaluate((s) => document.querySelector(s).getAttribute('positions'), sel);
  for (const [tag, fx, fy] of [
    ['posenc-heatmap', 0.6, 0.6],
    ['posenc-similarity', 0.5, 0.5],
    ['posenc-waves', 0.5, 0.5],
  ]) {
    const c = await centreOf(page, tag, 0);
    const box = await page.evaluate((t) => document.querySelector(t).shadowRoot.querySelector('canvas.plot').getBoundingClientRect().toJSON(), tag);
    const [x, y] = [box.left + box.width * fx, Math.max(box.top, 0) + Math.min(box.height, c.h) * fy];
    const state = await selectionState(page);
    await page.touchscreen.tap(x, y);
    await page.waitForTimeout(350);
    assert.deepEqual(await selectionState(page), state, `${tag}: the first tap only reads`);
    const button = page.locator(tag).locator('button.select-read');
    assert.equal(await button.count(), 1, `${tag}: a tap read offers a Select button`);
    assert.match(await button.textContent(), /Select/);
    await page.touchscreen.tap(x, y);
    // the address follows in a moment (syncWithUrl writes it after the widgets updated)
    await page.waitForFunction((h) => location.hash !== h, state.hash, { timeout: 5000 }).catch(() => {});
    const after = await selectionState(page);
    assert.notDeepEqual(after.positions, state.positions, `${tag}: a second tap on the same place selects`);
    assert.notEqual(after.hash, state.hash, `${tag}: the address keeps the selection`);
    assert.equal(await button.count(), 0, `${tag}: after selecting, no Select button`);
  }
  // the Select button selects what the tap read
  const before = await selected('#heatmap');
  const c = await centreOf(page, 'posenc-heatmap', 0);
  await page.touchscreen.tap(c.x - c.w * 0.3, c.y - 40);
  await page.waitForTimeout(350);
  assert.equal(await selected('#heatmap'), before);
  await page.locator('#heatmap button.select-read').tap();
  await page.waitForTimeout(350);
  assert.notEqual(await selected('#heatmap'), before, 'the Select button selects the row that was read');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('instructions say tap on a touch screen, in en, es and zh-CN (390×844, touch)', async () => {
  const words = { en: /\bTap\b|\btap\b/, es: /[Tt][oó]ca/, 'zh-CN': /点/ };
  for (const lang of ['en', 'es', 'zh-CN']) {
    const page = await phonePage({ lang });
    assert.ok(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), 'the emulated phone has a coarse pointer');
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('[group]')].map((e) => {
        const fine = [...e.shadowRoot.querySelectorAll('.for-fine')].filter((s) => s.getClientRects().length > 0).length;
        const coarse = [...e.shadowRoot.querySelectorAll('.for-coarse')].filter((s) => s.getClientRects().length > 0).map((s) => s.textContent);
        return [e.localName, fine, coarse];
      }),
    );
    let hints = 0;
    for (const [tag, fine, coarse] of shown) {
      assert.equal(fine, 0, `${lang} ${tag}: no mouse instruction shows on a touch screen`);
      for (const text of coarse) {
        assert.match(text, words[lang], `${lang} ${tag}: "${text}"`);
        hints++;
      }
    }
    assert.ok(hints >= 6, `${lang}: ${hints} touch instructions`);
    for (const tag of ['posenc-compare', 'posenc-pipeline', 'posenc-rope', 'posenc-padding']) await phoneShot(page, tag, `touch-${lang}-${tag.slice(7)}`, '.for-coarse');
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('every widget at 360 px on a touch screen: text at least 12 px, canvas labels too, targets at least 24 px', async () => {
  // and a T5 grid with cells big enough for its bucket numbers
  const page = await phonePage({ width: 360, height: 740, extra: '<posenc-t5 id="t5-numbers" group="other" length="12"></posenc-t5>' });
  // open what is closed, so that its text is measured too
  await page.evaluate(() => {
    for (const e of document.querySelectorAll('[group]')) for (const d of e.shadowRoot.querySelectorAll('details')) d.open = true;
  });
  await page.waitForTimeout(300);
  const report = await page.evaluate(() =>
    [...document.querySelectorAll('[group]')].map((host) => {
      const small = [];
      const walker = document.createTreeWalker(host.shadowRoot, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!n.textContent.trim() || !el || el.closest('.sr-only') || el.getClientRects().length === 0) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < 11.99) small.push(`${el.localName}.${el.className} "${n.textContent.trim().slice(0, 30)}" ${size.toFixed(1)} px`);
      }
      const labels = [];
      let drawn = 0;
      for (const c of host.shadowRoot.querySelectorAll('canvas')) {
        const w = c.getBoundingClientRect().width;
        if (!w) continue;
        const ratio = c.width / w;
        for (const t of window.__canvasTexts(c)) {
          drawn++;
          const px = parseFloat(/(\d+(?:\.\d+)?)px/.exec(t.font)?.[1] ?? 'NaN');
          const css = (px * t.scale) / ratio;
          if (!(css >= 11.99)) labels.push(`${c.className} "${t.text.slice(0, 20)}" ${css.toFixed(1)} px`);
        }
      }
      const targets = [];
      const controls = host.shadowRoot.querySelectorAll('button, select, input, textarea, summary, [role="tab"], [role="option"], [tabindex="0"]:not(canvas):not(.scroll):not(.tex)');
      for (const c of controls) {
        if (c.getClientRects().length === 0 || c.closest('[hidden]')) continue;
        // a checkbox or radio is operated through its label too: the label is its target
        const box = (c.type === 'checkbox' || c.type === 'radio') && c.closest('label') ? c.closest('label') : c;
        const r = box.getBoundingClientRect();
        if (r.width < 23.99 || r.height < 23.99) targets.push(`${c.localName}.${c.className} "${(c.textContent || c.getAttribute('aria-label') || '').trim().slice(0, 24)}" ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
      }
      return { tag: host.id, small, labels, drawn, targets };
    }),
  );
  assert.ok(report.find((r) => r.tag === 't5-numbers').drawn > 144, 'the short T5 grid writes its bucket numbers (and they are measured)');
  const problems = report.flatMap((r) => [...r.small.map((s) => `${r.tag} text ${s}`), ...r.labels.map((s) => `${r.tag} canvas label ${s}`), ...r.targets.map((s) => `${r.tag} target ${s}`)]);
  assert.deepEqual(problems, [], `${problems.length} problems:\n${problems.join('\n')}`);
  for (const tag of ALL_WIDGET_TAGS) await phoneShot(page, tag, `touch-360-${tag.slice(7)}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('with a mouse and the keyboard: hovering and the arrow keys read, a click and Enter select (390×844)', async () => {
  const page = await phonePage();
  const attr = (sel, name) => page.evaluate(([s, n]) => document.querySelector(s).getAttribute(n), [sel, name]);
  for (const [sel, name] of [
    ['#scaling', 'pair'],
    ['#model', 'pair'],
    ['#heatmap', 'positions'],
  ]) {
    const tag = `posenc-${sel.slice(1)}`;
    const c = await centreOf(page, tag, 0);
    const plot = page.locator(sel).locator('canvas.plot').first();
    const before = await attr(sel, name);
    const readout = await readouts(page, tag);
    await page.mouse.move(c.x - c.w * 0.3, c.top + 20);
    await page.mouse.move(c.x + c.w * 0.3, c.top + Math.min(c.visible, 200) * 0.6, { steps: 4 });
    await page.waitForTimeout(200);
    assert.notEqual(await readouts(page, tag), readout, `${sel}: hovering reads`);
    assert.equal(await attr(sel, name), before, `${sel}: hovering does not select`);
    await plot.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await attr(sel, name), before, `${sel}: the arrow keys do not select`);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(100);
    const entered = await attr(sel, name);
    assert.notEqual(entered, before, `${sel}: Enter selects`);
    await page.mouse.click(c.x - c.w * 0.2, c.top + Math.min(c.visible, 200) * 0.4);
    await page.waitForTimeout(100);
    assert.notEqual(await attr(sel, name), entered, `${sel}: a click selects at once`);
    assert.equal(await page.locator(sel).locator('button.select-read').count(), 0, `${sel}: a mouse needs no Select button`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a tap on the heatmap reads it alone: the group’s other plots draw no crosshair for it (390×844, touch)', async () => {
  const page = await phonePage();
  const linked = () => page.evaluate(() => document.querySelector('#similarity')._linkedHover ?? null);
  const c = await centreOf(page, 'posenc-heatmap', 0);
  const readout = await readouts(page, 'posenc-heatmap');
  await page.touchscreen.tap(c.x, c.y);
  await page.waitForTimeout(350);
  assert.notEqual(await readouts(page, 'posenc-heatmap'), readout, 'the tap reads');
  assert.equal(await linked(), null, 'similarity shows no hover from a tap');
  // a mouse hovering the heatmap does cross the group's similarity matrix
  await page.mouse.move(c.x - c.w * 0.2, c.y - 30);
  await page.mouse.move(c.x + c.w * 0.2, c.y + 30, { steps: 3 });
  await page.waitForTimeout(200);
  assert.notEqual(await linked(), null, 'a hover is shared');
  assert.deepEqual(page.errors, []);
  await page.close();
});
