// The embed page (embed.html, and the self-contained posenc-embed.html): one widget, full-frame, for
// iframes. Configured by the URL's fragment, #widget=posenc-heatmap&d-model=64&length=20&settings=2 (what the
// widgets' "Embed" box writes: embedQuery in web/src/state/attributes.js), or the same as a query string,
// ?widget=…. The fragment survives a server's redirect (a query may not: Jupyter Notebook sends
// /notebooks/x.html?… on to /files/x.html without it), and `settings` counts what the link carried, so
// settings lost on the way are named in a note, never replaced by defaults silently.
//
// The query is read strictly, and it is data: only a known widget tag, only that widget's own attributes
// (never `on…`, `style` or anything else), each value checked against the attribute's kind (number,
// boolean, list, known names, bounded text) and then against the widget's own range checks. Whatever
// does not pass falls back to the default, and a visible note says so; values are only ever set with
// setAttribute() (text stays text), never parsed as HTML.
//
// Framed, the page tells its parent how tall its content is (RESIZE_MESSAGE), so a listener there can fit
// the iframe to the widget: see reportHeight below.
import { ALL_WIDGET_TAGS } from '../src/widgets/index.js';
import { intList, stringList, RESIZE_MESSAGE, SETTINGS_COUNT } from '../src/state/attributes.js';
import { isKnownScheme } from '../src/render/color.js';
import { directionOf, matchLocale } from '../src/i18n/index.js';

export const EMBED_TAGS = ALL_WIDGET_TAGS;
const DEFAULT_TAG = 'posenc-heatmap';
const MAX_PARAMS = 48;
const MAX_TEXT = 1000;
const SETTLE_MS = 6000;

/** String attributes that hold free text (shown as text by the widgets). */
const TEXT = new Set(['label', 'token']);

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTS = /^\s*[+-]?\d+(?:\s*,\s*[+-]?\d+)*\s*$/;

/**
 * The attributes `tag` accepts in an embed, as Map<attribute, kind>. Kinds: 'number', 'boolean', 'ints',
 * 'numbers', 'texts', 'text', 'scheme', ['name', …] (one of the names the property declares in `values`), or
 * null (not accepted in an embed).
 */
export function embedAttributes(tag) {
  const cls = customElements.get(tag);
  const out = new Map();
  if (!cls) return out;
  for (const [prop, o] of cls.elementProperties) {
    if (o.state || o.attribute === false || typeof prop !== 'string') continue;
    const name = typeof o.attribute === 'string' ? o.attribute : prop.toLowerCase();
    if (name === 'group') continue; // an iframe has no partners to link with
    let kind = null;
    if (o.type === Number) kind = 'number';
    else if (o.type === Boolean) kind = 'boolean';
    // text lists: stringList, or stringListAttr's (a missing attribute restores the default), which writes the same
    else if (o.type === Array) kind = o.converter === intList ? 'ints' : o.converter?.toAttribute === stringList.toAttribute ? 'texts' : 'numbers';
    else if (name === 'scheme') kind = 'scheme';
    else if (TEXT.has(name)) kind = 'text';
    else kind = o.values ?? null; // the names the widget declares for the attribute
    out.set(name, kind);
  }
  return out;
}

const show = (v) => {
  const s = String(v).replace(/[\u0000-\u001f\u007f]/g, ' ');
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
};

/** Checks one value against its kind: { value } (the attribute value to set, null = leave unset) or { why }. */
function check(kind, raw) {
  if (raw.length > MAX_TEXT) return { why: `longer than ${MAX_TEXT} characters` };
  if (kind === 'number') return NUMBER.test(raw.trim()) && Number.isFinite(Number(raw)) ? { value: raw.trim() } : { why: 'not a number' };
  if (kind === 'boolean') {
    if (raw === '' || raw === 'true' || raw === '1') return { value: '' };
    if (raw === 'false' || raw === '0') return { value: null };
    return { why: 'expected true or false' };
  }
  if (kind === 'ints') return raw.trim() === '' || INTS.test(raw) ? { value: raw.replace(/\s+/g, '') } : { why: 'expected whole numbers separated by commas' };
  if (kind === 'numbers') {
    const parts = raw.split(',').map((s) => s.trim());
    return raw.trim() === '' || parts.every((s) => NUMBER.test(s) && Number.isFinite(Number(s))) ? { value: parts.join(',') } : { why: 'expected numbers separated by commas' };
  }
  if (kind === 'texts' || kind === 'text') return { value: raw };
  if (kind === 'scheme') return isKnownScheme(raw) ? { value: raw } : { why: 'not a known colour scheme' };
  if (Array.isArray(kind)) return kind.includes(raw) ? { value: raw } : { why: `expected one of ${kind.join(', ')}` };
  return { why: 'not available in embeds' };
}

