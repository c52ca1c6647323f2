// Browser test of <posenc-learned> in Chromium, beside the element it tests: readouts against independent
// references (float64 formulas, the torch/numpy fixtures of tests/fixtures), keyboard operation, boundaries.
// The tests shared by every method widget (attributes, exports, repaint time) are in tests/browser/methods.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, near, widgetPage, canvasStats, shot, evalEl, settle, flatText as text, textLoggedPage } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

test('learned: rows from the engine, parameters and memory, the boundary shows the engine RangeError', async () => {
  const page = await widgetPage(env, '<posenc-learned id="l" max-length="512" d-model="64" seed="0" position="3"></posenc-learned>');
  const cards = await evalEl(page, '#l', (el) => ({
    params: el.shadowRoot.querySelector('[data-role="parameters"]').dataset.value,
    bytes: el.shadowRoot.querySelector('[data-role="bytes"]').dataset.value,
    text: el.shadowRoot.querySelector('[data-role="bytes"]').textContent,
  }));
  assert.equal(Number(cards.params), 512 * 64);
  assert.equal(Number(cards.bytes), 512 * 64 * 4);
  assert.equal(cards.text, '131 kB (131\u2009072 bytes)');
  const row3 = await evalEl(page, '#l', (el) => Array.from(el.pe.learned({ maxLength: 512, dModel: 64, seed: 0 }).subarray(3 * 64, 4 * 64)));
  const res = await evalEl(page, '#l', (el) => el.result);
  assert.deepEqual(res.learned, row3, 'lookup = row 3 of the whole table');

  // "last row" then "one past the end": 511 works, 512 shows the engine's message
  await page.locator('#l').getByRole('button', { name: /^last row/ }).click();
  await settle(page, '#l');
  assert.equal((await evalEl(page, '#l', (el) => el.result)).learnedError, '');
  assert.equal(await text(page, '#l', '[data-role="learned-error"]'), null);
  await page.locator('#l').getByRole('button', { name: /^one past the end/ }).click();
  await settle(page, '#l');
  const engineMessage = await evalEl(page, '#l', (el) => {
    try {
      el.pe.learned({ maxLength: 512, dModel: 64, positions: [512] });
      return null;
    } catch (e) {
      return `${e.name}: ${e.message}`;
    }
  });
  assert.equal(engineMessage, 'RangeError: positions: position 512 has no learned embedding (the table covers 0 to maxLength - 1 = 511)');
  assert.equal(await text(page, '#l', '[data-role="learned-error"]'), engineMessage);
  assert.equal(await page.getAttribute('#l', 'position'), '512');
  const sin = await evalEl(page, '#l', (el) => el.result.sinusoidal.slice(0, 2));
  near(sin[0], Math.sin(512), 1e-6, 'the sinusoidal row continues at 512');
  near(sin[1], Math.cos(512), 1e-6, 'the sinusoidal row continues at 512');
  await shot(page.locator('#l'), 'learned-past-end');
  // keyboard on the table: ↑ goes back inside, the error disappears
  await page.locator('#l').locator('canvas.learned').focus();
  await page.keyboard.press('ArrowUp');
  await settle(page, '#l');
  assert.equal(await page.getAttribute('#l', 'position'), '511');
  assert.equal(await text(page, '#l', '[data-role="learned-error"]'), null);
  await page.keyboard.press('Home');
  await settle(page, '#l');
  assert.equal(await page.getAttribute('#l', 'position'), '0');
  // GPT-2's size: 1024 × 768 = 786 432 parameters, 3.15 MB
  await page.locator('#l').getByRole('button', { name: /^GPT-2/ }).click();
  await settle(page, '#l');
  assert.equal(await text(page, '#l', '[data-role="parameters"]'), '786 432'); // text() folds the thin space
  assert.equal(await page.getAttribute('#l', 'max-length'), '1024');
  const stats = await canvasStats(page, '#l', 'canvas.learned');
  assert.ok(stats.colours > 50, 'learned table drawn');
  await shot(page.locator('#l'), 'learned-gpt2');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('learned in Spanish and Chinese: sizes and values in the reader\'s numbers, the message for a position out of range', async () => {
  const page = await widgetPage(env, '<posenc-learned id="l" lang="es" position="-1" max-length="512" d-model="64"></posenc-learned>');
  const read = () =>
    evalEl(page, '#l', (el) => {
      const root = el.shadowRoot;
      const flat = (s) => root.querySelector(s)?.textContent.replace(/\s+/g, ' ').trim() ?? null;
      return {
        messages: [...root.querySelectorAll('p.error')].map((p) => p.textContent.trim()),
        parameters: flat('[data-role="parameters"]'),
        bytes: flat('[data-role="bytes"]'),
        values: flat('[data-role="learned"]'),
        last: [...root.querySelectorAll('button')].map((b) => b.textContent.trim()).find((t) => /511/.test(t)),
      };
    });
  let r = await read();
  assert.deepEqual(r.messages, ['position: -1 no es un entero de 0 en adelante, así que se usa 0']);
  assert.equal(r.parameters, '32.768');
  assert.equal(r.bytes, '131 kB (131.072 bytes)');
  assert.match(r.values, /^−?0,\d{4}(; −?0,\d{4}){7}; …$/, 'decimal commas, values apart by semicolons');
  assert.equal(r.last, 'última fila (511)');
  await page.evaluate(() => document.querySelector('#l').setAttribute('lang', 'zh-CN'));
  await page.waitForFunction(() => document.querySelector('#l').shadowRoot.querySelector('.title').textContent === '可学习的位置嵌入表');
  r = await read();
  assert.deepEqual(r.messages, ['position：-1 不是 0 及以上的整数，因此改用 0']);
  assert.equal(r.parameters, '32,768');
  assert.equal(r.bytes, '131 kB（131,072 字节）');
  assert.match(r.values, /^−?0\.\d{4}(, −?0\.\d{4}){7}, …$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('learned: the max-length label stays clear of the looked-up position’s line (position 500 of 512, at a phone’s width)', async () => {
  const page = await textLoggedPage(env, '<posenc-learned id="l" max-length="512" d-model="64" seed="0" position="500"></posenc-learned>', { width: 390 });
  const found = await evalEl(page, '#l', (el) =>
    ['learned', 'sinusoidal'].map((which) => {
      const canvas = el.shadowRoot.querySelector(`canvas.${which}`);
      const { rect, cellH } = el._geom[which];
      const label = window.__canvasTexts(canvas).find((t) => t.text === 'max-length 512');
      // drawn with textBaseline bottom at y: the glyphs span about 14 px above it
      return { which, label: label && { top: label.y - 14, bottom: label.y + 1 }, line: rect.y + 500.5 * cellH };
    }),
  );
  for (const { which, label, line } of found) {
    assert.ok(label, `${which}: the label is drawn`);
    assert.ok(line < label.top - 1 || line > label.bottom + 1, `${which}: the line at ${line.toFixed(1)} crosses the label ${label.top.toFixed(1)}…${label.bottom.toFixed(1)}`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});
