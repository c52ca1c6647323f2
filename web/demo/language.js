// The demo's language: English (the text of the HTML itself), Spanish or Simplified Chinese, chosen with the
// switch in each page's header and kept in the address as ?lang=es or ?lang=zh-CN (next to the #hash that
// holds the widgets' settings), so a shared link and the links between the three parts keep it.
//
// The English stays in the HTML. Every element that says something carries data-i18n="key" (its inner
// HTML, our own markup: KaTeX's .tex[data-tex] formulas inside it are typeset after the swap), and
// data-i18n-label="key" (its aria-label) or data-i18n-attr="attribute:key" (an attribute, such as a widget's
// example tokens, changed only while it still holds the previous language's value: a reader's or a link's
// setting is kept). <title> and <meta name="description"> take data-i18n too. Each page's translations sit
// beside it, one file with a block per language (web/demo/i18n/<page>.js: `es`, `zhCN`, keys starting with the
// page's name), and what every page shares, with the few messages scripts write (MESSAGES below), in
// web/demo/i18n/shared.js; the page's script hands both to setCatalogues. A formula is written once, in the
// HTML: a translation names it, {f:name} standing for the English element's formula marked data-f="name"
// (tests/js/demo-i18n.test.mjs checks that each translation names every formula of its element, and no
// other). Setting <html lang> also switches every translated widget (web/src/i18n).

import { matchLocale } from '../src/i18n/index.js';

/** The languages of the switch; English first (no ?lang). */
export const LANGUAGES = ['en', 'es', 'zh-CN'];

/** What the page scripts write, in English; the catalogues carry the same keys. `{name}`: a parameter. */
export const MESSAGES = {
  'js.engine.loading': 'Loading the engine…',
  'js.engine.simd': 'Engine ready: WebAssembly with SIMD.',
  'js.engine.scalar': 'Engine ready: WebAssembly (scalar build: this browser has no WebAssembly SIMD).',
  'js.engine.failed': 'The engine could not start: {error}',
  'js.formula.scrolls': 'Formula, scrolls sideways',
  'js.formula.more': 'The formula goes on to the right: scroll it →',
  'js.formula.back': '← The formula begins further left',
  'js.notes.one': 'One setting of this link could not be used; the page shows its own value instead:',
  'js.notes.other': '{count} settings of this link could not be used; the page shows its own values instead:',
  'js.notes.more': '… and {count} more.',
  'js.notes.hide': 'Hide this note',
  'js.text.empty': 'Type a few words first.',
  'js.text.used': '{count} tokens: used in the padding table (first {first}) and in the comparison.',
};

/**
 * The language a page address asks for: ?lang=es (or es-MX, …) → 'es'; zh-CN, zh, zh-Hans, zh-SG → 'zh-CN'
 * (as the widgets match them); anything else, or none, → 'en'.
 */
export function languageOf(href) {
  const matched = matchLocale(new URL(href).searchParams.get('lang'));
  return LANGUAGES.includes(matched) ? matched : 'en';
}

/** `href` with ?lang set to `lang` (removed for English), everything else kept. */
export function withLanguage(href, lang) {
  const url = new URL(href);
  if (lang === 'en') url.searchParams.delete('lang');
  else url.searchParams.set('lang', lang);
  return url.href;
}

let current = 'en';
let catalogues = {};
const english = new Map(); // element → its English inner HTML, aria-label or attribute values
const listeners = new Set();

/** The page's language now. */
export const language = () => current;

