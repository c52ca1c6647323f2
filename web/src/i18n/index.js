// Every word a widget shows or speaks, per language. A catalogue is a plain object of messages by key:
// a string with {placeholders}, or for a count an object of plural forms ({ one, other, … } as
// Intl.PluralRules names them), chosen by the `count` parameter. A widget reads its language from its own
// `lang` attribute, else the nearest ancestor's, else <html lang>, else English; a message missing from a
// catalogue falls back to English, key by key, so a partial catalogue never shows a blank or a key.
// English travels with the code that shows it: each widget's module ships its own messages (and
// element/locale-controller.js the shared ones) with shipCatalogues({ en }), so a page that loads a widget
// later loads its English with it; web/src/widgets/catalogues/en.js, all of them, is for the tests and the docs.
// The other shipped catalogues are made known by the widgets' layer (widgets/catalogues/shipped.js, shipped by
// element/locale-controller.js): loaded on demand (each its own chunk of the ES module), or inlined by the
// builds that must work alone. This module imports nothing from the widgets: they are the layer above it.

import { fixed, sci } from '../render/format.js';

const catalogues = new Map([['en', {}]]);
/** The English messages shipped so far (every widget's once its module has run). */
const english = () => catalogues.get('en');
/** Shipped catalogues not loaded yet: locale → a function giving its module (or a promise of it). */
const loaders = new Map();
const loading = new Map();
const listeners = new Set();

/**
 * Makes shipped catalogues known (internal: widgets/catalogues/shipped.js, and posenc/widgets/inline through
 * widgets/catalogues/inline.js):
 * a catalogue object is installed at once, a function is a loader called when a page's
 * language first asks for that locale (loadLocale).
 */
export function shipCatalogues(map) {
  for (const [locale, entry] of Object.entries(map)) {
    if (typeof entry === 'function') shipLoader(locale, entry);
    else mergeCatalogue(locale, entry);
  }
}

// A loader for a locale that has one already (the one-tag core and each widget's script, dist/tag/, ship a
// part of each language) loads both; one shipped once the locale has loaded (or while it loads) is loaded
// at once and merged, so a widget whose script came later speaks the page's language too.
function shipLoader(locale, load) {
  const before = loaders.get(locale);
  if (loading.has(locale) || (catalogues.has(locale) && !before))
    Promise.resolve(loading.get(locale)).then(load).then(install(locale)).catch((error) => notLoaded(locale, error));
  else loaders.set(locale, before ? () => Promise.all([before(), load()]).then(([a, b]) => ({ default: { ...b.default, ...a.default } })) : load);
}

// added in place, what is there already winning (registerLocale's text over a shipped catalogue loaded
// later): every widget's module ships its English, so copying the growing catalogue on each call would cost
// the one-tag script's evaluation time quadratic in it
function mergeCatalogue(locale, entry) {
  loaders.delete(locale);
  const catalogue = catalogues.get(locale);
  if (!catalogue) catalogues.set(locale, { ...entry });
  else for (const key of Object.keys(entry)) if (!Object.prototype.hasOwnProperty.call(catalogue, key)) catalogue[key] = entry[key];
}

/** Installs a loaded catalogue module of `locale`; widgets showing it re-render. */
const install = (locale) => (module) => {
  mergeCatalogue(locale, module.default);
  for (const listener of listeners) listener();
};
const notLoaded = (locale, error) => console.warn(`posenc: the ${locale} catalogue did not load, so the widgets stay in English (${error})`);

/** True when `locale`'s catalogue is here (false while a shipped one still loads). */
export const isLoaded = (locale) => catalogues.has(locale) && !loaders.has(locale);

/**
 * Resolves when `locale`'s catalogue is here, loading a shipped one the first time; widgets showing it
 * re-render then. A locale with no catalogue resolves at once (English serves it).
 */
export function loadLocale(locale) {
  const load = loaders.get(locale);
  if (!load) return Promise.resolve();
  if (!loading.has(locale)) {
    loading.set(locale, Promise.resolve(load()).then(install(locale)));
    loading.get(locale).catch((error) => {
      loading.delete(locale); // a later page language may try again
      notLoaded(locale, error);
    });
  }
  return loading.get(locale);
}

/** Languages written right to left: text direction follows the locale (numbers and formulas stay LTR). */
const RTL = /^(ar|arc|dv|fa|he|ks|ku|ps|sd|ug|ur|yi)(-|$)/i;
export const directionOf = (locale) => (RTL.test(locale) ? 'rtl' : 'ltr');

/**
 * Adds or extends the catalogue of `locale` (a BCP 47 tag such as 'fr' or 'pt-BR'): `messages` maps keys
 * of the English catalogue (the list is in docs/widgets.md) to strings or plural forms. Widgets showing
 * that language re-render. Keys English does not have are a TypeError, so a typo does not go unseen.
 */