/** The settings of the page's URL `loc`: its fragment when that holds any (key=value), else its query. */
export function embedSettings(loc) {
  const hash = String(loc.hash ?? '').replace(/^#/, '');
  return hash.includes('=') ? hash : String(loc.search ?? '');
}

const LOST = 'write the settings after # (embed.html#widget=posenc-heatmap&length=12), which no redirect drops';

/**
 * Parses a query string (or a fragment's text) into { tag, attrs: [[name, value]], notes: [text], lang }. Pure (needs only the widget
 * classes to be registered); never throws.
 */
export function parseEmbedQuery(search) {
  const notes = [];
  let params;
  try {
    params = [...new URLSearchParams(String(search ?? ''))];
  } catch {
    params = [];
  }
  // the count the Embed box wrote, against what arrived (every setting but the widget and the count itself)
  const counts = params.filter(([k]) => k === SETTINGS_COUNT).map(([, v]) => v);
  params = params.filter(([k]) => k !== SETTINGS_COUNT);
  const written = /^\d{1,3}$/.test(counts[0] ?? '') ? Number(counts[0]) : null;
  const arrived = params.filter(([k]) => k !== 'widget').length;
  if (counts.length && written === null) notes.push(`${SETTINGS_COUNT}=“${show(counts[0])}”: expected the number of settings the link carries.`);
  else if (written !== null && arrived < written)
    notes.push(`This link was written with ${written} setting${written === 1 ? '' : 's'}, but ${arrived || 'none'} reached this page: something on the way dropped ${written - arrived === 1 ? 'one' : 'some'}, and the widget shows its defaults for ${written - arrived === 1 ? 'it' : 'them'}. To keep them, ${LOST}.`);
  if (params.length > MAX_PARAMS) {
    notes.push(`The link has ${params.length} settings; only the first ${MAX_PARAMS} were read.`);
    params = params.slice(0, MAX_PARAMS);
  }
  const widgets = params.filter(([k]) => k === 'widget').map(([, v]) => v);
  let tag = widgets[0] ?? '';
  if (!EMBED_TAGS.includes(tag)) {
    notes.push(
      tag
        ? `“${show(tag)}” is not a posenc widget, so ${DEFAULT_TAG} is shown with its defaults. Widgets: ${EMBED_TAGS.join(', ')}.`
        : `The link names no widget (widget=…), so ${DEFAULT_TAG} is shown with its defaults. Widgets: ${EMBED_TAGS.join(', ')}.${params.length || written !== null ? '' : ` If the link had settings after ?, a redirect on the way may have dropped them: ${LOST}.`}`,
    );
    const ignored = params.filter(([k]) => k !== 'widget').length;
    if (tag && ignored) notes.push(`${ignored} other setting${ignored > 1 ? 's were' : ' was'} ignored.`);
    return { tag: DEFAULT_TAG, attrs: [], notes };
  }
  if (widgets.length > 1) notes.push(`The link names more than one widget; ${tag} is shown.`);
  const known = embedAttributes(tag);
  const attrs = [];
  const seen = new Set();
  let lang = '';
  for (const [name, raw] of params) {
    if (name === 'widget') continue;
    if (name === 'lang') {
      // the page's language (the widget follows it): a language tag such as es or zh-CN
      if (/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(raw)) lang ||= raw;
      else notes.push(`lang=“${show(raw)}”: expected a language tag such as es or zh-CN; English is used.`);
      continue;
    }
    if (!known.has(name)) {
      notes.push(`“${show(name)}” is not a setting of ${tag}; ignored.`);
      continue;
    }
    if (seen.has(name)) {
      notes.push(`${name} is given more than once; the first value is used.`);
      continue;
    }
    seen.add(name);
    const r = check(known.get(name), raw);
    if (r.why) notes.push(`${name}=“${show(raw)}”: ${r.why}; the default is used.`);
    else if (r.value !== null) attrs.push([name, r.value]);
  }
  return { tag, attrs, notes, lang };
}

/** Whether the widget still shows the value asked for (numbers compared as numbers: 1e2 is 100). */
function sameValue(kind, asked, now) {
  if (kind === 'number') return Number(asked) === Number(now);
  if (kind === 'ints' || kind === 'numbers') {
    const a = asked.split(',').filter(Boolean).map(Number);
    const b = now.split(',').filter(Boolean).map(Number);
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }
  if (kind === 'texts') return stringList.fromAttribute(asked).join(',') === stringList.fromAttribute(now).join(',');
  return asked === now;
}

// ---- the page -------------------------------------------------------------------------------------------

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The widget's own error message (shown in its role=alert box), or ''. */
function widgetError(el) {
  return el.shadowRoot?.querySelector('.error')?.textContent.trim() ?? '';
}

async function mount(host, tag, attrs) {
  const el = document.createElement(tag);
  for (const [k, v] of attrs) el.setAttribute(k, v);
  host.replaceChildren(el);
  await Promise.race([customElements.whenDefined(tag).then(() => el.whenReady()), sleep(SETTLE_MS)]);
  await el.updateComplete;
  return el;
}

function showNotes(box, notes) {
  box.replaceChildren();
  box.hidden = notes.length === 0;
  if (!notes.length) return;
  const head = document.createElement('p');
  head.textContent = 'Some settings of this link could not be used:';
  const list = document.createElement('ul');
  for (const n of notes) {
    const li = document.createElement('li');
    li.textContent = n;
    list.append(li);
  }
  const hide = document.createElement('button');
  hide.type = 'button';
  hide.textContent = 'Hide this note';
  hide.addEventListener('click', () => (box.hidden = true));
  box.append(head, list, hide);
}

/**
 * Posts { type: RESIZE_MESSAGE, height, widget } to the parent page now and whenever the height of the
 * content changes (a narrower frame wraps more lines, a table opens, a note is hidden), only when it did
 * change, and only when the page is framed. `height` is the whole document's content in CSS pixels,
 * rounded up so that a frame of that height never scrolls. The root element is measured, not its
 * scrollHeight, which never drops below the frame's own height: the frame could grow but never shrink.
 */
function reportHeight(widget) {
  if (window.parent === window) return; // not in a frame: nobody to tell
  let last = -1;
  const send = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    // targetOrigin '*': the page cannot know which site frames it (any course page may), and the message
    // carries nothing secret, only a height and the widget name that the framing page itself put in the URL.
    window.parent.postMessage({ type: RESIZE_MESSAGE, height, widget }, '*');
  };
  new ResizeObserver(send).observe(document.documentElement);
  send();
}

