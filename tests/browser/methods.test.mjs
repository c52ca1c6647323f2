// Browser tests shared by the method widgets (METHOD_WIDGET_TAGS in web/src/widgets/tags.js) and part 2
// of the demo, in Chromium: attributes, exports, repaint time, the demo page and the type declarations. Each
// widget's own test (readouts against references, keys) is beside it: web/src/widgets/<name>/<name>.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { METHOD_WIDGET_TAGS } from '../../web/src/widgets/tags.js';
import { tested, wholeSet, root, assertFitsWidth, browserPerFile, near, checkReflection, checkExports, widgetPage, waitReady, canvasStats, shadowText, num, shot, evalEl, settle, flatText as text } from './helpers.mjs';

const env = browserPerFile();

/** Attributes for the method widgets the first test sets up (a widget not listed here is placed with none). */
const METHOD_ATTRIBUTES = {
  'posenc-learned': 'max-length="32" d-model="8"',
  'posenc-t5': 'length="8"',
  'posenc-rope': 'head-dim="8" span="16"',
  'posenc-scaling': 'head-dim="16"',
  'posenc-alibi': 'heads="3" length="6"',
  'posenc-methods': 'tokens="&lt;img src=x onerror=window.pwned=1&gt;,b" train-length="8" d-model="8" label="&lt;b&gt;x&lt;/b&gt;"',
  'posenc-padding': 'tokens="&lt;i&gt;a&lt;/i&gt;,b"',
};

/** The method widgets of tags.js (or the one POSENC_TEST_WIDGET names), small where the default is large. */
const methodPage = (tags) => widgetPage(env, tags.map((t) => `<${t} ${METHOD_ATTRIBUTES[t] ?? ''}></${t}>`).join('\n'));

