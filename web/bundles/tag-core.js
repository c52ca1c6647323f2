// The entry of dist/tag/posenc-core.js (scripts/build-web-tag.mjs): what every widget's own script in dist/tag/
// needs (Lit, the engine's facade with the SIMD build without the trainer, the shared widget code, the
// shared messages), and nothing of any widget: a course page adds the script of each widget it shows after it,
// or the files joined into one. The widgets' scripts read these modules from the core (one Lit, one engine,
// one selection channel, so widgets stay linked across scripts).
import '../src/widgets/browser-engine.js';
import * as api from '../src/widgets/api.js';
import { getEngine } from '../src/widgets/engine.js';
import { ALL_WIDGET_TAGS } from '../src/widgets/tags.js';
import { TAG_WIDGETS } from './tag-widgets.js';

// the page API of the one-tag script (its global `posenc`), bar the widget classes
globalThis.posenc ??= { ...api };

// A widget whose script is missing stays an unknown element, which shows nothing: once the page has loaded,
// name each such widget and the file it needs.
if (typeof window !== 'undefined')
  window.addEventListener('load', () => {
    for (const tag of ALL_WIDGET_TAGS) {
      if (customElements.get(tag) || !document.querySelector(tag)) continue;
      console.error(
        TAG_WIDGETS.includes(tag)
          ? `posenc: this page shows <${tag}> but does not load its script, tag/${tag}.js (after tag/posenc-core.js)`
          : `posenc: <${tag}> has no script of its own in tag/ (it needs the engine's trainer): the one-tag script posenc-widgets.iife.js carries it`,
      );
    }
  });

// A page whose first screen holds a widget already (the scripts deferred, or at the end of <body>) starts the
// engine now: its wasm compiles in the background while the widgets' scripts run (the phone bench's one-heatmap
// page: ready 0.1-0.2 s sooner). Widgets further down start the engine when the reader comes near, as everywhere
// (element/engine-controller.js: a screen above and below). A failure is each widget's to show.
const near = (el) => {
  const r = el.getBoundingClientRect();
  return r.bottom >= -innerHeight && r.top <= 2 * innerHeight;
};
if (typeof document !== 'undefined' && [...document.querySelectorAll(TAG_WIDGETS.join(','))].some(near)) getEngine().catch(() => {});
