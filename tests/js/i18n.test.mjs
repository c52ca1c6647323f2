// The catalogues (web/src/widgets/catalogues, read by web/src/i18n): every language has every English key, the same placeholders in every
// form and the plural forms its language uses; language matching, fallback per key, number formats, and
// registerLocale's checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../web/src/widgets/catalogues/en.js';
import es from '../../web/src/widgets/catalogues/es.js';
import zhCN from '../../web/src/widgets/catalogues/zh-CN.js';
import { formatNumber, isLoaded, loadLocale, locales, matchLocale, messageKeys, registerLocale, shipCatalogues, translate } from '../../web/src/i18n/index.js';
import { messageDirs } from '../../scripts/gen-widgets.mjs';
import shipped from '../../web/src/widgets/catalogues/shipped.js';
import { readFileSync } from 'node:fs';

// English comes with the widgets' modules, which need a DOM: here it is shipped as they would, all at once, and
// the other languages' loaders as element/locale-controller.js makes them known
shipCatalogues({ en });
shipCatalogues(shipped);

const CATALOGUES = { es, 'zh-CN': zhCN };

// the catalogues beyond English load on demand (web/src/widgets/catalogues/shipped.js): known before, usable after
test('i18n: es and zh-CN are known at once and loaded when asked for', async () => {
  assert.equal(isLoaded('es'), false);
  assert.equal(matchLocale('es-MX'), 'es', 'matched before it is loaded');
  assert.equal(translate('es', 'heatmap.showTable'), en['heatmap.showTable'], 'English until it is loaded');
  assert.deepEqual(messageKeys('es'), []);
  await Promise.all([loadLocale('es'), loadLocale('zh-CN'), loadLocale('fr')]);
  assert.equal(isLoaded('es') && isLoaded('zh-CN'), true);
  assert.equal(translate('es', 'heatmap.showTable'), es['heatmap.showTable']);
  assert.deepEqual(messageKeys('zh-CN'), Object.keys(zhCN));
});

// each widget's English travels with its code (a demo part loads a widget's module, and its messages, later)
test('i18n: every widget module, and the shared element code, ships its own English messages', () => {
  for (const dir of messageDirs()) {
    const file = dir === 'element' ? 'element/locale-controller.js' : `${dir}/posenc-${dir}.js`;
    const source = readFileSync(new URL(`../../web/src/widgets/${file}`, import.meta.url), 'utf8');
    assert.match(source, /^import \{ en as messages \} from '\.\/messages\.js';$/m, `${file} imports its messages`);
    assert.match(source, /^shipCatalogues\(\{ en: messages \}\);$/m, `${file} ships them`);
  }
});

const forms = (message) => (typeof message === 'string' ? { other: message } : message);
const names = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).filter((n) => n !== 'count').sort().join(',');

test('i18n: es and zh-CN have every key of English and no other, with the same placeholders', () => {
  for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
    assert.deepEqual(Object.keys(en).filter((k) => !(k in catalogue)), [], `${locale}: missing keys`);
    assert.deepEqual(Object.keys(catalogue).filter((k) => !(k in en)), [], `${locale}: keys English does not have`);
    for (const [key, message] of Object.entries(catalogue)) {
      const want = new Set(Object.values(forms(en[key])).map(names));
      assert.equal(want.size, 1, `en ${key}: every plural form has the same placeholders`);
      for (const [form, text] of Object.entries(forms(message))) {
        assert.equal(names(text), [...want][0], `${locale} ${key} (${form}): placeholders`);
        assert.ok(text.trim(), `${locale} ${key}: not blank`);
      }
      // the plural forms the language's rules select (Spanish one/other; Chinese other only)
      if (typeof en[key] === 'object') {
        const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
        for (const category of needed) if (category !== 'many') assert.ok(category in forms(message) || category === 'other', `${locale} ${key}: form ${category}`);
        assert.ok('other' in forms(message), `${locale} ${key}: an 'other' form`);
      }
    }
  }
});

test('i18n: the page language matched to a catalogue', () => {
  assert.deepEqual(locales().slice(0, 3), ['en', 'es', 'zh-CN']);
  for (const [lang, locale] of [['es', 'es'], ['es-MX', 'es'], ['ES', 'es'], ['zh', 'zh-CN'], ['zh-Hans', 'zh-CN'], ['zh-Hans-CN', 'zh-CN'], ['zh-cn', 'zh-CN'], ['en-GB', 'en'], ['fr', 'en'], ['', 'en'], [null, 'en']])
    assert.equal(matchLocale(lang), locale, String(lang));
});

