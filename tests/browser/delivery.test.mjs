// Delivery, as course authors and learners meet it: the one-tag classic script alone in a folder opened
// from file:// (and on a page with an AMD loader, as in Moodle), the embed page for iframes (strict query
// parsing, hostile values, its single file, a strict CSP), the widgets' iframe embed code, and the demo's
// light/dark switch.
import en from '../../web/src/widgets/catalogues/en.js';
import es from '../../web/src/widgets/catalogues/es.js';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setup, waitReady } from './helpers.mjs';
import { serve } from '../../scripts/start.mjs';
import { ALL_WIDGET_TAGS as ALL_TAGS } from '../../web/src/widgets/tags.js';

// the same policy as csp.test.mjs
const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

let env, work, cspServer;
before(async () => {
  env = await setup();
  work = mkdtempSync(join(tmpdir(), 'posenc-delivery-'));
  cspServer = await serve(env.outDir, { headers: { 'content-security-policy': STRICT_CSP } });
});
after(async () => {
  await cspServer?.close();
  await env?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A page that records every request and aborts any that is not the page itself or one of `allowed`. */
async function guardedPage({ allowed = [] } = {}) {
  const page = await env.context.newPage();
  page.errors = [];
  page.requests = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && page.errors.push(m.text()));
  await page.route('**/*', (route) => {
    const u = route.request().url();
    page.requests.push(u);
    if (allowed.some((a) => u === a || u.startsWith(a))) return route.continue();
    return route.abort();
  });
  return page;
}

/** Per widget: drawn height, text, the richest canvas, and its error box (if any). */
function widgetStats(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((e) => e.localName.startsWith('posenc-'))
      .map((e) => {
        let colours = 0;
        for (const c of e.shadowRoot.querySelectorAll('canvas')) {
          if (!c.width || !c.height) continue;
          const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
          const seen = new Set();
          for (let i = 0; i < data.length; i += 4 * 5) if (data[i + 3]) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
          colours = Math.max(colours, seen.size);
        }
        return {
          tag: e.localName,
          height: Math.round(e.getBoundingClientRect().height),
          text: e.shadowRoot.textContent.replace(/\s+/g, ' ').trim().length,
          colours,
          error: e.shadowRoot.querySelector('.error')?.textContent.trim() ?? '',
        };
      }),
  );
}

function assertNonBlank(stats) {
  for (const s of stats) {
    assert.equal(s.error, '', `${s.tag} shows an error`);
    assert.ok(s.height > 120, `${s.tag} is ${s.height} px tall`);
    assert.ok(s.text > 40, `${s.tag} has text`);
    assert.ok(s.colours >= 4 || !['posenc-heatmap', 'posenc-waves', 'posenc-similarity', 'posenc-rope', 'posenc-scaling', 'posenc-alibi', 'posenc-t5', 'posenc-learned'].includes(s.tag), `${s.tag} canvas drawn (${s.colours} colours)`);
  }
}

