// The demo pages' marked text as the tests read it from the HTML (no browser): the keys each page marks and,
// for every element with data-i18n, its formulas and their names (web/demo/language.js explains both).
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { messagesExport } from '../../scripts/build-web-messages.mjs';
import { withIncludes } from '../../scripts/build-web-methods.mjs';

const demo = fileURLToPath(new URL('../../web/demo/', import.meta.url));

/** The lesson's pages, in part order: each has its translations in web/demo/i18n/<page>.js, a block per language. */
export const DEMO_PAGES = ['index', 'methods', 'model', 'train'];
/** The languages the demo is translated into (English is the pages' own text). */
export const DEMO_LOCALES = ['es', 'zh-CN'];

/** A page's HTML with its shared pieces (the header's switches) put in, formulas not typeset. */
export const pageSource = (page) => withIncludes(demo, `${page}.html`);
export const demoDir = demo;
/** A page's translations (web/demo/i18n/<page>.js; `shared` for what every page says) in one language. */
export const pageWords = async (page, locale) => (await import(pathToFileURL(join(demo, 'i18n', `${page}.js`)).href))[messagesExport(locale)];

const attributes = (tag) => Object.fromEntries([...tag.matchAll(/\s([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

/** Every key the page marks, in the order they first appear: data-i18n, data-i18n-label and data-i18n-attr's. */
export function markedKeys(html) {
  const keys = [];
  for (const [, name, value] of html.matchAll(/\sdata-i18n(-label|-attr)?="([^"]+)"/g))
    keys.push(...(name === '-attr' ? value.split(/\s+/).map((spec) => spec.split(':')[1]) : [value]));
  return [...new Set(keys)];
}

/**
 * Every element with data-i18n: { key, inner (its inner HTML), formulas: [{ name, tex }] }, a formula being a
 * `.tex` element inside it, `name` its data-f (undefined without one).
 */
export function markedElements(html) {
  const out = [];
  for (const open of html.matchAll(/<([a-z][a-z0-9-]*)\b[^>]*\sdata-i18n="([^"]+)"[^>]*>/g)) {
    const [tag, name, key] = [open[0], open[1], open[2]];
    const start = open.index + tag.length;
    let end = start;
    if (name !== 'meta') {
      // the matching end tag: count the same elements opened and closed inside
      const re = new RegExp(`<(/?)${name}\\b[^>]*>`, 'g');
      re.lastIndex = start;
      for (let depth = 1, m; (m = re.exec(html)); ) {
        depth += m[1] ? -1 : 1;
        if (!depth) {
          end = m.index;
          break;
        }
      }
    }
    const inner = html.slice(start, end);
    const formulas = [...inner.matchAll(/<(?:span|div)\b[^>]*>/g)]
      .map((m) => attributes(m[0]))
      .filter((a) => (a.class ?? '').split(/\s+/).includes('tex'))
      .map((a) => ({ name: a['data-f'], tex: a['data-tex'] }));
    out.push({ key, inner, formulas });
  }
  return out;
}

/** The formula names a translation uses: {f:name}. */
export const formulaNames = (text) => [...text.matchAll(/\{f:([\w-]+)\}/g)].map((m) => m[1]);
