// What the hardening tests (hardening*.test.mjs) share: hostile text (markup, script URLs, right-to-left
// overrides, emoji, 10 000 characters), a dialog watch, and the audit of every widget on a page for things
// that could run or load and for a broken layout.
import assert from 'node:assert/strict';

export const PAYLOAD = {
  img: '<img src=x onerror="window.__pwned=1">',
  script: '"><script>window.__pwned=1</script>',
  js: 'javascript:window.__pwned=1',
  svg: '<svg onload="window.__pwned=1"></svg>',
  rtl: 'مرحبا بالعالم \u202Eשלום עולם',
  emoji: '👩‍👩‍👧‍👦🏳️‍🌈😀',
};
export const LONG = 'W'.repeat(10_000);
export const HOSTILE_LABEL = `${PAYLOAD.img} ${PAYLOAD.script} ${PAYLOAD.js} ${PAYLOAD.rtl} ${PAYLOAD.emoji} ${LONG}`;
export const HOSTILE_TOKENS = [PAYLOAD.img, PAYLOAD.script, PAYLOAD.js, PAYLOAD.svg, PAYLOAD.rtl, PAYLOAD.emoji, LONG];

/** Records dialogs (alert/confirm/prompt would mean script ran) and dismisses them. */
export function watchDialogs(page) {
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
export async function audit(page) {
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

export function assertSafe(report, what) {
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
