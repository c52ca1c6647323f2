// URL state: the whole configuration of the widgets on a page fits in the URL hash, so a teacher can share
// exactly what a learner should see. Format: #<id>.<attribute>=<value>&... (URL-encoded), only for widgets
// that have an id. Values are applied as attributes, so they go through the same validation as markup.

import { embeddableAttributes } from './attributes.js';

/**
 * Encodes the current attributes of `elements` (those with an id) into a hash string (without '#').
 * `omit`: attribute names left out (the demo's page-wide theme switch sets `theme` on every widget).
 */
export function encodeState(elements, { omit = [] } = {}) {
  const params = new URLSearchParams();
  for (const el of elements) {
    if (!el.id) continue;
    for (const [k, v] of embeddableAttributes(el)) if (!omit.includes(k)) params.append(`${el.id}.${k}`, v);
  }
  return params.toString();
}

/** Parses a hash string into Map<id, Map<attribute, value>>. Unknown ids are kept; callers ignore them. */
export function decodeState(hash) {
  const out = new Map();
  const params = new URLSearchParams(String(hash ?? '').replace(/^#/, ''));
  for (const [key, value] of params) {
    const dot = key.indexOf('.');
    if (dot <= 0) continue;
    const id = key.slice(0, dot);
    const attr = key.slice(dot + 1);
    if (!/^[a-z][a-z0-9-]*$/.test(attr)) continue; // attribute names only; nothing else is ever set
    if (!out.has(id)) out.set(id, new Map());
    out.get(id).set(attr, value);
  }
  return out;
}

/** Applies a decoded state to the elements of `root` that carry the matching ids (posenc-* elements only). */
export function applyState(state, root = document) {
  for (const [id, attrs] of state) {
    const el = root.getElementById ? root.getElementById(id) : root.querySelector(`#${CSS.escape(id)}`);
    if (!el || !el.localName.startsWith('posenc-')) continue;
    for (const [k, v] of attrs) el.setAttribute(k, v);
  }
}

/**
 * Keeps location.hash in step with the attributes of `elements` (debounced, with history.replaceState so
 * the back button is not flooded) and applies the hash on start. Returns a function that stops syncing.
 */
export function syncWithUrl(elements, { win = window, delay = 250, omit = [] } = {}) {
  const list = [...elements];
  applyState(decodeState(win.location.hash), win.document);
  let timer = 0;
  const write = () => {
    timer = 0;
    const hash = encodeState(list, { omit });
    const url = new URL(win.location.href);
    url.hash = hash;
    win.history.replaceState(win.history.state, '', url.href);
  };
  const observer = new MutationObserver(() => {
    if (!timer) timer = win.setTimeout(write, delay);
  });
  for (const el of list) observer.observe(el, { attributes: true });
  return () => {
    observer.disconnect();
    if (timer) win.clearTimeout(timer);
  };
}
