// Accessibility audit (issue 6): axe-core (from npm, injected into Chromium) over both demo parts and over
// each widget alone — default state and with its optional parts open (embed box, tables) — in the light and
// dark colour schemes: no serious or critical violation. Then keyboard only: every widget's controls are
// reached with Tab and Shift+Tab in order, each shows a visible focus indicator, and each one does
// something when operated with Enter, Space, arrows or typing; both demo pages can be tabbed through end to
// end without a trap, focus always visible.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axe, browserPerFile, tested, wholeSet, widgetPage, waitReady } from './helpers.mjs';
import { ALL_WIDGET_TAGS } from '../../web/src/widgets/tags.js';

const TAGS = tested(ALL_WIDGET_TAGS);

const env = browserPerFile();

async function openDemo(path, scheme) {
  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`${env.base}${path}`);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 15000 });
  await waitReady(page);
  return page;
}

const alone = (tag) => `<main><h1>${tag}</h1><${tag}></${tag}></main>`;

for (const scheme of ['light', 'dark']) {
  test(`axe, ${scheme} scheme: both demo parts (and a link note) have no serious or critical violation`, wholeSet, async () => {
    // (the second visit of part 1 carries a link with a refused setting: its note box is audited too)
    for (const path of ['index.html', 'methods.html', 'model.html', 'index.html#heatmap.length=abc&cmp.positions=2%2C7']) {
      const page = await openDemo(path, scheme);
      if (path.includes('#')) await page.waitForSelector('#link-notes');
      assert.deepEqual(await axe(page), [], `${path} (${scheme})`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  test(`axe, ${scheme} scheme: every widget alone, closed and with its embed box and tables open`, async () => {
    const found = [];
    const page = await widgetPage(env, '');
    await page.emulateMedia({ colorScheme: scheme });
    for (const tag of TAGS) {
      await page.evaluate((h) => (document.body.innerHTML = h), alone(tag));
      await waitReady(page);
      for (const v of await axe(page)) found.push(`${tag}: ${v}`);
      // the optional parts: the embed box, every <details> (the heatmap's value table)
      await page.locator(tag).getByRole('button', { name: /Copy embed code/ }).click();
      await page.evaluate((t) => {
        for (const d of document.querySelector(t).shadowRoot.querySelectorAll('details')) d.open = true;
      }, tag);
      await waitReady(page);
      for (const v of await axe(page)) found.push(`${tag} (open): ${v}`);
    }
    assert.deepEqual(page.errors, []);
    await page.close();
    assert.deepEqual(found, []);
  });
}

// ---- keyboard only ----------------------------------------------------------------------------------------

/** Installed in the page: describes the focused element (through the shadow root) and the widget's state. */
function installKeyboardProbe() {
  const deepActive = () => {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a;
  };
  const describe = (el) => {
    if (!el) return null;
    const name = el.getAttribute('aria-label') || el.textContent.trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.localName}${el.type && el.localName === 'input' ? `[${el.type}]` : ''}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} “${name}”`;
  };
  document.addEventListener('keydown', (e) => window.kbReached?.push(e.key));
  window.kb = {
    deepActive,
    describe,
    /** What a sighted keyboard user sees of the focused element: its description and its focus ring. */
    focused() {
      const el = deepActive();
      const cs = getComputedStyle(el);
      const ring =
        (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2 && cs.outlineColor !== 'rgba(0, 0, 0, 0)') ||
        (cs.boxShadow && cs.boxShadow !== 'none');
      const inWidget = el.getRootNode() !== document;
      return { desc: describe(el), ring, focusVisible: el.matches(':focus-visible'), inWidget, id: el.id };
    },
    /** The widget's tabbable controls in document order (roving-tabindex groups contribute their one stop). */
    tabbables(host) {
      const sel = 'button, input, select, textarea, summary, a[href], [tabindex]';
      return [...host.shadowRoot.querySelectorAll(sel)].filter((el) => {
        if (el.disabled || el.tabIndex < 0) return false;
        if (el.closest('details:not([open])') && el.localName !== 'summary') return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      });
    },
    /** Everything that says what the widget shows: attributes, text, control values, focus. */
    signature(host) {
      const controls = [...host.shadowRoot.querySelectorAll('input, select, details')].map((c) => (c.localName === 'details' ? c.open : c.type === 'checkbox' ? c.checked : c.value));
      return JSON.stringify([[...host.attributes].map((a) => `${a.name}=${a.value}`), host.shadowRoot.textContent, controls, describe(deepActive())]);
    },
  };
}

test('keyboard: every widget\'s controls are reached with Tab and Shift+Tab, show a focus ring, and work from the keyboard', async () => {
  const page = await widgetPage(env, '');
  await page.evaluate(installKeyboardProbe);
  const problems = [];
  const summary = [];
  for (const tag of TAGS) {
    await page.evaluate((t) => {
      document.body.innerHTML = `<button id="before">before</button><${t}></${t}><button id="after">after</button>`;
    }, tag);
    await waitReady(page);
    const expected = await page.evaluate((t) => window.kb.tabbables(document.querySelector(t)).map(window.kb.describe), tag);

    // forwards: from the button before the widget to the one after it, one Tab at a time
    await page.locator('#before').focus();
    const forward = [];
    for (let i = 0; i < expected.length + 3; i++) {
      await page.keyboard.press('Tab');
      const f = await page.evaluate(() => window.kb.focused());
      if (f.id === 'after') break;
      forward.push(f.desc);
      if (!f.inWidget) problems.push(`${tag}: Tab left the widget early, at ${f.desc}`);
      if (!f.ring || !f.focusVisible) problems.push(`${tag}: no visible focus on ${f.desc}`);
    }
    if (JSON.stringify(forward) !== JSON.stringify(expected)) problems.push(`${tag}: Tab order ${JSON.stringify(forward)} instead of ${JSON.stringify(expected)}`);
    // backwards
    await page.locator('#after').focus();
    const backward = [];
    for (let i = 0; i < expected.length + 3; i++) {
      await page.keyboard.press('Shift+Tab');
      const f = await page.evaluate(() => window.kb.focused());
      if (f.id === 'before') break;
      backward.push(f.desc);
    }
    if (JSON.stringify(backward) !== JSON.stringify([...expected].reverse())) problems.push(`${tag}: Shift+Tab order ${JSON.stringify(backward)}`);

    // operate each control with the keys its role calls for; something visible must change. Controls are
    // held by reference; one that an earlier control removed (another view) is tried on a fresh widget.
    await page.evaluate((t) => (window.kbList = window.kb.tabbables(document.querySelector(t))), tag);
    let operated = 0;
    for (let k = 0; k < expected.length; k++) {
      if (await page.evaluate((i) => !window.kbList[i].isConnected, k)) {
        await page.evaluate((t) => {
          document.querySelector(t).replaceWith(document.createElement(t));
        }, tag);
        await waitReady(page);
        await page.evaluate((t) => (window.kbList = window.kb.tabbables(document.querySelector(t))), tag);
      }
      const info = await page.evaluate(
        ([t, k]) => {
          const host = document.querySelector(t);
          const el = window.kbList[k];
          if (!el?.isConnected || el.disabled) return null;
          el.focus();
          const role = el.getAttribute('role');
          const kind = el.localName === 'input' ? el.type : el.localName === 'textarea' && el.readOnly ? 'readonly' : role === 'region' ? 'region' : role === 'option' || role === 'tab' ? 'composite' : el.localName === 'a' ? 'link' : el.localName;
          const atMax = el.localName === 'input' && el.max !== '' && Number(el.value) >= Number(el.max);
          const lastOption = el.localName === 'select' && el.selectedIndex === el.options.length - 1;
          const settled = el.getAttribute('aria-pressed') === 'true';
          const exporting = /download|copy|embed/i.test(el.getAttribute('aria-label') ?? el.textContent);
          return { kind, atMax, lastOption, settled, exporting, signature: window.kb.signature(host) };
        },
        [tag, k],
      );
      if (!info) {
        problems.push(`${tag}: ${expected[k]} is missing or disabled on a fresh widget`);
        continue;
      }
      // a link's Enter leaves for its address: the browser's own behaviour, nothing the widget can show
      if (info.kind === 'readonly' || info.kind === 'region' || info.kind === 'link') continue;
      const keys = {
        button: [k % 2 ? 'Space' : 'Enter'],
        summary: ['Enter'],
        checkbox: ['Space'],
        range: [info.atMax ? 'ArrowLeft' : 'ArrowRight'],
        number: [info.atMax ? 'ArrowDown' : 'ArrowUp', 'Enter'],
        text: ['End', '1', 'Enter'],
        select: [info.lastOption ? 'ArrowUp' : 'ArrowDown'],
        composite: ['ArrowRight'],
        canvas: ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp'],
      }[info.kind] ?? ['ArrowRight', 'ArrowDown', 'Enter'];
      let changed = false;
      // keys that reach the page (a slide deck listens there): none of those the widget acted on
      await page.evaluate(() => (window.kbReached = []));
      let acting = keys;
      for (const key of keys) {
        await page.keyboard.press(key);
        if (info.kind === 'canvas' || info.kind === 'div') {
          await waitReady(page);
          changed = (await page.evaluate((t) => window.kb.signature(document.querySelector(t)), tag)) !== info.signature;
          if (changed) {
            acting = [key];
            break;
          }
        }
      }
      const reached = await page.evaluate(() => window.kbReached);
      const leaked = acting.filter((key) => reached.includes(key === 'Space' ? ' ' : key));
      if (leaked.length) problems.push(`${tag}: ${leaked.join('+')} on ${expected[k]} also reached the page`);
      await waitReady(page);
      // exports and the clipboard answer asynchronously (a PNG may wait for canvasToBlob's 2 s fallback when
      // Chromium's toBlob never calls back): give them a while
      if (!changed) {
        const timeout = info.exporting ? 6000 : 1500;
        changed = await page
          .waitForFunction(([t, sig]) => window.kb.signature(document.querySelector(t)) !== sig, [tag, info.signature], { timeout, polling: 50 })
          .then(() => true, () => false);
      }
      if (changed) operated++;
      else if (!info.settled) problems.push(`${tag}: ${keys.join('+')} on ${expected[k]} changed nothing`);
    }
    summary.push(`${tag.replace('posenc-', '')} ${operated}/${expected.length}`);
  }
  console.log(`# keyboard: controls operated per widget: ${summary.join(', ')}`);
  assert.deepEqual(problems, []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('keyboard: both demo parts can be tabbed through to the end, focus always visible', wholeSet, async () => {
  for (const path of ['index.html', 'methods.html', 'model.html']) {
    const page = await openDemo(path, 'light');
    await page.evaluate(installKeyboardProbe);
    await page.locator('body').focus();
    const seen = [];
    let reachedEnd = false;
    for (let i = 0; i < 400; i++) {
      await page.keyboard.press('Tab');
      const f = await page.evaluate(() => window.kb.focused());
      if (f.id === 'share') {
        reachedEnd = true;
        break;
      }
      assert.ok(f.ring && f.focusVisible, `${path}: no visible focus on ${f.desc} (stop ${i + 1})`);
      seen.push(f.desc);
    }
    assert.ok(reachedEnd, `${path}: Tab never reached the footer's share link (${seen.length} stops, last ${seen.at(-1)})`);
    const widgets = await page.evaluate(() => [...document.querySelectorAll('main *')].filter((e) => e.localName.startsWith('posenc-')).length);
    assert.ok(seen.length > widgets * 3, `${path}: ${seen.length} stops for ${widgets} widgets`);
    console.log(`# ${path}: ${seen.length} Tab stops before the footer link`);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});
