// MyST (mystmd, Jupyter Book 2): raw HTML is stripped from MyST pages, so widgets come in through the
// `{anywidget}` directive and posenc/anywidget (dist/posenc-anywidget.js). The site's HTML theme is a download
// this machine cannot make, so this test does not build the site: it takes the directives of the lesson in
// tests/browser/hosts/myst (the recipe of docs/widgets.md) and does with each what the theme's renderer does
// (myst-theme, packages/anywidget: import the module, `initialize?.({ model })`, a <div> in a shadow root of
// the directive's element, `render({ model, el })`, the returned clean-up when the page goes), with a model
// that behaves as the theme's (get, set, on with `change:<name>` events; off and save_changes not
// implemented). The theme navigates in the page: leaving calls the clean-ups, coming back renders again.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../../scripts/start.mjs';
import { root, screenshotDir } from './helpers.mjs';
import { siteBrowser, sitePage } from './hosts/sites.mjs';

/** The {anywidget} directives of a MyST page: [{ esm, model }] (the argument and the JSON body). */
export function anywidgetDirectives(markdown) {
  return [...markdown.matchAll(/^:::\{anywidget\} (\S+)\n([\s\S]*?)\n:::$/gm)].map(([, esm, body]) => ({ esm, model: JSON.parse(body) }));
}

// What the theme does with each directive node, and the theme's model (written after myst-theme's).
const RENDERER = `
class Model {
  #state; #target = new EventTarget();
  constructor(state) { this.#state = state; }
  get(name) { return this.#state[name]; }
  set(key, value) {
    this.#state[key] = value;
    this.#target.dispatchEvent(new CustomEvent('change:' + key, { detail: value }));
    this.#target.dispatchEvent(new CustomEvent('change', { detail: value }));
  }
  on(name, cb) { this.#target.addEventListener(name, cb); }
  off() { throw new Error('MystAnyModel.off not implemented yet.'); }
  save_changes() { throw new Error('MystAnyModel.save_changes not implemented yet.'); }
}
window.renderPage = async (nodes) => {
  const main = document.querySelector('main');
  main.replaceChildren();
  window.views = [];
  for (const node of nodes) {
    const rootEl = document.createElement('div');
    rootEl.className = 'relative w-full';
    main.append(rootEl);
    const mod = await import(new URL(node.esm, location.href).href);
    const widget = mod.default;
    const model = new Model(structuredClone(node.model));
    const cleanupInitialize = await widget.initialize?.({ model });
    const shadowRoot = rootEl.shadowRoot ?? rootEl.attachShadow({ mode: 'open' });
    const shadowEl = document.createElement('div');
    shadowRoot.replaceChildren(shadowEl);
    const cleanupRender = await widget.render?.({ model, el: shadowEl });
    window.views.push({ model, rootEl, cleanup: async () => { await cleanupRender?.(); await cleanupInitialize?.(); } });
  }
};
window.leavePage = async () => { for (const v of window.views) await v.cleanup(); };
window.widgetOf = (i) => window.views[i].rootEl.shadowRoot.firstElementChild.firstElementChild;
`;