export function registerLocale(locale, messages) {
  if (typeof locale !== 'string' || !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale)) throw new TypeError(`registerLocale: locale must be a language tag such as 'fr' or 'pt-BR' (got ${JSON.stringify(locale)})`);
  if (!messages || typeof messages !== 'object') throw new TypeError('registerLocale: messages must be an object of messages by key');
  for (const [key, message] of Object.entries(messages)) {
    if (!(key in english())) throw new TypeError(`registerLocale: ${key} is not a message key (docs/widgets.md lists them)`);
    const ok = typeof message === 'string' || (message && typeof message === 'object' && typeof message.other === 'string');
    if (!ok) throw new TypeError(`registerLocale: ${key} must be a string or plural forms with at least 'other'`);
  }
  catalogues.set(locale, { ...catalogues.get(locale), ...messages });
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever a catalogue changes; returns the function that stops it. */
export function onLocalesChanged(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The registered catalogue that serves `lang`: the same tag, else the language ('es-MX' → 'es'; 'zh', 'zh-Hans' → 'zh-CN'), else 'en'. */
export function matchLocale(lang) {
  const tag = String(lang ?? '').trim();
  if (!tag) return 'en';
  const lower = tag.toLowerCase();
  const all = locales();
  for (const known of all) if (known.toLowerCase() === lower) return known;
  if (/^zh(-hans|-cn|-sg|-my)?(-|$)/i.test(tag)) return all.includes('zh-CN') ? 'zh-CN' : 'en';
  const language = lower.split('-')[0];
  for (const known of all) if (known.toLowerCase() === language) return known;
  for (const known of all) if (known.toLowerCase().split('-')[0] === language) return known;
  return 'en';
}

/** The `lang` in effect for `element`: its own, else the nearest ancestor's (across shadow roots), else ''. */
export function langOf(element) {
  for (let node = element; node; node = node.parentElement ?? node.getRootNode?.().host ?? null) {
    const lang = node.getAttribute?.('lang');
    if (lang) return lang;
  }
  return '';
}

const pluralRules = new Map();
const numberFormats = new Map();
const cached = (map, key, make) => map.get(key) ?? map.set(key, make()).get(key);

/**
 * A number as a reader of `locale` writes it, with `digits` decimals (null: as many as it has). English keeps
 * posenc's own forms (typographic minus, no grouping); other locales use Intl.NumberFormat.
 */
export function formatNumber(locale, value, digits = null) {
  if (locale === 'en' || !Number.isFinite(value)) return digits == null ? String(value).replace('-', '\u2212') : fixed(value, digits);
  const options = digits == null ? { maximumFractionDigits: 20 } : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  const text = cached(numberFormats, `${locale}|${digits}`, () => new Intl.NumberFormat(locale, options)).format(Object.is(value, -0) ? 0 : value);
  return text.replace('-', '\u2212');
}

/** Short scientific notation ("1.2 × 10⁻⁷") with the locale's decimal mark. */
export function formatSci(locale, value, digits = 2) {
  const text = sci(value, digits);
  if (locale === 'en') return text;
  const mark = cached(numberFormats, `${locale}|mark`, () => new Intl.NumberFormat(locale)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return text.replace('.', mark);
}

/**
 * The message `key` in `locale` with `params` filled in: numbers are formatted for the locale, strings are
 * used as they are (pass a string for code, formulas and identifiers). English when the locale lacks it.
 */
export function translate(locale, key, params = {}) {
  let message = catalogues.get(locale)?.[key] ?? english()[key];
  if (message === undefined) throw new Error(`posenc: no message ${key}`);
  if (typeof message === 'object') {
    const form = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(params.count ?? 0);
    message = message[form] ?? message.other;
  }
  return message.replace(/\{(\w+)\}/g, (whole, name) => {
    const v = params[name];
    return v === undefined ? whole : typeof v === 'number' ? formatNumber(locale, v) : String(v);
  });
}

/**
 * The same as `translate`, as parts for a template: strings, and the parameters themselves where their
 * placeholders stand, so a parameter can be markup (a Lit template for <strong>, <code> or a number span).
 */
export function translateParts(locale, key, params = {}) {
  const text = translate(locale, key, Object.fromEntries(Object.keys(params).filter((k) => k === 'count').map((k) => [k, params[k]])));
  const parts = [];
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    if (!(m[1] in params)) continue;
    parts.push(text.slice(last, m.index));
    const v = params[m[1]];
    parts.push(typeof v === 'number' ? formatNumber(locale, v) : v);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

/** Every key of a catalogue (the English one by default), for tests and docs; empty until it is loaded. */
export const messageKeys = (locale = 'en') => Object.keys((isLoaded(locale) && catalogues.get(locale)) || {});
/** The languages with a catalogue (shipped ones included before they load). */
export const locales = () => [...new Set([...catalogues.keys(), ...loaders.keys()])];
