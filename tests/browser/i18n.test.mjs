// The widgets in the page's language (issue 15): the language comes from the widget's own `lang`, else the
// nearest ancestor's, else <html lang>; it changes at run time; what a catalogue lacks is English; the
// translated widget has no English left in its sentences (text, aria-labels, toolbar) and passes the
// accessibility audit in every language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axe, browserPerFile, tested, wholeSet, widgetPage, settle } from './helpers.mjs';
import en from '../../web/src/widgets/catalogues/en.js';
import es from '../../web/src/widgets/catalogues/es.js';
import zhCN from '../../web/src/widgets/catalogues/zh-CN.js';
import { ALL_WIDGET_TAGS } from '../../web/src/widgets/tags.js';

const CATALOGUES = { en, es, 'zh-CN': zhCN };

const env = browserPerFile();

// Every widget of tags.js is tested. Here, per widget: attributes that open its optional parts (one variant or
// a list; default none), the title per language to wait for where it is not the catalogues' `<name>.title`, and
// optionally `words`: a regular expression of English words this widget's own sentences use, which a
// translation must not leave (on top of ENGLISH_WORDS).
const TRANSLATED = {
  heatmap: { attrs: 'length="12" d-model="16"' },
  waves: { attrs: 'dims="0,1,6,7"', title: { en: 'Waves by dimension', es: 'Ondas por dimensión', 'zh-CN': '各维度的波形' } },
  similarity: { attrs: 'length="24" d-model="16" positions="3 8"' },
  pipeline: { attrs: 'd-model="16" scale dropout step="6"' },
  slicing: { attrs: ['step="1"', 'step="2"', 'step="3"', 'step="4"', 'step="5"', 'step="4" seq="12" length="8"', 'step="5" seq="6" length="1"'] },
  properties: { attrs: ['', 'pos="9999999" train-length="1"'] },
  permutation: { attrs: 'encoding order="3,1,0,2,4"' },
  alibi: { attrs: ['heads="6" length="12"', 'heads="1" length="8" symmetric', 'heads="4" length="8"'] },
  compare: { attrs: 'positions="2 9"' },

  // <train>: before training, and with a range message
  train: {
    attrs: ['', 'train-length="40"', 'no-worker compact'],
  },
  // </train>

  // <learned>
  learned: {
    attrs: ['max-length="64" d-model="16" position="3"', 'max-length="16" d-model="8" position="16"', 'compact max-length="16" d-model="8" position="20"', 'max-length="16" d-model="8" position="-1"'],
    words: /\b(learned|trained|untrained|embedding|row|rows|look|lookup|past|parameters|seed|estimate|sizes|size|end|last|whole|number|heatmap|bar|charts|arrows|model|cached)\b/,
  },
  // </learned>

  // <rope>
  rope: {
    attrs: ['', 'convention="interleaved" head-dim="16" m="3" n="40" pair="5" span="64"', 'head-dim="8" pair="40"'],
    words: /\b(rotate|rotated|turn|turns|together|channel|channels|bound|decay|both|identical|keys|half|interleaved|dashed|relative|recent|score|scores|computing|share|lengths|highlighted|rounding|frequencies|layout|weights)\b/,
  },
  // </rope>

  // <t5>
  t5: {
    attrs: ['', 'bidirectional length="12" heads="2" head="1" positions="9,2"', 'num-buckets="16" max-distance="20" length="30" span="99999"', 'compact num-buckets="16" max-distance="20" span="12"', 'heads="2" head="7" positions="3,999"'],
    words: /\b(bucket|buckets|exact|logarithmic|log|region|distance|distances|grid|bidirectional|encoder|decoder|future|relative|land|shares|shared|plotted|random|untrained|seed|learns)\b/,
  },
  // </t5>

  // <methods>
  methods: {
    attrs: ['tokens="The,robot,read,the,manual" train-length="16" d-model="16"', 'train-length="16" d-model="16" query="20" heads="1" head="0"', 'compact query="200" num-buckets="8"', 'heads="99" head="5" distance="999" num-buckets="3" max-distance="1"', 'heads="4" head="9" query="10" window="4" distance="7"'],
    words: /\b(learned|trained|untrained|seeded|method|methods|absolute|relative|beyond|past|score|scores|unseen|rotates|embeddings|layer|choose|inside|added|fixed|whole|number|rounding|used|showing|greater)\b/,
  },
  // </methods>

  // <scaling>
  scaling: {
    attrs: ['', 'view="frequency" solo type="longrope" head-dim="8" short-factor="1,1,1,1" long-factor="1,2,4,8"', 'compact type="default" seq-len="20000"'],
    words: /\b(wavelength|frequency|inverse|context|target|stretching|linear|dynamic|interpolation|pairs|type|types|only|default|presets|turn|slow|fast|divides|searched|illustrative|list)\b/,
  },
  // </scaling>

  // <padding>
  padding: {
    attrs: ['tokens="I,love,Paris" length="6" column="99"', 'tokens="I,love,Paris" length="6" column="4"', 'tokens="I,love,Paris" pad-side="left" past-length="4" column="4"', 'tokens="I,love,Paris" pad-side="left" past-length="1"', 'tokens="I,love,Paris" length="3" column="1"'],
    words: /\b(pad|padded|left|right|slot|slots|cache|cached|mistake|lesson|gives|generation|harmless|words|side|none|ignores|input|mask|past|tokens are)\b/,
  },
  // </padding>

  // <model>
  model: {
    attrs: [
      '',
      'preset="phi-3-mini-128k"',
      'preset="qwen2.5-7b" compact',
      `config='{"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096, "rope_theta": 10000.0, "rope_scaling": {"type": "dynamic", "factor": 2.0}}'`,
      'preset="zzz"',
      'pair="999" positions="5 99999999"',
    ],
    words: /\b(trained|extended|never|turn|turns|completes|channels|arithmetic|wavelength|wavelengths|unscaled|scaled|precision|solid|dashed|worst|largest|your|paste|read|illustrative|published|neighbours|rounded)\b/,
  },
  // </model>
};

