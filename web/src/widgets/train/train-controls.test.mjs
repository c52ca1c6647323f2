// Browser test of <posenc-train>'s controls (see train.test.mjs for where it trains and what a run shows):
// every setting as a control, Pause and Resume within a race, `method` shared with <posenc-methods> through a
// group and the address, every task's example, and the widget in Spanish, Chinese, dark and at 320 px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, widgetPage, evalEl, shot, axe, settle } from '../../../../tests/browser/helpers.mjs';
import { assertEngineTrains, waitState } from './train-page.mjs';

const env = browserPerFile();

test('train: every setting is a control that sets its attribute; a change of setting starts afresh', async () => {
  const page = await widgetPage(env, '<posenc-train id="a" task="copy" train-length="6" steps="20" methods="none,alibi" seeds="1"></posenc-train>');
  await assertEngineTrains(page);
  const el = page.locator('#a');
  await evalEl(page, '#a', (el) => el.race());
  assert.equal(await evalEl(page, '#a', (el) => el.result.race.entries.length), 2);
  const selects = el.locator('.controls select');
  await selects.nth(0).selectOption('reverse');
  await selects.nth(1).selectOption('t5');
  await selects.nth(2).selectOption('mini');
  const inputs = el.locator('.controls input[type=number]');
  for (const [i, v] of [[0, '7'], [1, '200'], [2, '3']]) {
    await inputs.nth(i).fill(v);
    await inputs.nth(i).dispatchEvent('change');
  }
  await el.locator('.controls input[data-role=seeds]').fill('4,5');
  await el.locator('.controls input[data-role=seeds]').dispatchEvent('change');
  await el.locator('.race-methods input[value=t5]').check();
  await el.locator('.race-methods input[value=none]').uncheck();
  await evalEl(page, '#a', (el) => el.updateComplete);
  const attrs = await evalEl(page, '#a', (el) => Object.fromEntries(['task', 'method', 'size', 'train-length', 'steps', 'seed', 'seeds', 'methods'].map((a) => [a, el.getAttribute(a)])));
  assert.deepEqual(attrs, { task: 'reverse', method: 't5', size: 'mini', 'train-length': '7', steps: '200', seed: '3', seeds: '4,5', methods: 'alibi,t5' });
  // what the runs depend on changed: the race is gone, and the next run uses every new setting
  assert.equal(await evalEl(page, '#a', (el) => el.result.race), null);
  assert.deepEqual(await evalEl(page, '#a', (el) => el.optionsFor('t5')), { task: 'reverse', position: 't5', trainLength: 7, dModel: 32, layers: 2, heads: 4, batch: 32, lr: 0.006, steps: 200, warmup: 20, seed: 3 });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('train: Pause holds a race in its method, Resume the race carries on where it stopped', async () => {
  const page = await widgetPage(env, '<posenc-train id="a" task="copy" train-length="6" steps="400" methods="none,alibi" seeds="1"></posenc-train>');
  await assertEngineTrains(page);
  const el = page.locator('#a');
  await el.locator('button[data-action=race]').click();
  await page.waitForFunction(() => document.querySelector('#a').result.race?.entries[0]?.step >= 20, null, { timeout: 60000 });
  await el.locator('button[data-action=pause]').click();
  assert.equal(await waitState(page, '#a', ['paused']), 'paused');
  await page.waitForTimeout(500);  // the call in flight ends
  const held = await evalEl(page, '#a', (el) => el.result.race.entries.map((e) => e.step));
  await page.waitForTimeout(400);
  assert.deepEqual(await evalEl(page, '#a', (el) => el.result.race.entries.map((e) => e.step)), held, 'no step while paused');
  // each worker (two on this 2-core machine: workerCount) still in its first method
  const workers = await evalEl(page, '#a', (el) => el.result.race.workers);
  assert.ok(held.length >= 1 && held.length <= workers && held.every((step) => step < 400), `each worker still in its first method: ${held}`);
  assert.equal((await el.locator('button[data-action=race]').textContent()).trim(), 'Resume the race');
  assert.equal(await el.locator('button[data-action=train]').isDisabled(), true);
  await el.locator('button[data-action=race]').click();
  await page.waitForFunction(() => document.querySelector('#a').result.race?.running === false, null, { timeout: 120000 });
  const race = await evalEl(page, '#a', (el) => el.result.race);
  assert.deepEqual(race.entries.map((e) => [e.method, e.step, e.losses.length]), [['none', 400, 400], ['alibi', 400, 400]]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('train and methods share `method` through their group, both ways, and the address follows', async () => {
  const page = await widgetPage(env, '<posenc-methods id="m" group="g" train-length="16" window="8"></posenc-methods><posenc-train id="t" group="g" method="t5" task="copy" train-length="5" steps="30" methods="none,alibi"></posenc-train>');
  await assertEngineTrains(page);
  const m = page.locator('#m');
  const t = page.locator('#t');
  const marked = () =>
    evalEl(page, '#m', (el) => ({
      method: el.method,
      attribute: el.getAttribute('method'),
      panels: [...el.shadowRoot.querySelectorAll('.panel.current')].map((p) => p.dataset.method),
      pressed: [...el.shadowRoot.querySelectorAll('button.pick[aria-pressed=true]')].map((b) => b.dataset.method),
      column: [...el.shadowRoot.querySelectorAll('table.compare th.current')].map((th) => th.dataset.method),
      result: el.result.method,
    }));
  // the methods widget, with no method of its own, takes the one <posenc-train> brings to the group
  assert.deepEqual(await marked(), { method: 't5', attribute: 't5', panels: ['t5'], pressed: ['t5'], column: ['t5'], result: 't5' });
  // methods → train: the panel's heading marks its method, and the train widget switches to it
  await m.locator('button.pick[data-method=alibi]').click();
  await settle(page, '#t');
  assert.equal(await evalEl(page, '#t', (el) => el.method), 'alibi');
  assert.equal(await t.locator('select[data-role=method]').inputValue(), 'alibi');
  assert.equal(await evalEl(page, '#t', (el) => el.getAttribute('method')), 'alibi');
  await shot(m, 'methods-group-alibi');
  // train → methods: RoPE with NTK at test is RoPE there; NoPE has no panel, so none is marked
  await t.locator('select[data-role=method]').selectOption('rope-ntk');
  await settle(page, '#m');
  assert.deepEqual(await marked(), { method: 'rope', attribute: 'rope', panels: ['rope'], pressed: ['rope'], column: ['rope'], result: 'rope' });
  await t.locator('select[data-role=method]').selectOption('none');
  await settle(page, '#m');
  assert.deepEqual(await marked(), { method: null, attribute: null, panels: [], pressed: [], column: [], result: null });
  await shot(m, 'methods-group-none');

  // the address: a change in either is written for both, and a link with one sets both
  await page.evaluate(() => (window.__stop = window.posenc.syncWithUrl([document.querySelector('#m'), document.querySelector('#t')], { delay: 20 })));
  await m.locator('button.pick[data-method=sinusoidal]').click();
  await page.waitForFunction(() => /m\.method=sinusoidal/.test(location.hash) && /t\.method=sinusoidal/.test(location.hash));
  await page.evaluate(async () => {
    window.__stop();
    history.replaceState(null, '', '#t.method=learned');
    document.body.innerHTML = '<posenc-methods id="m" group="h"></posenc-methods><posenc-train id="t" group="h"></posenc-train>';
    const stop = window.posenc.syncWithUrl([document.querySelector('#m'), document.querySelector('#t')]);
    window.__notes = await stop.ready;
    stop();
  });
  await settle(page, '#m');
  assert.deepEqual(await page.evaluate(() => window.__notes.length), 0);
  assert.equal(await evalEl(page, '#m', (el) => el.method), 'learned');
  assert.equal(await evalEl(page, '#t', (el) => el.method), 'learned');

  // while a run of one method trains, a choice made elsewhere does not stop it: it says so
  await evalEl(page, '#t', (el) => {
    el.setAttribute('steps', '3000');
    el.setAttribute('train-length', '5');
  });
  await t.locator('button[data-action=train]').click();
  await page.waitForFunction(() => document.querySelector('#t').result.run?.step > 0);
  await m.locator('button.pick[data-method=t5]').click();
  await settle(page, '#m');
  assert.equal(await evalEl(page, '#t', (el) => el.method), 'learned');
  assert.equal(await evalEl(page, '#t', (el) => el.state), 'running');
  assert.match(await t.locator('.status').textContent(), /T5 buckets was chosen in a linked widget; this one keeps training learned table/);
  await t.locator('button[data-action=reset]').click();

  // after a race, the method chosen in the group picks whose example (at 2L) and attention are shown
  await evalEl(page, '#t', (el) => {
    el.steps = 30;
    el.methods = ['none', 'alibi'];
    el.seeds = [1];
  });
  await evalEl(page, '#t', (el) => el.race());
  await m.locator('button.pick[data-method=alibi]').click();
  await settle(page, '#t');
  assert.match(await t.locator('[data-role=example-title]').textContent(), /^ALiBi: one example of 10 symbols, 2 × the training length$/);
  const alibi = await evalEl(page, '#t', (el) => el.result.example);
  await t.locator('select[data-role=method]').selectOption('none');
  await settle(page, '#t');
  assert.match(await t.locator('[data-role=example-title]').textContent(), /^none \(NoPE\): one example/);
  assert.equal(await evalEl(page, '#t', (el) => el.result.race.entries.length), 2, 'choosing a method keeps the race');
  const none = await evalEl(page, '#t', (el) => el.result.example);
  assert.deepEqual(none.prompt, alibi.prompt, 'the same sample for every method');
  assert.equal(await evalEl(page, '#m', (el) => el.method), null);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('train: every task shows its example at 2L token by token, answers checked against the task', async () => {
  const page = await widgetPage(env, '<posenc-train id="t" method="alibi" train-length="6" steps="10" no-worker></posenc-train>');
  await assertEngineTrains(page);
  for (const task of ['copy', 'reverse', 'sort', 'recall', 'add']) {
    await evalEl(page, '#t', (el, task) => (el.task = task), task);
    await evalEl(page, '#t', (el) => el.train());
    const ex = await evalEl(page, '#t', (el) => el.result.example);
    assert.equal(ex.length, 12, task);
    assert.equal(ex.error, undefined, task);
    // the prompt [BOS, x_1 … x_12, SEP] (recall: then the query key); the expected answer follows from it
    assert.equal(ex.prompt[0], 0, task);
    assert.equal(ex.prompt[13], 1, task);
    const x = ex.prompt.slice(1, 13);
    const expected = {
      copy: x,
      reverse: x.slice().reverse(),
      sort: x.slice().sort((a, b) => a - b),
      recall: [x[x.map((v, i) => (i % 2 === 0 && v === ex.prompt[14] ? i : -1)).filter((i) => i >= 0).at(-1) + 1]],
      add: null,
    }[task];
    if (expected) assert.deepEqual(ex.expected, expected, task);
    else assert.equal(ex.expected.length, 7, 'add: 6 + 6 digits give 7');
    assert.equal(ex.predicted.length, ex.expected.length, task);
    const marks = await page.locator('#t .tokens li[data-right]').evaluateAll((lis) => lis.map((li) => li.dataset.right));
    assert.deepEqual(marks, ex.expected.map((tok, i) => String(ex.predicted[i] === tok)), task);
    assert.ok((await evalEl(page, '#t', (el) => el.shadowRoot.querySelector('canvas.heads').width)) > 0, `${task}: attention drawn`);
  }
  await shot(page.locator('#t'), 'train-add-example');
  // the example at L, where the model was trained: its own sample and attention
  await page.locator('#t .example-at input[value="6"]').check();
  await evalEl(page, '#t', (el) => el.updateComplete);
  const atL = await evalEl(page, '#t', (el) => el.result.example);
  assert.equal(atL.length, 6);
  assert.equal(atL.expected.length, 4, 'add: 3 + 3 digits give 4');
  assert.match(await page.locator('#t [data-role=example-title]').textContent(), /^ALiBi: one example of 6 symbols, 1 × the training length$/);
  assert.equal(await evalEl(page, '#t', (el) => el._shown.attention.length), 11, 'the attention of the example at L (T = 1.5·6 + 2)');
  assert.equal(await evalEl(page, '#t', (el) => el.result.run.example.length), 12, 'a run reports its example at 2L');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('train: Spanish and Chinese, dark theme, 320 px phone, axe', async (t) => {
  const page = await widgetPage(env, '<posenc-train id="es" lang="es" steps="30" train-length="5"></posenc-train><posenc-train id="zh" lang="zh-CN" theme="dark" steps="30" train-length="5"></posenc-train>', { width: 320 });
  await assertEngineTrains(page);
  for (const id of ['es', 'zh']) {
    await evalEl(page, `#${id}`, (el) => el.train());
  }
  assert.match(await page.locator('#es button[data-action=race]').textContent(), /Carrera/);
  assert.match(await page.locator('#zh button[data-action=race]').textContent(), /比赛/);
  assert.match(await page.locator('#es .progress').textContent(), /paso 30 de 30/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(overflow <= 320, `page scroll width ${overflow}`);
  assert.deepEqual(await axe(page), []);
  await shot(page.locator('#es'), 'train-es-320');
  await shot(page.locator('#zh'), 'train-zh-dark-320');
  await page.close();
});

test('train: a race at 390 px (Spanish) and on desktop: the table fits, the percentages stay on their line, the plots are readable', async () => {
  // L = 4 keeps the evaluation short (lengths 4 … 16); the table has as many columns as at L = 8
  for (const [width, lang] of [[390, 'es'], [1000, 'en']]) {
    const page = await widgetPage(env, `<posenc-train id="a" lang="${lang}" task="copy" train-length="4" steps="20" seeds="1,2" method="rope-pi"></posenc-train>`, { width });
    await assertEngineTrains(page);
    await evalEl(page, '#a', (el) => el.race());
    await evalEl(page, '#a', (el) => el.updateComplete.then(() => el.renderComplete));
    const fit = await evalEl(page, '#a', (el) => {
      const wrap = el.shadowRoot.querySelector('.table-wrap');
      const cells = [...el.shadowRoot.querySelectorAll('table.results td .mean')];
      return { scroll: wrap.scrollWidth, client: wrap.clientWidth, lines: cells.filter((c) => c.getClientRects().length > 1 || c.offsetHeight > 1.6 * parseFloat(getComputedStyle(c).lineHeight || '16')).length, rows: el.shadowRoot.querySelectorAll('table.results tbody tr').length };
    });
    assert.equal(fit.rows, 9, 'eight methods and the baseline');
    if (width === 390) assert.ok(fit.scroll <= fit.client, `${lang} at ${width} px: the table is ${fit.scroll} px in ${fit.client}`);
    assert.equal(fit.lines, 0, 'every percentage on one line');
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= width);
    await shot(page.locator('#a'), `train-race-${lang}-${width}`);
    await page.close();
  }
});
