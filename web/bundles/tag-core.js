// The entry of dist/tag/posenc-core.js (scripts/build-web-tag.mjs): what every widget's own script in dist/tag/
// needs (Lit, the engine's facade with the SIMD build without the trainer, the shared widget code, the
// shared messages), and nothing of any widget: a course page adds the script of each widget it shows after it,
// or the files joined into one, or leaves the core to load them from beside itself. The widgets' scripts read
// these modules from the core (one Lit, one engine, one selection channel, so widgets stay linked across scripts).
import '../src/widgets/browser-engine.js';
import * as api from '../src/widgets/api.js';
import { getEngine } from '../src/widgets/engine.js';
import { ALL_WIDGET_TAGS } from '../src/widgets/tags.js';
import { TAG_WIDGETS } from './tag-widgets.js';

// the page API of the one-tag script (its global `posenc`), bar the widget classes
globalThis.posenc ??= { ...api };

// The folder this core was loaded from (its <script src>; null when it is inlined in the page). A page that loads
// the core alone gets the script of each widget it shows from beside it: one tag, at the price of a round trip
// after the core has run (a page that lists the scripts after the core loads them alongside it). A widget
// undefined once the page has loaded, whose script could not be loaded or which has none here, is named. A
// blob: or data: address has no folder (new URL throws): null too.
const folder = (() => {
  try {
    return typeof document !== 'undefined' && document.currentScript?.src ? new URL('.', document.currentScript.src) : null;
  } catch {
    return null;
  }
})();
const requested = new Set();
const missing = () => ALL_WIDGET_TAGS.filter((tag) => !customElements.get(tag) && document.querySelector(tag));
const named = (tag) =>
  TAG_WIDGETS.includes(tag)
    ? `posenc: this page shows <${tag}> but does not load its script, tag/${tag}.js (after tag/posenc-core.js)`
    : `posenc: <${tag}> has no script of its own in tag/ (it needs the engine's trainer): the one-tag script posenc-widgets.iife.js carries it`;
function loadMissing() {
  if (!folder) return;
  for (const tag of missing()) {
    if (requested.has(tag) || !TAG_WIDGETS.includes(tag)) continue;
    requested.add(tag);
    const script = document.createElement('script');
    script.src = new URL(`${tag}.js`, folder).href;
    script.onerror = () => console.error(`${named(tag)}: it could not be loaded from beside the core (${script.src})`);
    document.head.append(script);
  }
}
// Widgets added later (a site's client-side navigation, a deck or course player that inserts its content) are
// looked for once per task that changed the page, until every widget's script is here or asked for.
let watching = false;
function watch() {
  if (watching) return;
  watching = true;
  startIfNear();
  loadMissing();
  if (!folder || typeof MutationObserver === 'undefined') return;
  let queued = false;
  const watcher = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    setTimeout(() => {
      queued = false;
      loadMissing();
      if (TAG_WIDGETS.every((tag) => customElements.get(tag) || requested.has(tag))) watcher.disconnect();
    });
  });
  watcher.observe(document.documentElement, { childList: true, subtree: true });
}
if (typeof window !== 'undefined') {
  // once the page's own scripts have run, those listed after the core among them: at DOMContentLoaded, which a
  // deferred core runs before (readyState is "interactive" then), unless it has fired already
  const parsing = document.readyState === 'loading' || performance.getEntriesByType?.('navigation')[0]?.domContentLoadedEventStart === 0;
  if (parsing) document.addEventListener('DOMContentLoaded', watch, { once: true });
  else setTimeout(watch);
  window.addEventListener('load', () => {
    watch();
    for (const tag of missing()) if (!requested.has(tag)) console.error(named(tag));
  });
}

// A page whose first screen holds a widget already (the scripts deferred, or at the end of <body>) starts the
// engine as soon as the core sees it: its wasm compiles in the background while the widgets' scripts run (the
// phone bench's one-heatmap page: ready 0.1-0.2 s sooner). Widgets further down start the engine when the reader comes near, as everywhere
// (element/engine-controller.js: a screen above and below). A failure is each widget's to show.
const near = (el) => {
  const r = el.getBoundingClientRect();
  return r.bottom >= -innerHeight && r.top <= 2 * innerHeight;
};
function startIfNear() {
  if ([...document.querySelectorAll(TAG_WIDGETS.join(','))].some(near)) getEngine().catch(() => {});
}
// now, and again once the page is parsed (watch: a core in <head> runs before the page's widgets exist)
if (typeof document !== 'undefined') startIfNear();
