// The widgets in the page's language (issue 15): the language comes from the widget's own `lang`, else the
// nearest ancestor's, else <html lang>; it changes at run time; what a catalogue lacks is English; the
// translated widget has no English left in its sentences (text, aria-labels, toolbar) and passes the
// accessibility audit in every language. Translated so far: the toolbar, the shared messages and the heatmap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axe, browserPerFile, widgetPage, settle } from './helpers.mjs';
import en from '../../web/src/i18n/en.js';

const env = browserPerFile();

// Everything a reader sees or hears from the widget: text, aria-labels and -roledescriptions, button names.
const spoken = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('posenc-heatmap').shadowRoot;
    const parts = [root.textContent];
    for (const el of root.querySelectorAll('[aria-label], [aria-roledescription]')) parts.push(el.getAttribute('aria-label') ?? '', el.getAttribute('aria-roledescription') ?? '');
    return parts.join('\n').replace(/\s+/g, ' ');
  });

// The English sentences of the heatmap and the toolbar: fragments between placeholders with two or more words.
const ENGLISH = Object.entries(en)
  .filter(([k]) => /^(heatmap|toolbar|common)\./.test(k))
  .flatMap(([, m]) => (typeof m === 'string' ? [m] : Object.values(m)))
  .flatMap((m) => m.split(/\{\w+\}/))
  .map((f) => f.trim())
  .filter((f) => f.split(/\s+/).filter((w) => /[A-Za-z]{2,}/.test(w)).length >= 2);

test('i18n: the heatmap speaks the page language; no English is left in its sentences; axe passes in each', async () => {
  const page = await widgetPage(env, '<posenc-heatmap length="12" d-model="16"></posenc-heatmap>');
  await settle(page, 'posenc-heatmap');
  const expectations = {
    en: { title: 'Positional encoding matrix', readout: /^position 1, dimension 0 \(sin, i = 0\): 0\.8415$/ },
    es: { title: 'Matriz de codificación posicional', readout: /^posición 1, dimensión 0 \(sin, i = 0\): 0,8415$/ },
    'zh-CN': { title: '位置编码矩阵', readout: /^位置 1，维度 0（sin，i = 0）：0\.8415$/ },
  };
  for (const [lang, want] of Object.entries(expectations)) {
    await page.evaluate((l) => document.documentElement.setAttribute('lang', l), lang);
    await page.waitForFunction((t) => document.querySelector('posenc-heatmap').shadowRoot.querySelector('.title')?.textContent === t, want.title);
    await settle(page, 'posenc-heatmap');
    const read = await page.evaluate(() => {
      const root = document.querySelector('posenc-heatmap').shadowRoot;
      return { readout: root.querySelector('#readout').textContent.trim(), frameLang: root.querySelector('.frame').lang, dir: root.querySelector('.frame').dir, csv: root.querySelector('.toolbar button:nth-child(2)').getAttribute('aria-label') };
    });
    assert.match(read.readout, want.readout, `${lang} readout`);
    assert.equal(read.frameLang, lang);
    assert.equal(read.dir, 'ltr');
    if (lang !== 'en') {
      // open the table too: its caption and header are sentences
      await page.evaluate(() => (document.querySelector('posenc-heatmap').shadowRoot.querySelector('details').open = true));
      await page.waitForFunction(() => document.querySelector('posenc-heatmap').shadowRoot.querySelector('#table-caption'));
      const text = await spoken(page);
      const left = ENGLISH.filter((f) => text.includes(f));
      assert.deepEqual(left, [], `${lang}: English left`);
      assert.doesNotMatch(read.csv, /Download/);
      await page.evaluate(() => (document.querySelector('posenc-heatmap').shadowRoot.querySelector('details').open = false));
    }
    assert.deepEqual(await axe(page), [], `${lang}: axe`);
  }
  assert.deepEqual(page.errors, []);
});

test('i18n: own lang over an ancestor over <html>; regional tags; a registered locale, English for its gaps', async () => {
  const page = await widgetPage(env, '<div id="outer" lang="es"><posenc-heatmap id="a"></posenc-heatmap><posenc-heatmap id="b" lang="zh-Hans"></posenc-heatmap></div><posenc-heatmap id="c"></posenc-heatmap>');
  await page.evaluate(() => document.documentElement.setAttribute('lang', 'en-GB'));
  const titles = () => page.evaluate(() => ['a', 'b', 'c'].map((id) => document.getElementById(id).shadowRoot.querySelector('.title').textContent));
  await page.waitForFunction(() => document.getElementById('a').shadowRoot.querySelector('.title')?.textContent.startsWith('Matriz'));
  assert.deepEqual(await titles(), ['Matriz de codificación posicional', '位置编码矩阵', 'Positional encoding matrix']);
  // a change anywhere up the tree re-renders: the ancestor's, then the widget's own
  await page.evaluate(() => document.getElementById('outer').setAttribute('lang', 'es-MX'));
  await page.evaluate(() => document.getElementById('b').removeAttribute('lang'));
  await page.waitForFunction(() => document.getElementById('b').shadowRoot.querySelector('.title').textContent.startsWith('Matriz'));
  // a catalogue added at run time, without a rebuild: what it lacks is English, never a key
  await page.evaluate(() => {
    document.getElementById('c').setAttribute('lang', 'fr');
    window.posenc.registerLocale('fr', { 'heatmap.title': 'Matrice d’encodage positionnel', 'toolbar.embed': 'Intégrer' });
  });
  await page.waitForFunction(() => document.getElementById('c').shadowRoot.querySelector('.title').textContent.startsWith('Matrice'));
  const c = await page.evaluate(() => {
    const root = document.getElementById('c').shadowRoot;
    return { embed: root.querySelector('.toolbar button').textContent.trim(), summary: root.querySelector('summary').textContent.trim() };
  });
  assert.deepEqual(c, { embed: 'Intégrer', summary: en['heatmap.showTable'] });
  assert.deepEqual(page.errors, []);
});

test('i18n: a right-to-left language turns the frame, and the formulas stay left to right', async () => {
  const page = await widgetPage(env, '<posenc-heatmap lang="ar"></posenc-heatmap>');
  await page.evaluate(() => window.posenc.registerLocale('ar', { 'heatmap.title': 'مصفوفة الترميز الموضعي' }));
  await page.waitForFunction(() => document.querySelector('posenc-heatmap').shadowRoot.querySelector('.frame').dir === 'rtl');
  await settle(page, 'posenc-heatmap');
  const formulaDir = await page.evaluate(() => document.querySelector('posenc-heatmap').shadowRoot.querySelector('.formula').getAttribute('dir'));
  assert.equal(formulaDir, 'ltr');
});
