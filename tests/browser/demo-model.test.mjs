// Part 3 of the demo lesson (model.html) in Chromium: linked from part 2, the model widget reads every preset
// with no error, maths rendered, the address keeps the widget's settings; its single file opens from disk with
// no network and links back to part 2's; at 320 px nothing overflows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { browserPerFile, waitReady, assertFitsWidth, shot } from './helpers.mjs';

const env = browserPerFile();

const ready = (page) => page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 10000 }).then(() => waitReady(page));

function collectErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

test('demo part 3: linked from part 2, every preset read with no error, the address keeps the view, single file works offline', async () => {
  const page = await env.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${env.base}methods.html`);
  await page.locator('a[data-part="3"]').click();
  await page.waitForURL(/model\.html$/);
  await ready(page);
  assert.ok((await page.locator('.katex').count()) > 3, 'maths rendered offline');
  const presets = await page.evaluate(() => [...document.querySelector('#model-w').shadowRoot.querySelectorAll('select option')].map((o) => o.value));
  assert.equal(presets.length, 34);
  for (const id of presets) {
    const r = await page.evaluate(async (p) => {
      const el = document.querySelector('#model-w');
      el.preset = p;
      await el.whenReady();
      return { result: el.result, alert: el.shadowRoot.querySelector('[role="alert"]')?.textContent ?? null };
    }, id);
    assert.equal(r.alert, null, id);
    // a RoPE model's main layer, or a model whose method is another (ALiBi, learned, T5)
    if (r.result.method === 'rope') assert.ok(r.result.rotaryDim > 0 && r.result.attentionFactor >= 1, `${id}: ${JSON.stringify(r.result)}`);
    else assert.match(r.result.method, /^(alibi|learned|t5)$/, id);
  }
  await page.waitForFunction(() => /model-w\.preset=/.test(location.hash), null, { timeout: 3000 });
  assert.equal(await page.locator('a[data-part="2"]').first().getAttribute('href'), 'methods.html');
  await shot(page.locator('main'), 'demo-model');
  assert.deepEqual(errors, []);
  await page.close();

  // the single files: part 2's links to part 3's, which opens from disk with no request beyond the file
  assert.ok(readFileSync(join(env.outDir, 'posenc-demo-methods.html'), 'utf8').includes('href="posenc-demo-model.html"'));
  const file = await env.context.newPage();
  const fileErrors = collectErrors(file);
  const requests = [];
  file.on('request', (r) => requests.push(r.url()));
  await file.goto(pathToFileURL(join(env.outDir, 'posenc-demo-model.html')).href);
  await ready(file);
  assert.ok((await file.evaluate(() => document.querySelector('#model-w').result.rotaryDim)) > 0);
  assert.equal(await file.locator('a[data-part="2"]').first().getAttribute('href'), 'posenc-demo-methods.html');
  assert.deepEqual(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:')), []);
  assert.deepEqual(fileErrors, []);
  await file.close();
});

test('demo part 3 at 320 px: no horizontal overflow, the widget and formulas fit', async () => {
  const page = await env.context.newPage();
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`${env.base}model.html`);
  await ready(page);
  await assertFitsWidth(page, 320);
  assert.deepEqual(errors, []);
  await page.close();
});