/** A script's message `key` in the page's language, with {parameters} filled in. */
export function t(key, params = {}) {
  const message = catalogues[current]?.[key] ?? MESSAGES[key] ?? key;
  return message.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** Calls `fn(lang)` after each change of language (not the first one, at load). */
export function onLanguage(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Registers the page catalogues: { es: { key: text, … }, 'zh-CN': { … } }. */
export function setCatalogues(byLanguage) {
  catalogues = byLanguage;
}

function englishOf(el) {
  if (!english.has(el)) {
    const attrs = {};
    for (const spec of (el.dataset.i18nAttr ?? '').split(/\s+/).filter(Boolean)) {
      const [attr] = spec.split(':');
      attrs[attr] = el.getAttribute(attr);
    }
    english.set(el, {
      html: el.localName === 'meta' ? el.getAttribute('content') : el.localName === 'title' ? el.textContent : el.innerHTML,
      label: el.getAttribute('aria-label'),
      attrs,
    });
  }
  return english.get(el);
}

/**
 * A catalogue's text names the formulas of the English element instead of repeating their TeX: {f:name} is
 * its .tex element marked data-f="name" (in whatever order the language puts them).
 */
function withFormulas(html, en) {
  if (!html.includes('{f:')) return html;
  if (!en.formulas) {
    const template = document.createElement('template');
    template.innerHTML = en.html;
    en.formulas = new Map([...template.content.querySelectorAll('.tex[data-f]')].map((el) => [el.dataset.f, el.outerHTML]));
  }
  return html.replace(/\{f:([\w-]+)\}/g, (whole, name) => en.formulas.get(name) ?? whole);
}

/** The address of each part of the lesson as this page links to it (served: methods.html; single file:
 * posenc-demo-methods.html), read from the page's own links before any of them is replaced. */
const parts = new Map();
function partHrefs(root) {
  for (const a of root.querySelectorAll('a[data-part]')) if (!parts.has(a.dataset.part)) parts.set(a.dataset.part, a.getAttribute('href'));
  return parts;
}

/**
 * Shows the page in `lang` ('en', 'es', 'zh-CN'): <html lang> and dir, every marked text, label and
 * attribute, the switch's current language, and ?lang in the links to the other parts. Returns the
 * elements whose inner HTML was replaced (their formulas are to be typeset again).
 */
export function applyLanguage(lang, root = document) {
  const previous = current;
  current = LANGUAGES.includes(lang) ? lang : 'en';
  const table = catalogues[current] ?? {};
  const before = catalogues[previous] ?? {};
  const text = (key, en) => (current === 'en' ? en : table[key] ?? en);
  const replaced = [];
  partHrefs(root);
  root.documentElement.lang = current;
  root.documentElement.dir = 'ltr';
  for (const el of root.querySelectorAll('[data-i18n], [data-i18n-label], [data-i18n-attr]')) {
    const en = englishOf(el);
    const key = el.dataset.i18n;
    if (key) {
      const html = withFormulas(text(key, en.html), en);
      if (el.localName === 'meta') el.setAttribute('content', html);
      else if (el.localName === 'title') {
        if (el.textContent !== html) el.textContent = html;
      } else if (el.innerHTML !== html) {
        el.innerHTML = html; // our own markup, from this page or its catalogue
        replaced.push(el);
      }
    }
    if (el.dataset.i18nLabel) el.setAttribute('aria-label', text(el.dataset.i18nLabel, en.label));
    // (a widget re-renders on every attribute write, so only a value that changes is written)
    for (const spec of (el.dataset.i18nAttr ?? '').split(/\s+/).filter(Boolean)) {
      const [attr, attrKey] = spec.split(':');
      const was = previous === 'en' ? en.attrs[attr] : before[attrKey] ?? en.attrs[attr];
      const now = text(attrKey, en.attrs[attr]);
      if (el.getAttribute(attr) === was && was !== now) el.setAttribute(attr, now);
    }
  }
  for (const a of root.querySelectorAll('.lang-switch a[data-lang]')) {
    a.href = withLanguage(location.href.split('#')[0], a.dataset.lang);
    if (a.dataset.lang === current) a.setAttribute('aria-current', 'true');
    else a.removeAttribute('aria-current');
  }
  const hrefs = partHrefs(root);
  for (const a of root.querySelectorAll('a[data-part]')) {
    const href = hrefs.get(a.dataset.part);
    if (href) a.setAttribute('href', current === 'en' ? href : `${href}?lang=${current}`);
  }
  if (previous !== current) for (const fn of listeners) fn(current);
  return replaced;
}

/**
 * Wires the switch's links: a plain click shows the page in that language at once, without a reload (the
 * widgets keep their state), and writes ?lang into the address, keeping its #hash. A middle or modified
 * click opens the link, which names the language, as any link. `onChange(replaced)` runs after each switch.
 */
export function wireLanguageSwitch(onChange, root = document) {
  for (const a of root.querySelectorAll('.lang-switch a[data-lang]')) {
    a.addEventListener('click', (e) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      const lang = a.dataset.lang;
      history.replaceState(history.state, '', withLanguage(location.href, lang));
      onChange(applyLanguage(lang, root));
    });
  }
}