test('method widgets: embed code, CSV, NPY and PNG exports (every method widget provides them: CONTRIBUTING, section 3)', async () => {
  const tags = tested(METHOD_WIDGET_TAGS);
  const page = await methodPage(tags);
  await checkExports(page, tags.map((t) => t.replace(/^posenc-/, '')));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('method widgets: attributes reflect, text stays text, bad input gives readable errors', wholeSet, async () => {
  // hostile text where a widget shows text
  const page = await methodPage(METHOD_WIDGET_TAGS);
  const cases = [
    ['posenc-learned', 'maxLength', 'max-length', 40, '40'],
    ['posenc-t5', 'bidirectional', 'bidirectional', true, ''],
    ['posenc-t5', 'numBuckets', 'num-buckets', 16, '16'],
    ['posenc-rope', 'headDim', 'head-dim', 16, '16'],
    ['posenc-rope', 'm', 'm', 9, '9'],
    ['posenc-scaling', 'originalMax', 'original-max', 4096, '4096'],
    ['posenc-scaling', 'longFactor', 'long-factor', [1, 2, 3, 4, 5, 6, 7, 8], '1,2,3,4,5,6,7,8'],
    ['posenc-alibi', 'symmetric', 'symmetric', true, ''],
    ['posenc-methods', 'trainLength', 'train-length', 16, '16'],
    ['posenc-padding', 'padSide', 'pad-side', 'left', 'left'],
  ];
  await checkReflection(page, cases);
  await page.evaluate(() => {
    document.querySelector('posenc-alibi').setAttribute('heads', '5');
    document.querySelector('posenc-rope').setAttribute('convention', 'interleaved');
  });
  assert.deepEqual(await page.evaluate(() => [document.querySelector('posenc-alibi').heads, document.querySelector('posenc-rope').convention]), [5, 'interleaved']);
  await waitReady(page);
  const safe = await page.evaluate(() => ({
    pwned: window.pwned ?? null,
    imgs: ['posenc-methods', 'posenc-padding'].map((t) => document.querySelector(t).shadowRoot.querySelectorAll('img, .strip b, table.ids i').length),
    chip: document.querySelector('posenc-methods').shadowRoot.querySelector('.chip .tok').textContent,
    cell: [...document.querySelector('posenc-padding').shadowRoot.querySelectorAll('table.ids tbody tr:first-child td')].map((td) => td.textContent).find((t) => t !== '<pad>'),
    title: document.querySelector('posenc-methods').shadowRoot.querySelector('.title').textContent,
  }));
  assert.deepEqual(safe, { pwned: null, imgs: [0, 0], chip: '<img src=x onerror=window.pwned=1>', cell: '<i>a</i>', title: '<b>x</b>' });
  // bad attributes: readable errors naming the attribute, and recovery
  await page.evaluate(() => {
    document.querySelector('posenc-rope').setAttribute('head-dim', '7');
    document.querySelector('posenc-alibi').setAttribute('heads', '0');
  });
  await waitReady(page);
  assert.match(await text(page, 'posenc-rope', '.error'), /^RangeError: head-dim must be an even integer/);
  assert.match(await text(page, 'posenc-alibi', '.error'), /^RangeError: heads must be an integer from 1/);
  await page.evaluate(() => {
    document.querySelector('posenc-rope').setAttribute('head-dim', '8');
    document.querySelector('posenc-alibi').setAttribute('heads', '4');
  });
  await waitReady(page);
  assert.equal(await text(page, 'posenc-rope', '.error'), null);
  assert.equal(await text(page, 'posenc-alibi', '.error'), null);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// A run of values for a widget's first setting with a checked range or named values (its descriptor), so a
// new method widget is tried with no line here: [property, values].
async function stepsOf(tag) {
  const { properties } = await import(pathToFileURL(join(root, `web/src/widgets/${tag.slice('posenc-'.length)}/descriptor.js`)).href);
  for (const [name, p] of Object.entries(properties)) {
    if (p.kind === 'integer' && p.min != null && p.max != null) {
      const by = p.even ? 2 : 1;
      return [name, Array.from({ length: 7 }, (_, i) => (p.default + (i + 1) * by <= p.max ? p.default + (i + 1) * by : p.default - (i + 1) * by))];
    }
    if (p.kind === 'name' && p.values) return [name, Array.from({ length: 7 }, (_, i) => p.values[(i + 1) % p.values.length])];
  }
  throw new Error(`${tag}: no setting with a checked range or named values to step through`);
}

test('method widgets repaint after property changes; dark theme and reduced width render', async () => {
  const tags = tested(METHOD_WIDGET_TAGS);
  const page = await methodPage(tags);
  // each widget takes a run of property changes and draws each one (how fast: npm run bench:widgets,
  // methodRepaints — a timed assertion here would fail on a loaded machine rather than on slow code)
  const steps = await Promise.all(tags.map(async (tag) => [tag, ...(await stepsOf(tag))]));
  await page.evaluate(async (steps) => {
    for (const [tag, name, values] of steps) {
      const el = document.querySelector(tag);
      for (const value of values) {
        el[name] = value;
        await el.whenReady();
        if (el[name] !== value) throw new Error(`${tag}.${name} = ${value} did not hold (${el[name]})`);
      }
    }
  }, steps);
  // dark theme through the attribute, narrow width: canvases fit and are drawn
  await page.evaluate(() => document.querySelectorAll('body > *').forEach((e) => e.setAttribute('theme', 'dark')));
  await page.setViewportSize({ width: 380, height: 900 });
  await waitReady(page);
  await page.evaluate(() => Promise.all([...document.querySelectorAll('body > *')].map((e) => (e.redraw?.(), e.whenReady()))));
  for (const id of tags) {
    const fits = await page.evaluate((s) => {
      const el = document.querySelector(s);
      const host = el.getBoundingClientRect();
      return [...el.shadowRoot.querySelectorAll('canvas')].every((c) => c.getBoundingClientRect().right <= host.right + 1);
    }, id);
    assert.ok(fits, `${id}: canvases fit a 380 px wide page`);
  }
  for (const tag of tags) await shot(page.locator(tag), `${tag.slice('posenc-'.length)}-dark-narrow`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// ---- part 2 of the demo ----------------------------------------------------------------------------------

test('demo part 2: linked from part 1, your sentence reaches the widgets, single file works offline from disk', wholeSet, async () => {
  const page = await env.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(env.base);
  await page.locator('#part2 a').click();
  await page.waitForURL(/methods\.html$/);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true');
  await waitReady(page);
  const tags = await page.evaluate(() => [...document.querySelectorAll('main [id]')].filter((e) => e.localName.startsWith('posenc-')).map((e) => e.localName));
  assert.deepEqual([...tags].sort(), [...METHOD_WIDGET_TAGS].sort(), 'every method widget, once');
  assert.ok((await page.locator('.katex').count()) > 5, 'maths rendered offline');
  await page.locator('#text-input').fill('Where does the word go');
  await page.locator('#your-text').getByRole('button', { name: 'Use it' }).click();
  await waitReady(page);
  assert.equal(await page.getAttribute('#methods-w', 'tokens'), 'Where,does,the,word,go');
  assert.equal(await page.getAttribute('#padding-w', 'tokens'), 'Where,does,the,word,go');
  assert.match(await page.locator('#text-status').textContent(), /^5 tokens/);
  await page.waitForFunction(() => /methods-w\.tokens=Where/.test(location.hash), null, { timeout: 3000 });
  assert.equal(await page.locator('a[data-part="1"]').first().getAttribute('href'), 'index.html');
  assert.deepEqual(errors, []);
  await page.close();

  // the single files: opened from disk, no server, no network; part 1 links to part 2's file
  const first = readFileSync(join(env.outDir, 'posenc-demo.html'), 'utf8');
  assert.ok(first.includes('href="posenc-demo-methods.html"'), 'part 1 single file links to part 2 single file');
  const file = await env.context.newPage();
  const fileErrors = [];
  file.on('pageerror', (e) => fileErrors.push(e.message));
  const requests = [];
  file.on('request', (r) => requests.push(r.url()));
  await file.goto(pathToFileURL(join(env.outDir, 'posenc-demo-methods.html')).href);
  await file.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 10000 });
  await waitReady(file);
  const score = await file.evaluate(() => document.querySelector('#rope-w').result.score);
  assert.ok(Number.isFinite(score));
  assert.equal(await file.locator('a[data-part="1"]').first().getAttribute('href'), 'posenc-demo.html');
  assert.deepEqual(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:')), []);
  assert.deepEqual(fileErrors, []);
  await file.close();
});

test('demo part 2 at 320 px: no horizontal overflow, widgets and formulas fit', wholeSet, async () => {
  const page = await env.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`${env.base}methods.html`);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true');
  await waitReady(page);
  await assertFitsWidth(page, 320);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the method widgets\' type declarations compile from an author\'s example (tsc --noEmit)', wholeSet, () => {
  const r = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tests/browser/types/tsconfig.methods.json')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
