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
  const formulas = [];
  for (const el of root.querySelectorAll('.tex[data-tex]')) {
    try {
      katex.render(el.dataset.tex, el, {
        displayMode: el.classList.contains('display'),
        throwOnError: false,
        output: 'mathml',
        strict: 'ignore',
      });
    } catch {
      el.textContent = el.dataset.tex; // the TeX source is still readable
    }
    formulas.push(el);
  }
  fadeWhereCut(formulas);
}

/**
 * A formula wider than its column scrolls inside its own box (demo.css). Such a formula fades out at the
 * side that has more, and becomes a labelled, focusable region so that the keyboard can scroll it too;
 * one that fits is neither (no useless tab stop). Whether it fits depends on the column and on the fonts,
 * so this is decided again whenever the box or the formula changes size, not once after loading.
 */
function fadeWhereCut(formulas) {
  const mark = (el) => {
    const more = el.scrollWidth - el.clientWidth;
    const over = more > 1;
    el.classList.toggle('more-right', over && el.scrollLeft < more - 1);
    el.classList.toggle('more-left', over && el.scrollLeft > 1);
    if (over === el.hasAttribute('tabindex')) return;
    if (over) {
      el.tabIndex = 0;
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', 'Formula, scrolls sideways');
    } else {
      for (const name of ['tabindex', 'role', 'aria-label']) el.removeAttribute(name);
    }
  };
  // the box changes with its column, the <math> inside it with the fonts
  const observer = new ResizeObserver((entries) => {
    for (const { target } of entries) mark(target.closest('.tex'));
  });
  for (const el of formulas) {
    el.addEventListener('scroll', () => mark(el), { passive: true });
    observer.observe(el);
    const math = el.querySelector('math');
    if (math) observer.observe(math);
  }
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
