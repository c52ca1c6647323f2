// The demo pages' note about settings of a shared link that could not be used (syncWithUrl's notes):
// shown under the engine status, as text, with a button to hide it, in the page's language (the reasons
// url.js gives are translated here; a widget's own message is shown as the widget wrote it). Each widget
// concerned also says so in its own status line.
import { noteText } from '../src/state/url.js';
import { onLanguage, t } from './language.js';

/** The reasons of web/src/state/url.js, as patterns → the message key that says them (language.js). */
const REASONS = [
  [/^not a widget setting \(expected widget-id\.attribute=value\)$/, 'js.reason.notSetting', []],
  [/^longer than (\d+) characters$/, 'js.reason.tooLong', ['max']],
  [/^(\d+) more settings than the (\d+) a link may carry$/, 'js.reason.tooMany', ['count', 'max']],
  [/^no widget with the id “(.*)” on this page$/, 'js.reason.noWidget', ['id']],
  [/^(\S+) has no setting “(.*)”$/, 'js.reason.noSetting', ['tag', 'attr']],
  [/^expected one of (.*)$/, 'js.reason.oneOf', ['list']],
  [/^not a number$/, 'js.reason.notNumber', []],
  [/^expected true or false$/, 'js.reason.boolean', []],
  [/^holds entries that are not valid$/, 'js.reason.entries', []],
  [/^brought into range: the default$/, 'js.reason.rangeDefault', []],
  [/^brought into range: (“.*”)$/, 'js.reason.range', ['value']],
];

/** A note's reason in the page's language. */
export function reasonText(reason) {
  for (const [pattern, key, names] of REASONS) {
    const m = pattern.exec(reason);
    if (m) return t(key, Object.fromEntries(names.map((name, i) => [name, m[i + 1]])));
  }
  return reason;
}

let shown = null;
onLanguage(() => shown && document.getElementById('link-notes') && render(shown));

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
    li.textContent = noteText({ ...n, reason: reasonText(n.reason) });
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