// Everything a reader sees or hears from a widget: text, aria-labels and -roledescriptions, value texts.
// Left out: the author's data (token chips, <bdi> tokens) and formulas or code (marked dir="ltr"), which
// are the same in every language, and the widget's attribute names where a message names one (`head: 9 no
// es…`, `window = 12`, `(heads − 1)`): they are code too, even when they are English words.
const spoken = (page, tag) =>
  page.evaluate((t) => {
    const live = document.querySelector(`posenc-${t}`).shadowRoot;
    const copy = document.createElement('div');
    copy.append(...[...live.children].map((c) => c.cloneNode(true)));
    copy.querySelectorAll('.tok, bdi, [dir="ltr"]:not(.frame)').forEach((el) => el.remove());
    const parts = [copy.textContent];
    if (copy.textContent.trim().length < 40) throw new Error(`too little text read from ${t}`);
    for (const el of copy.querySelectorAll('[aria-label], [aria-roledescription], [aria-valuetext]'))
      parts.push(...['aria-label', 'aria-roledescription', 'aria-valuetext'].map((a) => el.getAttribute(a) ?? ''));
    const attributes = [...customElements.get(`posenc-${t}`).elementProperties]
      .filter(([, o]) => o.attribute !== false && !o.state)
      .map(([p, o]) => (typeof o.attribute === 'string' ? o.attribute : p.toLowerCase()));
    const named = new RegExp(`(?<![A-Za-z-])(${attributes.join('|')})(?=\\s*[:：=−/×)])`, 'g');
    return parts.join('\n').replace(named, '').replace(/\s+/g, ' ');
  }, tag);

// A widget's English sentences (its keys, the toolbar's and the shared ones): fragments between
// placeholders with two or more words.
const english = (tag) =>
  Object.entries(en)
    .filter(([k]) => k.startsWith(`${tag}.`) || /^(toolbar|common|message)\./.test(k))
    .flatMap(([, m]) => (typeof m === 'string' ? [m] : Object.values(m)))
    .flatMap((m) => m.split(/\{\w+\}/))
    .map((f) => f.trim())
    .filter((f) => f.split(/\s+/).filter((w) => /[A-Za-z]{2,}/.test(w)).length >= 2);

// Words of English prose that a Spanish or Chinese sentence never holds (code, formulas and attribute
// names such as sin, dim, d_model or length are not among them).
const ENGLISH_WORDS = /\b(the|of|and|to|is|are|from|with|for|by|this|that|its|each|position|positions|dimension|dimensions|value|values|wavelength|curve|column|table|show|download|copy|loading|drawing|sweep|play|pause|heatmap|waves|compare|gap|cosine|distance|similarity|product|select|pick|matrix|metric|pair|selected|every|stage|step|back|sum|scale|hover|while|training|lookup|shuffle|reverse|shuffled|attention|output|largest|difference|change|changes|unique|holds|fails|rotation|defined|training|smallest|curves|slopes|head|heads|query|key|bias|weight|steep|gentle|penalty|masked|scale)\b/gi;

