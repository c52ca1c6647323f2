// The catalogues beyond English load on demand in the ES module (web/src/widgets/catalogues/shipped.js): an English page
// fetches none, a page in Spanish or Chinese fetches its own chunk once, and whenReady() waits for it, so
// nothing that waits sees English. The one-tag script carries them all: a Spanish page from file:// needs
// nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { browserPerFile } from './helpers.mjs';
import es from '../../web/src/widgets/catalogues/es.js';
import zhCN from '../../web/src/widgets/catalogues/zh-CN.js';
import en from '../../web/src/widgets/catalogues/en.js';

const env = browserPerFile();

/** The blank test page (the ES module) in `lang`, recording the chunks it fetches. */
async function esPage(lang, { failChunks = false } = {}) {
  const page = await env.context.newPage();
  page.chunks = [];
  page.warnings = [];
  page.on('console', (m) => m.type() === 'warning' && page.warnings.push(m.text()));
  // the catalogue chunks (the engine's glue is a chunk too, loaded by every page)
  await page.route(/\/chunks\/(es|zh-CN)-[\w-]+\.js$/, (route) => {
    page.chunks.push(new URL(route.request().url()).pathname);
    return failChunks ? route.abort() : route.continue();
  });
  await page.goto(`${env.base}test/blank.html`);
  await page.evaluate((l) => (document.documentElement.lang = l), lang);
  await page.waitForFunction(() => window.posencLoaded === true);
  return page;
}

const text = (page, tag) => page.evaluate((t) => document.querySelector(t).shadowRoot.textContent.replace(/\s+/g, ' '), tag);

/** Adds a heatmap, waits for whenReady() and returns its title as read right then. */
const titleWhenReady = (page, attrs = '') =>
  page.evaluate(async (a) => {
    document.body.innerHTML = `<posenc-heatmap length="8" d-model="8" ${a}></posenc-heatmap>`;
    const el = document.querySelector('posenc-heatmap');
    await el.whenReady();
    return el.shadowRoot.textContent.replace(/\s+/g, ' ');
  }, attrs);

test('ES module: an English page fetches no catalogue; Spanish and Chinese each fetch their chunk once, and whenReady() waits for it', async () => {
  const page = await esPage('en');
  assert.match(await titleWhenReady(page), new RegExp(en['heatmap.title']));
  assert.deepEqual(page.chunks, [], 'no catalogue for an English page');

  // a widget in Spanish, added cold: whenReady() resolves with the Spanish words already there
  assert.match(await titleWhenReady(page, 'lang="es"'), new RegExp(es['heatmap.title']));
  assert.equal(page.chunks.length, 1, `one chunk: ${page.chunks}`);
  assert.match(page.chunks[0], /\/chunks\/es-[\w-]+\.js$/);

  // the page switches to Chinese: its chunk, once, and every widget follows
  await page.evaluate(() => {
    document.body.innerHTML = '<posenc-heatmap length="8" d-model="8"></posenc-heatmap><posenc-waves></posenc-waves>';
    document.documentElement.lang = 'zh-CN';
  });
  await page.evaluate(() => Promise.all([...document.body.children].map((e) => e.whenReady())));
  assert.match(await text(page, 'posenc-heatmap'), new RegExp(zhCN['heatmap.title']));
  assert.match(await text(page, 'posenc-waves'), new RegExp(zhCN['waves.titlePositions']));
  assert.equal(page.chunks.filter((c) => /zh-CN/.test(c)).length, 1, `one zh-CN chunk: ${page.chunks}`);
  await page.close();
});

test('ES module: a page in Spanish from the start never shows English to a script that waits', async () => {
  const page = await esPage('es');
  assert.match(await titleWhenReady(page), new RegExp(es['heatmap.title']));
  await page.close();
});

test('ES module: a catalogue that cannot load leaves the widgets in English, with a warning, and whenReady() still resolves', async () => {
  const page = await esPage('es', { failChunks: true });
  assert.match(await titleWhenReady(page), new RegExp(en['heatmap.title']));
  assert.ok(page.warnings.some((w) => /posenc: the es catalogue did not load/.test(w)), page.warnings.join('\n'));
  await page.close();
});

test('one-tag script from file:// in Spanish: every catalogue inlined, no other request', async () => {
  const dir = join(env.outDir, 'alone-es');
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(env.outDir, 'posenc-widgets.iife.js'), join(dir, 'posenc-widgets.iife.js'));
  writeFileSync(join(dir, 'page.html'), '<!doctype html><html lang="es"><head><meta charset="utf-8"><script src="posenc-widgets.iife.js"></script></head><body><posenc-heatmap length="8" d-model="8"></posenc-heatmap></body></html>');
  const page = await env.context.newPage();
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  const url = pathToFileURL(join(dir, 'page.html')).href;
  await page.goto(url);
  await page.evaluate(() => customElements.whenDefined('posenc-heatmap').then(() => document.querySelector('posenc-heatmap').whenReady()));
  assert.match(await text(page, 'posenc-heatmap'), new RegExp(es['heatmap.title']));
  assert.deepEqual(requests.filter((u) => u !== url && !/posenc-widgets\.iife\.js$/.test(u)), []);
  await page.close();
});
