// Issue 31, the one-tag script and the single files light: what they compile and start. The one-tag script
// carries one engine, the SIMD build with the trainer, deflated; V8 compiles a wasm function when it is first
// called, so a page without <posenc-train> compiles one module and runs none of the trainer, and it starts
// no worker and makes no blob for one. The single files of the parts that never train carry the build without
// the trainer. A page with <posenc-train> trains in the worker as before. A browser without WebAssembly SIMD
// fetches the scalar build from gen/ beside the script, or is told why the widgets cannot start.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setup, waitReady } from './helpers.mjs';

let env, work;
before(async () => {
  env = await setup();
  work = mkdtempSync(join(tmpdir(), 'posenc-onetag-'));
});
after(async () => {
  await env?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

// Counts what the page compiles (the bytes of each wasm module) and the workers and blob URLs it makes.
function probe() {
  const log = (window.__probe = { wasm: [], workers: 0, blobs: 0 });
  const size = (x) => (x instanceof WebAssembly.Module ? -1 : x?.byteLength ?? -2);
  for (const name of ['compile', 'instantiate']) {
    const f = WebAssembly[name];
    WebAssembly[name] = function (bytes, ...rest) {
      log.wasm.push([name, size(bytes)]);
      return f.call(this, bytes, ...rest);
    };
  }
  const W = window.Worker;
  window.Worker = class extends W {
    constructor(...args) {
      super(...args);
      log.workers++;
    }
  };
  const create = URL.createObjectURL;
  URL.createObjectURL = (...args) => {
    log.blobs++;
    return create.apply(URL, args);
  };
}

/** A folder holding `html` as lesson.html and the one-tag script; the page's file:// URL. */
function course(name, html) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(env.outDir, 'posenc-widgets.iife.js'), join(dir, 'posenc-widgets.iife.js'));
  writeFileSync(join(dir, 'lesson.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title><script defer src="posenc-widgets.iife.js"></script></head><body>${html}</body></html>`);
  return pathToFileURL(join(dir, 'lesson.html')).href;
}

const wasmSize = (name) => statSync(join(env.outDir, 'gen', name)).size;

test('one-tag script, no <posenc-train> on the page: one engine compiled (the SIMD build), no worker, no blob', async () => {
  const page = await env.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(probe);
  await page.goto(course('no-train', '<posenc-heatmap length="8" d-model="8"></posenc-heatmap><posenc-rope></posenc-rope>'));
  await waitReady(page);
  const seen = await page.evaluate(() => window.__probe);
  assert.deepEqual(seen, { wasm: [['instantiate', wasmSize('posenc-train-simd.wasm')]], workers: 0, blobs: 0 });
  assert.equal(await page.evaluate(() => document.querySelector('posenc-heatmap').pe.simd), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('single files of parts 1-3: the engine without the trainer (its build alone compiled); part 4 the one with it', async () => {
  for (const [name, build, trains] of [['posenc-demo.html', 'posenc-simd.wasm', false], ['posenc-demo-model.html', 'posenc-simd.wasm', false], ['posenc-demo-train.html', 'posenc-train-simd.wasm', true]]) {
    const page = await env.context.newPage();
    await page.addInitScript(probe);
    await page.goto(pathToFileURL(join(env.outDir, name)).href);
    await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 30000 });
    await waitReady(page);
    const compiled = await page.evaluate(() => window.__probe.wasm.filter(([, n]) => n > 1000).map(([, n]) => n));
    assert.equal(compiled[0], wasmSize(build), `${name}: the page's engine is ${build}`);
    const lean = await page.evaluate(async () => {
      const pe = [...document.querySelectorAll('*')].find((e) => e.localName.startsWith('posenc-') && e.pe).pe;
      try {
        pe.train.create({ task: 'copy', trainLength: 4, dModel: 16, layers: 1, heads: 2, batch: 4, seed: 1 }).dispose();
        return false;
      } catch (e) {
        return e instanceof TypeError;
      }
    });
    assert.equal(lean, !trains, `${name}: ${trains ? 'trains' : 'its engine has no trainer'}`);
    await page.close();
  }
});

// build-web-later.mjs: a single file whose part loads widgets after its first holds three scripts (the page
// script's data, its code, the later widgets), and its later widgets start whether their script arrived before
// the page asked for them or after (on a slow network, the page script runs while the rest is arriving)
test('single files of parts 1 and 2: the later widgets in a script of their own, started whenever it arrives', async () => {
  for (const [name, later] of [['posenc-demo.html', 'posenc-heatmap'], ['posenc-demo-methods.html', 'posenc-rope']]) {
    const html = readFileSync(join(env.outDir, name), 'utf8');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    assert.equal(scripts.length, 3, `${name}: three scripts`);
    assert.match(scripts[0], /^function __posencData\(/, `${name}: the data first`);
    assert.match(scripts[1], /__posencModules=/, `${name}: the page script exposes what the later widgets import`);
    assert.match(scripts[2], /^globalThis\.__posencLater=/, `${name}: the later widgets hand their code over`);
    assert.ok(!scripts[1].includes(`customElements.define("${later}"`) && scripts[2].includes(`"${later}"`), `${name}: <${later}> is in the later script alone`);
    // the later script held back until the page has asked for it (its first screen drawn), then added; the page's
    // load waits for an image answered only then, as a file still arriving holds its load back
    const held = html.replace(`<script>${scripts[2]}</script>`, () => `<script type="text/plain" id="held">${scripts[2]}</script><img alt="" src="https://held.invalid/until-asked.png">`);
    const file = join(work, `held-${name}`);
    writeFileSync(file, held);
    for (const url of [pathToFileURL(join(env.outDir, name)).href, pathToFileURL(file).href]) {
      const page = await env.context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.route('https://held.invalid/**', async (route) => {
        await page.waitForFunction(() => typeof window.__posencLater === 'function', null, { timeout: 30000 });
        await page.evaluate(() => {
          window.__asked = true;
          const s = document.createElement('script');
          s.textContent = document.getElementById('held').textContent;
          document.body.append(s);
        });
        await route.fulfill({ status: 204 });
      });
      await page.goto(url);
      await page.evaluate((tag) => document.querySelector(tag).scrollIntoView(), later);
      await page.waitForFunction((tag) => customElements.get(tag) && document.querySelector(tag).pe, later, { timeout: 45000 });
      await waitReady(page);
      if (url.includes('held-')) assert.equal(await page.evaluate(() => window.__asked), true, `${name}: the page asked before the later script came`);
      assert.equal(await page.evaluate(() => window.__posencLater), null, `${name}: the later code ran once`);
      assert.deepEqual(errors, [], url);
      await page.close();
    }
    // a file cut short after the page script (a download stopped): the page says so, on its console and in its status line
    const cut = join(work, `cut-${name}`);
    writeFileSync(cut, html.slice(0, html.indexOf(`<script>${scripts[2]}</script>`)));
    const page = await env.context.newPage();
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(pathToFileURL(cut).href);
    await page.waitForFunction(() => /ends before the script of its later widgets/.test(document.getElementById('engine-status').textContent), null, { timeout: 30000 });
    assert.ok(errors.some((e) => e.includes('ends before the script of its later widgets')), errors.join('\n'));
    assert.equal(await page.evaluate((tag) => customElements.get(tag), later), undefined);
    await page.close();
  }
});

test('one-tag script with <posenc-train>: trains in its worker as before, the engine inflated once for the page and once for the worker', async () => {
  const page = await env.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(probe);
  await page.goto(course('train', '<posenc-train id="a" task="copy" method="rope" train-length="6" steps="30" size="tiny"></posenc-train>'));
  await waitReady(page);
  assert.deepEqual(await page.evaluate(() => document.querySelector('#a').prepare()), { kind: 'worker', reason: '' });
  await page.locator('#a button[data-action=train]').click();
  await page.waitForFunction(() => ['done', 'error'].includes(document.querySelector('#a').state), null, { timeout: 120000, polling: 100 });
  const r = await page.evaluate(() => ({ state: document.querySelector('#a').state, steps: document.querySelector('#a').result.run.step, losses: document.querySelector('#a').result.run.losses }));
  assert.equal(r.state, 'done');
  assert.equal(r.steps, 30);
  assert.ok(r.losses.every(Number.isFinite));
  const seen = await page.evaluate(() => window.__probe);
  assert.deepEqual(seen.wasm, [['instantiate', wasmSize('posenc-train-simd.wasm')]], 'the page compiled its engine once (the worker compiles its own)');
  assert.equal(seen.workers, 1);
  assert.deepEqual(errors, []);
  await page.close();
});

/** A page that records its requests and errors. */
async function guardedPage() {
  const page = await env.context.newPage();
  page.errors = [];
  page.requests = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('request', (r) => page.requests.push(r.url()));
  return page;
}

// A browser without WebAssembly SIMD (Safari before 16.4): the one-tag script carries the SIMD build alone
// and fetches the scalar one from gen/ beside itself (dist/'s layout), or says why it cannot start.
const NO_SIMD = () => {
  const validate = WebAssembly.validate;
  WebAssembly.validate = (bytes) => (bytes.byteLength < 64 ? false : validate(bytes)); // the SIMD probe fails
};

test('IIFE bundle without WebAssembly SIMD: the scalar build is fetched from gen/ beside the script', async () => {
  const page = await guardedPage();
  await page.addInitScript(NO_SIMD);
  await page.goto(`${env.base}test/iife.html`);
  await page.waitForFunction(() => customElements.get('posenc-compare'));
  await waitReady(page);
  const r = await page.evaluate(() => ({ simd: document.querySelector('posenc-compare').pe.simd, dot: document.querySelector('posenc-compare').result.dot }));
  assert.equal(r.simd, false);
  assert.ok(Math.abs(r.dot - 30.9168) < 1e-3);
  assert.deepEqual(page.requests.filter((u) => /\.wasm|\/gen\//.test(u)), [`${env.base}gen/posenc-train-scalar.wasm`], 'the scalar build with the trainer, once');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('IIFE bundle without WebAssembly SIMD, alone from file://: the widget says why it cannot start', async () => {
  const dir = join(work, 'no-simd');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  copyFileSync(join(env.outDir, 'posenc-widgets.iife.js'), join(dir, 'posenc-widgets.iife.js'));
  writeFileSync(join(dir, 'lesson.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><script src="posenc-widgets.iife.js"></script></head><body><posenc-heatmap></posenc-heatmap></body></html>');
  const url = pathToFileURL(join(dir, 'lesson.html')).href;
  const page = await guardedPage();
  await page.addInitScript(NO_SIMD);
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('posenc-heatmap')?.shadowRoot?.querySelector('.error')?.textContent.trim());
  const error = await page.evaluate(() => document.querySelector('posenc-heatmap').shadowRoot.querySelector('.error').textContent);
  assert.match(error, /no WebAssembly SIMD: this script carries only the engine's SIMD build.*Safari 16\.4 or later/s);
  await page.close();
});
