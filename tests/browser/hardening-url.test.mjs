// Hardening, browser side (issue 6): URL state is parsed strictly. Unknown or out-of-range settings fall back
// to the defaults with a visible note, and nothing a link carries can add an event-handler attribute or hide
// a widget; a link the page wrote itself applies with no note.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, waitReady, shot } from './helpers.mjs';
import { HOSTILE_TOKENS, PAYLOAD, assertSafe, audit, watchDialogs } from './hardening.mjs';

const env = browserPerFile();

async function openDemoAt(path, { width = 900 } = {}) {
  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && page.errors.push(m.text()));
  watchDialogs(page);
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${env.base}${path}`);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 15000 });
  await page.waitForFunction(() => document.body.dataset.linkChecked === 'true', null, { timeout: 30000 });
  await waitReady(page);
  return page;
}

/** Every widget of the page drew something and shows no error box; the link note (if any) as text. */
async function pageState(page) {
  return page.evaluate(() => {
    const box = document.getElementById('link-notes');
    return {
      widgets: [...document.querySelectorAll('main [id]')]
        .filter((e) => e.localName.startsWith('posenc-'))
        .map((w) => ({
          id: w.id,
          hidden: w.hidden || getComputedStyle(w).display === 'none' || w.getBoundingClientRect().height < 50,
          title: !!w.shadowRoot.querySelector('.title'),
          error: w.shadowRoot.querySelector('[role=alert]')?.textContent.trim() ?? '',
          status: w.shadowRoot.querySelector('.status')?.textContent.trim() ?? '',
          handlers: [...w.attributes].filter((a) => /^on|^style$|^hidden$|^tabindex$/i.test(a.name)).map((a) => a.name),
        })),
      note: box ? box.textContent : null,
      noteVisible: box ? box.getBoundingClientRect().height > 20 && getComputedStyle(box).visibility === 'visible' : false,
      // the page rewrites a bad hash shortly after checking it; until then it may not even decode
      hash: (() => {
        try {
          return decodeURIComponent(location.hash);
        } catch {
          return location.hash;
        }
      })(),
    };
  });
}

function assertWidgetsIntact(state, what) {
  for (const w of state.widgets) {
    assert.ok(w.title && !w.hidden, `${what}: #${w.id} is blank or hidden`);
    assert.equal(w.error, '', `${what}: #${w.id} shows an error instead of falling back`);
    assert.deepEqual(w.handlers, [], `${what}: #${w.id} got attributes a link must never set`);
  }
}

