// Hardening, browser side (issue 6): hostile text in attributes and typed input is shown as text and runs
// nothing; the layout survives 10 000-character labels, RTL and emoji; URL state is parsed strictly —
// unknown or out-of-range settings fall back to the defaults with a visible note, and nothing a link carries
// can add an event-handler attribute or hide a widget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, widgetPage, waitReady, shot } from './helpers.mjs';
import { ALL_WIDGET_TAGS as ALL_TAGS } from '../../web/src/widgets/tags.js';

const env = browserPerFile();

/** Widgets with a `tokens` list attribute (comma-separated) and the one with a single `token`. */
const TOKEN_TAGS = ['posenc-permutation', 'posenc-compare', 'posenc-padding', 'posenc-methods'];

const PAYLOAD = {
  img: '<img src=x onerror="window.__pwned=1">',
  script: '"><script>window.__pwned=1</script>',
  js: 'javascript:window.__pwned=1',
  svg: '<svg onload="window.__pwned=1"></svg>',
  rtl: 'مرحبا بالعالم \u202Eשלום עולם',
  emoji: '👩‍👩‍👧‍👦🏳️‍🌈😀',
};
const LONG = 'W'.repeat(10_000);
const HOSTILE_LABEL = `${PAYLOAD.img} ${PAYLOAD.script} ${PAYLOAD.js} ${PAYLOAD.rtl} ${PAYLOAD.emoji} ${LONG}`;
const HOSTILE_TOKENS = [PAYLOAD.img, PAYLOAD.script, PAYLOAD.js, PAYLOAD.svg, PAYLOAD.rtl, PAYLOAD.emoji, LONG];

/** Records dialogs (alert/confirm/prompt would mean script ran) and dismisses them. */
function watchDialogs(page) {
  page.dialogs = [];
  page.on('dialog', (d) => {
    page.dialogs.push(d.message());
    d.dismiss().catch(() => {});
  });
}

/**
 * What an attacker would need and what a broken layout looks like, for every posenc widget on the page:
 * window.__pwned, elements that can run or load things (img, script, iframe, object, embed, svg with
 * handlers), any on* attribute or javascript: URL in the light DOM or a shadow root, and horizontal overflow.
 */
async function audit(page) {
  return page.evaluate(() => {
    const roots = [document.body]; // the page's own scripts live in <head>
    const widgets = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('posenc-'));
    for (const w of widgets) if (w.shadowRoot) roots.push(w.shadowRoot);
    const dangerous = [];
    for (const r of roots) {
      for (const el of r.querySelectorAll('*')) {
        if (/^(img|script|iframe|object|embed|frame|svg|image|use)$/.test(el.localName) && !el.closest?.('.katex')) dangerous.push(el.localName);
        for (const a of el.attributes) {
          if (/^on/i.test(a.name)) dangerous.push(`${el.localName}[${a.name}]`);
          if (/^\s*javascript:/i.test(a.value) && /^(href|src|action|formaction|xlink:href)$/i.test(a.name)) dangerous.push(`${el.localName}[${a.name}=javascript:]`);
        }
      }
    }
    // A right-to-left override (U+202E) in a token must not flip the text around it: the token sits in an
    // isolating box (<bdi>, unicode-bidi: isolate/plaintext, or a block of its own) that holds nothing else.
    const bidiLeaks = [];
    for (const w of widgets) {
      const walker = document.createTreeWalker(w.shadowRoot, NodeFilter.SHOW_TEXT);
      for (let n; (n = walker.nextNode()); ) {
        if (!n.data.includes('\u202E')) continue;
        let box = n.parentElement;
        while (box) {
          const cs = getComputedStyle(box);
          if (box.localName === 'bdi' || /isolate|plaintext/.test(cs.unicodeBidi) || !cs.display.startsWith('inline')) break;
          box = box.parentElement;
        }
        if (!box || box.textContent.trim() !== n.data.trim()) bidiLeaks.push(`${w.localName} <${box?.localName}.${box?.className}>: ${JSON.stringify(box?.textContent.slice(0, 60))}`);
      }
    }
    const vw = document.documentElement.clientWidth;
    return {
      bidiLeaks,
      pwned: window.__pwned ?? null,
      dangerous,
      pageOverflow: document.documentElement.scrollWidth - vw,
      widgets: widgets.map((w) => ({
        tag: w.localName,
        overflow: w.scrollWidth - w.clientWidth,
        right: Math.round(w.getBoundingClientRect().right - vw),
        text: w.shadowRoot?.textContent ?? '',
        title: w.shadowRoot?.querySelector('.title')?.textContent ?? null,
        error: w.shadowRoot?.querySelector('[role=alert]')?.textContent.trim() ?? '',
      })),
    };
  });
}

