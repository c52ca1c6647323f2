// The demo lesson in Spanish and Simplified Chinese (issue 15), in Chromium: each of the four parts opened
// with ?lang=es or ?lang=zh-CN shows <html lang>, its own text with no English sentence left (the page's
// prose: widgets, formulas and code aside), every formula typeset, the links to the other parts keeping the
// language, a translated widget speaking it, and no serious axe violation. The switch changes the language
// in place (no reload, the widgets keep their settings) and keeps it in the URL; the single-file pages work
// offline in Spanish; a phone column still holds the header with both switches. (That every key has its text in
// the page's file, and every formula its name: tests/js/demo-i18n.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { assertFitsWidth, axe, browserPerFile, openDemoPage, sectionNumbers, shot, screenshotDir, waitReady } from './helpers.mjs';
import { DEMO_PAGES as PAGES, pageWords } from '../js/demo-pages.mjs';
import { es as sharedEs, zhCN as sharedZh } from '../../web/demo/i18n/shared.js';
import widgetEs from '../../web/src/widgets/catalogues/es.js';
import widgetZh from '../../web/src/widgets/catalogues/zh-CN.js';

const env = browserPerFile();

const LANGS = { es: { shared: sharedEs, widget: widgetEs }, 'zh-CN': { shared: sharedZh, widget: widgetZh } };
// each page's own text, beside it (web/demo/i18n/<page>.js), with what every page shares
const OWN = {};
for (const lang of Object.keys(LANGS)) for (const page of PAGES) OWN[`${page}.${lang}`] = await pageWords(page, lang);
const catalogue = (lang, page) => ({ ...LANGS[lang].shared, ...OWN[`${page}.${lang}`] });
const pageEs = Object.fromEntries(PAGES.map((p) => [p, catalogue('es', p)]));
const pageZh = Object.fromEntries(PAGES.map((p) => [p, catalogue('zh-CN', p)]));
/** A widget on each page whose own catalogue is complete in both languages: its title must be the translated one. */
const TRANSLATED_WIDGET = { index: ['#heatmap', 'heatmap.title'], methods: ['#alibi-w', 'alibi.title'], model: ['#model-w', 'toolbar.embed'], train: ['#train-w', 'train.title'] };
/** Common English words: none may be left in a translated page's prose (whole words: “producirían” has no “an”). */
const ENGLISH = /(?<![\p{L}\p{N}])(the|and|with|is|are|that|this|which|from|into|each|every|only|when|what|where|your|you|its|it|be|have|for|of|to|at|on|by|an|or|but|not|was|were|will|can|does|here|there|then|than|link|page|view|lesson|part)(?![\p{L}\p{N}])/iu;

const open = (url, { width = 1100 } = {}) => openDemoPage(env, url, { width });

/**
 * What the page says itself, as seen in the browser: the text of every marked element (widgets, formulas,
 * code and keys left out), the document's prose in one string, its labels, title and description, and
 * the TeX of the formulas in each marked element.
 */
function readPage(page) {
  return page.evaluate(() => {
    const skip = (n) => n.closest?.('.tex, math, code, kbd, script, style, .lang-switch') || [...ancestors(n)].some((e) => e.localName.startsWith('posenc-'));
    function* ancestors(n) {
      for (let e = n; e; e = e.parentElement) yield e;
    }
    const textOf = (rootEl) => {
      const out = [];
      const walker = document.createTreeWalker(rootEl, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!skip(n.parentElement)) out.push(n.data);
      return out.join(' ').replace(/\s+/g, ' ').trim();
    };
    const marked = {};
    for (const el of document.querySelectorAll('body [data-i18n]')) {
      marked[el.dataset.i18n] = { text: textOf(el), tex: [...el.querySelectorAll('.tex')].map((t) => t.dataset.tex).sort() };
    }
    const labels = [...document.querySelectorAll('[aria-label]')].filter((e) => !skip(e) || e.closest('.lang-switch') === e).map((e) => e.getAttribute('aria-label'));
    return {
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      title: document.title,
      description: document.querySelector('meta[name="description"]').content,
      prose: textOf(document.body),
      marked,
      labels,
      katex: document.querySelectorAll('.katex').length,
      katexErrors: document.querySelectorAll('.katex-error').length,
      parts: [...document.querySelectorAll('a[data-part]')].map((a) => a.getAttribute('href')),
      status: document.getElementById('engine-status').textContent,
      h1: document.querySelector('h1').textContent.trim(),
    };
  });
}