test('i18n: placeholders, plural forms, numbers per locale, and English for what a catalogue lacks', () => {
  assert.equal(translate('en', 'message.leftOut', { attribute: 'dims', values: '70', expected: 'a dimension', count: 1 }), 'dims: 70 is not a dimension, so it is left out');
  assert.equal(translate('es', 'message.leftOut', { attribute: 'dims', values: '70, 80', expected: 'una dimensión', count: 2 }), 'dims: 70, 80 no son una dimensión, así que se omiten');
  assert.equal(translate('es', 'heatmap.readout', { position: 1, column: 0, kind: 'sin', pair: 0, value: formatNumber('es', 0.841471, 4) }), 'posición 1, dimensión 0 (sin, i = 0): 0,8415');
  assert.equal(formatNumber('en', -0.5, 4), '\u22120.5000');
  assert.equal(formatNumber('es', -1234.5, 1), '\u22121234,5');
  assert.equal(formatNumber('zh-CN', 1234567, null), '1,234,567');
  registerLocale('fr', { 'heatmap.title': 'Matrice d’encodage positionnel' });
  assert.equal(matchLocale('fr-CA'), 'fr');
  assert.equal(translate('fr', 'heatmap.title'), 'Matrice d’encodage positionnel');
  assert.equal(translate('fr', 'heatmap.showTable'), en['heatmap.showTable'], 'English for a key the catalogue lacks');
  assert.throws(() => registerLocale('fr', { 'heatmap.titel': 'x' }), /heatmap\.titel is not a message key/);
  assert.throws(() => registerLocale('français', {}), TypeError);
  assert.throws(() => registerLocale('fr', { 'heatmap.title': 3 }), /string or plural forms/);
});

// shipCatalogues adds a catalogue's messages in place (each widget's module ships its English): what a catalogue
// has already, registerLocale's text included, wins over what is shipped later, and the shipped objects stay as they are
test('i18n: shipping a catalogue again adds only the keys it lacks, without touching the shipped objects', () => {
  const first = { 'heatmap.title': 'Erste' };
  const second = { 'heatmap.title': 'Zweite', 'heatmap.showTable': 'Tabelle', 'heatmap.drawing': 'zeichnet' };
  shipCatalogues({ de: first });
  registerLocale('de', { 'waves.viewGroup': 'Ansicht', 'heatmap.showTable': 'Tabelle zeigen' });
  shipCatalogues({ de: second });
  assert.equal(translate('de', 'heatmap.title'), 'Erste', 'what was shipped first stays');
  assert.equal(translate('de', 'heatmap.showTable'), 'Tabelle zeigen', 'registerLocale wins over what is shipped later');
  assert.equal(translate('de', 'heatmap.drawing'), 'zeichnet', 'a key the catalogue lacked is added');
  assert.equal(translate('de', 'waves.viewGroup'), 'Ansicht');
  assert.deepEqual(first, { 'heatmap.title': 'Erste' });
  assert.deepEqual(second, { 'heatmap.title': 'Zweite', 'heatmap.showTable': 'Tabelle', 'heatmap.drawing': 'zeichnet' });
  // English shipped again (as every widget's module does): the text there first stays
  const before = translate('en', 'heatmap.showTable');
  shipCatalogues({ en: { 'heatmap.showTable': 'something else' } });
  assert.equal(translate('en', 'heatmap.showTable'), before);
});

// dist/tag/: the core and each widget's script ship a part of each language, as loaders (scripts/build-web-tag.mjs)
test('i18n: loaders shipped for one locale load together; one shipped once it has loaded (or while it loads) is merged at once', async () => {
  const part = (messages) => () => Promise.resolve({ default: messages });
  shipCatalogues({ nl: part({ 'heatmap.title': 'Matrice' }) });
  shipCatalogues({ nl: part({ 'heatmap.title': 'autre', 'heatmap.drawing': 'dessin' }) });
  assert.equal(isLoaded('nl'), false);
  await loadLocale('nl');
  assert.equal(translate('nl', 'heatmap.title'), 'Matrice', 'the part shipped first wins');
  assert.equal(translate('nl', 'heatmap.drawing'), 'dessin');
  // a widget's script that arrives after the page's language has loaded
  let notified = 0;
  const stop = (await import('../../web/src/i18n/index.js')).onLocalesChanged(() => notified++);
  shipCatalogues({ nl: part({ 'waves.viewGroup': 'Vue', 'heatmap.title': 'tard' }) });
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(translate('nl', 'waves.viewGroup'), 'Vue');
  assert.equal(translate('nl', 'heatmap.title'), 'Matrice');
  assert.ok(notified > 0, 'widgets showing it are told');
  // and one shipped while it still loads
  let release;
  shipCatalogues({ sv: () => new Promise((r) => (release = () => r({ default: { 'heatmap.title': 'Matrice it' } }))) });
  const loading = loadLocale('sv');
  shipCatalogues({ sv: part({ 'heatmap.drawing': 'disegno' }) });
  release();
  await loading;
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(translate('sv', 'heatmap.title'), 'Matrice it');
  assert.equal(translate('sv', 'heatmap.drawing'), 'disegno');
  if (typeof stop === 'function') stop();
});
