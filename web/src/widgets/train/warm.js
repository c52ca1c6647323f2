// <posenc-train>'s warm-up ahead of its first race: the race's results (the metric, the table, the legend and
// an example) laid out once off screen with sample results, then removed. The first table of a race was its
// longest task on a phone (CPU x4): Lit preparing the table's templates, V8 compiling the code that fills them,
// and the browser loading the faces its cells use (italic and bold italic, the example's monospace) for their
// first layout. Done ahead (prepare(), or when the page is idle), these leave the race its table's own DOM and
// layout only. Templates, compiled code and fonts are the page's: once per page.

import { html, nothing, render } from 'lit';
import { summarize, baselineRows } from './race.js';
import { FIT_AT_L } from './setup.js';
import { renderLegend, renderTable } from './table.js';
import { renderExample } from './view.js';

let warm = null;  // the page's warm-up: a promise, once started
let planned = false;

/** A task of its own (a hidden page has no frames; setTimeout runs there too). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Sample results with every kind of cell: a range, the current method, one that did not learn, n/a, the baseline. */
function sample(el) {
  const lengths = el.experiment.lengths;
  const L = el.trainLength;
  const methods = [...new Set([el.choice('method'), ...el.methods])];
  const rows = (m, seed) =>
    lengths.map((length, i) => {
      const v = m === 0 ? 0.1 : Math.max(0, 1 - i * 0.1 - seed * 0.05);
      const exactMatch = length === L && m > 0 ? Math.max(FIT_AT_L, v) : v;
      return { length, supported: !(m === 1 && i === lengths.length - 1), exactMatch, accuracy: v, teacherForced: v, baseline: { rule: seed ? 'mode' : 'reversed', exactMatch: 0.05, accuracy: 0.2 } };
    });
  const bySeed = methods.map((_, m) => [rows(m, 0), rows(m, 1)]);
  return { lengths, table: methods.map((method, m) => summarize(method, bySeed[m], lengths, L)), baseline: baselineRows(bySeed.flat(), lengths) };
}

function sampleExample(el) {
  const n = el.experiment.exampleLengths[1];
  const prompt = Array.from({ length: n }, (_, i) => 3 + (i % 26));
  return { example: { length: n, prompt, expected: prompt, predicted: prompt.map((t, i) => (i % 3 ? t : 3)) } };
}

/** The warm-up when the page is idle, a second after a widget is ready (prepare() warms up at once). */
export function warmWhenIdle(el) {
  if (planned || warm) return;
  planned = true;
  setTimeout(() => (globalThis.requestIdleCallback ?? setTimeout)(() => ((planned = el.isConnected), warmUp(el))), 1000);
}

/**
 * Lays out the race's results once with sample results, hidden, in a shadow root of its own inside `el`'s
 * frame (its radios apart from the widget's), in three tasks: the templates, their layout, the removal.
 * Resolves when done; a race or run started meanwhile stops it (it must not add to their tasks).
 */
export function warmUp(el) {
  const busy = () => !el.isConnected || el.experiment.race || el.experiment.session;
  if (warm || busy()) return warm ?? Promise.resolve();
  warm = (async () => {
    const box = document.createElement('div');
    box.setAttribute('aria-hidden', 'true');
    box.inert = true;
    box.style.cssText = 'position:absolute;inset:0 0 auto 0;visibility:hidden;pointer-events:none;overflow:hidden;height:0';
    const root = box.attachShadow({ mode: 'open' });
    const sheets = el.shadowRoot?.adoptedStyleSheets ?? [];
    if (sheets.length) root.adoptedStyleSheets = [...sheets];
    else for (const s of el.shadowRoot?.querySelectorAll('style') ?? []) root.append(s.cloneNode(true));
    const x = sample(el);
    const inner = document.createElement('div');
    root.append(inner);
    render(html`${renderLegend(el, x.table)}${renderTable(el, x)}${renderExample(el, { method: x.table[0].method }, sampleExample(el)) ?? nothing}`, inner, { host: el });
    await nextTask();
    // in the frame, before what Lit renders there (so it inherits the widget's fonts and sizes)
    if (!busy()) {
      el.renderRoot.prepend(box);
      void inner.offsetHeight;
      await nextTask();
    }
    box.remove();
  })().catch(() => {});
  return warm;
}
