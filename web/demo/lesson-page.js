// What both parts of the demo lesson (index.html, methods.html) do on their page: render the maths with
// KaTeX (bundled, offline) as MathML — no inline styles, so pages under a strict style-src CSP show it
// too —, keep the share link and the URL in step with the widgets' attributes, say whether the engine
// started, and run the page's set-up once the document is parsed.
import katex from 'katex';
import { getEngine } from '../src/widgets/engine.js';
import { syncWithUrl, encodeState } from '../src/state/url.js';
import { showLinkNotes } from './link-notes.js';

/** Renders every `.tex[data-tex]` element below `root` (`.display` ones in display mode). */
export function renderMath(root = document) {
  const displays = [];
  for (const el of root.querySelectorAll('.tex[data-tex]')) {
    try {
      katex.render(el.dataset.tex, el, {
        displayMode: el.classList.contains('display'),
        throwOnError: false,
        output: 'mathml',
        strict: 'ignore',
      });
      // a display formula wider than a phone column scrolls sideways: keyboard users must be able to reach it
      if (el.classList.contains('display')) {
        el.tabIndex = 0;
        el.setAttribute('role', 'region');
        el.setAttribute('aria-label', 'formula (scrolls sideways on narrow screens)');
        displays.push(el);
      }
    } catch {
      el.textContent = el.dataset.tex; // the TeX source is still readable
    }
  }
  fadeWhereCut(displays);
}

/** Formulas cut by a narrow column fade out at the side that has more (demo.css), as the widgets' tables do. */
function fadeWhereCut(elements) {
  const mark = (el) => {
    const more = el.scrollWidth - el.clientWidth;
    el.classList.toggle('more-right', more > 1 && el.scrollLeft < more - 1);
    el.classList.toggle('more-left', more > 1 && el.scrollLeft > 1);
  };
  for (const el of elements) el.addEventListener('scroll', () => mark(el), { passive: true });
  const all = () => elements.forEach(mark);
  addEventListener('resize', all);
  requestAnimationFrame(all);
}

/** Keeps the #share link and the address in step with the posenc widgets in <main> that have an id. */
export function wireShare() {
  const widgets = [...document.querySelectorAll('main [id]')].filter((el) => el.localName.startsWith('posenc-'));
  const link = document.getElementById('share');
  const update = () => (link.href = `#${encodeState(widgets, { omit: ['theme'] })}`);
  new MutationObserver(update).observe(document.querySelector('main'), { attributes: true, subtree: true });
  update();
  // the theme is the reader's choice, not part of a shared link; settings a link carries are checked
  const stop = syncWithUrl(widgets, { omit: ['theme'], onNotes: showLinkNotes });
  stop.ready.then(() => (document.body.dataset.linkChecked = 'true')); // for tests and scripts
}

/** Starts the engine and says in #engine-status whether it is ready (data-ready="true"/"false"). */
export async function showEngine() {
  const status = document.getElementById('engine-status');
  try {
    const pe = await getEngine();
    status.textContent = `Engine ready: WebAssembly ${pe.simd ? 'with SIMD' : '(scalar build: this browser has no WebAssembly SIMD)'}.`;
    status.dataset.ready = 'true';
  } catch (err) {
    status.textContent = `The engine could not start: ${err?.message ?? err}`;
    status.dataset.ready = 'false';
  }
}

/** Runs `init` once the document is parsed (at once when it already is). */
export function whenParsed(init) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
}
