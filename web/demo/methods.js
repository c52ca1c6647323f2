// Part 2 of the demo lesson (methods.html): registers the widgets, renders the maths with KaTeX (bundled,
// offline) as MathML — no inline styles, so it shows under a strict style-src CSP too — hands the reader's sentence to the widgets that take tokens and keeps the URL in step.
import katex from 'katex';
import '../src/widgets/index.js';
import { getEngine } from '../src/widgets/engine.js';
import { syncWithUrl, encodeState } from '../src/state/url.js';
import { showLinkNotes } from './link-notes.js';
import { wireThemeSwitch } from './theme.js';

const PADDING_WORDS = 6; // the padding table stays readable with a handful of words

function renderMath(root = document) {
  for (const el of root.querySelectorAll('.tex[data-tex]')) {
    try {
      katex.render(el.dataset.tex, el, { displayMode: el.classList.contains('display'), throwOnError: false, output: 'mathml', strict: 'ignore' });
    } catch {
      el.textContent = el.dataset.tex;
    }
  }
}

/** Words and punctuation marks of a sentence, as the widgets' tokens. */
export function tokenize(text) {
  return (String(text).match(/[\p{L}\p{N}'’-]+|[^\s\p{L}\p{N}]/gu) ?? []).slice(0, 256);
}

function wireText() {
  const form = document.getElementById('your-text');
  const input = document.getElementById('text-input');
  const status = document.getElementById('text-status');
  const methods = document.getElementById('methods-w');
  const padding = document.getElementById('padding-w');
  const apply = (announce) => {
    const tokens = tokenize(input.value);
    if (!tokens.length) {
      status.textContent = 'Type a few words first.';
      return;
    }
    methods.tokens = tokens;
    padding.tokens = tokens.slice(0, PADDING_WORDS);
    padding.length = 0;
    if (announce) status.textContent = `${tokens.length} tokens: used in the padding table (first ${Math.min(PADDING_WORDS, tokens.length)}) and in the comparison.`;
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    apply(true);
  });
  // a shared link carries the comparison's tokens: show them in the box instead of overwriting them
  if (/methods-w\.tokens=/.test(location.hash)) {
    customElements.whenDefined('posenc-methods').then(() => (input.value = methods.tokens.join(' ')));
  } else {
    apply(false);
  }
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
  wireShare();
  wireText();
  showEngine();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