/**
 * Runs of at least three words of an English text, cut at punctuation: none may appear in a translation.
 * (Citations such as “Vaswani et al.” are written so in Spanish too.)
 */
function englishPhrases(text) {
  return text
    .split(/[.,:;!?—–()“”‘’"→←·]+/)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).filter((w) => /[a-z]/i.test(w)).length >= 3 && !/\bet al$/.test(s));
}

for (const name of PAGES) {
  test(`demo part ${PAGES.indexOf(name) + 1} (${name}.html) in Spanish and Chinese: lang set, no English prose left, formulas typeset, links keep the language, a widget translated, axe clean`, async () => {
    const en = await open(`${env.base}${name}.html`);
    const english = await readPage(en);
    await en.close();
    assert.equal(english.lang, 'en');
    const phrases = [...new Set([english.title, english.description, ...Object.values(english.marked).map((m) => m.text), ...english.labels].flatMap(englishPhrases))];
    assert.ok(phrases.length > 30, `${phrases.length} English phrases to look for`);

    for (const lang of Object.keys(LANGS)) {
      const page = await open(`${env.base}${name}.html?lang=${lang}`);
      const seen = await readPage(page);
      const where = `${name}.html?lang=${lang}`;
      assert.equal(seen.lang, lang, where);
      assert.equal(seen.dir, 'ltr', where);
      assert.equal(seen.title, catalogue(lang, name)[`${name}.title`], `${where}: title`);
      assert.equal(seen.description, catalogue(lang, name)[`${name}.description`], `${where}: description`);
      assert.equal(seen.status, catalogue(lang, name)['js.engine.simd'], `${where}: engine status`);
      // every marked element says something else than in English, with the same formulas
      for (const [key, { text, tex }] of Object.entries(english.marked)) {
        assert.ok(seen.marked[key], `${where}: ${key} is still on the page`);
        assert.notEqual(seen.marked[key].text, text, `${where}: ${key} is still in English`);
        assert.deepEqual(seen.marked[key].tex, tex, `${where}: ${key} keeps its formulas`);
      }
      assert.equal(seen.katex, english.katex, `${where}: every formula typeset`);
      assert.equal(seen.katexErrors, 0);
      assert.doesNotMatch(seen.prose, /\{f:[\w-]+\}/, `${where}: a formula placeholder was left`);
      // no English sentence, no common English word, in the prose, the title or the labels
      const said = [seen.prose, seen.title, seen.description, ...seen.labels].join(' \n ');
      const left = phrases.filter((p) => said.includes(p));
      assert.deepEqual(left, [], `${where}: English left`);
      for (const label of english.labels) assert.ok(!seen.labels.includes(label), `${where}: the label “${label}” is still English`);
      const word = ENGLISH.exec(said);
      assert.ok(!word, `${where}: English word “${word?.[1]}” in “${said.slice(Math.max(0, (word?.index ?? 0) - 60), (word?.index ?? 0) + 60)}”`);
      if (name === 'methods') assert.equal(await page.inputValue('#text-input'), catalogue(lang, name)['methods.text.value'], `${where}: the example sentence`);
      // the other parts keep the language
      assert.ok(seen.parts.length > 0);
      for (const href of seen.parts) assert.match(href, new RegExp(`^(index|methods|model|train)\\.html\\?lang=${lang}$`), `${where}: link ${href}`);
      // a widget in the page follows <html lang>
      const [sel, key] = TRANSLATED_WIDGET[name];
      const widgetText = await page.evaluate((s) => document.querySelector(s).shadowRoot.textContent, sel);
      assert.ok(widgetText.includes(LANGS[lang].widget[key]), `${where}: ${sel} shows “${LANGS[lang].widget[key]}”`);
      assert.deepEqual(await axe(page), [], `${where}: axe`);
      assert.deepEqual(page.foreign, [], `${where}: no request left the local server`);
      assert.deepEqual(page.errors, [], where);
      await page.close();
    }
  });
}

test('section numbers come from the page: every part, in the three languages, numbers its sections 1, 2, … in order, the contents agree, no number is written into a heading', async () => {
  for (const name of PAGES) {
    for (const lang of ['en', ...Object.keys(LANGS)]) {
      const where = `${name}.html?lang=${lang}`;
      const page = await open(`${env.base}${where}`);
      const { sections, toc } = await sectionNumbers(page);
      const ids = await page.evaluate(() => [...document.querySelectorAll('main > section')].filter((s) => s.querySelector(':scope > h2')).map((s) => s.id));
      assert.ok(ids.length >= 3, `${where}: ${ids.length} sections`);
      assert.deepEqual(sections.map((s) => s.id), ids, `${where}: every section heading shows a number`);
      assert.deepEqual(sections.map((s) => s.number), ids.map((_, i) => i + 1), `${where}: numbered 1 … ${ids.length} in page order`);
      for (const { id, title } of sections) assert.doesNotMatch(title, /^\s*\d/, `${where}: #${id}'s heading text starts with a written number`);
      if (name === 'index' || name === 'methods') {
        // the contents list every section, in order, under the number its heading shows
        assert.deepEqual(toc, sections.map((s) => ({ number: s.number, target: s.id })), `${where}: contents`);
        if (lang !== 'en') await page.locator('.toc').screenshot({ path: join(screenshotDir, `demo-${name}-toc-${lang}.png`) });
      } else assert.deepEqual(toc, [], `${where}: no contents`);
      if (lang !== 'en') await page.locator(`#${ids[ids.length - 1]} > h2`).screenshot({ path: join(screenshotDir, `demo-${name}-heading-${lang}.png`) });
      assert.deepEqual(page.errors, [], where);
      await page.close();
    }
  }
  // and no catalogue writes a number into a heading or a contents entry
  for (const lang of Object.keys(LANGS)) {
    for (const page of PAGES) {
      const written = Object.entries(catalogue(lang, page)).filter(([k, v]) => /\.(h|toc\.\w+)$/.test(k) && /^\s*(<[^>]*>\s*)*\d/.test(v));
      assert.deepEqual(written, [], `${page} (${lang}): numbers written by hand`);
    }
  }
});

test('the switch: changes the language in place and keeps it in the URL, widgets keep their settings, back to English restores the page', async () => {
  const page = await open(`${env.base}index.html#heatmap.length=12&heatmap.d-model=16`);
  const english = await readPage(page);
  await page.evaluate(() => (window.__sameDocument = true));
  const group = page.getByRole('group', { name: 'Language' });
  assert.equal(await group.locator('a[aria-current="true"]').textContent(), 'English');

  await group.getByRole('link', { name: 'Español' }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  await waitReady(page);
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('lang'), 'es');
  assert.match(url.hash, /heatmap\.length=12/, 'the widgets’ settings stay in the address');
  assert.equal(await page.getAttribute('#heatmap', 'length'), '12');
  const es = await readPage(page);
  assert.equal(es.h1, pageEs.index['index.h1']);
  assert.equal(es.katex, english.katex, 'the replaced formulas are typeset again');
  assert.doesNotMatch(es.prose, /\{f:[\w-]+\}/);
  assert.equal(es.status, sharedEs['js.engine.simd']);
  assert.deepEqual(es.parts, ['methods.html?lang=es', 'train.html?lang=es', 'methods.html?lang=es']);
  assert.ok((await page.evaluate(() => document.querySelector('#heatmap').shadowRoot.textContent)).includes(widgetEs['heatmap.title']));
  assert.equal(await page.getAttribute('#perm', 'tokens'), pageEs.index['index.perm.tokens'], 'the example words are Spanish');
  assert.equal(await page.getByRole('group', { name: 'Idioma' }).locator('a[aria-current="true"]').textContent(), 'Español');
  assert.equal(await page.getByRole('group', { name: 'Tema de color' }).count(), 1);
  // the share link is the new footer's, and it still carries the settings
  await page.waitForFunction(() => /heatmap\.length=12/.test(document.getElementById('share').getAttribute('href')));
  await shot(page.locator('header'), 'demo-i18n-header-es');

  await page.getByRole('group', { name: 'Idioma' }).getByRole('link', { name: '简体中文' }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.equal(new URL(page.url()).searchParams.get('lang'), 'zh-CN');
  assert.equal((await readPage(page)).h1, pageZh.index['index.h1']);
  assert.equal(await page.getAttribute('#perm', 'tokens'), pageZh.index['index.perm.tokens']);

  await page.getByRole('group', { name: '语言' }).getByRole('link', { name: 'English' }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(new URL(page.url()).searchParams.has('lang'), false);
  const back = await readPage(page);
  assert.deepEqual(back.marked, english.marked, 'the English text is back');
  assert.equal(back.title, english.title);
  assert.equal(back.katex, english.katex);
  assert.deepEqual(back.parts, ['methods.html', 'train.html', 'methods.html']);
  assert.equal(await page.getAttribute('#perm', 'tokens'), 'I,love,Paris');
  // a setting the reader changed is not the page's example: a switch keeps it
  await page.evaluate(() => document.querySelector('#perm').setAttribute('tokens', 'a,b,c'));
  await page.getByRole('group', { name: 'Language' }).getByRole('link', { name: 'Español' }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  assert.equal(await page.getAttribute('#perm', 'tokens'), 'a,b,c');

  // the link to part 2 keeps the language, and part 2 opens in it
  await page.locator('#part2 a').click();
  await page.waitForURL(/methods\.html\?lang=es$/);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true');
  await waitReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  // part 2's example sentence is Spanish, and follows a switch while the reader has not typed one
  const tokens = () => page.getAttribute('#methods-w', 'tokens');
  assert.equal(await page.inputValue('#text-input'), pageEs.methods['methods.text.value']);
  assert.equal(await tokens(), pageEs.methods['methods.text.value'].split(' ').join(','));
  await page.getByRole('group', { name: 'Idioma' }).getByRole('link', { name: '简体中文' }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.equal(await page.inputValue('#text-input'), pageZh.methods['methods.text.value']);
  assert.equal(await tokens(), [...pageZh.methods['methods.text.value']].join(','), 'Chinese is split into characters');
  await page.locator('#your-text').getByRole('button', { name: pageZh.methods['methods.text.use'] }).click();
  assert.match(await page.locator('#text-status').textContent(), /^\d+ 个词元/);
  await page.locator('#text-input').fill('Where does the word go');
  await page.locator('#your-text').getByRole('button').click();
  await page.getByRole('group', { name: '语言' }).getByRole('link', { name: 'Español' }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  assert.equal(await tokens(), 'Where,does,the,word,go', 'the reader’s own sentence stays');
  assert.match(await page.locator('#text-status').textContent(), /^5 tokens: se usan/, 'the status line in the new language');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a link whose settings cannot be used: the note is in the page’s language, and follows the switch', async () => {
  const page = await open(`${env.base}index.html?lang=es#heatmap.length=abc&nowidget.length=3`);
  await page.waitForSelector('#link-notes');
  const note = () => page.locator('#link-notes').textContent();
  assert.match(await note(), /^2 ajustes de este enlace no se pudieron usar/);
  assert.match(await note(), /heatmap\.length=“abc”: no es un número/);
  assert.match(await note(), /no hay ningún widget con el id “nowidget”/);
  // the widget concerned says it too, in its own status line and language
  await page.waitForFunction(() => /No se tomó del enlace/.test(document.getElementById('heatmap').shadowRoot.textContent));
  assert.match(await page.evaluate(() => document.getElementById('heatmap').shadowRoot.textContent), /No se tomó del enlace \(el widget conserva su propio valor\): heatmap\.length=“abc”: no es un número\./);
  await page.getByRole('group', { name: 'Idioma' }).getByRole('link', { name: '简体中文' }).click();
  await page.waitForFunction(() => /不是数字/.test(document.getElementById('link-notes').textContent));
  assert.match(await note(), /此链接中有 2 项设置无法使用/);
  await page.locator('#link-notes').getByRole('button', { name: '隐藏此提示' }).click();
  assert.equal(await page.locator('#link-notes').count(), 0);
  assert.deepEqual(await axe(page), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('single-file demo in Spanish from file://, offline: every part, linked to each other with the language', async () => {
  const page = await open(`${pathToFileURL(join(env.outDir, 'posenc-demo.html')).href}?lang=es`);
  const seen = await readPage(page);
  assert.equal(seen.lang, 'es');
  assert.equal(seen.h1, pageEs.index['index.h1']);
  assert.ok(seen.katex >= 10);
  assert.deepEqual(seen.parts, ['posenc-demo-methods.html?lang=es', 'posenc-demo-train.html?lang=es', 'posenc-demo-methods.html?lang=es']);
  assert.ok((await page.evaluate(() => document.querySelector('#heatmap').shadowRoot.textContent)).includes(widgetEs['heatmap.title']));
  await page.locator('#part2 a').click();
  await page.waitForURL(/posenc-demo-methods\.html\?lang=es$/);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 15000 });
  await waitReady(page);
  const part2 = await readPage(page);
  assert.equal(part2.lang, 'es');
  assert.equal(part2.h1, pageEs.methods['methods.h1']);
  assert.deepEqual(part2.parts, ['posenc-demo.html?lang=es', 'posenc-demo.html?lang=es', 'posenc-demo-model.html?lang=es', 'posenc-demo-train.html?lang=es']);
  await page.locator('a[data-part="3"]').click();
  await page.waitForURL(/posenc-demo-model\.html\?lang=es$/);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 15000 });
  assert.equal((await readPage(page)).h1, pageEs.model['model.h1']);
  // the switch works from disk too
  await page.getByRole('group', { name: 'Idioma' }).getByRole('link', { name: '简体中文' }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.match(page.url(), /^file:.*posenc-demo-model\.html\?lang=zh-CN$/);
  assert.deepEqual(page.foreign, [], 'nothing fetched beyond the file');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('demo in Spanish and Chinese at 320 px: the header holds both switches, nothing overflows', async () => {
  // (part 4 has no formulas, which assertFitsWidth expects: demo-train.test.mjs checks it at 320 px)
  for (const name of PAGES.filter((n) => n !== 'train')) {
    for (const lang of Object.keys(LANGS)) {
      const page = await open(`${env.base}${name}.html?lang=${lang}`, { width: 320 });
      await assertFitsWidth(page, 320);
      // a formula too wide for the column is a region named in the page's language
      const labels = await page.evaluate(() => [...document.querySelectorAll('.tex[aria-label]')].map((t) => t.getAttribute('aria-label')));
      for (const label of labels) assert.equal(label, catalogue(lang, name)['js.formula.scrolls']);
      const boxes = await page.evaluate(() => [...document.querySelectorAll('.theme-switch, .lang-switch, .lang-switch a, .theme-switch button')].map((e) => e.getBoundingClientRect().right));
      for (const right of boxes) assert.ok(right <= 320, `${name}.html?lang=${lang}: a switch ends at ${right}`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  }
});
