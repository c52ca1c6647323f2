// Course platforms serve pages under a strict Content-Security-Policy. The demo lesson (both parts) and
// every widget must work there: no eval/new Function (embind built with -sDYNAMIC_EXECUTION=0), no inline
// script, no style attribute parsed from markup. Chromium reports any blocked action as a
// `securitypolicyviolation` event; the test collects them and expects none.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { bundlesInto } from './bundles.mjs';
import { serve } from '../../scripts/start.mjs';
import { CHROMIUM_ARGS, root, waitReady } from './helpers.mjs';

export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

let work, server, browser, outDir;
before(async () => {
  work = mkdtempSync(join(tmpdir(), 'posenc-csp-'));
  outDir = await bundlesInto(root, join(work, 'dist'));
  server = await serve(outDir, { headers: { 'content-security-policy': STRICT_CSP } });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
});
after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A new page that collects CSP violations (window.__violations) and page or console errors (`problems`). */
async function watchedPage() {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`),
    );
  });
  return { page, problems };
}

async function visit(path) {
  const { page, problems } = await watchedPage();
  const response = await page.goto(`${server.url}${path}`);
  assert.equal(response.headers()['content-security-policy'], STRICT_CSP);
  await page.waitForFunction(() => [...document.querySelectorAll('*')].some((e) => e.localName.startsWith('posenc-')));
  await waitReady(page);
  // Let late work (fonts, progressive drawing, animations) happen before judging.
  await page.waitForTimeout(500);
  const violations = await page.evaluate(() => window.__violations);
  const widgets = await page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((e) => e.localName.startsWith('posenc-'))
      .map((e) => ({ tag: e.localName, text: e.shadowRoot?.textContent.trim().length ?? 0, error: e.shadowRoot?.querySelector('[role=alert]')?.textContent.trim() ?? '' })),
  );
  await page.close();
  return { violations, problems, widgets };
}

// (each part also in Spanish and Chinese: the language switch swaps the page's text and typesets its formulas again)
for (const [path, least] of [['index.html', 5], ['methods.html', 5], ['model.html', 1], ['train.html', 1], ['index.html?lang=es', 5], ['methods.html?lang=zh-CN', 5], ['model.html?lang=es', 1], ['train.html?lang=zh-CN', 1]]) {
  test(`${path} under a strict CSP: no violation, no error, every widget renders`, async () => {
    const { violations, problems, widgets } = await visit(path);
    assert.deepEqual(violations, []);
    assert.deepEqual(problems, []);
    assert.ok(widgets.length >= least, `only ${widgets.length} widgets on ${path}`);
    for (const w of widgets) assert.ok(w.text > 0, `${w.tag} rendered nothing`);
  });
}

test('the demo\'s language switch under a strict CSP: the page changes language in place with no violation', async () => {
  const { page, problems } = await watchedPage();
  await page.goto(`${server.url}methods.html`);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true');
  await waitReady(page);
  const formulas = await page.locator('.katex').count();
  for (const [name, lang] of [['Español', 'es'], ['简体中文', 'zh-CN']]) {
    await page.locator(`.lang-switch a[data-lang="${lang}"]`).click();
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await waitReady(page);
    assert.equal(await page.locator('.katex').count(), formulas, `${name}: every formula typeset again`);
  }
  await page.waitForTimeout(300);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a CSP without 'wasm-unsafe-eval': widgets name the fix and whenReady() rejects instead of hanging", async () => {
  const blocking = await serve(outDir, { headers: { 'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'" } });
  const page = await browser.newPage();
  try {
    await page.goto(`${blocking.url}index.html`);
    await page.waitForFunction(() => customElements.get('posenc-heatmap'));
    const outcome = await page.evaluate(async () => {
      const el = document.querySelector('posenc-heatmap');
      const timeout = new Promise((resolve) => setTimeout(() => resolve('still pending after 15 s'), 15000));
      const settled = el.whenReady().then(() => 'resolved', (e) => `rejected: ${e.message}`);
      return { outcome: await Promise.race([settled, timeout]), shown: el.shadowRoot.querySelector('[role=alert]')?.textContent ?? '' };
    });
    assert.match(outcome.outcome, /^rejected: .*add 'wasm-unsafe-eval' to its script-src/);
    assert.match(outcome.shown, /Content Security Policy: add 'wasm-unsafe-eval'/);
    assert.doesNotMatch(outcome.shown, /ASSERTIONS/);
  } finally {
    await page.close();
    await blocking.close();
  }
});
