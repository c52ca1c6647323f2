// The demo pages' note about settings of a shared link that could not be used (syncWithUrl's notes):
// shown under the engine status, as text, with a button to hide it, in the page's language (url.js's
// reasons from the widgets' catalogues; a widget's own message as the widget wrote it). Each widget
// concerned also says so in its own status line.
import { noteText } from '../src/state/url.js';
import { loadLocale, onLocalesChanged, translate, matchLocale } from '../src/i18n/index.js';
import { onLanguage, t } from './language.js';

let shown = null;
const again = () => shown && document.getElementById('link-notes') && render(shown);
onLanguage(again);
// the widgets' catalogue of the page's language may still be loading (the ES build loads it on demand)
onLocalesChanged(again);

export function showLinkNotes(notes) {
  if (!notes.length) return;
  shown = notes;
  render(notes);
}

function render(notes) {
  let box = document.getElementById('link-notes');
  if (!box) {
    box = document.createElement('div');
    box.id = 'link-notes';
    box.className = 'link-notes';
    (document.getElementById('engine-status') ?? document.body.firstElementChild).after(box);
  }
  const head = document.createElement('p');
  head.setAttribute('role', 'status');
  head.textContent = notes.length === 1 ? t('js.notes.one') : t('js.notes.other', { count: notes.length });
  const list = document.createElement('ul');
  for (const n of notes.slice(0, 20)) {
    const li = document.createElement('li');
    const locale = matchLocale(document.documentElement.lang);
    loadLocale(locale).catch(() => {}); // English meanwhile, or for good if it cannot load (it warns)
    li.textContent = noteText(n, (key, params) => translate(locale, key, params));
    list.append(li);
  }
  if (notes.length > 20) {
    const li = document.createElement('li');
    li.textContent = t('js.notes.more', { count: notes.length - 20 });
    list.append(li);
  }
  const hide = document.createElement('button');
  hide.type = 'button';
  hide.textContent = t('js.notes.hide');
  hide.addEventListener('click', () => {
    box.remove();
    shown = null;
  });
  box.replaceChildren(head, list, hide);
}
