// Course hosts as they are: pages that are not UTF-8, and iframes on another site that should fit their
// widget.
// - A classic <script src> served without a charset is decoded in its page's encoding, so the one-tag
//   script must be pure ASCII: on a windows-1252 page, or one declaring no charset at all, raw UTF-8 would
//   turn "≠" into "â‰ " in the widgets' text and on their canvases.
// - The embed page posts its height to the parent ({ type: 'posenc:resize', height, widget }); the listener
//   of the Embed box's snippet (the one docs/widgets.md shows) fits each iframe to it, across origins.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logCanvasText, root, setup, waitReady, widgetPage } from './helpers.mjs';
import { serve } from '../../scripts/start.mjs';
import { RESIZE_LISTENER, RESIZE_MESSAGE } from '../../web/src/state/attributes.js';

// ---- pages in legacy encodings --------------------------------------------------------------------------

// Per widget: characters its text shows (in English, with the default attributes), and what its canvases
// draw with non-ASCII characters.
const EXPECTED = {
  'posenc-heatmap': { text: ['×'], canvas: ['↓', '→', '−'] },
  'posenc-padding': { text: ['≠', '·', '−', '→'], canvas: [] },
  'posenc-rope': { text: ['θ', '−', '·', '×', 'Σ'], canvas: ['·', '−'] },
  'posenc-t5': { text: ['−', '→', '√'], canvas: ['→', '↓', '−'] },
};
// what UTF-8 read as windows-1252 looks like: "→" (E2 86 92) becomes "â†’", "×" (C3 97) "Ã—", "·" "Â·"
const MOJIBAKE = /[âÃÂ]/;

// (one before hook: at the top level of a file, Node 20 starts each hook as it is declared, not in turn)
const env = {};
let legacyDir, labelled, unlabelled;
before(async () => {
  Object.assign(env, await setup());
  legacyDir = mkdtempSync(join(tmpdir(), 'posenc-hosts-'));
  copyFileSync(join(env.outDir, 'posenc-widgets.iife.js'), join(legacyDir, 'posenc-widgets.iife.js'));
  // The control: a script with a raw UTF-8 "→", loaded like the IIFE. It proves that these pages really
  // decode an unlabelled script as windows-1252 (it reads "â†’"), which the IIFE must survive.
  writeFileSync(join(legacyDir, 'control.js'), "window.controlText = '→';\n", 'utf8');
  const page = (head, tokens) =>
    `<!doctype html><html lang="en"><head>${head}<title>course page</title><link rel="icon" href="data:,">
     <script src="control.js"></script>
     <script src="posenc-widgets.iife.js"></script></head>
     <body>
       <posenc-heatmap length="8" d-model="16"></posenc-heatmap>
       <posenc-padding tokens="${tokens}"></posenc-padding>
       <posenc-rope></posenc-rope>
       <posenc-t5></posenc-t5>
     </body></html>`;
  // "café" is written in windows-1252 (é is the byte E9): the page's own text must reach the widget too
  writeFileSync(join(legacyDir, 'windows-1252.html'), Buffer.from(page('<meta charset="windows-1252">', 'Le,café,noir'), 'latin1'));
  writeFileSync(join(legacyDir, 'no-charset.html'), page('', 'The,cat,sat'), 'ascii');
  // Scripts go out as many static hosts send them: text/javascript with no charset.
  labelled = await serve(legacyDir, { types: { '.html': 'text/html; charset=windows-1252', '.js': 'text/javascript' } });
  unlabelled = await serve(legacyDir, { types: { '.html': 'text/html', '.js': 'text/javascript' } });
  await logCanvasText(env.context);
});
after(async () => {
  await labelled?.close();
  await unlabelled?.close();
  if (legacyDir) rmSync(legacyDir, { recursive: true, force: true });
  await env.close?.();
});

