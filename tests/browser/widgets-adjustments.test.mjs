// Settings a widget cannot use as given are named
// in a visible message (never dropped or clamped silently), and value tables stay in view at phone widths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, widgetPage } from './helpers.mjs';

const env = browserPerFile();

/** Visible messages of a widget: adjustments (role=status) and errors (role=alert). */
const messages = (page, selector) =>
  page.evaluate((s) => [...document.querySelector(s).shadowRoot.querySelectorAll('p.error')].map((p) => p.textContent.trim()), selector);

const settle = (page, selector) => page.evaluate((s) => document.querySelector(s).updateComplete, selector);

test('settings outside their range are named, and the message goes once the value is fixed', async () => {
  const page = await widgetPage(
    env,
    `<posenc-waves id="w" d-model="64" dims="0,5,70"></posenc-waves>
     <posenc-compare id="c" length="600" positions="3,700"></posenc-compare>
     <posenc-permutation id="p" tokens="a,b,c,d,e,f,g,h,i,j,k,l,m" order="0,0,1"></posenc-permutation>
     <posenc-pipeline id="d" dropout dropout-rate="0.95"></posenc-pipeline>
     <posenc-properties id="q" length="200" train-length="300" d-model="16"></posenc-properties>`,
  );
  assert.deepEqual(await messages(page, '#w'), ['dims: 70 is not a dimension from 0 to 63, so it is left out']);
  assert.deepEqual(await messages(page, '#c'), [
    'length: 600 is more than 512 chips, so positions 0 to 511 are shown',
    'positions: 700 is not a position from 0 to 511, so it is left out',
  ]);
  const perm = await messages(page, '#p');
  assert.equal(perm[0], 'tokens: 13 given, at most 12 fit, so the first 12 are used');
  assert.match(perm[1], /^order: 0,0,1 is not a shuffle of 0 to 11 \(each once\), so 11,0,1,/);
  assert.deepEqual(await messages(page, '#d'), ['dropout-rate: 0.95 is not from 0 to 0.9, so 0.9 is used']);
  // the extrapolation check needs positions beyond the training length: named, not "closer than +∞"
  assert.deepEqual(await messages(page, '#q'), [
    'train-length: 300 is not a whole number from 2 to 198 (length − 2, so that positions beyond it remain to check), so 198 is used',
  ]);
  assert.equal(await page.evaluate(() => document.querySelector('#q').checks.extrap.T), 198);
  assert.doesNotMatch(await page.evaluate(() => document.querySelector('#q').shadowRoot.textContent), /\+∞|Infinity/);

  await page.evaluate(() => {
    document.querySelector('#w').dims = [0, 5];
    document.querySelector('#c').length = 20;
    document.querySelector('#c').positions = [3, 7];
    document.querySelector('#p').order = [];
    document.querySelector('#p').tokens = ['I', 'love', 'Paris'];
    document.querySelector('#d').dropoutRate = 0.5;
    document.querySelector('#q').trainLength = 150;
  });
  for (const s of ['#w', '#c', '#p', '#d', '#q']) {
    await settle(page, s);
    assert.deepEqual(await messages(page, s), [], `${s} recovers`);
  }
  const extrap = await page.evaluate(() => document.querySelector('#q').checks.extrap);
  assert.equal(extrap.T, 150);
  assert.ok(Number.isFinite(extrap.minBeyond), 'positions beyond the training length were compared');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('value tables fit a 360 px phone column (no hidden columns behind a scroll)', async () => {
  const page = await widgetPage(
    env,
    `<posenc-scaling id="s"></posenc-scaling><posenc-waves id="w"></posenc-waves><posenc-permutation id="p"></posenc-permutation>
     <posenc-padding id="d" pad-side="left" past-length="4"></posenc-padding><posenc-slicing id="l" step="4" seq="6" length="4"></posenc-slicing>
     <posenc-methods id="m"></posenc-methods>`,
    { width: 360 },
  );
  const overflow = await page.evaluate(() =>
    ['#s', '#w', '#p', '#d', '#l', '#m'].flatMap((s) =>
      [...document.querySelector(s).shadowRoot.querySelectorAll('table')].map((t) => {
        const box = t.parentElement.getBoundingClientRect();
        return [s, Math.round(t.getBoundingClientRect().width - box.width)];
      }),
    ),
  );
  for (const [s, excess] of overflow) assert.ok(excess <= 0, `${s}: a table is ${excess}px wider than its box`);
  await page.close();
});

test('a table wider than its 360 px column fades at the side with more and can be scrolled from the keyboard', async () => {
  const page = await widgetPage(env, '<posenc-padding id="p" tokens="I,really,love,the,old,streets,of,Paris,today" length="12"></posenc-padding>', { width: 360 });
  // the marks follow the sizes of the box and its table (a ResizeObserver), so they are set in the frame after
  // a change, before it is painted
  const state = () =>
    page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
      const s = document.querySelector('#p').shadowRoot.querySelector('.scroll');
      return { classes: [...s.classList].sort(), tabIndex: s.tabIndex, role: s.getAttribute('role'), label: s.getAttribute('aria-label') };
    });
  assert.deepEqual(await state(), { classes: ['more-right', 'scroll'], tabIndex: 0, role: 'region', label: 'Table, scrolls sideways' });
  await page.evaluate(() => {
    const s = document.querySelector('#p').shadowRoot.querySelector('.scroll');
    s.scrollLeft = s.scrollWidth;
  });
  await page.waitForFunction(() => document.querySelector('#p').shadowRoot.querySelector('.scroll').classList.contains('more-left'));
  assert.deepEqual((await state()).classes, ['more-left', 'scroll']);
  // three tokens padded to six fit: no fade, and the container is not a tab stop
  await page.evaluate(() => Object.assign(document.querySelector('#p'), { tokens: ['I', 'love', 'Paris'], length: 0 }));
  await settle(page, '#p');
  assert.deepEqual(await state(), { classes: ['scroll'], tabIndex: -1, role: null, label: null });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("names outside an attribute's list and clamped steps are named; positions set by a script reach the group", async () => {
  const page = await widgetPage(
    env,
    `<posenc-similarity id="s" metric="manhattan" length="20" d-model="16" group="g"></posenc-similarity>
     <posenc-compare id="c" length="20" d-model="16" group="g"></posenc-compare>
     <posenc-slicing id="l" step="6"></posenc-slicing>
     <posenc-heatmap id="h" layout="diagonal" length="8" d-model="8"></posenc-heatmap>`,
  );
  assert.deepEqual(await messages(page, '#s'), ['metric: “manhattan” is not one of cosine, dot, euclidean, so cosine is used']);
  // one message, not a second from the engine: the widget draws the first listed layout
  assert.deepEqual(await messages(page, '#h'), ['layout: “diagonal” is not one of interleaved, split, so interleaved is used']);
  assert.deepEqual(await messages(page, '#l'), ['step: 6 is not a step from 1 to 5, so 5 is used']);
  await page.evaluate(() => (document.querySelector('#c').positions = [1, 4]));
  await settle(page, '#c');
  await settle(page, '#s');
  assert.deepEqual(await page.evaluate(() => window.posenc.getChannel('g').positions), [1, 4]);
  assert.equal(await page.getAttribute('#s', 'positions'), '1,4', 'the linked similarity follows a script-set selection');
  assert.ok(await page.evaluate(() => window.posenc.getChannel('g') instanceof window.posenc.SelectionChannel), 'SelectionChannel is exported');
  await page.evaluate(() => (document.querySelector('#s').metric = 'dot'));
  await settle(page, '#s');
  assert.deepEqual(await messages(page, '#s'), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});
