// Part 2 of the demo lesson (methods.html): registers the widgets, hands the reader's sentence to the
// widgets that take tokens and, like part 1, shows the page in the reader's language, renders the maths and
// keeps the URL in step (lesson-page.js).
// the widgets this part shows, and no others (a phone downloads only these): the first in this script, the
// others loaded after it (loadWidgets)
import '../src/widgets/browser-engine.js';  // the engine the widgets load, set before any is defined
import '../src/widgets/learned/posenc-learned.js';
import { loadWidgets, renderMath, wireLanguage, wireShare, showEngine, whenParsed } from './lesson-page.js';
import { onLanguage, t } from './language.js';
import { wireThemeSwitch } from './theme.js';
import { es as commonEs, zhCN as commonZh } from './i18n/shared.js';
import { es, zhCN as zh } from './i18n/methods.js';

loadWidgets([() => import('./widgets-part2.js')]);

const PADDING_WORDS = 6; // the padding table stays readable with a handful of words

/**
 * Words and punctuation marks of a sentence, as the widgets' tokens. Chinese, written without spaces, is
 * split into its characters (as BERT's Chinese tokenizer does), so a Chinese sentence is not one token.
 */
export function tokenize(text) {
  return (String(text).match(/\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}'’-])+|[^\s\p{L}\p{N}]/gu) ?? []).slice(0, 256);
}

function wireText() {
  const form = document.getElementById('your-text');
  const input = document.getElementById('text-input');
  const status = document.getElementById('text-status');
  const methods = document.getElementById('methods-w');
  const padding = document.getElementById('padding-w');
  let said = null; // the status line's message, said again in another language
  const say = (key, params) => {
    said = [key, params];
    status.textContent = t(key, params);
  };
  let used = null; // the text the widgets' tokens came from
  const apply = (announce) => {
    const tokens = tokenize(input.value);
    if (!tokens.length) {
      say('js.text.empty');
      return;
    }
    used = input.value;
    methods.tokens = tokens;
    padding.tokens = tokens.slice(0, PADDING_WORDS);
    padding.length = 0;
    if (announce) say('js.text.used', { count: tokens.length, first: Math.min(PADDING_WORDS, tokens.length) });
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    apply(true);
  });
  onLanguage(() => {
    if (said) status.textContent = t(...said);
    // the example sentence in the new language, while the box still shows the page's example (the switch
    // changed its value attribute) and the widgets still show the previous one
    if (input.value === input.defaultValue && used !== null && used !== input.value) apply(false);
  });
  // a shared link carries the comparison's tokens: show them in the box instead of overwriting them
  if (/methods-w\.tokens=/.test(location.hash)) {
    customElements.whenDefined('posenc-methods').then(() => (input.value = methods.tokens.join(' ')));
  } else {
    apply(false);
  }
}

function init() {
  wireLanguage({ es: { ...commonEs, ...es }, 'zh-CN': { ...commonZh, ...zh } });
  wireThemeSwitch();
  renderMath();
  wireShare();
  wireText();
  showEngine();
}

whenParsed(init);