async function checkLegacyPage(url, { tokens }) {
  const page = await env.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const response = await page.goto(url);
  await page.waitForFunction(() => customElements.get('posenc-t5'), null, { timeout: 15000 });
  await waitReady(page);
  await page.waitForTimeout(300); // canvases drawn after ready (the plots' second frame)
  const seen = await page.evaluate(() => ({
    encoding: document.characterSet,
    control: window.controlText,
    widgets: Object.fromEntries(
      [...document.body.children].map((el) => [
        el.localName,
        {
          text: el.shadowRoot.textContent.replace(/\s+/g, ' '),
          canvas: [...el.shadowRoot.querySelectorAll('canvas')].flatMap((c) => window.__canvasTexts(c).map((t) => t.text)),
          error: el.shadowRoot.querySelector('.error')?.textContent.trim() ?? '',
        },
      ]),
    ),
  }));
  const what = `${url} (served as ${response.headers()['content-type']})`;
  assert.equal(seen.encoding, 'windows-1252', `${what}: the document's encoding`);
  assert.equal(seen.control, 'â†’', `${what}: an unlabelled UTF-8 script is read as windows-1252 here`);
  for (const [tag, want] of Object.entries(EXPECTED)) {
    const w = seen.widgets[tag];
    assert.equal(w.error, '', `${what}: ${tag} shows an error`);
    for (const ch of want.text) assert.ok(w.text.includes(ch), `${what}: ${tag} text shows “${ch}”`);
    assert.ok(!MOJIBAKE.test(w.text), `${what}: ${tag} text is garbled: …${w.text.slice(Math.max(0, w.text.search(MOJIBAKE) - 30), w.text.search(MOJIBAKE) + 30)}…`);
    const drawn = w.canvas.join(' | ');
    for (const ch of want.canvas) assert.ok(drawn.includes(ch), `${what}: ${tag} canvas text shows “${ch}” in ${drawn.slice(0, 200)}`);
    assert.ok(!MOJIBAKE.test(drawn), `${what}: ${tag} canvas text is garbled: ${drawn.slice(0, 200)}`);
  }
  for (const token of tokens) assert.ok(seen.widgets['posenc-padding'].text.includes(token), `${what}: the page's token “${token}” reaches the widget`);
  assert.deepEqual(errors, [], `${what}: page errors`);
  await page.close();
}

test('one-tag script on a windows-1252 page (header and <meta charset>): widget and canvas text is not garbled', async () => {
  await checkLegacyPage(`${labelled.url}windows-1252.html`, { tokens: ['café'] });
});

test('one-tag script on a page that declares no charset at all: widget and canvas text is not garbled', async () => {
  await checkLegacyPage(`${unlabelled.url}no-charset.html`, { tokens: ['cat'] });
});

test('the scripts in dist/ are pure ASCII', () => {
  for (const name of ['posenc-widgets.iife.js', 'posenc-widgets.js', 'embed.js']) {
    const bytes = readFileSync(join(env.outDir, name));
    const at = bytes.findIndex((b) => b > 0x7f);
    assert.equal(at, -1, `${name}: byte ${bytes[at]} at offset ${at} (${bytes.subarray(Math.max(0, at - 40), at + 20).toString('latin1')})`);
  }
});

// ---- iframes that size themselves ------------------------------------------------------------------------

test('docs/widgets.md shows the same resize listener as the Embed box', () => {
  const docs = readFileSync(join(root, 'docs/widgets.md'), 'utf8');
  assert.ok(docs.includes(RESIZE_LISTENER), 'docs/widgets.md contains RESIZE_LISTENER of web/src/state/attributes.js verbatim');
});

test('embed page not in a frame: posts no resize message', async () => {
  const page = await env.context.newPage();
  await page.addInitScript(() => {
    window.__messages = [];
    addEventListener('message', (e) => window.__messages.push(e.data));
  });
  await page.goto(`${env.base}embed.html?widget=posenc-rope`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30000 });
  await page.waitForTimeout(500);
  assert.deepEqual(await page.evaluate(() => window.__messages), []);
  await page.close();
});

/** The Embed box's iframe snippet for `html` (one widget), pointing at `embedPage`, with `height` set. */
async function frameSnippet(html, embedPage, height) {
  const page = await widgetPage(env, html);
  const code = await page.evaluate((href) => {
    const meta = document.createElement('meta');
    meta.name = 'posenc-embed-page';
    meta.content = href;
    document.head.append(meta);
    return document.body.firstElementChild.embedFrameCode;
  }, embedPage);
  await page.close();
  assert.match(code, /^<iframe [^>]*height="\d+"/);
  return code.replace(/height="\d+"/, `height="${height}"`);
}

