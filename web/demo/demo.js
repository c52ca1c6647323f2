// The demo lesson page: registers the widgets, renders the maths with KaTeX (bundled, offline) as MathML —
// no inline styles, so pages under a strict style-src CSP show it too — wires the
// size buttons and keeps the URL in step with the widgets' attributes.
import katex from 'katex';
import '../src/widgets/index.js';
import { getEngine } from '../src/widgets/engine.js';
import { syncWithUrl, encodeState } from '../src/state/url.js';
import { showLinkNotes } from './link-notes.js';
import { wireThemeSwitch } from './theme.js';

function renderMath(root = document) {
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
  }
}

function wireSizes() {
  const heatmap = document.getElementById('heatmap');
  const buttons = [...document.querySelectorAll('.sizes button[data-size]')];
  const sync = () => {
    for (const b of buttons) {
      const [L, d] = b.dataset.size.split(',').map(Number);
      b.setAttribute('aria-pressed', String(heatmap.length === L && heatmap.dModel === d));
    }
  };
  for (const b of buttons) {
    b.addEventListener('click', () => {
      const [L, d] = b.dataset.size.split(',').map(Number);
      heatmap.length = L;
      heatmap.dModel = d;
      sync();
    });
  }
  const split = document.getElementById('split-layout');
  split.checked = heatmap.layout === 'split';
  split.addEventListener('change', () => (heatmap.layout = split.checked ? 'split' : 'interleaved'));
  customElements.whenDefined('posenc-heatmap').then(sync);
}

function wireShare() {
  const widgets = [...document.querySelectorAll('main [id]')].filter((el) => el.localName.startsWith('posenc-'));
  const link = document.getElementById('share');
  const update = () => (link.href = `#${encodeState(widgets, { omit: ['theme'] })}`);
  new MutationObserver(update).observe(document.querySelector('main'), { attributes: true, subtree: true });
  update();
  // the theme is the reader's choice, not part of a shared link; settings a link carries are checked
  const stop = syncWithUrl(widgets, { omit: ['theme'], onNotes: showLinkNotes });
  stop.ready.then(() => (document.body.dataset.linkChecked = 'true')); // for tests and scripts
}

async function showEngine() {
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

function init() {
  wireThemeSwitch();
  renderMath();
  wireSizes();
  wireShare();
  showEngine();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
