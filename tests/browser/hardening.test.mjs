// Hardening, browser side (issue 6): hostile text in attributes and typed input is shown as text and runs
// nothing; the layout survives 10 000-character labels, RTL and emoji. URL state is in hardening-url.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, widgetPage, waitReady, shot } from './helpers.mjs';
import { ALL_WIDGET_TAGS as ALL_TAGS } from '../../web/src/widgets/tags.js';
import { HOSTILE_LABEL, HOSTILE_TOKENS, LONG, PAYLOAD, assertSafe, audit, watchDialogs } from './hardening.mjs';

const env = browserPerFile();

/** Widgets with a `tokens` list attribute (comma-separated) and the one with a single `token`. */
const TOKEN_TAGS = ['posenc-permutation', 'posenc-compare', 'posenc-padding', 'posenc-methods'];

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
