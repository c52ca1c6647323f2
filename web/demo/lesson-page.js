// What the three parts of the demo lesson (index.html, methods.html, model.html) do on their page: show it
// in the reader's language (?lang, language.js), render the maths with KaTeX (bundled, offline) as MathML —
// no inline styles, so pages under a strict style-src CSP show it too —, keep the share link and the URL in
// step with the widgets' attributes, say whether the engine started, and run the page's set-up once the
// document is parsed. The build typesets the pages' formulas already (scripts/build-web-math.mjs), so KaTeX
// is loaded only for a formula that comes without its MathML.
import { getEngine } from '../src/widgets/engine.js';
import { KATEX_OPTIONS } from './katex-options.js';
import { syncWithUrl, encodeState } from '../src/state/url.js';
import { markScroller } from '../src/render/scroller.js';
import { showLinkNotes } from './link-notes.js';
import { applyLanguage, languageOf, onLanguage, setCatalogues, t, wireLanguageSwitch } from './language.js';

/**
 * Shows the page in the language of its address (?lang=es, ?lang=zh-CN; English without) and wires the
 * language switch. `catalogues`: the page's texts by language ({ es: {…}, 'zh-CN': {…} }). Runs before
 * renderMath(), so that the formulas of the translated text are the ones typeset; after a switch, those
 * of the replaced elements are typeset again.
 */
export function wireLanguage(catalogues) {
  setCatalogues(catalogues);
  applyLanguage(languageOf(location.href));
  wireLanguageSwitch((replaced) => {
    for (const el of replaced) renderMath(el);
    for (const el of watched) mark(el); // their labels in the new language
  });
}

/**
 * Renders every `.tex[data-tex]` element below `root` (`.display` ones in display mode) that is not typeset
 * yet, and marks those that scroll. Resolves when they are typeset.
 */
export async function renderMath(root = document) {
  const formulas = [...root.querySelectorAll('.tex[data-tex]')];
  const untypeset = formulas.filter((el) => !el.querySelector('.katex'));
  if (untypeset.length) {
    let katex = null;
    try {
      katex = (await import('katex')).default;
    } catch {
      // (the TeX source is shown instead)
    }
    for (const el of untypeset) {
      try {
        katex.render(el.dataset.tex, el, { ...KATEX_OPTIONS, displayMode: el.classList.contains('display') });
      } catch {
        el.textContent = el.dataset.tex; // the TeX source is still readable
      }
    }
  }
  fadeWhereCut(formulas);
}

/**
 * A formula wider than its column scrolls inside its own box (demo.css), marked as render/scroller.js says.
 * Whether it fits depends on the column and on the fonts, so this is decided again whenever the box or the
 * formula changes size, not once after loading. One observer serves the page; formulas a language switch
 * replaced are no longer watched.
 */
const watched = new Set();
let observer = null;
const mark = (el) => {
  markScroller(el, t('js.formula.scrolls'));
  if (el.classList.contains('display')) cue(el);
};
/**
 * A display formula cut by its column says so in words under it: on a phone the fade alone can fall on the
 * formula's spacing and show nothing, and touch screens hide scroll bars until the reader scrolls.
 */
function cue(el) {
  const right = el.classList.contains('more-right');
  const left = el.classList.contains('more-left');
  let note = el.nextElementSibling?.classList.contains('more-cue') ? el.nextElementSibling : null;
  if (!note && !right && !left) return;
  if (!note) {
    note = document.createElement('div');
    note.className = 'more-cue';
    note.setAttribute('aria-hidden', 'true'); // the formula itself is a region labelled as scrolling
    el.after(note);
  }
  note.hidden = !right && !left;
  note.textContent = t(right ? 'js.formula.more' : 'js.formula.back');
}
function fadeWhereCut(formulas) {
  // the box changes with its column, the <math> inside it with the fonts
  observer ??= new ResizeObserver((entries) => {
    for (const { target } of entries) {
      const tex = target.closest('.tex');
      if (tex?.isConnected) mark(tex);
    }
  });
  for (const el of watched) {
    if (el.isConnected) continue;
    observer.unobserve(el);
    watched.delete(el);
  }
  for (const el of formulas) {
    el.addEventListener('scroll', () => mark(el), { passive: true });
    observer.observe(el);
    const math = el.querySelector('math');
    if (math) observer.observe(math);
    watched.add(el);
  }
}

