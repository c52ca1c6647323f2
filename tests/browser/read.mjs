// Reading what a widget shows: shadow-root text, printed numbers, canvas statistics, a demo page's
// section numbers; and running code on an element in the page.

/** Text of an element inside a widget's shadow root. */
export function shadowText(page, host, inner) {
  return page.evaluate(([h, i]) => document.querySelector(h).shadowRoot.querySelector(i)?.textContent.trim() ?? null, [host, inner]);
}

/** Text of a shadow-root element with its whitespace collapsed (templates wrap long readouts). */
export const flatText = async (page, host, inner) => (await shadowText(page, host, inner))?.replace(/\s+/g, ' ').trim() ?? null;

/** Parses numbers as the widgets print them (U+2212 minus). */
export function num(text) {
  return Number(String(text).replace(/\u2212/g, '-').replace(/[^0-9eE+\-.]/g, ''));
}

/** Runs `fn(el, arg)` in the page on the element `sel` (fn is sent as source). */
export const evalEl = (page, sel, fn, arg) => page.evaluate(([s, f, a]) => new Function('el', 'arg', `return (${f})(el, arg)`)(document.querySelector(s), a), [sel, fn.toString(), arg]);

/** Resolves when the widget `sel` has drawn its current settings. */
export const settle = (page, sel) => page.evaluate((s) => document.querySelector(s).whenReady(), sel);

/** Statistics of a canvas inside a widget's shadow root: how many distinct colours, opaque pixels. */
export async function canvasStats(page, selector, canvasSelector = 'canvas.plot') {
  return page.evaluate(
    ([sel, csel]) => {
      const host = document.querySelector(sel);
      const canvas = host.shadowRoot.querySelector(csel);
      if (!canvas) return null;
      const ctx = canvas.getContext('2d');
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const colours = new Set();
      let opaque = 0;
      for (let i = 0; i < data.length; i += 4 * 7) {
        if (data[i + 3] > 0) opaque++;
        colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      }
      return { width: canvas.width, height: canvas.height, cssWidth: canvas.getBoundingClientRect().width, colours: colours.size, opaque };
    },
    [selector, canvasSelector],
  );
}

/**
 * A demo page's section numbers as the reader sees them. The page numbers its sections itself (a CSS counter
 * on each section's heading, demo.css; the table of contents is an <ol>), so the numbers are in no DOM text
 * (and getComputedStyle gives `counter(section)`, not its value): they are read from Chromium's layout, a
 * DOM snapshot whose text boxes hold the rendered counters and list markers. Returns `sections`:
 * [{ id, number, title }] for each `main > section` with a heading, in page order, and `toc`: [{ number, target }]
 * for each entry of the table of contents (none on a page without one).
 */
export async function sectionNumbers(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { documents, strings } = await cdp.send('DOMSnapshot.captureSnapshot', { computedStyles: [] });
    const { nodes, layout } = documents[0];
    const str = (i) => (i >= 0 ? strings[i] : null);
    const name = (n) => (n >= 0 ? str(nodes.nodeName[n]) : null);
    const parent = (n) => nodes.parentIndex[n];
    const attr = (n, a) => {
      const list = nodes.attributes[n] ?? [];
      for (let i = 0; i < list.length; i += 2) if (str(list[i]) === a) return str(list[i + 1]);
      return null;
    };
    const pseudo = new Map((nodes.pseudoType?.index ?? []).map((n, i) => [n, str(nodes.pseudoType.value[i])]));
    // the rendered text of each pseudo-element (a list marker's may come in more than one box)
    const shown = new Map();
    layout.nodeIndex.forEach((n, k) => {
      if (pseudo.has(n) && str(layout.text[k])) shown.set(n, (shown.get(n) ?? '') + str(layout.text[k]));
    });
    const sections = [];
    const toc = [];
    const int = (text) => (/^\s*(\d+)\D*$/.test(text ?? '') ? Number(/\d+/.exec(text)[0]) : null);
    for (const [n, text] of shown) {
      const up = parent(n);
      if (pseudo.get(n) === 'before' && name(up) === 'H2' && name(parent(up)) === 'SECTION' && name(parent(parent(up))) === 'MAIN') {
        sections.push({ id: attr(parent(up), 'id'), number: int(text) });
      } else if (pseudo.get(n) === 'marker' && name(up) === 'LI' && name(parent(up)) === 'OL' && /\btoc\b/.test(attr(parent(parent(up)), 'class') ?? '')) {
        const a = nodes.parentIndex.findIndex((p, i) => p === up && name(i) === 'A');
        toc.push({ number: int(text), target: (attr(a, 'href') ?? '').replace(/^#/, '') });
      }
    }
    const titles = await page.evaluate((ids) => ids.map((id) => document.getElementById(id).querySelector(':scope > h2').textContent.trim()), sections.map((s) => s.id));
    sections.forEach((s, i) => (s.title = titles[i]));
    return { sections, toc };
  } finally {
    await cdp.detach();
  }
}
