// The compact layout (`compact`), made for slides: every widget fits a 1280×720 slide with room for a
// slide title, at a slide's width and at a narrower column, with the fonts of a fresh machine (DejaVu only)
// and with more fonts; nothing in it overflows sideways; its explanations are folded behind a Notes button
// that opens them; switching the layout at run time redraws the plots at their new size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, tested, widgetPage, shot } from './helpers.mjs';
import { ALL_WIDGET_TAGS as EVERY_TAG } from '../../web/src/widgets/tags.js';

const ALL_WIDGET_TAGS = tested(EVERY_TAG);

// a 1280×720 slide keeps 80 px for its title; reveal.js themes' slide padding leaves about 1200 px of width
const MAX_HEIGHT = 640;
const WIDTHS = [1200, 960];

const envs = {};
before(async () => {
  envs.dejavu = await setup({ fonts: 'dejavu', viewport: { width: 1300, height: 900 } });
  envs.full = await setup({ fonts: process.env.POSENC_TEST_FONTS === 'dejavu' ? undefined : process.env.POSENC_TEST_FONTS, viewport: { width: 1300, height: 900 } });
});
after(async () => {
  await envs.dejavu?.close();
  await envs.full?.close();
});

/** Box of the widget, widest descendant overflow and every canvas's right edge against the frame's. */
function measure(page, tag) {
  return page.evaluate((t) => {
    const el = document.querySelector(t);
    const frame = el.shadowRoot.querySelector('.frame');
    const right = frame.getBoundingClientRect().right;
    const canvases = [...frame.querySelectorAll('canvas')].filter((c) => c.offsetParent);
    return {
      width: el.offsetWidth,
      height: el.offsetHeight,
      overflow: frame.scrollWidth - frame.clientWidth,
      canvasOut: Math.max(0, ...canvases.map((c) => c.getBoundingClientRect().right - right)),
    };
  }, tag);
}

for (const fonts of ['dejavu', 'full']) {
  for (const width of WIDTHS) {
    test(`compact: every widget fits ${width}×${MAX_HEIGHT} (${fonts} fonts), nothing overflows sideways`, async () => {
      const env = envs[fonts];
      const html = ALL_WIDGET_TAGS.map((t) => `<div style="width:${width}px;margin:0 0 24px;--posenc-font-size:15px"><${t} compact></${t}></div>`).join('');
      const page = await widgetPage(env, html);
      const tooBig = [];
      for (const tag of ALL_WIDGET_TAGS) {
        const m = await measure(page, tag);
        if (m.height > MAX_HEIGHT || m.overflow > 1 || m.canvasOut > 1) tooBig.push(`${tag}: ${m.width}×${m.height}, overflow ${m.overflow}, canvas past the frame by ${m.canvasOut}`);
        if (fonts === 'dejavu' && width === WIDTHS[0]) await shot(page.locator(tag), `compact-${tag}`);
      }
      assert.deepEqual(tooBig, []);
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }
}

test('compact: explanations fold behind a Notes button that opens them; the normal layout shows them and has no such button', async () => {
  const env = envs.full;
  const html = ALL_WIDGET_TAGS.map((t) => `<${t} compact></${t}><${t} class="normal"></${t}>`).join('');
  const page = await widgetPage(env, html);
  const state = (tag, sel) =>
    page.evaluate(
      ([t, s]) => {
        const el = document.querySelector(`${t}${s}`);
        const root = el.shadowRoot;
        const notes = [...root.querySelectorAll('.toolbar button')].find((b) => b.textContent.trim() === 'Notes');
        const lessons = [...root.querySelectorAll('.lesson')];
        return {
          button: notes ? notes.getAttribute('aria-expanded') : null,
          lessons: lessons.length,
          shown: lessons.filter((l) => l.getClientRects().length > 0).length,
          height: el.offsetHeight,
        };
      },
      [tag, sel],
    );
  const withNotes = [];
  for (const tag of ALL_WIDGET_TAGS) {
    const normal = await state(tag, '.normal');
    assert.equal(normal.button, null, `${tag}: no Notes button in the normal layout`);
    assert.equal(normal.shown, normal.lessons, `${tag}: the normal layout shows every explanation`);
    const closed = await state(tag, '[compact]');
    assert.equal(closed.button, 'false', `${tag}: a Notes button, closed`);
    assert.equal(closed.shown, 0, `${tag}: explanations folded`);
    if (closed.lessons === 0) continue;
    withNotes.push(tag);
    await page.evaluate((t) => {
      const root = document.querySelector(`${t}[compact]`).shadowRoot;
      [...root.querySelectorAll('.toolbar button')].find((b) => b.textContent.trim() === 'Notes').click();
    }, tag);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    const open = await state(tag, '[compact]');
    assert.equal(open.button, 'true', `${tag}: Notes pressed`);
    assert.equal(open.shown, open.lessons, `${tag}: Notes shows every explanation`);
    assert.ok(open.height > closed.height, `${tag}: opening Notes must make the widget taller (${closed.height} → ${open.height} px): its .lesson explanations sit beside a taller pane, so they show without adding height; put them below the .split panes (or in the taller pane), where a reader finds them after the picture`);
  }
  // the widgets with long explanations fold them
  for (const tag of tested(['posenc-rope', 'posenc-t5', 'posenc-alibi', 'posenc-methods', 'posenc-learned', 'posenc-properties'])) assert.ok(withNotes.includes(tag), `${tag} folds its explanations`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('compact: switching the layout at run time redraws every plot at its new size', async () => {
  const env = envs.full;
  const html = ALL_WIDGET_TAGS.map((t) => `<div style="width:1200px"><${t}></${t}></div>`).join('');
  const page = await widgetPage(env, html);
  const backing = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('div > *')].flatMap((el) =>
        [...el.shadowRoot.querySelectorAll('canvas')]
          .filter((c) => c.offsetParent && c.offsetWidth > 0)
          .map((c) => ({ tag: el.localName, css: c.offsetWidth, backing: c.width / devicePixelRatio, height: el.offsetHeight })),
      ),
    );
  const before = await backing();
  await page.evaluate(() => document.querySelectorAll('div > *').forEach((el) => el.setAttribute('compact', '')));
  await page.waitForTimeout(300);
  const after = await backing();
  for (const c of after) assert.ok(Math.abs(c.css - c.backing) <= 1, `${c.tag}: a canvas drawn for ${c.backing} px shown at ${c.css} px`);
  for (const tag of tested(['posenc-rope', 'posenc-methods', 'posenc-t5', 'posenc-alibi'])) {
    const h0 = before.find((c) => c.tag === tag).height;
    const h1 = after.find((c) => c.tag === tag).height;
    assert.ok(h1 <= MAX_HEIGHT && h1 < h0, `${tag}: ${h0} px → ${h1} px`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});