async function init() {
  const host = document.getElementById('embed');
  const box = document.getElementById('embed-notes');
  const { tag, attrs, notes, lang } = parseEmbedQuery(embedSettings(location));
  if (lang) {
    document.documentElement.lang = lang;
    document.documentElement.dir = directionOf(matchLocale(lang));
  }
  const theme = attrs.find(([k]) => k === 'theme')?.[1];
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  showNotes(box, notes);

  let el = await mount(host, tag, attrs);
  // Values of the right kind can still be out of range (length=-5, head=9 with 8 heads): the widget says
  // so in its error box. Find which settings it refuses by adding them one at a time to the defaults.
  if (widgetError(el) && attrs.length) {
    const kept = [];
    for (const [name, value] of attrs) {
      el = await mount(host, tag, [...kept, [name, value]]);
      const err = widgetError(el);
      if (err) notes.push(`${name}=“${show(value)}”: ${err.replace(/^\w*Error:\s*/, '')}; the default is used.`);
      else kept.push([name, value]);
    }
    el = await mount(host, tag, kept);
  }
  // Some widgets bring a value into range themselves (head=9 with 8 heads shows head 7): say so too.
  const kinds = embedAttributes(tag);
  for (const [name, value] of attrs) {
    const now = el.getAttribute(name);
    if (now !== null && !sameValue(kinds.get(name), value, now) && !notes.some((n) => n.startsWith(`${name}=`)))
      notes.push(`${name}=“${show(value)}” is out of range here; the widget uses ${now === '' ? 'its default' : `“${show(now)}”`}.`);
  }
  showNotes(box, notes);
  document.title = `${el.getAttribute('label') || tag.replace(/^posenc-/, '')} — posenc`;
  document.body.dataset.ready = 'true';
  reportHeight(tag);
}

// a fragment edited in the address bar is a navigation within the page: show what it says now
addEventListener('hashchange', () => location.reload());
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
