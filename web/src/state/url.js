// URL state: the whole configuration of the widgets on a page fits in the URL hash, so a teacher can share
// exactly what a learner should see. Format: #<id>.<attribute>=<value>&... (URL-encoded), only for widgets
// that have an id. Values are applied as attributes, so they go through the same validation as markup.
//
// A link is untrusted input, so it is parsed strictly:
// - only attributes the widget declares (its Lit properties) are ever set: never id, style, hidden, slot,
//   tabindex or an on* event handler;
// - values are checked before they are applied: numbers must be finite, list entries valid, enumerated
//   attributes (`values: [...]` in the property declaration) must name a known choice, nothing too long;
// - whatever the widget then rejects (ranges only the widget or the engine knows) is undone once the widget
//   has settled, so it shows its defaults instead of an error.
// Every setting that was not used becomes a note: the widget concerned shows it in its status line (a
// visible, polite live region) and syncWithUrl hands the whole list to the page.

import { embeddableAttributes } from './attributes.js';
import { translate } from '../i18n/index.js';

/** At most this many settings are read from one link; longer values than MAX_VALUE_LENGTH are ignored. */
export const MAX_ENTRIES = 256;
export const MAX_VALUE_LENGTH = 4096;

/**
 * Encodes the current attributes of `elements` (those with an id) into a hash string (without '#').
 * A switch (boolean attribute) that is off is written as `=false`, so a link can turn off what the page's
 * markup turns on. `omit`: attribute names left out (the demo's page-wide theme switch sets `theme`).
 */
export function encodeState(elements, { omit = [] } = {}) {
  const params = new URLSearchParams();
  for (const el of elements) {
    if (!el.id) continue;
    for (const [k, v] of embeddableAttributes(el)) if (!omit.includes(k)) params.append(`${el.id}.${k}`, v);
    for (const [k, { options }] of declaredAttributes(customElements.get(el.localName))) {
      if (options.type === Boolean && !el.hasAttribute(k) && !omit.includes(k)) params.append(`${el.id}.${k}`, 'false');
    }
  }
  return params.toString();
}

/**
 * Parses a hash string into { state: Map<id, Map<attribute, value>>, notes }. Plain anchors (#table) are
 * not settings and are skipped silently; malformed keys, over-long values and entries past MAX_ENTRIES
 * become notes ({ key, value, reason }).
 */
