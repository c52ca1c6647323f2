// Part 2 of the demo lesson (methods.html): registers the widgets, hands the reader's sentence to the
// widgets that take tokens and, like part 1, renders the maths and keeps the URL in step (lesson-page.js).
import '../src/widgets/index.js';
import { renderMath, wireShare, showEngine, whenParsed } from './lesson-page.js';
import { wireThemeSwitch } from './theme.js';

const PADDING_WORDS = 6; // the padding table stays readable with a handful of words

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

function init() {
  wireThemeSwitch();
  renderMath();
  wireShare();
  wireText();
  showEngine();
}

whenParsed(init);
