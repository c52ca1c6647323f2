// Browser test of <posenc-model> in Chromium, beside the element it tests: the presets are the fixture configs,
// every number shown is the engine's (rope.fromConfig, rope.precision, rope.cosSin), a pasted config replaces
// the preset and a broken one is a readable error, and the plot is keyboard operable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, widgetPage, settle, fixture, shot, axe } from '../../../../tests/browser/helpers.mjs';
import { PRESETS } from './presets.js';
import { properties } from './descriptor.js';

const env = browserPerFile();
const F = fixture('configs.json');
const M = fixture('models.json');

test('model: the presets are the published configs the fixtures hold', () => {
  assert.equal(PRESETS.length, 34);
  assert.deepEqual(properties.preset.values, PRESETS.map((p) => p.id), 'the descriptor offers the presets, in their order');
  for (const p of PRESETS) {
    const c = [...F.cases.filter((x) => x.seqLen == null), ...M.cases, ...M.other].find((x) => x.name === p.name);
    assert.ok(c, `${p.name}: in tests/fixtures/configs.json or models.json`);
    assert.deepEqual(p.config, c.config, p.name);
    assert.ok(/^https:\/\//.test(p.source) || p.source.startsWith('transformers'), `${p.name}: a source`);
  }
});

test('model: summary, wavelengths and precision from the engine; presets, a pasted config, keys', async () => {
  const page = await widgetPage(env, '<posenc-model id="m"></posenc-model>');
  const read = () =>
    page.evaluate(() => {
      const el = document.querySelector('#m');
      const root = el.shadowRoot;
      const value = (sel) => root.querySelector(sel)?.dataset.value ?? null;
      return {
        rotary: value('[data-role="rotary"]'),
        attention: value('[data-role="attention"]'),
        never: value('[data-role="never"]'),
        wavelength: value('[data-role="wavelength"]'),
        precision: [...root.querySelectorAll('tr[data-dtype] td:nth-of-type(1)')].map((td) => Number(td.dataset.value)),
        neighbours: [...root.querySelectorAll('[data-role="neighbours"]')].map((td) => Number(td.dataset.value)),
        error: root.querySelector('p.error[role="alert"]')?.textContent.trim() ?? null,
        result: el.result,
      };
    });
  // what the widget should show, computed here from the engine directly
  const expected = (config) =>
    page.evaluate((cfg) => {
      const pe = document.querySelector('#m').pe;
      const r = pe.rope.fromConfig(cfg);
      const longest = Math.max(r.maxPositionEmbeddings ?? 0, r.originalMaxPositionEmbeddings ?? 0);
      const range = { from: Math.max(0, longest - 4096), to: longest - 1, ...(r.type === 'longrope' ? { seqLen: longest } : {}) };
      return {
        rotary: r.rotaryDim,
        attention: r.attentionFactor,
        never: Array.from(r.invFreq).filter((t) => (2 * Math.PI) / t > longest).length,
        precision: ['float32', 'bfloat16'].map((dtype) => pe.rope.precision({ config: cfg, dtype, ...range }).maxAngleError),
      };
    }, config);

  let s = await read();
  let e = await expected(PRESETS[0].config);
  assert.equal(Number(s.rotary), e.rotary);
  assert.equal(Number(s.attention), e.attention);
  assert.equal(Number(s.never), e.never);
  assert.deepEqual(s.precision, e.precision);
  assert.ok(s.precision[1] > s.precision[0], 'bfloat16 holds the angles less precisely than float32');
  assert.equal(s.neighbours.length, 2);
  await shot(page.locator('#m'), 'model');

  // another preset: Phi-3's LongRoPE, attention factor from the two lengths, its long factors at 131 072
  await page.evaluate(() => (document.querySelector('#m').preset = 'phi-3-mini-128k'));
  await settle(page, '#m');
  s = await read();
  assert.ok(Math.abs(Number(s.attention) - 1.1902380714238083) < 1e-12, s.attention);
  e = await expected(PRESETS.find((p) => p.id === 'phi-3-mini-128k').config);
  assert.deepEqual(s.precision, e.precision);
  // dynamic NTK is shown at factor × the trained length, with the base it grows to there
  await page.evaluate(() => (document.querySelector('#m').preset = 'llama-2-7b-dynamic'));
  await settle(page, '#m');
  const dyn = (await read()).result;
  assert.equal(dyn.longest, 8192);
  assert.ok(dyn.neverTurn > 0);

  // keys move the pair cursor and the readout follows; they stay in the widget
  const before = (await read()).wavelength;
  await page.focus('#m >> canvas.plot');
  await page.keyboard.press('Home');
  await settle(page, '#m');
  const first = (await read()).wavelength;
  await page.keyboard.press('ArrowRight');
  await settle(page, '#m');
  const second = (await read()).wavelength;
  assert.ok(Number(second) > Number(first), `pair 1 turns slower than pair 0: ${first}, ${second} (was ${before})`);

  // a pasted config replaces the preset; a broken one is an error that names it; clearing it recovers
  const qwen = PRESETS.find((p) => p.id === 'qwen2.5-7b-yarn').config;
  await page.evaluate((c) => (document.querySelector('#m').config = JSON.stringify(c)), qwen);
  await settle(page, '#m');
  s = await read();
  e = await expected(qwen);
  assert.equal(Number(s.attention), e.attention);
  assert.equal(s.result.type, 'yarn');
  await page.evaluate(() => (document.querySelector('#m').config = '{"rope_theta": 1e4,'));
  await settle(page, '#m');
  s = await read();
  assert.match(s.error, /^TypeError: config is not valid JSON/);
  await page.evaluate(() => (document.querySelector('#m').config = '{"hidden_size": 64, "num_attention_heads": 2, "rope_scaling": {"rope_type": "fope"}}'));
  await settle(page, '#m');
  assert.match((await read()).error, /rope_scaling\.rope_type 'fope' is not a RoPE type/);
  await page.evaluate(() => (document.querySelector('#m').config = ''));
  await settle(page, '#m');
  s = await read();
  assert.equal(s.error, null);
  assert.ok(Number(s.rotary) > 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('model: the layer strip (Gemma 3: two RoPEs, Llama 4: NoPE layers) and the methods other than RoPE', async () => {
  const page = await widgetPage(env, '<posenc-model id="m" preset="gemma-3-4b"></posenc-model>');
  const state = () =>
    page.evaluate(() => {
      const el = document.querySelector('#m');
      const root = el.shadowRoot;
      return {
        blocks: [...root.querySelectorAll('.layers .layer')].map((b) => b.className.replace('layer ', '')),
        checked: root.querySelector('.layers [aria-checked="true"]')?.dataset.layer ?? null,
        layer: root.querySelector('[data-role="layer"]')?.textContent.trim() ?? null,
        nope: root.querySelector('[data-role="nope"]')?.textContent.trim() ?? null,
        method: root.querySelector('[data-role="method"]')?.textContent.trim() ?? null,
        slopes: [...root.querySelectorAll('[data-role="slope"]')].map((td) => Number(td.dataset.value)),
        explain: root.querySelector('a.explain')?.getAttribute('href') ?? null,
        canvas: !!root.querySelector('canvas.plot'),
        result: el.result,
      };
    });
  let s = await state();
  assert.equal(s.blocks.length, 34);
  assert.deepEqual(s.blocks.slice(0, 6), ['rope-1 sliding', 'rope-1 sliding', 'rope-1 sliding', 'rope-1 sliding', 'rope-1 sliding', 'rope-0 full']);
  assert.equal(s.checked, '5', 'the main layer: the first global one');
  assert.equal(s.result.base, 1e6);
  assert.deepEqual(await axe(page), [], 'the strip passes axe');
  await shot(page.locator('#m'), 'model-layers');
  // a sliding layer: its own RoPE (base 10 000, no scaling); arrows move along the strip
  await page.click('#m >> .layers .layer[data-layer="0"]');
  await settle(page, '#m');
  s = await state();
  assert.deepEqual([s.result.layer, s.result.base, s.result.type], [0, 10000, 'default']);
  assert.match(s.layer, /^layer 0: sliding window of 1 ?024, RoPE 2 \(base 10 ?000\)/);
  await page.keyboard.press('ArrowRight');
  await settle(page, '#m');
  assert.equal((await state()).checked, '1');
  // Llama 4 Scout: a NoPE layer says so and shows no wavelengths
  await page.evaluate(() => Object.assign(document.querySelector('#m'), { preset: 'llama-4-scout', layer: 3 }));
  await settle(page, '#m');
  s = await state();
  assert.match(s.nope, /^Layer 3 has no RoPE \(full attention\).*temperature tuning/);
  assert.equal(s.canvas, false);
  assert.deepEqual(s.result, { model: 'Llama 4 Scout', method: 'rope', layer: 3, rope: null });
  // a model without RoPE: BLOOM's slopes, with the widget that explains them
  await page.evaluate(() => Object.assign(document.querySelector('#m'), { preset: 'bloom-560m', layer: -1 }));
  await settle(page, '#m');
  s = await state();
  const slopes = await page.evaluate(() => Array.from(document.querySelector('#m').pe.alibi.slopes(16)));
  assert.deepEqual(s.slopes, slopes);
  assert.match(s.method, /^ALiBi, no position embedding: each of the 16 heads/);
  assert.equal(s.explain, 'embed.html?widget=posenc-alibi&heads=16');
  assert.deepEqual(await axe(page), [], 'the slopes table passes axe');
  await shot(page.locator('#m'), 'model-alibi');
  // OPT's table with its offset; T5's buckets
  await page.evaluate(() => (document.querySelector('#m').preset = 'opt-350m'));
  await settle(page, '#m');
  assert.match((await state()).method, /2 ?050 rows: position p reads row p \+ 2, so 2 ?048 positions fit/);
  await page.evaluate(() => (document.querySelector('#m').preset = 't5-small'));
  await settle(page, '#m');
  s = await state();
  assert.match(s.method, /^T5’s relative buckets: 32 buckets/);
  assert.equal(s.explain, 'embed.html?widget=posenc-t5&num-buckets=32&max-distance=128');
  // the same in Spanish
  await page.evaluate(() => (document.querySelector('#m').lang = 'es'));
  await settle(page, '#m');
  assert.match((await state()).method, /^Cubetas relativas de T5: 32 cubetas/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('model: at 320 px the layer strip, the slopes table and the notes wrap inside the widget', async () => {
  const page = await widgetPage(env, '<posenc-model id="m" preset="llama-4-scout"></posenc-model>', { width: 320 });
  const overflow = () =>
    page.evaluate(() => {
      const el = document.querySelector('#m');
      const right = el.getBoundingClientRect().right;
      const parts = [...el.shadowRoot.querySelectorAll('.layers, .legend, .method, table, .notes li')];
      return { page: document.documentElement.scrollWidth, right, over: parts.filter((p) => p.getBoundingClientRect().right > right + 0.5 || p.scrollWidth > p.clientWidth + 1).map((p) => p.className || p.textContent.slice(0, 40)) };
    });
  let o = await overflow();
  assert.ok(o.page <= 320, `page scroll width ${o.page}`);
  assert.deepEqual(o.over, []);
  await shot(page.locator('#m'), 'model-layers-320');
  await page.evaluate(() => (document.querySelector('#m').preset = 'bloom-560m'));
  await settle(page, '#m');
  o = await overflow();
  assert.ok(o.page <= 320, `page scroll width ${o.page}`);
  assert.deepEqual(o.over, []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('model in Spanish and Chinese: the engine note every config gets is in the reader’s language; the others stay English, marked so', async () => {
  const page = await widgetPage(env, '<posenc-model id="es" lang="es"></posenc-model><posenc-model id="zh" lang="zh-CN"></posenc-model>');
  const notes = (sel) =>
    page.evaluate((s) => [...document.querySelector(s).shadowRoot.querySelectorAll('ul.notes li')].map((li) => ({ text: li.textContent.trim(), lang: li.lang })), sel);
  const es = await notes('#es');
  assert.deepEqual(es[0], { text: 'leída con las reglas de transformers ≥ 4.56', lang: '' });
  assert.ok(es.slice(1).every((n) => n.lang === 'en'), 'other engine notes are marked English');
  assert.deepEqual((await notes('#zh'))[0], { text: '按 transformers ≥ 4.56 的规则读取', lang: '' });
  assert.deepEqual(page.errors, []);
  await page.close();
});

// Issue 32: whatever is pasted, the widget answers with the reader's error naming the key, in bounded work, and
// recovers. The work is bounded by the engine's field rules (tests/js/config-rules.test.mjs) and by the widget's
// text cap and per-task precision budget (tests/js/model-precision.test.mjs); here only a generous bound on the
// main thread's longest task, far above a real one and far below what these configs took before (1–37 s).
test('model: hostile configs pasted in are named errors, the page stays responsive, a good config recovers', async () => {
  const page = await widgetPage(env, '<posenc-model id="m"></posenc-model>');
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: true });
  });
  const llama = '"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32';
  const hostile = [
    [`{${llama}, "num_hidden_layers": 1000000}`, /^RangeError: num_hidden_layers must be an integer from 1 to 1024 \(got 1000000\)/],
    [`{${llama}, "head_dim": 65536}`, /^RangeError: head_dim must be an integer from 2 to 4096/],
    [`{${llama}, "num_hidden_layers": 2, "layer_types": ["toString", "full_attention"]}`, /^RangeError: layer_types\[0\] must be one of .* \(got 'toString'\)/],
    ['{"__proto__": {"polluted": 1}, "model_type": "mpt", "n_heads": 10000000}', /^RangeError: n_heads must be an integer from 1 to 4096/],
    ['{"model_type": "roberta", "pad_token_id": 1000000, "max_position_embeddings": 514}', /^RangeError: pad_token_id must be at most/],
    [`{${llama}, "rope_theta": 0.5}`, /^RangeError: rope_theta must be a number greater than 1/],
    ['[1, 2]', /^TypeError: config must be an object/],
    ['null', /^TypeError: config must be an object/],
    [`{${llama}, "rope_scaling": {"rope_type": "longrope", "long_factor": [${'1,'.repeat(6e5)}1]}}`, /^RangeError: config is .+ characters long; a config\.json read here is at most/],
  ];
  const error = () => page.evaluate(() => document.querySelector('#m').shadowRoot.querySelector('p.error[role="alert"]')?.textContent.trim() ?? null);
  await page.locator('#m details.paste summary').click();
  for (const [text, pattern] of hostile) {
    // pasted into the textarea and read, as a reader would (the longest set as the property: typing 1 MiB is slow)
    if (text.length < 5000) {
      await page.locator('#m textarea').fill(text);
      await page.locator('#m details.paste button').click();
    } else await page.evaluate((t) => (document.querySelector('#m').config = t), text);
    await settle(page, '#m');
    assert.match((await error()) ?? '(no error shown)', pattern, text.slice(0, 80));
  }
  assert.equal(await page.evaluate(() => ({}).polluted), undefined);
  await shot(page.locator('#m'), 'model-hostile-error');
  // the largest head the rules allow is drawn, its precision computed a bounded window per task
  await page.evaluate((t) => (document.querySelector('#m').config = t), `{${llama}, "head_dim": 4096, "max_position_embeddings": 8192}`);
  await page.evaluate(() => document.querySelector('#m').renderComplete);
  assert.equal(await error(), null);
  assert.equal(await page.evaluate(() => document.querySelector('#m').result.rotaryDim), 4096);
  await shot(page.locator('#m'), 'model-head-4096');
  // and a good config afterwards is read as usual
  await page.evaluate(() => (document.querySelector('#m').config = ''));
  await settle(page, '#m');
  assert.equal(await error(), null);
  assert.equal(await page.evaluate(() => document.querySelector('#m').result.rotaryDim), 128);
  const longest = await page.evaluate(() => Math.max(0, ...window.longTasks));
  assert.ok(longest < 2000, `the longest main-thread task took ${longest} ms`);
  assert.deepEqual(page.errors, []);
  await page.close();
});