function assertSafe(report, what) {
  assert.equal(report.pwned, null, `${what}: script ran (window.__pwned set)`);
  assert.deepEqual(report.dangerous, [], `${what}: dangerous elements or attributes appeared`);
  assert.deepEqual(report.bidiLeaks, [], `${what}: right-to-left text flips the text next to it`);
  assert.ok(report.pageOverflow <= 0, `${what}: the page scrolls sideways by ${report.pageOverflow}px`);
  for (const w of report.widgets) {
    assert.ok(w.overflow <= 1, `${what}: ${w.tag} overflows horizontally by ${w.overflow}px`);
    assert.ok(w.right <= 1, `${what}: ${w.tag} sticks out of the viewport by ${w.right}px`);
    assert.ok(w.text.trim().length > 0, `${what}: ${w.tag} is blank`);
  }
}

const tokensAttr = (list) => list.join(',').replace(/"/g, '&quot;');
const attr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

test('hostile labels and tokens in attributes render as text: no script, no new elements, no overflow', async () => {
  const markup = ALL_TAGS.map((t) => {
    const extra = TOKEN_TAGS.includes(t) ? ` tokens="${tokensAttr(HOSTILE_TOKENS)}"` : t === 'posenc-pipeline' ? ` token="${attr(PAYLOAD.img)}"` : '';
    return `<${t} label="${attr(HOSTILE_LABEL)}"${extra}></${t}>`;
  }).join('\n');
  const page = await widgetPage(env, markup, { width: 700 });
  watchDialogs(page);
  let report = await audit(page);
  assertSafe(report, 'markup');
  for (const w of report.widgets) {
    assert.equal(w.title, HOSTILE_LABEL, `${w.tag} shows the label verbatim as text`);
    assert.equal(w.error, '', `${w.tag}: ${w.error}`);
  }
  for (const w of report.widgets.filter((x) => TOKEN_TAGS.includes(x.tag))) {
    // each widget shows its tokens (the padding table keeps the words; methods shows them on its axis)
    assert.ok(w.text.includes(PAYLOAD.img) || w.tag === 'posenc-methods', `${w.tag} shows the markup token as text`);
  }

  // the same through properties and setAttribute after the first render, one payload at a time
  for (const [name, value] of Object.entries({ ...PAYLOAD, long: LONG })) {
    await page.evaluate(
      ([v, tokenTags]) => {
        for (const el of document.querySelectorAll('body > *')) {
          el.setAttribute('label', v);
          if (tokenTags.includes(el.localName)) el.tokens = [v, 'and', v];
          if (el.localName === 'posenc-pipeline') el.token = v;
          if (el.localName === 'posenc-padding') el.column = 0; // its readout names the token
        }
      },
      [value, TOKEN_TAGS],
    );
    await waitReady(page);
    report = await audit(page);
    assertSafe(report, `label/tokens = ${name}`);
    for (const w of report.widgets) assert.equal(w.title, value, `${w.tag} title for ${name}`);
    if (name === 'rtl') await shot(page.locator('posenc-compare'), 'hostile-rtl-compare');
  }
  assert.deepEqual(page.dialogs, []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('hostile text typed into the widgets\' text inputs is shown as text and runs nothing', async () => {
  const page = await widgetPage(
    env,
    '<posenc-padding tokens="The,robot,read"></posenc-padding><posenc-pipeline token="Hello"></posenc-pipeline><posenc-waves></posenc-waves>',
    { width: 640 },
  );
  watchDialogs(page);
  const inputs = [
    ['posenc-padding', 'input.tokens'],
    ['posenc-pipeline', 'input.tok'],
    ['posenc-waves', 'input.dims'],
  ];
  for (const text of [PAYLOAD.img, PAYLOAD.script, PAYLOAD.js, PAYLOAD.svg, `${PAYLOAD.rtl} ${PAYLOAD.emoji}`, LONG]) {
    for (const [tag, sel] of inputs) {
      const input = page.locator(tag).locator(sel);
      await input.click();
      await input.press('Control+a');
      if (text.length < 100) await input.pressSequentially(text);
      else await input.fill(text);
      await input.press('Enter');
      await input.press('Tab');
    }
    await waitReady(page);
    const report = await audit(page);
    assertSafe(report, `typed ${text.slice(0, 20)}`);
    if (text !== LONG && !text.startsWith(PAYLOAD.rtl)) {
      // the padding widget splits on spaces: the first word of the payload is shown verbatim
      const first = text.split(' ')[0];
      assert.ok(report.widgets[0].text.includes(first), `padding shows ${first}`);
      // the pipeline's token box keeps up to 40 characters
      assert.equal(await page.evaluate(() => document.querySelector('posenc-pipeline').token), text.slice(0, 40));
    }
  }
  assert.deepEqual(page.dialogs, []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('demo part 2: hostile sentences typed into "Your sentence" stay text', async () => {
  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  watchDialogs(page);
  await page.setViewportSize({ width: 400, height: 900 });
  await page.goto(`${env.base}methods.html`);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true');
  await waitReady(page);
  for (const text of [`${PAYLOAD.img} ${PAYLOAD.script}`, `${PAYLOAD.js} ${PAYLOAD.svg}`, `${PAYLOAD.rtl} ${PAYLOAD.emoji}`, LONG, `${LONG} ${LONG}`]) {
    const input = page.locator('#text-input');
    if (text.length < 200) {
      await input.fill('');
      await input.pressSequentially(text);
    } else await input.fill(text);
    await page.getByRole('button', { name: 'Use it' }).click();
    await waitReady(page);
    const report = await audit(page);
    assertSafe(report, `sentence ${text.slice(0, 20)}`);
    const status = await page.locator('#text-status').textContent();
    assert.match(status, /tokens/);
  }
  await shot(page.locator('#padding-w'), 'hostile-sentence-padding');
  assert.deepEqual(page.dialogs, []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('every attribute of every widget takes hostile values without an exception: the widget stays, errors are text', async () => {
  const VALUES = ['abc', '-1', '2.5', '1e12', '99999999', PAYLOAD.img, 'x'.repeat(10_000)];
  const page = await widgetPage(env, ALL_TAGS.map((t) => `<${t}></${t}>`).join(''), { width: 700 });
  watchDialogs(page);
  const rounds = await page.evaluate(() => {
    window.__problems = [];
    addEventListener('error', (e) => !/ResizeObserver loop/.test(e.message) && window.__problems.push(`error: ${e.message}`));
    addEventListener('unhandledrejection', (e) => window.__problems.push(`rejection: ${e.reason?.message ?? e.reason}`));
    // attribute name -> property name and the starting value, to put things back after each round
    window.__attrs = [...document.body.children].map((w) => {
      const list = [];
      for (const [prop, opts] of w.constructor.elementProperties) {
        if (opts.state || opts.attribute === false) continue;
        const attr = typeof opts.attribute === 'string' ? opts.attribute : prop.toLowerCase();
        list.push({ attr, prop, initial: w[prop] });
      }
      return list;
    });
    return Math.max(...window.__attrs.map((l) => l.length));
  });
  const t0 = Date.now();
  for (const value of VALUES) {
    for (let i = 0; i < rounds; i++) {
      const result = await page.evaluate(
        async ([v, i]) => {
          const widgets = [...document.body.children];
          const set = widgets.map((w, k) => {
            const a = window.__attrs[k][i];
            if (a) w.setAttribute(a.attr, v);
            return a ? `${w.localName}.${a.attr}` : null;
          });
          const settle = (w) => Promise.race([w.whenReady().then(() => 'ok', (e) => `exception: ${e?.message ?? e}`), new Promise((r) => setTimeout(() => r('timeout'), 8000))]);
          const states = await Promise.all(widgets.map(settle));
          const bad = [];
          widgets.forEach((w, k) => {
            if (!set[k]) return;
            if (states[k] !== 'ok') bad.push(`${set[k]}: ${states[k]}`);
            if (!w.shadowRoot.querySelector('.title')) bad.push(`${set[k]}: heading gone (blank widget)`);
            if (w.scrollWidth - w.clientWidth > 1) bad.push(`${set[k]}: overflows by ${w.scrollWidth - w.clientWidth}px`);
          });
          bad.push(...window.__problems.splice(0).map((p) => `${set.filter(Boolean).join(' ')}: ${p}`));
          // back to the starting values
          widgets.forEach((w, k) => {
            const a = window.__attrs[k][i];
            if (a) w[a.prop] = a.initial;
          });
          await Promise.all(widgets.map(settle));
          return bad;
        },
        [value, i],
      );
      assert.deepEqual(result, [], `value ${JSON.stringify(value.slice(0, 30))}`);
    }
  }
  const report = await audit(page);
  assertSafe(report, 'after the attribute sweep');
  assert.deepEqual(page.dialogs, []);
  assert.deepEqual(page.errors, []);
  console.log(`# attribute sweep: ${VALUES.length} values × ${rounds} attribute slots in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await page.close();
});

// ---- URL state ------------------------------------------------------------------------------------------

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
