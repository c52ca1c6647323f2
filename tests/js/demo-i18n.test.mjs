// The demo lesson's translations (web/demo/language.js), read from the files without a browser: each page's
// text is in its own file, a block per language, web/demo/i18n/<page>.js, next to what every page shares
// (web/demo/i18n/shared.js); every key a page marks has its text there, the page's file has no key
// the page does not mark, and a formula is written once, in the HTML, and named by the translations ({f:name}
// for data-f="name"). No widget holds demo page text. tests/browser/demo-i18n.test.mjs reads the pages in
// both languages in Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '../../web/demo/language.js';
import { DEMO_LOCALES, DEMO_PAGES, formulaNames, markedElements, pageWords, markedKeys, pageSource } from './demo-pages.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SHARED = Object.fromEntries(await Promise.all(DEMO_LOCALES.map(async (l) => [l, await pageWords('shared', l)])));
const OWN = Object.fromEntries(
  await Promise.all(DEMO_LOCALES.map(async (l) => [l, Object.fromEntries(await Promise.all(DEMO_PAGES.map(async (p) => [p, await pageWords(p, l)])))])),
);
const HTML = Object.fromEntries(DEMO_PAGES.map((p) => [p, pageSource(p)]));
const placeholders = (text) => (text.match(/\{\w+\}/g) ?? []).sort();

test("demo i18n: every key a page marks has its Spanish and Chinese text in the page's file or the shared one, and the page's file holds no other key", () => {
  for (const page of DEMO_PAGES) {
    const keys = markedKeys(HTML[page]);
    assert.ok(keys.length > 15, `${page}: ${keys.length} keys`);
    for (const locale of DEMO_LOCALES) {
      const [own, shared] = [OWN[locale][page], SHARED[locale]];
      const where = `web/demo/i18n/${page}.${locale}.js`;
      const text = (k) => own[k] ?? shared[k];
      assert.deepEqual(keys.filter((k) => typeof text(k) !== 'string' || !text(k).trim()), [], `${page}.html: no ${locale} text for these keys (in ${where} or shared/${locale}.js)`);
      assert.deepEqual(Object.keys(own).filter((k) => !keys.includes(k)), [], `${where}: keys ${page}.html does not mark`);
      assert.deepEqual(Object.keys(own).filter((k) => !k.startsWith(`${page}.`)), [], `${where}: a page's keys start with "${page}."`);
      assert.deepEqual(Object.keys(own).filter((k) => k in shared), [], `${where}: keys also in shared/${locale}.js (one would silently win)`);
    }
    assert.deepEqual(Object.keys(OWN['zh-CN'][page]).sort(), Object.keys(OWN.es[page]).sort(), `${page}: the same keys in Spanish and Chinese`);
  }
});

test("demo i18n: the shared files hold what every page shares and the scripts' messages, with the English parameters", () => {
  const marked = DEMO_PAGES.map((p) => new Set(markedKeys(HTML[p])));
  for (const locale of DEMO_LOCALES) {
    const shared = SHARED[locale];
    assert.deepEqual(Object.keys(shared).sort(), Object.keys(SHARED.es).sort(), `shared/${locale}.js: the same keys as Spanish`);
    for (const key of Object.keys(shared)) {
      if (key.startsWith('js.')) assert.deepEqual(placeholders(shared[key]), placeholders(MESSAGES[key] ?? ''), `shared/${locale}.js ${key}: the parameters of MESSAGES`);
      else assert.ok(marked.filter((keys) => keys.has(key)).length >= 2, `shared/${locale}.js: ${key} is marked by fewer than two pages (it belongs in that page's file)`);
    }
    assert.deepEqual(Object.keys(MESSAGES).filter((k) => !(k in shared)), [], `shared/${locale}.js: every script message`);
  }
});

test('demo i18n: formulas by name: every formula in a marked element has a data-f name of its own, and each translation names all of them and no other', () => {
  let named = 0;
  for (const page of DEMO_PAGES) {
    for (const { key, formulas } of markedElements(HTML[page])) {
      const names = formulas.map((f) => f.name);
      assert.deepEqual(formulas.filter((f) => !f.name), [], `${page}.html ${key}: a formula without data-f (a translation cannot name it)`);
      assert.equal(new Set(names).size, names.length, `${page}.html ${key}: two formulas named alike (${names})`);
      named += names.length;
      for (const locale of DEMO_LOCALES) {
        const text = OWN[locale][page][key] ?? SHARED[locale][key];
        const where = `${page}.${locale}.js ${key}`;
        assert.doesNotMatch(text, /\{f\d+\}/, `${where}: a formula by position; name it ({f:name}, data-f="name")`);
        assert.doesNotMatch(text, /class="tex|data-tex=/, `${where}: a formula written again; name the English element's ({f:name})`);
        const used = new Set(formulaNames(text));
        assert.deepEqual([...used].filter((n) => !names.includes(n)), [], `${where}: names formulas ${page}.html's element does not have (it has: ${names.join(', ') || 'none'})`);
        assert.deepEqual(names.filter((n) => !used.has(n)), [], `${where}: drops formulas of the English element`);
      }
    }
  }
  assert.ok(named >= 30, `${named} named formulas`);
});

test('demo i18n: no widget holds demo page text: no message file exports `demo`, and no widget file says a page sentence', async () => {
  const widgets = `${root}web/src/widgets/`;
  const files = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(`${dir}${e.name}/`);
      else if (e.name.endsWith('.js')) files.push(`${dir}${e.name}`);
    }
  };
  walk(widgets);
  const messageFiles = files.filter((f) => f.endsWith('/messages.js'));
  assert.ok(messageFiles.length > 10);
  for (const file of messageFiles)
    assert.deepEqual(Object.keys(await import(file)).sort(), ['en', 'es', 'zhCN'], `${file.slice(root.length)}: a message file exports its blocks alone, one per language`);
  // the longest run of plain words in each page text, unless a widget says it too (a section's heading may be
  // its widget's title)
  const sources = files.map((f) => readFileSync(f, 'utf8'));
  const said = JSON.stringify(await Promise.all(messageFiles.map(async (f) => (await import(f)).es)));
  let checked = 0;
  for (const page of DEMO_PAGES) {
    for (const [key, text] of Object.entries(OWN.es[page])) {
      const run = (text.match(/[A-Za-záéíóúñ ,]{30,}/g) ?? []).sort((a, b) => b.length - a.length)[0];
      if (!run || said.includes(run)) continue;
      checked++;
      const holder = files.find((f, i) => sources[i].includes(run));
      assert.ok(!holder, `${holder?.slice(root.length)} says “${run}” (${key}): a page's text goes in web/demo/i18n/${page}.js`);
    }
  }
  assert.ok(checked > 60, `${checked} sentences looked for`);
  assert.equal(existsSync(`${root}web/demo/i18n/es.js`), false, 'no assembled catalogue: each page imports its own files');
});
