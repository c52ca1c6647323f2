// Attribute <-> property converters shared by the widgets. Every widget attribute is also a property and
// reflects both ways; list-valued attributes ("0,1,4") become arrays on the property side.

/** "0, 1,4" <-> [0, 1, 4]; entries that are not finite integers are dropped. */
import { langOf, matchLocale } from '../i18n/index.js';

export const intList = {
  fromAttribute(value) {
    if (value == null || value.trim() === '') return [];
    return value.split(',').map((s) => s.trim()).filter((s) => /^-?\d+$/.test(s)).map(Number);
  },
  toAttribute(value) {
    return Array.isArray(value) ? value.join(',') : value == null ? null : String(value);
  },
};

/** "The,cat,sat" <-> ["The", "cat", "sat"]; surrounding spaces trimmed, empty entries kept out. */
export const stringList = {
  fromAttribute(value) {
    if (value == null) return [];
    return value.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  },
  toAttribute(value) {
    return Array.isArray(value) ? value.join(',') : value == null ? null : String(value);
  },
};

/**
 * Number attribute that keeps the property a number; a missing or empty attribute gives `fallback` (so
 * `el.removeAttribute('base')` means "default" rather than NaN). Text that is not a number gives a
 * NotANumber: the widget's property setter keeps `fallback` in the property and the text for its message
 * (`base must be a number (got the string "ten")`), so it never silently draws the default.
 */
export function numberAttr(fallback) {
  return {
    fromAttribute(value) {
      if (value == null || value.trim() === '') return fallback;
      const n = Number(value);
      return Number.isFinite(n) ? n : new NotANumber(value, fallback);
    },
    toAttribute(value) {
      return value == null ? null : String(value);
    },
  };
}

/** `stringList` whose missing attribute means `fallback`: `el.removeAttribute('tokens')` restores the default. */
export function stringListAttr(fallback) {
  return {
    fromAttribute: (value) => (value == null ? fallback.slice() : stringList.fromAttribute(value)),
    toAttribute: stringList.toAttribute,
  };
}

/** Text attribute whose missing attribute means `fallback` rather than null. */
export function textAttr(fallback) {
  return { fromAttribute: (value) => value ?? fallback, toAttribute: (value) => value };
}

/** Text read for a number attribute that is not a number, with the number the property keeps instead. */
export class NotANumber {
  constructor(text, fallback) {
    this.text = text;
    this.fallback = fallback;
  }
}

/**
 * What a string set as the property `options` declares becomes: exactly what the same text as the
 * attribute gives (frameworks such as React and Vue set markup values as properties, as strings). Null for
 * properties whose strings stay strings.
 */
export function fromStringProperty(options) {
  if (options.type === Boolean) return () => true; // present, whatever its text, as an attribute
  if (options.type !== Number && options.type !== Array) return null;
  return options.converter?.fromAttribute ?? ((value) => (options.type === Number ? numberAttr(null).fromAttribute(value) : value));
}

/** A value as a message names it: `the string "20"` for text (so "20" is not read as the number 20). */
export function describeValue(value, t) {
  if (typeof value !== 'string') return String(value);
  const text = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return t ? t('message.givenString', { text }) : `the string "${text}"`;
}

/** Clamps `v` to an integer in [lo, hi]; non-numbers give lo. */
export function clampInt(v, lo, hi) {
  const n = Math.round(Number(v));
  if (!Number.isFinite(n)) return lo;
  return Math.min(hi, Math.max(lo, n));
}

/** Coerces a property value that may be an array or a comma string into an int array. */
export function toIntArray(v) {
  if (Array.isArray(v)) return v.map(Number).filter((n) => Number.isInteger(n));
  if (typeof v === 'string') return intList.fromAttribute(v);
  return [];
}

/** Coerces a property value that may be an array or a comma string into a string array. */
export function toStringArray(v) {
  if (Array.isArray(v)) return v.map((s) => String(s));
  if (typeof v === 'string') return stringList.fromAttribute(v);
  return [];
}

/**
 * The element's current attributes as a list of [name, value] pairs, in attribute order, without the
 * ones that only make sense on the hosting page (id, class, style, tabindex, aria-*, data-*).
 */
