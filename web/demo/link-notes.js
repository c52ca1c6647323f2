// The demo pages' note about settings of a shared link that could not be used (syncWithUrl's notes):
// shown under the engine status, as text, with a button to hide it. Each widget concerned also says so in
// its own status line.
import { noteText } from '../src/state/url.js';

export function showLinkNotes(notes) {
  if (!notes.length) return;
  let box = document.getElementById('link-notes');
  if (!box) {
    box = document.createElement('div');
    box.id = 'link-notes';
    box.className = 'link-notes';
    (document.getElementById('engine-status') ?? document.body.firstElementChild).after(box);
  }
  const head = document.createElement('p');
  head.setAttribute('role', 'status');
  head.textContent =
    notes.length === 1
      ? 'One setting of this link could not be used; the page shows its own value instead:'
      : `${notes.length} settings of this link could not be used; the page shows its own values instead:`;
  const list = document.createElement('ul');
  for (const n of notes.slice(0, 20)) {
    const li = document.createElement('li');
    li.textContent = noteText(n);
    list.append(li);
  }
  if (notes.length > 20) {
    const li = document.createElement('li');
    li.textContent = `… and ${notes.length - 20} more.`;
    list.append(li);
  }
  const hide = document.createElement('button');
  hide.type = 'button';
  hide.textContent = 'Hide this note';
  hide.addEventListener('click', () => box.remove());
  box.replaceChildren(head, list, hide);
}