test('URL state: hostile and out-of-range settings fall back to the defaults with visible notes; nothing runs', async () => {
  const entries = [
    ['heatmap.length', '1e9'], // a number, but past the widget's limit: undone after the widget refuses it
    ['heatmap.d-model', 'abc'],
    ['heatmap.layout', PAYLOAD.img],
    ['heatmap.base', '100'], // fine: applied
    ['heatmap.onclick', 'window.__pwned=1'],
    ['perm.onfocus', 'window.__pwned=1'],
    ['perm.tabindex', '0'],
    ['cmp.style', 'display:none'],
    ['cmp.positions', '2,7'], // fine: applied
    ['sim.hidden', ''],
    ['sim.metric', 'javascript:window.__pwned=1'],
    ['waves.dims', '0,1,x'],
    ['pipe.scale', 'maybe'],
    ['pipe.token', PAYLOAD.script], // text: applied, shown as text
    ['props.length', '-5'],
    ['props.train-length', '999999999999'],
    ['slicing.step', 'Infinity'],
    ['nosuch.length', '3'],
    ['__proto__.polluted', '1'],
    ['constructor.prototype', '1'],
    ['heatmap.LENGTH', '5'],
    ['.length', '5'],
    ['heatmap.', '5'],
  ];
  const hash = entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const page = await openDemoAt(`index.html#${hash}`);
  const state = await pageState(page);
  assertWidgetsIntact(state, 'hostile hash');
  // what was fine is applied; what was not is back at the page's own value
  const attrs = await page.evaluate(() => ({
    length: document.getElementById('heatmap').getAttribute('length'),
    dModel: document.getElementById('heatmap').getAttribute('d-model'),
    layout: document.getElementById('heatmap').getAttribute('layout'),
    base: document.getElementById('heatmap').getAttribute('base'),
    positions: document.getElementById('cmp').getAttribute('positions'),
    token: document.getElementById('pipe').token,
    metric: document.getElementById('sim').getAttribute('metric'),
    propsLength: document.getElementById('props').getAttribute('length'),
    polluted: {}.polluted ?? null,
  }));
  assert.deepEqual(attrs, {
    length: '20', dModel: '32', layout: 'interleaved', base: '100', positions: '2,7', token: PAYLOAD.script, metric: 'cosine', propsLength: '200', polluted: null,
  });
  // a visible note on the page lists every refused setting ...
  assert.ok(state.noteVisible, 'the link note is visible');
  for (const key of ['heatmap.length', 'heatmap.d-model', 'heatmap.layout', 'heatmap.onclick', 'perm.onfocus', 'perm.tabindex', 'cmp.style', 'sim.hidden', 'sim.metric', 'waves.dims', 'pipe.scale', 'props.length', 'slicing.step', 'nosuch.length', '__proto__.polluted']) {
    assert.ok(state.note.includes(key), `the note names ${key}`);
  }
  assert.ok(!state.note.includes('heatmap.base') && !state.note.includes('cmp.positions'), 'settings that were used are not in the note');
  // ... and each widget concerned says so in its own status line
  const status = Object.fromEntries(state.widgets.map((w) => [w.id, w.status]));
  assert.match(status.heatmap, /heatmap\.length=“1e9”: length must be/);
  assert.match(status.heatmap, /heatmap\.onclick/);
  assert.match(status.props, /props\.length=“-5”/);
  assert.equal(status.cmp.includes('cmp.positions'), false);
  // poke everything a handler could have been attached to
  await page.locator('#heatmap').click({ position: { x: 20, y: 20 } });
  await page.locator('#perm').locator('button').first().focus();
  await page.locator('#cmp').hover();
  const report = await audit(page);
  assertSafe(report, 'hostile hash');
  // the address bar is rewritten from the widgets: the refused settings are gone from it
  await page.waitForFunction(() => !location.hash.includes('onclick'), null, { timeout: 3000 });
  const after = await pageState(page);
  for (const bad of ['1e9', 'onclick', 'onfocus', 'style', 'hidden', 'nosuch', '__proto__', 'javascript:']) assert.ok(!after.hash.includes(bad), `hash still has ${bad}`);
  await shot(page.locator('#link-notes'), 'url-notes');
  await shot(page.locator('#heatmap'), 'url-notes-heatmap');
  assert.deepEqual(page.dialogs, []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('URL state: garbage hashes on part 2 (bad escapes, huge, values that crashed widgets before) leave every widget working', async () => {
  const hashes = [
    '%E0%A4%A&%%%&=&==&.&..=.&learned-w..=1',
    `${'learned-w.seed=1&'.repeat(400)}t5-w.heads=99999999`,
    `scaling-w.head-dim=-1&padding-w.column=2.5&t5-w.heads=1e12&alibi-w.heads=0&rope-w.convention=${encodeURIComponent(PAYLOAD.svg)}`,
    `methods-w.tokens=${encodeURIComponent(HOSTILE_TOKENS.join(','))}&padding-w.tokens=${encodeURIComponent(PAYLOAD.img)}&learned-w.label=${encodeURIComponent(PAYLOAD.rtl)}`,
    `learned-w.position=99999999999&learned-w.max-length=${'9'.repeat(5000)}&rope-w.m=-1e308&scaling-w.factor=NaN`,
  ];
  for (const h of hashes) {
    const page = await openDemoAt(`methods.html#${h}`, { width: 500 });
    const state = await pageState(page);
    assertWidgetsIntact(state, `#${h.slice(0, 40)}`);
    const report = await audit(page);
    assertSafe(report, `#${h.slice(0, 40)}`);
    assert.deepEqual(page.dialogs, []);
    assert.deepEqual(page.errors, [], `#${h.slice(0, 40)}`);
    await page.close();
  }
});

test('URL state: a link the page wrote itself applies cleanly, with no note', async () => {
  for (const [path, change] of [
    ['index.html', async (page) => {
      await page.getByRole('button', { name: '100 × 128' }).click();
      await page.evaluate(() => {
        document.getElementById('sim').metric = 'euclidean';
        document.getElementById('pipe').scale = false;
        document.getElementById('perm').encoding = true;
      });
    }],
    ['methods.html', async (page) => {
      await page.evaluate(() => {
        document.getElementById('rope-w').convention = 'interleaved';
        document.getElementById('alibi-w').heads = 12;
        document.getElementById('padding-w').padSide = 'left';
        document.getElementById('learned-w').position = 512;
      });
    }],
  ]) {
    let page = await openDemoAt(path);
    await change(page);
    await waitReady(page);
    await page.waitForTimeout(400); // the hash follows after a short debounce
    const { href, attrs } = await page.evaluate(() => ({
      href: location.href,
      attrs: [...document.querySelectorAll('main [id]')].filter((e) => e.localName.startsWith('posenc-')).map((e) => [e.id, [...e.attributes].map((a) => `${a.name}=${a.value}`).sort()]),
    }));
    await page.close();
    page = await openDemoAt(href.slice(env.base.length));
    const state = await pageState(page);
    assert.equal(state.note, null, `${path}: no note for the page's own link`);
    assertWidgetsIntact(state, path);
    for (const w of state.widgets) assert.equal(w.status, '', `${path}: #${w.id} status`);
    const again = await page.evaluate(() =>
      [...document.querySelectorAll('main [id]')].filter((e) => e.localName.startsWith('posenc-')).map((e) => [e.id, [...e.attributes].map((a) => `${a.name}=${a.value}`).sort()]),
    );
    assert.deepEqual(again, attrs, `${path}: the link restores every attribute`);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});