test('iframes from another origin grow to their widget, follow its size, and one listener serves several snippets', async () => {
  // the course page is on 127.0.0.1, the widgets on localhost: two origins (two sites) on one server
  const parentOrigin = new URL(env.base).origin;
  const frameOrigin = `http://localhost:${new URL(env.base).port}`;
  assert.notEqual(parentOrigin, frameOrigin);
  const rope = await frameSnippet('<posenc-rope m="9" n="3"></posenc-rope>', `${frameOrigin}/embed.html`, 300);
  const methods = await frameSnippet('<posenc-methods></posenc-methods>', `${frameOrigin}/posenc-embed.html`, 300);
  writeFileSync(
    join(env.outDir, 'course-page.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course page</title><link rel="icon" href="data:,"></head>
     <body><h1>Rotary embeddings</h1>\n${rope}\n<p>Next, every method side by side.</p>\n${methods}\n</body></html>`,
  );

  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.addInitScript((type) => {
    // record the messages, and count the message listeners the page's own scripts add
    window.__resizes = [];
    addEventListener('message', (e) => e.data?.type === type && window.__resizes.push({ ...e.data, origin: e.origin }));
    window.__messageListeners = 0;
    const add = window.addEventListener;
    window.addEventListener = function (kind, ...rest) {
      if (kind === 'message') window.__messageListeners++;
      return add.call(this, kind, ...rest);
    };
  }, RESIZE_MESSAGE);
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto(`${env.base}course-page.html`);

  const frames = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('iframe')].map((f) => ({ height: f.clientHeight, width: f.clientWidth, style: f.style.height })),
    );
  /**
   * Brings each frame into view in turn (Chromium does not update a cross-origin frame out of view, so it
   * reports its new height when the reader scrolls to it) and waits until the frames keep their heights;
   * then checks each fits its content. Returns the frames' sizes.
   */
  async function settled(what) {
    let last = '';
    for (const i of [0, 1]) {
      await page.evaluate((k) => document.querySelectorAll('iframe')[k].scrollIntoView(), i);
      let same = 0;
      for (let n = 0; n < 150 && same < 4; n++) {
        await page.waitForTimeout(200);
        const now = JSON.stringify(await frames());
        same = now === last ? same + 1 : 0;
        last = now;
      }
      assert.ok(same >= 4, `${what}: the frames keep changing size (${last})`);
    }
    const inside = [];
    for (const src of ['/embed.html', '/posenc-embed.html']) {
      const frame = page.frames().find((f) => f.url().startsWith(`${frameOrigin}${src}#`));
      assert.ok(frame, `${what}: the frame ${src}`);
      await frame.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30000 });
      inside.push(
        await frame.evaluate(() => ({
          scrollHeight: document.documentElement.scrollHeight,
          viewport: window.innerHeight,
          content: document.documentElement.getBoundingClientRect().height,
          widget: document.querySelector('main > *').getBoundingClientRect().bottom,
        })),
      );
    }
    const outside = await frames();
    outside.forEach((o, i) => {
      const f = inside[i];
      const name = i ? 'methods' : 'rope';
      assert.ok(o.height > 300, `${what}: the ${name} frame grew from 300 px (${o.height})`);
      assert.ok(f.scrollHeight <= o.height + 1, `${what}: the ${name} frame has no inner scrollbar (content ${f.scrollHeight} px, frame ${o.height} px)`);
      assert.ok(f.widget <= o.height + 1, `${what}: the whole ${name} widget is in view (bottom ${f.widget}, frame ${o.height})`);
      assert.ok(o.height <= Math.ceil(f.content) + 1, `${what}: the ${name} frame is no taller than its content (${o.height} vs ${f.content})`);
    });
    return outside;
  }

  const wide = await settled('1000 px wide');
  const messages = await page.evaluate(() => window.__resizes);
  for (const m of messages) {
    assert.equal(m.origin, frameOrigin, 'sent by the embed page, from its origin');
    assert.ok(Number.isInteger(m.height) && m.height > 0, `height ${m.height} is a whole number of pixels`);
    assert.deepEqual(Object.keys(m).sort(), ['height', 'origin', 'type', 'widget']);
  }
  for (const [widget, i] of [['posenc-rope', 0], ['posenc-methods', 1]]) {
    const mine = messages.filter((m) => m.widget === widget);
    assert.ok(mine.length >= 1, `${widget} sent its height`);
    assert.equal(mine.at(-1).height, wide[i].height, `${widget}: the frame has the height last sent`);
    mine.slice(1).forEach((m, k) => assert.notEqual(m.height, mine[k].height, `${widget}: a message only when the height changed`));
  }
  assert.equal(await page.evaluate(() => window.__messageListeners), 1, 'two snippets, one listener');

  // a narrower page: the frames narrow, their widgets wrap and grow taller, and the frames follow
  await page.setViewportSize({ width: 520, height: 800 });
  const narrow = await settled('520 px wide');
  assert.ok(narrow[0].width < wide[0].width, 'the frames narrowed');
  assert.ok(narrow[0].height > wide[0].height && narrow[1].height > wide[1].height, `taller when narrow: ${JSON.stringify({ wide, narrow })}`);
  // and wide again: they shrink back (the frame's own height never holds the content open)
  await page.setViewportSize({ width: 1000, height: 800 });
  const again = await settled('1000 px wide again');
  assert.ok(again[0].height < narrow[0].height && again[1].height < narrow[1].height, `shorter again: ${JSON.stringify({ narrow, again })}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// ---- a host that redirects the embed page --------------------------------------------------------------

test('embed links through a redirect that drops the query (Jupyter Notebook\'s /notebooks/… → /files/…): settings after # arrive; lost ones are named, never replaced silently', async () => {
  // the host: sends /notebooks/<file>?… on to the embed page without the query, as Notebook 6 does
  const host = createServer((req, res) => res.writeHead(302, { location: `${env.base}${new URL(req.url, 'http://h').pathname.replace(/^\/notebooks\//, '')}` }).end());
  await new Promise((r) => host.listen(0, '127.0.0.1', r));
  const via = `http://127.0.0.1:${host.address().port}/notebooks/`;
  const page = await env.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const open = async (url) => {
    await page.goto('about:blank');
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30000 });
    return page.evaluate(() => {
      const el = document.querySelector('main > *');
      const notes = document.getElementById('embed-notes');
      return { tag: el.localName, length: el.length, dModel: el.dModel, notes: notes.hidden ? [] : [...notes.querySelectorAll('li')].map((li) => li.textContent) };
    });
  };
  try {
    // the Embed box's link, after #: through the redirect whole
    const heatmap = await widgetPage(env, '<posenc-heatmap length="12" d-model="16"></posenc-heatmap>');
    const src = await heatmap.evaluate(() => document.body.firstElementChild.embedFrameCode.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&'));
    await heatmap.close();
    const hash = new URL(src).hash;
    assert.match(hash, /^#widget=posenc-heatmap&/);
    assert.deepEqual(await open(`${via}embed.html${hash}`), { tag: 'posenc-heatmap', length: 12, dModel: 16, notes: [] });
    assert.deepEqual(await open(`${via}posenc-embed.html${hash}`), { tag: 'posenc-heatmap', length: 12, dModel: 16, notes: [] });
    assert.match(page.url(), /\/posenc-embed\.html#widget=/, 'the redirect happened, the fragment stayed');
    // the same settings as a query: the redirect drops them, and the page says so
    const lost = await open(`${via}embed.html?${hash.slice(1)}`);
    assert.equal(lost.length, 20, 'the default length is shown');
    assert.ok(lost.notes.some((n) => /names no widget/.test(n) && /redirect/.test(n) && /after #/.test(n)), JSON.stringify(lost.notes));
    // some settings lost on the way (the count says how many the link carried)
    const some = await open(`${env.base}embed.html#widget=posenc-heatmap&length=12&settings=2`);
    assert.equal(some.length, 12);
    assert.deepEqual(some.notes, ['This link was written with 2 settings, but 1 reached this page: something on the way dropped one, and the widget shows its defaults for it. To keep them, write the settings after # (embed.html#widget=posenc-heatmap&length=12), which no redirect drops.']);
    // a fragment edited in the address bar is followed
    await page.evaluate(() => (location.hash = 'widget=posenc-heatmap&length=9'));
    await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.querySelector('main > *')?.length === 9, null, { timeout: 30000 });
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    await new Promise((r) => host.close(r));
  }
});