const env = {};
before(async () => {
  const module = join(root, 'dist/posenc-anywidget.js');
  if (!existsSync(module)) throw new Error('build posenc first (node scripts/build.mjs)');
  env.work = mkdtempSync(join(tmpdir(), 'posenc-myst-'));
  copyFileSync(module, join(env.work, 'posenc-anywidget.js'));
  writeFileSync(
    join(env.work, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MyST page</title><link rel="icon" href="data:,">
     <style>body { background: #fff; color: #111; } html.dark body { background: #1c1917; color: #eee; }</style>
     <script type="module">${RENDERER}</script></head><body><main></main></body></html>`,
  );
  env.server = await serve(env.work);
  env.browser = await siteBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.server?.close();
  if (env.work) rmSync(env.work, { recursive: true, force: true });
});

/** Each view's widget once ready: tag, settings, colours of its plot, scheme, messages. */
const views = (page) =>
  page.evaluate(async () =>
    Promise.all(
      window.views.map(async (_, i) => {
        const el = window.widgetOf(i);
        await el.whenReady();
        const canvas = el.shadowRoot.querySelector('canvas');
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        const seen = new Set();
        for (let k = 0; k < data.length; k += 4 * 5) if (data[k + 3]) seen.add((data[k] << 16) | (data[k + 1] << 8) | data[k + 2]);
        return { tag: el.localName, length: el.length, dModel: el.dModel, base: el.base, tokens: el.tokens, positions: el.positions, colours: seen.size, theme: el.resolvedTheme, messages: [...el.shadowRoot.querySelectorAll('.error')].map((e) => e.textContent) };
      }),
    ),
  );

test('MyST {anywidget}: the lesson\'s directives render their widgets as the theme calls the module; they follow model changes, clean up, render again; one engine; dark mode followed', async () => {
  const nodes = anywidgetDirectives(readFileSync(join(root, 'tests/browser/hosts/myst/lesson.md'), 'utf8'));
  assert.equal(nodes.length, 2, 'the lesson has two {anywidget} directives');
  const page = await sitePage(env.browser.context, env.server.url.replace(/\/$/, ''));
  await page.goto(env.server.url);
  await page.waitForFunction(() => typeof window.renderPage === 'function');
  await page.evaluate((n) => window.renderPage(n), nodes);
  let [heatmap, compare] = await views(page);
  assert.deepEqual([heatmap.tag, heatmap.length, heatmap.dModel, heatmap.base], ['posenc-heatmap', 12, 16, 100]);
  assert.deepEqual([compare.tag, compare.tokens, compare.positions, compare.dModel], ['posenc-compare', ['The', 'cat', 'sat'], [1, 2], 32]);
  for (const v of [heatmap, compare]) {
    assert.ok(v.colours > 8, `${v.tag} is drawn`);
    assert.deepEqual(v.messages, []);
    assert.equal(v.theme, 'light');
  }

  // the model changes (as a notebook's Python would): the widget follows, under any of the names
  await page.evaluate(() => {
    window.views[0].model.set('length', 8);
    window.views[0].model.set('d_model', 8);
  });
  [heatmap] = await views(page);
  assert.deepEqual([heatmap.length, heatmap.dModel], [8, 8]);

  // the reader moves the heatmap's cursor with the keyboard: the widget is interactive in the shadow root
  const before = await page.evaluate(() => window.widgetOf(0).shadowRoot.querySelector('#readout').textContent);
  await page.evaluate(() => window.widgetOf(0).shadowRoot.querySelector('canvas.plot').focus());
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const afterKeys = await page.evaluate(() => window.widgetOf(0).shadowRoot.querySelector('#readout').textContent);
  assert.notEqual(afterKeys, before, 'the keys moved the cursor');

  // leaving the page: the clean-ups remove the widgets; later model events do nothing
  await page.evaluate(() => window.leavePage());
  assert.equal(await page.evaluate(() => window.views.every((v) => !v.rootEl.shadowRoot.firstElementChild.firstElementChild)), true, 'the widgets are gone');
  await page.evaluate(() => window.views[0].model.set('length', 5));
  // coming back renders again; the engine is the one already loaded
  await page.evaluate((n) => window.renderPage(n), nodes);
  [heatmap, compare] = await views(page);
  assert.deepEqual([heatmap.length, compare.tokens], [12, ['The', 'cat', 'sat']]);
  assert.equal(await page.evaluate(() => window.__wasmInstances), 1, 'one engine');

  // the theme's dark mode: a class on <html> and a dark page
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  for (const v of await views(page)) assert.equal(v.theme, 'dark', `${v.tag} follows the dark page`);
  await page.screenshot({ path: join(screenshotDir, 'host-myst.png'), fullPage: true });

  // a directive naming no widget says which names there are
  const error = await page.evaluate(async () => {
    const mod = await import('./posenc-anywidget.js');
    try {
      mod.default.render({ model: { get: () => 'heatmapp', on() {} }, el: document.createElement('div') });
    } catch (e) {
      return `${e.name}: ${e.message}`;
    }
  });
  assert.match(error, /^TypeError: posenc\/anywidget: widget must be one of permutation, heatmap, .* \(got "heatmapp"\)$/);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(page.foreign, []);
  await page.close();
});
