// Fallbacks that name what is drawn, texts that stay
// true for narrow tables and repeated words, events for every reader selection, and removed attributes that
// bring their defaults back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, widgetPage } from './helpers.mjs';
import { ALL_WIDGET_TAGS } from '../../web/src/widgets/tags.js';

const env = browserPerFile();

const messages = (page, selector) =>
  page.evaluate((s) => [...document.querySelector(s).shadowRoot.querySelectorAll('p.error')].map((p) => p.textContent.trim()), selector);
const settle = (page, selector) => page.evaluate((s) => document.querySelector(s).whenReady(), selector);
const shadowText = (page, selector, inner) =>
  page.evaluate(([s, i]) => document.querySelector(s).shadowRoot.querySelector(i)?.textContent.replace(/\s+/g, ' ').trim(), [selector, inner]);

test('out-of-range settings name the value actually used', async () => {
  const page = await widgetPage(
    env,
    `<posenc-similarity id="s" scheme="zzz" length="10" positions="3,60"></posenc-similarity>
     <posenc-waves id="w" positions="3,500"></posenc-waves>
     <posenc-padding id="p" column="50"></posenc-padding>
     <posenc-scaling id="c" pair="99"></posenc-scaling>
     <posenc-learned id="l" position="-1"></posenc-learned>`,
  );
  assert.deepEqual(await messages(page, '#l'), ['position: -1 is not a whole number from 0 up, so 0 is used']);
  assert.equal(await page.getAttribute('#l', 'position'), '-1');
  const sim = await messages(page, '#s');
  assert.ok(sim.some((m) => /^scheme: “zzz” is not one of .*, so viridis is used$/.test(m)), sim.join(' | '));
  assert.ok(sim.includes('positions: 60 is not a position from 0 to 9, so it is left out'), sim.join(' | '));
  assert.ok((await messages(page, '#w')).some((m) => /^positions: 500 is not a position from 0 to/.test(m)));
  assert.deepEqual(await messages(page, '#p'), ['column: 50 is not a slot from 0 to 5 (or -1 for none), so 5 is used']);
  assert.equal(await page.getAttribute('#p', 'column'), '50', 'the author’s attribute is kept');
  assert.deepEqual(await messages(page, '#c'), ['pair: 99 is not a pair from 0 to 63, so 63 is used']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("engine errors are worded with the widget's attributes", async () => {
  const page = await widgetPage(
    env,
    `<posenc-waves id="w" d-model="0"></posenc-waves>
     <posenc-scaling id="o" original-max="0"></posenc-scaling>
     <posenc-scaling id="l" type="longrope" short-factor="1,2"></posenc-scaling>`,
  );
  assert.match((await messages(page, '#w')).join(' '), /RangeError: d-model must be an integer/);
  assert.match((await messages(page, '#o')).join(' '), /RangeError: original-max must be greater than 0/);
  assert.match((await messages(page, '#l')).join(' '), /RangeError: short-factor must have rotaryDim\/2 = 64 values/);
  await page.close();
});

test('compare explains narrow tables truthfully', async () => {
  const page = await widgetPage(
    env,
    `<posenc-compare id="a" d-model="1" positions="0,1" length="4"></posenc-compare>
     <posenc-compare id="b" d-model="2" positions="0,3" length="4"></posenc-compare>`,
  );
  assert.match(await shadowText(page, '#a', '.insight'), /PE\(0\) = 0: the zero vector has no direction, so the cosine is undefined/);
  const b = await shadowText(page, '#b', '.insight');
  assert.match(b, /only one sin\/cos pair/);
  assert.doesNotMatch(b, /slow ones still agree/);
  await page.close();
});

test('Escape on the heatmap tells listeners the selection is empty', async () => {
  const page = await widgetPage(env, '<posenc-heatmap id="h" length="8" d-model="8" positions="1,3"></posenc-heatmap>');
  await page.evaluate(() => {
    window.selected = [];
    document.addEventListener('posenc-select', (e) => window.selected.push(e.detail.positions));
  });
  await page.focus('#h >> canvas');
  await page.keyboard.press('Escape');
  assert.deepEqual(await page.evaluate(() => window.selected), [[]]);
  await page.close();
});

test('removing a text attribute restores its default', async () => {
  const page = await widgetPage(
    env,
    `<posenc-permutation id="m" tokens="a,b,c"></posenc-permutation>
     <posenc-padding id="p" tokens="x,y"></posenc-padding>
     <posenc-pipeline id="l" token="bonjour"></posenc-pipeline>`,
  );
  await page.evaluate(() => {
    for (const s of ['#m', '#p']) document.querySelector(s).removeAttribute('tokens');
    document.querySelector('#l').removeAttribute('token');
  });
  for (const s of ['#m', '#p', '#l']) await settle(page, s);
  assert.deepEqual(await page.evaluate(() => document.querySelector('#m').tokens), ['I', 'love', 'Paris']);
  assert.deepEqual(await page.evaluate(() => document.querySelector('#p').tokens), ['The', 'cat', 'sat']);
  assert.equal(await page.evaluate(() => document.querySelector('#l').token), 'Hello');
  for (const s of ['#m', '#p', '#l']) assert.deepEqual(await messages(page, s), [], s);
  await page.close();
});

test('padding keeps tokens that hold a space; permutation notices an order that spells the same sentence', async () => {
  const page = await widgetPage(
    env,
    `<posenc-padding id="p" tokens="New York,is,big" length="4"></posenc-padding>
     <posenc-permutation id="m" tokens="the,cat,the" encoding order="2,1,0"></posenc-permutation>`,
  );
  const box = '#p >> input.tokens';
  assert.equal(await page.inputValue(box), 'New York, is, big');
  await page.fill(box, 'New York, is, very big');
  await page.press(box, 'Enter');
  await page.locator(box).blur();
  await settle(page, '#p');
  assert.deepEqual(await page.evaluate(() => document.querySelector('#p').tokens), ['New York', 'is', 'very big']);
  await page.fill(box, 'the cat sat');
  await page.locator(box).blur();
  await settle(page, '#p');
  assert.deepEqual(await page.evaluate(() => document.querySelector('#p').tokens), ['the', 'cat', 'sat']);

  assert.equal(await page.evaluate(() => document.querySelector('#m').result.sameSentence), true);
  const verdict = await shadowText(page, '#m', '.verdict');
  assert.match(verdict, /the same sentence/);
  assert.doesNotMatch(verdict, /can now tell the sentences apart/);
  await page.close();
});

test('pausing the waves sweep clears the sweep attribute (embed code keeps the choice)', async () => {
  const page = await widgetPage(env, '<posenc-waves id="w" sweep></posenc-waves>');
  await page.click('#w >> button:has-text("Pause sweep")');
  await settle(page, '#w');
  assert.equal(await page.evaluate(() => document.querySelector('#w').hasAttribute('sweep')), false);
  assert.doesNotMatch(await page.evaluate(() => document.querySelector('#w').embedCode), /sweep/);
  await page.click('#w >> button:has-text("Play sweep")');
  await settle(page, '#w');
  assert.equal(await page.evaluate(() => document.querySelector('#w').sweep), true);
  await page.close();
});

test("every widget's PNG carries the author's label as its title; waves and pipeline name their curves and stages", async () => {
  const tags = ALL_WIDGET_TAGS.map((t) => t.replace('posenc-', ''));
  const page = await widgetPage(env, tags.map((t) => `<posenc-${t} label="Title for ${t}"></posenc-${t}>`).join(''));
  const texts = await page.evaluate(async (tags) => {
    const seen = [];
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
      seen.push(String(text));
      return fillText.call(this, text, ...rest);
    };
    const out = {};
    for (const t of tags) {
      seen.length = 0;
      const el = document.querySelector(`posenc-${t}`);
      await el.whenReady();
      const canvas = await el.exportCanvas();
      out[t] = canvas ? [...seen] : null;
    }
    CanvasRenderingContext2D.prototype.fillText = fillText;
    return out;
  }, tags);
  for (const t of tags) assert.ok(texts[t]?.includes(`Title for ${t}`), `${t}: ${JSON.stringify(texts[t]?.slice(0, 3))}`);
  assert.ok(texts.waves.some((s) => /^dim 0 \(sin, i = 0\)$/.test(s)), 'waves legend');
  assert.ok(texts.pipeline.some((s) => /^Positional encoding PE\(0\)/.test(s)), 'pipeline stage names');
  assert.ok(texts.methods.includes('Sinusoidal: score against distance'), 'methods plots are named');
  await page.close();
});

test('explanations stay true at the edges (learner review)', async () => {
  const page = await widgetPage(
    env,
    `<posenc-properties id="q" d-model="2" length="200"></posenc-properties>
     <posenc-slicing id="s" step="4" seq="3" length="1"></posenc-slicing>
     <posenc-alibi id="a" heads="12"></posenc-alibi>
     <posenc-alibi id="y" heads="8" length="10" symmetric></posenc-alibi>
     <posenc-padding id="p" length="3"></posenc-padding>
     <posenc-methods id="m"></posenc-methods>`,
  );
  // past the training length the closest pair is 44 apart, not neighbours (numpy: 0.01770 over positions 50…199)
  const extrap = await page.evaluate(() => document.querySelector('#q').checks.extrap);
  assert.ok(Math.abs(extrap.minBeyond - 0.0177) < 1e-4, `minBeyond ${extrap.minBeyond}`);
  assert.equal(extrap.closestGap, 44);
  // a one-row table broadcasts: no error in PyTorch, every token gets PE(0)
  const tooLong = await shadowText(page, '#s', '[data-role="too-long"]');
  assert.match(tooLong, /runs without an error and gives all 3 tokens the encoding of position 0/);
  assert.doesNotMatch(tooLong, /RuntimeError/);
  const notes = (s) => page.evaluate((s) => [...document.querySelector(s).shadowRoot.querySelectorAll('p.note')].map((p) => p.textContent.replace(/\s+/g, ' ')).join(' '), s);
  assert.match(await notes('#a'), /steeper than every slope before it/);
  const symmetric = await notes('#y');
  assert.match(symmetric, /nearest the query, on both sides/);
  assert.doesNotMatch(symmetric, /last few tokens|slope·j/);
  const padding = await notes('#p');
  assert.match(padding, /no padding, so it is 0, 1, 2, … and correct/);
  assert.doesNotMatch(padding, /fails:/);
  assert.match(await page.evaluate(() => document.querySelector('#m').shadowRoot.textContent), /curve when the query moves/);
  assert.deepEqual(page.errors, []);
  await page.close();
});
