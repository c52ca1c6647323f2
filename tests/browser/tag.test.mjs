// dist/tag/ (issue 31): the one-tag script in parts, a core and one script per widget (scripts/build-web-tag.mjs).
// A course page loads the core and the widgets it shows, as separate scripts or joined into one file; it works
// alone from file:// (beside an AMD loader, as on Moodle), under a strict CSP, in the page's language, and
// widgets from several scripts share one engine. A missing script is named on the console, not left silent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '../../scripts/start.mjs';
import { setup, waitReady } from './helpers.mjs';
import { TAG_WIDGETS } from '../../web/bundles/tag-widgets.js';

// as tests/browser/csp.test.mjs serves its pages
const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

let env, work;
before(async () => {
  env = await setup();
  work = mkdtempSync(join(tmpdir(), 'posenc-tag-'));
});
after(async () => {
  await env?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const part = (name) => readFileSync(join(env.outDir, 'tag', `${name}.js`), 'utf8');

/** A folder with lesson.html (`head` in its head, `body`) and `files` ({ name: text }); the folder. */
function folder(name, { head, body, lang = 'en', charset = 'utf-8', dir: direction = 'ltr', files }) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  writeFileSync(join(dir, 'lesson.html'), `<!doctype html><html lang="${lang}" dir="${direction}"><head><meta charset="${charset}"><title>course page</title>${head}</head><body><p>Text first.</p>${body}</body></html>`);
  return dir;
}

/** A page that records its requests, those answered with an error status, page errors and console messages (page.log). */
async function watched() {
  const page = await env.context.newPage();
  page.log = { requests: [], errors: [], console: [], failed: [] };
  page.on('request', (r) => page.log.requests.push(r.url()));
  page.on('response', (r) => r.status() >= 400 && page.log.failed.push(r.url()));
  page.on('pageerror', (e) => page.log.errors.push(e.message));
  page.on('console', (m) => page.log.console.push(`${m.type()}: ${m.text()}`));
  await page.addInitScript(() => {
    window.__compiled = [];
    const f = WebAssembly.instantiate;
    WebAssembly.instantiate = function (bytes, ...rest) {
      window.__compiled.push(bytes?.byteLength ?? -1);
      return f.call(this, bytes, ...rest);
    };
  });
  return page;
}

/** `dir`'s lesson.html served under the strict CSP, open in a watched page that records CSP violations (window.__violations). */
async function underStrictCsp(dir) {
  const server = await serve(dir, { headers: { 'content-security-policy': STRICT_CSP } });
  const page = await watched();
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(`${server.url}lesson.html`);
  return { page, server };
}

test('the core alone, with no widget script beside it, defines no widget and names each one the page shows', async () => {
  const tags = TAG_WIDGETS;
  const dir = folder('core-alone', { head: '<script defer src="posenc-core.js"></script>', body: tags.map((t) => `<${t}></${t}>`).join(''), files: { 'posenc-core.js': part('posenc-core') } });
  const page = await watched();
  await page.goto(pathToFileURL(join(dir, 'lesson.html')).href);
  await page.waitForFunction(() => document.readyState === 'complete');
  assert.deepEqual(await page.evaluate((all) => all.filter((t) => customElements.get(t)), tags), []);
  const errors = page.log.console.filter((m) => m.startsWith('error'));
  for (const tag of tags) assert.ok(errors.some((m) => m.includes(`<${tag}>`) && m.includes(`tag/${tag}.js`)), `${tag}: ${errors.join('\n')}`);
  await page.close();
});

test('core + two widgets as three scripts, from file:// beside an AMD loader: both drawn by one engine (the build without the trainer), nothing else loaded', async () => {
  const dir = folder('three-scripts', {
    head: `<script>window.define = function () { throw new Error('anonymous define() called'); }; window.define.amd = {};</script>
      <script defer src="posenc-core.js"></script><script defer src="posenc-heatmap.js"></script><script defer src="posenc-rope.js"></script>`,
    body: '<posenc-heatmap length="8" d-model="8"></posenc-heatmap><posenc-rope></posenc-rope><script src="posenc-core.js"></script>',
    files: { 'posenc-core.js': part('posenc-core'), 'posenc-heatmap.js': part('posenc-heatmap'), 'posenc-rope.js': part('posenc-rope') },
  });
  const page = await watched();
  await page.goto(pathToFileURL(join(dir, 'lesson.html')).href);
  await page.waitForFunction(() => customElements.get('posenc-heatmap') && customElements.get('posenc-rope'), null, { timeout: 15000 });
  await waitReady(page);
  const seen = await page.evaluate(() => {
    const [h, r] = ['posenc-heatmap', 'posenc-rope'].map((t) => document.querySelector(t));
    return { sameEngine: h.pe === r.pe, simd: h.pe.simd, compiled: window.__compiled, text: h.shadowRoot.textContent.length > 0 && r.shadowRoot.textContent.length > 0, api: typeof window.posenc?.registerLocale };
  });
  assert.deepEqual(seen, { sameEngine: true, simd: true, compiled: [statSync(join(env.outDir, 'gen', 'posenc-simd.wasm')).size], text: true, api: 'function' });
  assert.deepEqual(page.log.errors, []);
  assert.deepEqual(page.log.console.filter((m) => m.startsWith('error')), []);
  assert.deepEqual(page.log.requests.filter((u) => !u.startsWith(pathToFileURL(dir).href)), [], 'nothing fetched beyond the folder');
  await page.close();
});

test('one tag: the core alone, served under a strict CSP, loads the script of each widget the page shows from beside it, and of one added later', async () => {
  const dir = folder('one-tag', {
    head: '<script defer src="posenc-core.js"></script>',
    body: '<posenc-heatmap length="8" d-model="8"></posenc-heatmap><posenc-rope></posenc-rope>',
    files: Object.fromEntries(['posenc-core', 'posenc-heatmap', 'posenc-rope', 'posenc-waves'].map((n) => [`${n}.js`, part(n)])),
  });
  const { page, server } = await underStrictCsp(dir);
  try {
    await page.waitForFunction(() => customElements.get('posenc-heatmap') && customElements.get('posenc-rope'), null, { timeout: 15000 });
    await waitReady(page);
    const seen = await page.evaluate(() => {
      const [h, r] = ['posenc-heatmap', 'posenc-rope'].map((t) => document.querySelector(t));
      return { sameEngine: h.pe === r.pe, drawn: h.shadowRoot.textContent.length > 0 && r.shadowRoot.textContent.length > 0, violations: window.__violations };
    });
    assert.deepEqual(seen, { sameEngine: true, drawn: true, violations: [] });
    const scripts = page.log.requests.filter((u) => u.endsWith('.js')).map((u) => u.slice(server.url.length)).sort();
    assert.deepEqual(scripts, ['posenc-core.js', 'posenc-heatmap.js', 'posenc-rope.js'], 'the scripts of the widgets shown, no other');
    // a widget the page adds later (client-side navigation) gets its script too
    await page.evaluate(() => document.body.append(document.createElement('posenc-waves')));
    await page.waitForFunction(() => customElements.get('posenc-waves'), null, { timeout: 15000 });
    await waitReady(page);
    assert.deepEqual(page.log.errors, []);
    // every request answered but the browser's own for /favicon.ico (its 404 is on the console)
    assert.deepEqual(page.log.failed.filter((u) => u !== `${server.url}favicon.ico`), []);
    assert.deepEqual(page.log.console.filter((m) => m.startsWith('error') && !m.includes('Failed to load resource')), []);
  } finally {
    await page.close();
    await server.close();
  }
});

test('one tag from file://, the core deferred and one widget script listed after it: the other widget loaded, nothing twice, no error', async () => {
  const dir = folder('one-tag-file', {
    head: '<script defer src="posenc-core.js"></script><script defer src="posenc-heatmap.js"></script>',
    body: '<posenc-heatmap length="8" d-model="8"></posenc-heatmap><posenc-rope></posenc-rope>',
    files: Object.fromEntries(['posenc-core', 'posenc-heatmap', 'posenc-rope'].map((n) => [`${n}.js`, part(n)])),
  });
  const page = await watched();
  await page.goto(pathToFileURL(join(dir, 'lesson.html')).href);
  await page.waitForFunction(() => customElements.get('posenc-heatmap') && customElements.get('posenc-rope') && document.readyState === 'complete', null, { timeout: 15000 });
  await waitReady(page);
  const scripts = page.log.requests.filter((u) => u.endsWith('.js')).map((u) => u.slice(u.lastIndexOf('/') + 1)).sort();
  assert.deepEqual(scripts, ['posenc-core.js', 'posenc-heatmap.js', 'posenc-rope.js']);
  assert.deepEqual(page.log.console.filter((m) => m.startsWith('error')), []);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('a core loaded from a blob: address, which has no folder to load widgets from, still runs', async () => {
  const dir = folder('blob-core', { head: '', body: '<posenc-heatmap></posenc-heatmap>', files: {} });
  const page = await watched();
  await page.goto(pathToFileURL(join(dir, 'lesson.html')).href);
  await page.evaluate((code) => {
    const script = document.createElement('script');
    script.src = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
    document.head.append(script);
    return new Promise((done) => (script.onload = done));
  }, part('posenc-core'));
  assert.equal(await page.evaluate(() => typeof window.posenc?.getEngine), 'function');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('the core starts the engine at once for a widget on the first screen (in <head>, once the page is parsed), and not for one ten screens down', async () => {
  const files = { 'course.js': ['posenc-core', 'posenc-heatmap'].map(part).join('') };
  const far = folder('far', { head: '<script defer src="course.js"></script>', body: '<p style="height: 8440px">A long lesson.</p><posenc-heatmap id="w"></posenc-heatmap>', files });
  const page = await watched();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pathToFileURL(join(far, 'lesson.html')).href);
  await page.waitForFunction(() => customElements.get('posenc-heatmap') && document.readyState === 'complete');
  await page.waitForTimeout(500);
  assert.deepEqual(await page.evaluate(() => window.__compiled), [], 'nothing compiled for a widget far down');
  await page.evaluate(() => document.getElementById('w').scrollIntoView());
  await page.waitForFunction(() => window.__compiled.length === 1, null, { timeout: 15000 });
  await page.close();
  // the same widget first on the page: compiled before it has started (its script need not have run)
  const first = folder('first', { head: '<script defer src="posenc-core.js"></script>', body: '<posenc-heatmap></posenc-heatmap>', files: { 'posenc-core.js': part('posenc-core') } });
  const near = await watched();
  await near.goto(pathToFileURL(join(first, 'lesson.html')).href);
  await near.waitForFunction(() => window.__compiled.length === 1, null, { timeout: 15000 });
  await near.close();
  // and with the core in <head>, run before the page's widgets exist: once the page is parsed
  const head = folder('head', { head: '<script src="posenc-core.js"></script>', body: '<posenc-heatmap></posenc-heatmap>', files: { 'posenc-core.js': part('posenc-core') } });
  const early = await watched();
  await early.goto(pathToFileURL(join(head, 'lesson.html')).href);
  await early.waitForFunction(() => window.__compiled.length === 1, null, { timeout: 15000 });
  await early.close();
});

test('the files joined into one, on a Spanish page under a strict CSP: each widget and the shared text in Spanish', async () => {
  const dir = folder('joined', {
    lang: 'es',
    head: '<script defer src="course.js"></script>',
    body: '<posenc-heatmap length="8" d-model="8"></posenc-heatmap><posenc-waves></posenc-waves>',
    files: { 'course.js': ['posenc-core', 'posenc-heatmap', 'posenc-waves'].map(part).join('') },
  });
  const { page, server } = await underStrictCsp(dir);
  try {
    await page.waitForFunction(() => customElements.get('posenc-waves'), null, { timeout: 15000 });
    await waitReady(page);
    const text = await page.evaluate(() => document.querySelector('posenc-heatmap').shadowRoot.textContent);
    assert.match(text, /Matriz de codificación posicional/);
    const waves = await page.evaluate(() => document.querySelector('posenc-waves').shadowRoot.textContent);
    assert.doesNotMatch(waves, /Settings|Reset/, 'the shared controls speak Spanish too');
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(page.log.errors, []);
  } finally {
    await page.close();
    await server.close();
  }
});

test("<posenc-model>'s script brings the config reader, which the core's engine calls; without it the engine says which script has it", async () => {
  const config = { model_type: 'llama', hidden_size: 64, num_attention_heads: 4, max_position_embeddings: 2048, rope_theta: 10000 };
  const withModel = folder('model', {
    head: '<script defer src="course.js"></script>',
    body: '<posenc-model></posenc-model><posenc-heatmap length="8" d-model="8"></posenc-heatmap>',
    files: { 'course.js': ['posenc-core', 'posenc-heatmap', 'posenc-model'].map(part).join('') },
  });
  const page = await watched();
  await page.goto(pathToFileURL(join(withModel, 'lesson.html')).href);
  await page.waitForFunction(() => customElements.get('posenc-model'), null, { timeout: 15000 });
  await waitReady(page);
  const seen = await page.evaluate(async (c) => {
    const el = document.querySelector('posenc-model');
    const pe = await window.posenc.getEngine();
    return { text: el.shadowRoot.textContent.length > 0, layers: pe.fromConfig(c) !== undefined, alert: el.shadowRoot.querySelector('[role=alert]')?.textContent ?? '' };
  }, config);
  assert.deepEqual(seen, { text: true, layers: true, alert: '' });
  assert.deepEqual(page.log.errors, []);
  assert.deepEqual(page.log.console.filter((m) => m.startsWith('error')), []);
  await page.close();

  const without = folder('no-model', { head: '<script defer src="course.js"></script>', body: '<posenc-heatmap></posenc-heatmap>', files: { 'course.js': ['posenc-core', 'posenc-heatmap'].map(part).join('') } });
  const bare = await watched();
  await bare.goto(pathToFileURL(join(without, 'lesson.html')).href);
  await bare.waitForFunction(() => customElements.get('posenc-heatmap'), null, { timeout: 15000 });
  const said = await bare.evaluate(async (c) => {
    const pe = await window.posenc.getEngine();
    try {
      pe.fromConfig(c);
      return 'no error';
    } catch (e) {
      return e.message;
    }
  }, config);
  assert.match(said, /come with tag\/posenc-model\.js/);
  await bare.close();
});

test('on a windows-1252 page written right to left, the scripts (pure ASCII) still show Spanish and Chinese right', async () => {
  const dir = folder('legacy', {
    charset: 'windows-1252',
    dir: 'rtl',
    head: '<script defer src="posenc-core.js"></script><script defer src="posenc-heatmap.js"></script>',
    body: '<posenc-heatmap lang="es" length="8" d-model="8"></posenc-heatmap><posenc-heatmap lang="zh-CN" length="8" d-model="8"></posenc-heatmap>',
    files: { 'posenc-core.js': part('posenc-core'), 'posenc-heatmap.js': part('posenc-heatmap') },
  });
  for (const name of ['posenc-core', 'posenc-heatmap']) assert.doesNotMatch(part(name), /[^\x00-\x7f]/, `tag/${name}.js is ASCII`);
  const page = await watched();
  await page.goto(pathToFileURL(join(dir, 'lesson.html')).href);
  await page.waitForFunction(() => customElements.get('posenc-heatmap'), null, { timeout: 15000 });
  await waitReady(page);
  const [es, zh] = await page.evaluate(() => [...document.querySelectorAll('posenc-heatmap')].map((e) => e.shadowRoot.textContent));
  assert.match(es, /Matriz de codificación posicional/);
  assert.match(zh, /位置编码矩阵/);
  assert.deepEqual(page.log.errors, []);
  await page.close();
});

test('the reveal.js example deck on the core and its five widgets\' scripts: every widget drawn on its slide, the deck still driven by keys', async () => {
  const deck = readFileSync(join(env.outDir, 'examples/reveal/index.html'), 'utf8');
  const one = '<script defer src="../../posenc-widgets.iife.js"></script>';
  assert.ok(deck.includes(one), 'the deck loads the one-tag script');
  const tags = [...new Set(deck.match(/<posenc-[a-z0-9-]+/g).map((t) => t.slice(1)))];
  const scripts = ['posenc-core', ...tags].map((n) => `<script defer src="../../tag/${n}.js"></script>`).join('');
  const page = await watched();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.route('**/examples/reveal/index.html', (route) => route.fulfill({ contentType: 'text/html', body: deck.replace(one, scripts) }));
  await page.goto(`${env.base}examples/reveal/index.html`);
  await page.waitForFunction(() => window.Reveal?.isReady());
  const shown = [];
  for (const tag of tags) {
    const at = await page.evaluate((t) => window.Reveal.getIndices(document.querySelector(t).closest('section')), tag);
    await page.evaluate((i) => window.Reveal.slide(i.h, i.v), at);
    await page.evaluate((t) => document.querySelector(t).whenReady(), tag);
    shown.push(await page.evaluate((t) => ({ tag: t, text: document.querySelector(t).shadowRoot.textContent.length > 0, alert: document.querySelector(t).shadowRoot.querySelector('[role=alert]')?.textContent ?? '' }), tag));
  }
  assert.deepEqual(shown, tags.map((tag) => ({ tag, text: true, alert: '' })));
  const before = await page.evaluate(() => window.Reveal.getIndices().h);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('ArrowLeft');
  assert.notEqual(await page.evaluate(() => window.Reveal.getIndices().h), before, 'the deck still moves on its keys');
  assert.deepEqual(page.log.errors, []);
  assert.deepEqual(page.log.console.filter((m) => m.startsWith('error')), []);
  await page.close();
});

test('a widget whose script is missing, or a widget script without the core, is named on the console (and loaded again by the core)', async () => {
  const dir = folder('missing', {
    head: '<script defer src="posenc-heatmap.js"></script><script defer src="posenc-core.js"></script>',
    body: '<posenc-heatmap></posenc-heatmap><posenc-waves></posenc-waves><posenc-train></posenc-train>',
    files: { 'posenc-core.js': part('posenc-core'), 'posenc-heatmap.js': part('posenc-heatmap') },
  });
  const page = await watched();
  await page.goto(pathToFileURL(join(dir, 'lesson.html')).href);
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForTimeout(200);
  const errors = page.log.console.filter((m) => m.startsWith('error'));
  assert.ok(errors.some((m) => m.includes('tag/posenc-heatmap.js needs tag/posenc-core.js before it')), errors.join('\n'));
  assert.ok(errors.some((m) => m.includes('<posenc-waves>') && m.includes('tag/posenc-waves.js')), errors.join('\n'));
  assert.ok(errors.some((m) => m.includes('<posenc-train>') && m.includes('posenc-widgets.iife.js')), errors.join('\n'));
  // the core, once it has run, loads the heatmap's script again from beside it: this time it finds the core
  assert.ok(await page.evaluate(() => !!customElements.get('posenc-heatmap')), 'the heatmap defined by its second load');
  assert.deepEqual(page.log.errors, []);
  await page.close();
});