export function embeddableAttributes(el) {
  const skip = /^(id|class|style|tabindex|slot|aria-.*|data-.*)$/i;
  const out = [];
  for (const a of el.attributes) if (!skip.test(a.name)) out.push([a.name, a.value]);
  return out;
}

/** Escapes a string for use inside a double-quoted HTML attribute value. */
export function escapeAttribute(s) {
  return String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The markup that re-creates `el` with its current attributes (the "copy embed code" text). */
export function embedCode(el) {
  const tag = el.localName;
  const attrs = embeddableAttributes(el)
    .map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${escapeAttribute(v)}"`))
    .join('');
  return `<${tag}${attrs}></${tag}>`;
}

/**
 * The page that shows one widget full-frame (dist/embed.html, or the self-contained dist/posenc-embed.html):
 * `<meta name="posenc-embed-page" content="…">` on the hosting page, else `embed.html`, resolved against
 * the page's URL.
 */
export function embedPageUrl(doc = document) {
  const meta = doc.querySelector('meta[name="posenc-embed-page"]');
  const page = meta?.getAttribute('content')?.trim() || 'embed.html';
  try {
    return new URL(page, doc.baseURI);
  } catch {
    return new URL('embed.html', doc.baseURI);
  }
}

/** The key of embedQuery's count of settings. */
export const SETTINGS_COUNT = 'settings';

/**
 * The settings that make the embed page show `el` as currently configured, as a query string: `widget=<tag>`,
 * the element's attributes (boolean ones with an empty value) and `settings=<n>`, how many settings came
 * after the widget (so the page can tell when some were lost on the way). `group` is left out: an iframe has
 * no partners.
 */
export function embedQuery(el) {
  const params = new URLSearchParams({ widget: el.localName });
  for (const [k, v] of embeddableAttributes(el)) if (k !== 'group') params.append(k, v);
  // the frame speaks the language the widget speaks here (an iframe does not inherit the page's lang)
  const lang = matchLocale(langOf(el));
  if (lang !== 'en') params.append('lang', lang);
  params.append(SETTINGS_COUNT, String([...params.keys()].length - 1));
  return params.toString();
}

/**
 * The message the embed page posts to its parent whenever the height of its content changes (and once when
 * its widget is ready): `{ type: RESIZE_MESSAGE, height, widget }`, height in whole CSS pixels.
 */
export const RESIZE_MESSAGE = 'posenc:resize';

/**
 * The parent page's side of RESIZE_MESSAGE, as an inline script: sets the height of the iframe the message
 * came from (matched by contentWindow, so any number of frames, from any origin, can share one page). The
 * window flag keeps a page that pastes several snippets to one listener. Written so that it still works
 * when an editor joins its lines (a block comment, explicit semicolons). docs/widgets.md shows the same.
 */
export const RESIZE_LISTENER = `<script>
  /* fits posenc iframes to their content: one listener, however many snippets the page has */
  if (!window.posencResize) addEventListener('message', (window.posencResize = (e) => {
    if (e.data?.type !== '${RESIZE_MESSAGE}') return;
    for (const f of document.querySelectorAll('iframe'))
      if (f.contentWindow === e.source) f.style.height = e.data.height + 'px';
  }));
</script>`;

/**
 * An <iframe> snippet that shows `el` (as currently configured) on the embed page, followed by the
 * RESIZE_LISTENER script that fits the frame to the widget. The height attribute (the widget's height
 * now) stays for pages whose editor strips scripts, as learning platforms often do.
 */
export function embedFrameCode(el) {
  const url = embedPageUrl(el.ownerDocument ?? document);
  // the settings after #: a server that redirects the page (Jupyter's /notebooks/… to /files/…) drops a
  // query but the browser keeps the fragment, and no server sees it at all
  url.search = '';
  url.hash = embedQuery(el);
  // layout height: a rendered box would include the CSS scale of a slide deck around the widget
  const height = Math.max(240, Math.ceil(el.offsetHeight ?? 0) + 24);
  const title = el.getAttribute('label') || `${el.localName.replace(/^posenc-/, '')} (posenc)`;
  return `<iframe src="${escapeAttribute(url.href)}" title="${escapeAttribute(title)}" width="100%" height="${height}" style="border:0" loading="lazy"></iframe>\n${RESIZE_LISTENER}`;
}