for (const tag of tested(ALL_WIDGET_TAGS).map((t) => t.replace(/^posenc-/, ''))) {
  const { attrs = '', words } = TRANSLATED[tag] ?? {};
  const title = TRANSLATED[tag]?.title ?? Object.fromEntries(Object.entries(CATALOGUES).map(([lang, c]) => [lang, c[`${tag}.title`]]));
  test(`i18n: ${tag} speaks the page language, with no English left in its sentences, and passes axe in each`, async () => {
    const page = await widgetPage(env, '<div id="host"></div>');
    for (const variant of [attrs].flat()) {
      await page.evaluate(([t, a]) => {
        document.documentElement.setAttribute('lang', 'en');
        document.querySelector('#host').innerHTML = `<posenc-${t} ${a}></posenc-${t}>`;
      }, [tag, variant]);
      await settle(page, `posenc-${tag}`);
      for (const lang of ['en', 'es', 'zh-CN']) {
        await page.evaluate((l) => document.documentElement.setAttribute('lang', l), lang);
        await page.waitForFunction(([t, want]) => document.querySelector(`posenc-${t}`).shadowRoot.querySelector('.title')?.textContent === want, [tag, title[lang]]);
        await settle(page, `posenc-${tag}`);
        assert.equal(await page.evaluate((t) => document.querySelector(`posenc-${t}`).shadowRoot.querySelector('.frame').lang, tag), lang);
        // open what is folded (tables, details) so that their sentences are read too
        await page.evaluate((t) => document.querySelector(`posenc-${t}`).shadowRoot.querySelectorAll('details').forEach((d) => (d.open = true)), tag);
        await page.waitForTimeout(100);
        if (lang !== 'en') {
          const text = await spoken(page, tag);
          assert.deepEqual(english(tag).filter((f) => text.includes(f)), [], `${tag} ${variant} ${lang}: English sentences left`);
          for (const list of [ENGLISH_WORDS, words].filter(Boolean))
            assert.deepEqual([...new Set(text.match(new RegExp(list.source, 'gi')) ?? [])], [], `${tag} ${variant} ${lang}: English words left in: ${text.slice(0, 400)}`);
        }
        assert.deepEqual(await axe(page), [], `${tag} ${variant} ${lang}: axe`);
      }
    }
    assert.deepEqual(page.errors, []);
  });
}

test('i18n: readouts in each language, numbers in its form (decimal comma in Spanish), formulas as code', wholeSet, async () => {
  const page = await widgetPage(env, '<posenc-heatmap length="12" d-model="16"></posenc-heatmap>');
  await settle(page, 'posenc-heatmap');
  const expectations = {
    en: /^position 1, dimension 0 \(sin, i = 0\): 0\.8415$/,
    es: /^posición 1, dimensión 0 \(sin, i = 0\): 0,8415$/,
    'zh-CN': /^位置 1，维度 0（sin，i = 0）：0\.8415$/,
  };
  for (const [lang, readout] of Object.entries(expectations)) {
    await page.evaluate((l) => document.documentElement.setAttribute('lang', l), lang);
    await page.waitForFunction((l) => document.querySelector('posenc-heatmap').shadowRoot.querySelector('.frame').lang === l, lang);
    await settle(page, 'posenc-heatmap');
    const read = await page.evaluate(() => {
      const root = document.querySelector('posenc-heatmap').shadowRoot;
      return { readout: root.querySelector('#readout').textContent.trim(), formula: root.querySelector('.formula').textContent.trim(), dir: root.querySelector('.frame').dir };
    });
    assert.match(read.readout, readout, `${lang} readout`);
    assert.equal(read.formula, 'PE(1, 0) = sin(1 / 10000^(0/16)) = sin(1 × 1) = sin(1) = 0.8415', `${lang}: the formula is code`);
    assert.equal(read.dir, 'ltr');
  }
});

test('i18n: own lang over an ancestor over <html>; regional tags; a registered locale, English for its gaps', wholeSet, async () => {
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

test('i18n: a right-to-left language turns the frame, and the formulas stay left to right', wholeSet, async () => {
  const page = await widgetPage(env, '<posenc-heatmap lang="ar"></posenc-heatmap>');
  await page.evaluate(() => window.posenc.registerLocale('ar', { 'heatmap.title': 'مصفوفة الترميز الموضعي' }));
  await page.waitForFunction(() => document.querySelector('posenc-heatmap').shadowRoot.querySelector('.frame').dir === 'rtl');
  await settle(page, 'posenc-heatmap');
  const formulaDir = await page.evaluate(() => document.querySelector('posenc-heatmap').shadowRoot.querySelector('.formula').getAttribute('dir'));
  assert.equal(formulaDir, 'ltr');
});

test('i18n: an attribute out of range is explained in the reader\'s language (the thrown RangeError stays English)', wholeSet, async () => {
  const page = await widgetPage(env, '<posenc-heatmap id="w" length="0" d-model="16"></posenc-heatmap>');
  const shown = (lang) =>
    page.evaluate(async (l) => {
      document.documentElement.setAttribute('lang', l);
      const el = document.querySelector('#w');
      await new Promise((r) => setTimeout(r, 50));
      await el.whenReady();
      return el.shadowRoot.querySelector('p.error[role="alert"]')?.textContent.trim();
    }, lang);
  assert.equal(await shown('en'), 'RangeError: length must be an integer from 1 to 1048576 (got 0)');
  assert.equal(await shown('es'), 'RangeError: length debe ser un entero de 1 a 1.048.576 (se dio 0)');
  assert.equal(await shown('zh-CN'), 'RangeError: length 必须是 1 到 1,048,576 之间的整数（收到的是 0）');
  assert.match(await page.evaluate(() => { try { document.querySelector('#w').toArray(); } catch (e) { return e.message; } }), /^length must be an integer from 1 to 1048576/);
  assert.deepEqual(page.errors, []);
});