export function parseState(hash) {
  const state = new Map();
  const notes = [];
  let count = 0;
  let dropped = 0;
  const params = new URLSearchParams(String(hash ?? '').replace(/^#/, ''));
  for (const [key, value] of params) {
    const dot = key.indexOf('.');
    if (dot < 0 && value === '') continue; // an in-page anchor such as #table
    if (++count > MAX_ENTRIES) {
      dropped++;
      continue;
    }
    const id = key.slice(0, dot);
    const attr = key.slice(dot + 1);
    if (dot <= 0 || !/^[a-z][a-z0-9-]*$/.test(attr)) {
      notes.push({ key, value, ...because('notSetting') });
      continue;
    }
    if (value.length > MAX_VALUE_LENGTH) {
      notes.push({ id, attr, key, value, ...because('tooLong', { max: MAX_VALUE_LENGTH }) });
      continue;
    }
    if (!state.has(id)) state.set(id, new Map());
    state.get(id).set(attr, value);
  }
  if (dropped) notes.push({ key: '…', value: '', ...because('tooMany', { count: dropped, max: MAX_ENTRIES }) });
  return { state, notes };
}

/** Parses a hash string into Map<id, Map<attribute, value>> (see parseState for the notes). */
export function decodeState(hash) {
  return parseState(hash).state;
}

/** Attributes a widget class declares: Map<attribute name, { prop, options }> (Lit's property declarations). */
export function declaredAttributes(ctor) {
  const out = new Map();
  for (const [prop, options] of ctor?.elementProperties ?? []) {
    if (options.state || options.attribute === false) continue;
    out.set(typeof options.attribute === 'string' ? options.attribute : prop.toLowerCase(), { prop, options });
  }
  return out;
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Checks `value` for the declared attribute `attr`: { value } — what to set (null: remove the attribute,
 * a switch turned off with `false`) — or { why: { reason, because } } when it cannot be used.
 */
export function checkValue(decl, attr, value) {
  const { type, converter, values } = decl.options;
  if (values) return values.includes(value) ? { value } : { why: because('oneOf', { list: values.join(', ') }) };
  if (type === Number) return NUMBER.test(value.trim()) && Number.isFinite(Number(value)) ? { value: value.trim() } : { why: because('notNumber') };
  if (type === Boolean) {
    if (value === '' || value === 'true' || value === attr) return { value: '' };
    if (value === 'false') return { value: null };
    return { why: because('boolean') };
  }
  if (type === Array && converter?.fromAttribute) {
    // a list converter drops entries it cannot read: every entry of the link must survive
    const entries = value.split(',').filter((s) => s.trim() !== '').length;
    if (converter.fromAttribute(value).length !== entries) return { why: because('entries') };
  }
  return { value };
}

/**
 * Applies a decoded state to the posenc-* elements of `root` that carry the matching ids, after checking
 * every setting (see the top of this file). Returns { notes, applied }: `applied` lists what was set, for
 * settleState(); `notes` what was not.
 */
export function applyState(state, root = document) {
  const notes = [];
  const applied = [];
  for (const [id, attrs] of state) {
    const el = root.getElementById ? root.getElementById(id) : root.querySelector(`#${CSS.escape(id)}`);
    const keyOf = (attr) => `${id}.${attr}`;
    if (!el || !el.localName.startsWith('posenc-')) {
      for (const [attr, value] of attrs) notes.push({ id, attr, key: keyOf(attr), value, ...because('noWidget', { id }) });
      continue;
    }
    const declared = declaredAttributes(customElements.get(el.localName));
    const changes = [];
    for (const [attr, raw] of attrs) {
      const decl = declared.get(attr);
      const r = decl ? checkValue(decl, attr, raw) : { why: because('noSetting', { tag: el.localName, attr }) };
      if (r.why) {
        notes.push({ id, attr, key: keyOf(attr), value: raw, ...r.why, el });
        continue;
      }
      if (el.getAttribute(attr) === r.value) continue;
      const change = { attr, value: r.value, prop: decl.prop, prevAttr: el.getAttribute(attr), prevProp: el[decl.prop] };
      changes.push(change);
      setChange(el, change);
    }
    if (changes.length) applied.push({ id, el, changes });
  }
  return { notes, applied };
}

function setChange(el, c) {
  if (c.value == null) el.removeAttribute(c.attr);
  else el.setAttribute(c.attr, c.value);
}

function undoChange(el, c) {
  if (c.prevAttr != null) el.setAttribute(c.attr, c.prevAttr);
  else {
    el.removeAttribute(c.attr);
    el[c.prop] = c.prevProp;
  }
}

const shownError = (el) => el.shadowRoot?.querySelector('[role=alert]')?.textContent.trim() ?? '';

async function settled(el, timeout) {
  if (typeof el.whenReady !== 'function') return;
  let timer;
  await Promise.race([el.whenReady().catch(() => {}), new Promise((r) => (timer = setTimeout(r, timeout)))]);
  clearTimeout(timer);
}

/**
 * Waits until the widgets that applyState() changed have settled. When a widget shows an error, the link's
 * settings for it are undone and tried again one at a time on top of the ones that work: each refused one
 * stays at the page's value and becomes a note with the widget's message. A widget that corrected a value
 * itself (a position brought into range) keeps the correction, also with a note. Returns the notes.
 */
export async function settleState(applied, { timeout = 15000 } = {}) {
  const notes = [];
  await Promise.all(
    applied.map(async ({ id, el, changes }) => {
      await settled(el, timeout);
      let kept = changes;
      if (shownError(el)) {
        for (const c of [...changes].reverse()) undoChange(el, c);
        kept = [];
        for (const c of changes) {
          setChange(el, c);
          await settled(el, timeout);
          const error = shownError(el);
          if (!error) {
            kept.push(c);
            continue;
          }
          undoChange(el, c);
          await settled(el, timeout);
          notes.push({ id, attr: c.attr, key: `${id}.${c.attr}`, value: c.value ?? 'false', reason: error.replace(/^\w*Error:\s*/, ''), el });
        }
      }
      for (const c of kept) {
        const now = el.getAttribute(c.attr);
        if (now !== c.value) notes.push({ id, attr: c.attr, key: `${id}.${c.attr}`, value: c.value ?? 'false', ...(now == null ? because('rangeDefault') : because('range', { value: `“${short(now)}”` })), el });
      }
    }),
  );
  return notes;
}

function short(s, n = 40) {
  s = String(s).replace(/[\u0000-\u001f\u007f]/g, ' ');
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

/**
 * A note's reason: `reason` in English, and `because` (its message key and parameters) for the reader's
 * language. A widget's own error message, already in the widget's language, has no `because`.
 */
function because(name, params = {}) {
  const key = `link.reason.${name}`;
  return { reason: translate('en', key, params), because: { key, params } };
}

/** One line of text for a note: `heatmap.length=“abc”: not a number`; in a language when given its `t`. */
export function noteText(note, t = null) {
  const reason = t && note.because ? t(note.because.key, note.because.params) : note.reason;
  return note.attr ? `${note.key}=“${short(note.value)}”: ${reason}` : `${short(note.key)}: ${reason}`;
}

/**
 * Shows the notes that belong to a widget in that widget's status line (text only), in its language (once
 * its catalogue is there: the ES module loads it on demand). Resolves when every note is shown.
 */
export async function showNotes(notes) {
  const byWidget = new Map();
  for (const n of notes) {
    if (!n.el) continue;
    if (!byWidget.has(n.el)) byWidget.set(n.el, []);
    byWidget.get(n.el).push(n);
  }
  for (const [el, list] of byWidget) {
    if (typeof el.notify !== 'function') continue;
    await el.whenReady?.().catch(() => {});
    const t = typeof el.t === 'function' ? (key, params) => el.t(key, params) : translate.bind(null, 'en');
    el.notify(t('link.notTaken', { notes: list.map((n) => noteText(n, t)).join('; ') }));
  }
}

/**
 * Keeps location.hash in step with the attributes of `elements` (debounced, with history.replaceState so
 * the back button is not flooded) and applies the hash on start. Returns a function that stops syncing;
 * its `ready` property is a promise of the notes about settings from the link that were not used (also
 * passed to `onNotes` and shown in the widgets concerned).
 */
export function syncWithUrl(elements, { win = window, delay = 250, omit = [], onNotes } = {}) {
  const list = [...elements];
  const parsed = parseState(win.location.hash);
  const { notes, applied } = applyState(parsed.state, win.document);
  const ready = settleState(applied).then(async (more) => {
    const all = [...parsed.notes, ...notes, ...more];
    await showNotes(all);
    if (onNotes && all.length) onNotes(all);
    return all;
  });
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
  // Watch each widget once its first update is done: that update reflects its initial properties to
  // attributes (later than the page script when widgets render in turn), which is not a change by the reader
  // and must not write a hash full of defaults.
  let stopped = false;
  for (const el of list)
    Promise.resolve(el.updateComplete).then(
      () => stopped || observer.observe(el, { attributes: true }),
      () => stopped || observer.observe(el, { attributes: true }),
    );
  const stop = () => {
    stopped = true;
    observer.disconnect();
    if (timer) win.clearTimeout(timer);
  };
  stop.ready = ready;
  return stop;
}