/**
 * Loads the code of a part's widgets after its first (`imports`: functions importing their modules, a chunk
 * each). The page script carries its first widget, which starts as soon as the engine is there; these are
 * fetched once the engine has loaded (or failed to) and the widgets of the first screen have drawn and
 * been painted (firstScreenPainted), so that on a phone they share the network with nothing the first
 * picture needs, and their code runs after it, never between the engine and the first picture. A module
 * that cannot load is an error on the console (its widgets stay as their tags, empty).
 */
export function loadWidgets(imports) {
  const load = () => {
    for (const one of imports) one().catch((err) => console.error(`posenc demo: a widget's code could not load: ${err?.message ?? err}`));
  };
  getEngine()
    .then(firstScreenPainted)
    .then(load, load);
}

/**
 * Resolves when the posenc widgets defined so far that are near the viewport (within a screen of it, where
 * they start: element/engine-controller.js) have drawn, and a frame with their pictures has been painted
 * (whenReady waits for the layout after the drawing). Widgets further down are not waited for: a reader who
 * opened the page further down gets the later widgets at once.
 */
function firstScreenPainted() {
  const defined = [...document.querySelectorAll(':defined')].filter((el) => el.localName.startsWith('posenc-'));
  if (!defined.length) return Promise.resolve();
  return new Promise((resolve) => {
    // an observer's first report says, for each, whether it is near (without forcing a layout to measure it)
    const seen = new Map();
    const near = new IntersectionObserver((entries) => {
      for (const e of entries) if (!seen.has(e.target)) seen.set(e.target, e.isIntersecting);
      if (seen.size < defined.length) return;
      near.disconnect();
      const first = [...seen].filter(([, isNear]) => isNear).map(([el]) => el.whenReady());
      Promise.allSettled(first).then(() => resolve());
    }, { rootMargin: '100% 0px' });
    for (const el of defined) near.observe(el);
  });
}

/**
 * Keeps the #share link and the address in step with the posenc widgets in <main> that have an id, once
 * every one of them is defined (loadWidgets: their settings are read from their classes).
 */
export async function wireShare() {
  const widgets = [...document.querySelectorAll('main [id]')].filter((el) => el.localName.startsWith('posenc-'));
  await Promise.all(widgets.map((el) => customElements.whenDefined(el.localName)));
  // looked up each time: a language switch replaces the footer's text, link included
  const update = () => {
    const link = document.getElementById('share');
    if (link) link.href = `#${encodeState(widgets, { omit: ['theme'] })}`;
  };
  new MutationObserver(update).observe(document.querySelector('main'), { attributes: true, subtree: true });
  onLanguage(update);
  update();
  // the theme is the reader's choice, not part of a shared link; settings a link carries are checked
  const stop = syncWithUrl(widgets, { omit: ['theme'], onNotes: showLinkNotes });
  stop.ready.then(() => (document.body.dataset.linkChecked = 'true')); // for tests and scripts
}

/**
 * Starts the widgets of the first screen (those defined so far within a screen's height below it, where they
 * would start anyway: element/engine-controller.js) at once. Left to the IntersectionObserver, they would
 * start when it first reports, which a phone busy loading the page delivers late, often after the engine has
 * arrived: their first picture would wait for it. (The layout this reads is the one the formulas were just
 * measured in, renderMath.)
 */
function startFirstScreen() {
  for (const el of document.querySelectorAll(':defined')) {
    if (el.localName.startsWith('posenc-') && el.getBoundingClientRect().top < 2 * innerHeight) el.whenReady().catch(() => {});
  }
}

/**
 * Starts the engine (getEngine's `engineOptions`: { train: true } on the page that trains) and the widgets of
 * the first screen, and says in #engine-status whether the engine is ready (data-ready="true"/"false"), in
 * the page's language.
 */
export async function showEngine(engineOptions) {
  startFirstScreen();
  const status = document.getElementById('engine-status');
  let say = () => t('js.engine.loading');
  const show = () => (status.textContent = say());
  onLanguage(show);
  show();
  try {
    const pe = await getEngine(engineOptions);
    say = () => t(pe.simd ? 'js.engine.simd' : 'js.engine.scalar');
    show();
    status.dataset.ready = 'true';
  } catch (err) {
    say = () => t('js.engine.failed', { error: err?.message ?? err });
    show();
    status.dataset.ready = 'false';
  }
}

/** Runs `init` once the document is parsed (at once when it already is). */
export function whenParsed(init) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
}