test('IIFE bundle alone in a folder, from file://: every widget renders, not one request, even beside an AMD loader', async () => {
  const dir = join(work, 'lms-course');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir); // holds only the lesson page and the script
  copyFileSync(join(env.outDir, 'posenc-widgets.iife.js'), join(dir, 'posenc-widgets.iife.js'));
  writeFileSync(
    join(dir, 'lesson.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course page</title>
     <script>
       // what RequireJS puts on every Moodle page: an anonymous define() outside require() is an error there
       window.define = function () { throw new Error('anonymous define() called'); };
       window.define.amd = {};
     </script>
     <script src="posenc-widgets.iife.js"></script></head>
     <body>${ALL_TAGS.map((t) => `<${t}></${t}>`).join('\n')}
     <!-- a second block of the same course page includes the script again -->
     <script src="posenc-widgets.iife.js"></script></body></html>`,
  );
  const pageUrl = pathToFileURL(join(dir, 'lesson.html')).href;
  const scriptUrl = pathToFileURL(join(dir, 'posenc-widgets.iife.js')).href;
  const page = await guardedPage({ allowed: [pageUrl, scriptUrl] });
  await page.setViewportSize({ width: 900, height: 900 });
  await page.goto(pageUrl);
  await page.waitForFunction(() => window.posenc && customElements.get('posenc-methods'), null, { timeout: 15000 });
  await waitReady(page);
  const info = await page.evaluate(() => ({ simd: document.querySelector('posenc-heatmap').pe.simd, global: Object.keys(window.posenc).includes('WIDGET_TAGS') }));
  assert.ok(info.global, 'window.posenc exposes the module');
  assertNonBlank(await widgetStats(page));
  assert.deepEqual(page.requests.filter((u) => u !== pageUrl && u !== scriptUrl), [], 'no request besides the page and the script');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('single-file demo, every part, from file://: no request besides the page itself, every widget drawn', async () => {
  // each part and the widgets it holds at least
  for (const [name, least] of [['posenc-demo.html', 7], ['posenc-demo-methods.html', 7], ['posenc-demo-model.html', 1]]) {
    const url = pathToFileURL(join(env.outDir, name)).href;
    const page = await guardedPage({ allowed: [url] });
    await page.goto(url);
    await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 15000 });
    await waitReady(page);
    const stats = await widgetStats(page);
    assert.ok(stats.length >= least, `${name}: ${stats.length} widgets`);
    assertNonBlank(stats);
    assert.deepEqual(page.requests.filter((u) => u !== url && !u.startsWith('data:') && !u.startsWith('blob:')), [], `${name}: no other request`);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

async function openEmbed(url, { allowed = [env.base] } = {}) {
  const page = await guardedPage({ allowed });
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.setViewportSize({ width: 720, height: 700 });
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30000 });
  return page;
}

function embedState(page) {
  return page.evaluate(() => {
    const el = document.querySelector('main > *');
    const notes = document.getElementById('embed-notes');
    return {
      tag: el?.localName ?? null,
      attrs: Object.fromEntries([...(el?.attributes ?? [])].map((a) => [a.name, a.value])),
      notes: notes.hidden ? [] : [...notes.querySelectorAll('li')].map((li) => li.textContent),
      notesVisible: !notes.hidden && notes.getBoundingClientRect().height > 0,
      error: el?.shadowRoot?.querySelector('.error')?.textContent.trim() ?? '',
      height: Math.round(el?.getBoundingClientRect().height ?? 0),
      injected: document.querySelectorAll('img, iframe, object, embed, body > script').length,
      pwned: window.pwned ?? null,
      title: document.title,
    };
  });
}

test('embed page in the reader\'s language: a widget on a Spanish page gives an iframe with lang=es, which the frame speaks', async () => {
  const page = await openEmbed(`${env.base}embed.html?widget=posenc-t5&length=24&lang=es`);
  const s = await embedState(page);
  assert.deepEqual(s.notes, []);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  const title = () => page.evaluate(() => document.querySelector('posenc-t5').shadowRoot.querySelector('.title').textContent);
  assert.match(await title(), /T5/);
  assert.notEqual(await title(), en['t5.title']);
  assert.equal(await title(), es['t5.title']);
  // the frame snippet of a widget carries the language it speaks on its page (none for English)
  const src = await page.evaluate(() => new URLSearchParams(new URL(document.querySelector('posenc-t5').embedFrameCode.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&')).hash.slice(1)).get('lang'));
  assert.equal(src, 'es');
  await page.evaluate(() => document.documentElement.setAttribute('lang', 'en'));
  assert.doesNotMatch(await page.evaluate(() => document.querySelector('posenc-t5').embedFrameCode), /lang=/);
  await page.goto(`${env.base}embed.html?widget=posenc-t5&lang=<b>`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30000 });
  assert.deepEqual((await embedState(page)).notes, ['lang=“<b>”: expected a language tag such as es or zh-CN; English is used.']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('embed page: one widget full-frame, configured by the query; every widget embeds with its defaults', async () => {
  const page = await openEmbed(`${env.base}embed.html?widget=posenc-heatmap&d-model=64&length=20&layout=split&scheme=viridis&theme=dark&label=My%20table`);
  const s = await embedState(page);
  assert.equal(s.tag, 'posenc-heatmap');
  assert.deepEqual(s.notes, []);
  assert.equal(s.attrs['d-model'], '64');
  assert.equal(s.attrs.length, '20');
  assert.equal(s.attrs.layout, 'split');
  assert.equal(s.attrs.scheme, 'viridis');
  assert.equal(s.attrs.label, 'My table');
  assert.equal(s.title, 'My table — posenc');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(13, 17, 23)');
  const width = await page.evaluate(() => document.querySelector('posenc-heatmap').getBoundingClientRect().width);
  assert.ok(width >= 700, `full width (${width})`);
  assertNonBlank(await widgetStats(page));
  assert.deepEqual(page.errors, []);
  for (const tag of ALL_TAGS) {
    await page.goto(`${env.base}embed.html?widget=${tag}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30000 });
    const e = await embedState(page);
    assert.equal(e.tag, tag);
    assert.deepEqual(e.notes, [], `${tag}: no notes`);
    assertNonBlank(await widgetStats(page));
  }
  assert.deepEqual(page.requests.filter((u) => !u.startsWith(env.base)), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('embed page: hostile and out-of-range queries fall back to defaults with a visible note, never a blank page', async () => {
  const q = (o) => new URLSearchParams(o).toString();
  const cases = [
    // [query, expected tag, expected attributes (subset), note patterns]
    ['', 'posenc-heatmap', {}, [/names no widget/]],
    [q({ widget: '<img src=x onerror=window.pwned=1>', length: '5' }), 'posenc-heatmap', { length: '20' }, [/is not a posenc widget/, /1 other setting was ignored/]],
    [q({ widget: 'div' }), 'posenc-heatmap', {}, [/“div” is not a posenc widget/]],
    [q({ widget: 'posenc-heatmap', onclick: 'window.pwned=1', style: 'display:none', id: 'x', group: 'g', __proto__x: '1' }), 'posenc-heatmap', {}, [/“onclick” is not a setting/, /“style” is not a setting/, /“id” is not a setting/, /“group” is not a setting/, /“__proto__x” is not a setting/]],
    [q({ widget: 'posenc-heatmap', 'd-model': '1e999', length: '0x10', base: 'NaN', offset: '5; alert(1)' }), 'posenc-heatmap', { 'd-model': '32', length: '20', base: '10000', offset: '0' }, [/d-model=“1e999”: not a number/, /length=“0x10”: not a number/, /base=“NaN”: not a number/, /offset=.*not a number/]],
    [q({ widget: 'posenc-heatmap', length: '-5', 'd-model': '64' }), 'posenc-heatmap', { length: '20', 'd-model': '64' }, [/length=“-5”: length must be an integer from 1/]],
    [q({ widget: 'posenc-heatmap', 'd-model': '99999999', layout: 'diagonal', scheme: 'url(x)', theme: 'neon' }), 'posenc-heatmap', { 'd-model': '32', layout: 'interleaved', scheme: 'RdBu', theme: 'auto' }, [/d-model=“99999999”: d-model must be an integer/, /layout=“diagonal”: expected one of interleaved, split/, /scheme=.*not a known colour scheme/, /theme=“neon”/]],
    [q({ widget: 'posenc-similarity', scheme: 'constructor', metric: 'toString' }), 'posenc-similarity', { scheme: 'viridis', metric: 'cosine' }, [/scheme=“constructor”: not a known colour scheme/, /metric=“toString”: expected one of cosine, dot, euclidean/]],
    [q({ widget: 'posenc-alibi', heads: '4', head: '9' }), 'posenc-alibi', { heads: '4', head: '3' }, [/head=“9” is out of range here; the widget uses “3”/]],
    [q({ widget: 'posenc-compare', tokens: '<img src=x onerror=window.pwned=1>,<b>b</b>', label: '<script>window.pwned=1</script>', positions: '0,1' }), 'posenc-compare', { tokens: '<img src=x onerror=window.pwned=1>,<b>b</b>', label: '<script>window.pwned=1</script>' }, []],
    [q({ widget: 'posenc-waves', sweep: 'maybe', view: 'dimension', dims: '0,1,x' }), 'posenc-waves', { view: 'dimension' }, [/sweep=“maybe”: expected true or false/, /dims=“0,1,x”: expected whole numbers/]],
    [`widget=posenc-heatmap&length=12&length=13&widget=posenc-waves&label=${'x'.repeat(1200)}`, 'posenc-heatmap', { length: '12' }, [/more than one widget/, /length is given more than once/, /label=.*longer than 1000 characters/]],
    [`widget=posenc-heatmap&${Array.from({ length: 60 }, (_, i) => `p${i}=1`).join('&')}`, 'posenc-heatmap', {}, [/only the first 48 were read/]],
    ['widget=posenc-heatmap&length=%E0%A4%A&d-model=%', 'posenc-heatmap', {}, [/not a number/]],
  ];
  const page = await openEmbed(`${env.base}embed.html`);
  for (const [query, tag, attrs, notes] of cases) {
    await page.goto(`${env.base}embed.html?${query}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30000 });
    const s = await embedState(page);
    const what = `?${query.slice(0, 80)}`;
    assert.equal(s.tag, tag, what);
    for (const [k, v] of Object.entries(attrs)) assert.equal(s.attrs[k], v, `${what}: ${k}`);
    for (const k of ['onclick', 'style', 'id']) assert.ok(!(k in s.attrs), `${what}: ${k} never set`);
    assert.ok(!s.attrs.group, `${what}: no group in an iframe`);
    for (const re of notes) assert.ok(s.notes.some((n) => re.test(n)), `${what}: a note matching ${re} in ${JSON.stringify(s.notes)}`);
    assert.equal(s.notesVisible, notes.length > 0, `${what}: the note is visible`);
    assert.equal(s.error, '', `${what}: the widget shows no error`);
    assert.ok(s.height > 150, `${what}: the widget is drawn (${s.height} px)`);
    assert.equal(s.injected, 0, `${what}: no element injected`);
    assert.equal(s.pwned, null, `${what}: no script ran`);
  }
  // text stays text inside the widget
  await page.goto(`${env.base}embed.html?${cases.find((c) => c[1] === 'posenc-compare')[0]}`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const inside = await page.evaluate(() => {
    const root = document.querySelector('posenc-compare').shadowRoot;
    return { imgs: root.querySelectorAll('img, b, script').length, title: root.querySelector('.title').textContent };
  });
  assert.deepEqual(inside, { imgs: 0, title: '<script>window.pwned=1</script>' });
  // the note can be dismissed
  await page.goto(`${env.base}embed.html?widget=nope`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.getByRole('button', { name: 'Hide this note' }).click();
  assert.equal(await page.evaluate(() => document.getElementById('embed-notes').hidden), true);
  assert.deepEqual(page.requests.filter((u) => !u.startsWith(env.base)), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('embed page under a strict CSP, and its single file from file:// with every request blocked', async () => {
  const page = await openEmbed(`${cspServer.url}embed.html?widget=posenc-similarity&length=16&metric=dot`, { allowed: [cspServer.url] });
  assert.equal((await embedState(page)).attrs.metric, 'dot');
  assertNonBlank(await widgetStats(page));
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(page.errors, []);
  await page.close();

  const file = pathToFileURL(join(env.outDir, 'posenc-embed.html')).href;
  // the file shows a line while its script arrives (a phone paints it at once), and the widget replaces it
  const html = readFileSync(join(env.outDir, 'posenc-embed.html'), 'utf8');
  assert.ok(html.indexOf('class="loading"') > 0 && html.indexOf('class="loading"') < html.indexOf('<script>'), 'a loading line before the script');
  const single = await openEmbed(`${file}?widget=posenc-rope&head-dim=32&m=7`, { allowed: [file] });
  assert.equal(await single.evaluate(() => document.querySelectorAll('.loading').length), 0, 'the widget replaced the loading line');
  const s = await embedState(single);
  assert.equal(s.tag, 'posenc-rope');
  assert.equal(s.attrs['head-dim'], '32');
  assert.deepEqual(s.notes, []);
  assertNonBlank(await widgetStats(single));
  assert.deepEqual(single.requests.filter((u) => !u.startsWith(file)), [], 'no request besides the page');
  assert.deepEqual(single.errors, []);
  await single.close();
});

test("a widget's Embed box offers the tag and an iframe; the iframe shows the same widget", async () => {
  const page = await guardedPage({ allowed: [env.base] });
  await page.goto(env.base);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 15000 });
  await waitReady(page);
  await page.evaluate(() => {
    const h = document.getElementById('heatmap');
    h.length = 12;
    h.dModel = 24;
    h.label = 'Rows & "columns" <b>';
  });
  await waitReady(page);
  const heatmap = page.locator('#heatmap');
  await heatmap.getByRole('button', { name: /Copy embed code/ }).click();
  const tagCode = await heatmap.locator('.embed textarea').inputValue();
  const frameCode = await heatmap.locator('.embed-frame textarea').inputValue();
  assert.match(tagCode, /^<posenc-heatmap [^>]*length="12"[^>]*><\/posenc-heatmap>$/);
  // the iframe, then the listener that fits it to the widget (hosts-delivery.test.mjs runs it)
  assert.match(frameCode, /^<iframe src="[^"]+" title="[^"]+" width="100%" height="\d+" style="border:0" loading="lazy"><\/iframe>\n<script>\n[^<]*<\/script>$/);
  // the snippet is safe markup: parse it as an author's page would
  const frame = await page.evaluate((code) => {
    const t = document.createElement('template');
    t.innerHTML = code;
    const f = t.content.firstElementChild;
    return {
      tag: f.localName,
      src: f.getAttribute('src'),
      title: f.getAttribute('title'),
      children: [...t.content.children].map((c) => c.localName),
    };
  }, frameCode);
  assert.equal(frame.tag, 'iframe');
  assert.deepEqual(frame.children, ['iframe', 'script']);
  assert.equal(frame.title, 'Rows & "columns" <b>');
  const src = new URL(frame.src);
  const settings = new URLSearchParams(src.hash.slice(1)); // after #, which a redirect keeps, with their count
  assert.equal(src.href.split('#')[0], `${env.base}embed.html`);
  assert.deepEqual([settings.get('widget'), settings.has('group') || settings.has('id'), settings.get('settings')], ['posenc-heatmap', false, String([...settings.keys()].length - 2)]);
  await page.getByRole('button', { name: 'Copy iframe' }).first().click();
  await page.goto(src.href);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30000 });
  const s = await embedState(page);
  assert.deepEqual(s.notes, []);
  assert.equal(s.attrs.length, '12');
  assert.equal(s.attrs['d-model'], '24');
  assert.equal(s.attrs.label, 'Rows & "columns" <b>');
  assert.deepEqual(page.errors, []);
  await page.close();

  // the single-file demo points its iframes at the single-file embed page
  const file = pathToFileURL(join(env.outDir, 'posenc-demo.html')).href;
  const single = await guardedPage({ allowed: [file] });
  await single.goto(file);
  await single.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 15000 });
  await waitReady(single);
  const code = await single.evaluate(() => document.getElementById('waves').embedFrameCode);
  assert.match(code, /src="file:[^"]*\/posenc-embed\.html#widget=posenc-waves&amp;/);
  await single.close();
});

test('demo: the light/dark switch themes the page and every widget, stays out of shared links, is remembered', async () => {
  const page = await guardedPage({ allowed: [env.base] });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(env.base);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 15000 });
  await waitReady(page);
  const look = () =>
    page.evaluate(() => ({
      page: getComputedStyle(document.body).backgroundColor,
      widget: getComputedStyle(document.getElementById('heatmap').shadowRoot.querySelector('.frame')).backgroundColor,
      themes: [...new Set([...document.querySelectorAll('main *')].filter((e) => e.localName.startsWith('posenc-')).map((e) => e.getAttribute('theme')))],
      pressed: [...document.querySelectorAll('[data-theme-choice]')].filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.dataset.themeChoice),
    }));
  assert.deepEqual(await look(), { page: 'rgb(251, 251, 250)', widget: 'rgb(255, 255, 255)', themes: ['auto'], pressed: ['auto'] });
  const group = page.getByRole('group', { name: 'Colour theme' });
  await group.getByRole('button', { name: 'Dark' }).click();
  await waitReady(page);
  assert.deepEqual(await look(), { page: 'rgb(11, 15, 20)', widget: 'rgb(13, 17, 23)', themes: ['dark'], pressed: ['dark'] });
  // the canvases were repainted with the dark palette (the heatmap's axis text is light)
  await page.waitForTimeout(400);
  assert.ok(!/theme=/.test(await page.evaluate(() => location.hash + document.getElementById('share').getAttribute('href'))), 'theme not in shared links');
  await page.reload();
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 15000 });
  await waitReady(page);
  assert.deepEqual((await look()).pressed, ['dark'], 'remembered');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('group', { name: 'Colour theme' }).getByRole('button', { name: 'Light' }).click();
  await waitReady(page);
  assert.deepEqual(await look(), { page: 'rgb(251, 251, 250)', widget: 'rgb(255, 255, 255)', themes: ['light'], pressed: ['light'] });
  await page.getByRole('group', { name: 'Colour theme' }).getByRole('button', { name: 'Auto' }).click();
  assert.equal((await look()).widget, 'rgb(13, 17, 23)', 'auto follows the (dark) system setting again');
  assert.deepEqual(page.errors, []);
  await page.close();
});
