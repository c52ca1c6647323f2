// Part 4 of the demo lesson (train.html) in Chromium: linked from parts 1, 2 and 3, in three languages, its
// single file opens from disk (the widget trains in a worker started from the inlined engine) and links back;
// at 320 px nothing overflows. With pe.train in the engine: the default race finishes within 60 s, every
// method on the same budget, and the methods' accuracy past L differs visibly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { browserPerFile, waitReady, shot, axe } from './helpers.mjs';

const env = browserPerFile();

const ready = (page) => page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 15000 }).then(() => waitReady(page));

function collectErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

test('demo part 4: linked from parts 1 to 3, in English, Spanish and Chinese, axe, 320 px', async () => {
  const page = await env.context.newPage();
  const errors = collectErrors(page);
  for (const part of ['index.html', 'methods.html', 'model.html']) {
    await page.goto(`${env.base}${part}`);
    assert.equal(await page.locator('a[data-part="4"]').first().getAttribute('href'), 'train.html', `${part} links to part 4`);
  }
  await page.locator('a[data-part="4"]').first().click();
  await page.waitForURL(/train\.html$/);
  await ready(page);
  assert.equal(await page.locator('h1').textContent(), 'Do they extrapolate? Run it.');
  assert.equal(await page.locator('a[data-part="3"]').first().getAttribute('href'), 'model.html');
  assert.deepEqual(await axe(page), []);
  await shot(page.locator('main'), 'demo-train');
  for (const [lang, h1, race] of [['es', '¿Extrapolan? Compruébalo.', 'Carrera'], ['zh-CN', '它们能外推吗？跑一跑就知道。', '比赛']]) {
    await page.goto(`${env.base}train.html?lang=${lang}`);
    await ready(page);
    assert.equal((await page.locator('h1').textContent()).trim(), h1);
    if (await page.evaluate(() => Boolean(document.querySelector('#train-w').pe.train)))
      assert.equal((await page.locator('#train-w button[data-action=race]').textContent()).trim(), race);
  }
  // the page that trains fetches the engine build with the trainer alone (its preload); part 1 the one without
  const wasm = [];
  page.on('request', (r) => r.url().endsWith('.wasm') && wasm.push(r.url().replace(/^.*\//, '')));
  await page.goto(`${env.base}index.html`);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 15000 });
  assert.deepEqual([...new Set(wasm.splice(0))], ['posenc-simd.wasm']);
  // the address keeps the widget's settings (not its weights), and a shared link restores them
  await page.goto(`${env.base}train.html`);
  await ready(page);
  assert.deepEqual([...new Set(wasm.splice(0))], ['posenc-train-simd.wasm']);
  await page.evaluate(() => (document.querySelector('#train-w').trainLength = 6));
  await page.waitForFunction(() => /train-w\.train-length=6/.test(location.hash), null, { timeout: 3000 });
  const shared = page.url();
  await page.goto('about:blank');
  await page.goto(shared);
  await ready(page);
  assert.equal(await page.evaluate(() => document.querySelector('#train-w').trainLength), 6);
  await page.setViewportSize({ width: 320, height: 800 });
  for (const lang of ['en', 'es', 'zh-CN']) {
    await page.goto(`${env.base}train.html?lang=${lang}`);
    await ready(page);
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 320, `${lang}: nothing overflows at 320 px`);
    assert.ok((await page.evaluate(() => document.querySelector('#train-w').getBoundingClientRect().right)) <= 320, lang);
    const switches = await page.evaluate(() => [...document.querySelectorAll('.theme-switch, .lang-switch, .lang-switch a, .theme-switch button')].map((e) => e.getBoundingClientRect().right));
    for (const right of switches) assert.ok(right <= 320, `${lang}: a switch ends at ${right}`);
  }
  await shot(page.locator('#train-w'), 'demo-train-320');
  assert.deepEqual(errors, []);
  await page.close();
});

test('demo part 4, single file from file://: no request, links to the other single files, the worker starts from the inlined engine', async () => {
  assert.ok(readFileSync(join(env.outDir, 'posenc-demo-model.html'), 'utf8').includes('href="posenc-demo-train.html"'));
  const file = await env.context.newPage();
  const errors = collectErrors(file);
  const requests = [];
  file.on('request', (r) => requests.push(r.url()));
  await file.goto(pathToFileURL(join(env.outDir, 'posenc-demo-train.html')).href);
  await ready(file);
  assert.equal(await file.locator('a[data-part="3"]').first().getAttribute('href'), 'posenc-demo-model.html');
  assert.deepEqual(await file.evaluate(() => document.querySelector('#train-w').prepare()), { kind: 'worker', reason: '' });
  assert.deepEqual(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:') && !u.startsWith('blob:')), []);
  assert.deepEqual(errors, []);
  await file.close();
});

// How long the default race takes is a figure of `npm run bench:widgets` (defaultRaceSeconds; the lesson's
// promise is 60 s), not an assertion: wall-clock time depends on how busy the machine is.
test('demo part 4: the default race finishes, one budget for every method, and the methods differ past L', async (t) => {
  const page = await env.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${env.base}train.html`);
  await ready(page);
  assert.ok(await page.evaluate(() => Boolean(document.querySelector('#train-w').pe.train)), 'the engine has pe.train');
  await page.locator('#train-w button[data-action=race]').click();
  await page.waitForFunction(() => document.querySelector('#train-w').result.race?.running === false, null, { timeout: 90000, polling: 250 });
  const race = await page.evaluate(() => document.querySelector('#train-w').result.race);
  t.diagnostic(`default race: ${race.seconds.toFixed(1)} s; ${race.entries.map((e) => `${e.method} ${e.rows.map((r) => (r.supported ? r.accuracy.toFixed(2) : 'n/a')).join(' ')}`).join(' | ')}`);
  const steps = new Set(race.entries.map((e) => e.steps));
  assert.equal(steps.size, 1, 'one budget');
  // past L: the best and the worst method's mean accuracy at 2L … 4L are far apart
  const past = race.entries.map((e) => {
    const rows = e.rows.filter((r) => r.length >= 2 * e.rows[0].length && r.supported);
    return rows.length ? rows.reduce((s, r) => s + r.accuracy, 0) / rows.length : 0;
  });
  assert.ok(Math.max(...past) - Math.min(...past) > 0.2, `accuracy past 2L: ${past}`);
  // the page's section 3 states these figures: they must be what the race produces
  const pct = (method, length, key = 'accuracy') => Math.round(100 * race.entries.find((e) => e.method === method).rows.find((r) => r.length === length)[key]);
  assert.deepEqual(
    [pct('learned', 8), pct('learned', 8, 'exactMatch'), pct('rope', 8), pct('t5', 8), pct('sinusoidal', 8), pct('none', 8)],
    [97, 78, 89, 87, 69, 77],
  );
  assert.deepEqual([pct('sinusoidal', 12), pct('learned', 12), pct('rope', 12), pct('t5', 12)], [14, 25, 68, 75]);
  assert.deepEqual([pct('t5', 32), pct('none', 32), pct('alibi', 32), pct('rope', 32)], [44, 40, 39, 31]);
  for (const e of race.entries) for (const r of e.rows.filter((row) => row.length > 8)) assert.equal(r.exactMatch, 0, `${e.method} at ${r.length}`);
  const text = await page.locator('#result').textContent();
  for (const figure of ['97 %', '78 %', '14 %', '25 %', '44 %', '40 %', '39 %', '31 %']) assert.ok(text.includes(figure), figure);
  await shot(page.locator('#train-w'), 'demo-train-race');
  assert.deepEqual(errors, []);
  await page.close();
});
