// Download sizes per part against the budgets in tests/package/sizes.json (scripts/sizes.mjs measures them):
// the files a page downloads in gzip, and what each widget folder, the shared code, each library and the
// English catalogue add to the widgets' ES module in minified bytes. Prints the report with what grew since
// the baseline. A part found with no budget (a new widget folder, a new library) fails with how to add one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { judge, measure, partOf, readSizesJson, table, widgetFolders } from '../../scripts/sizes.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('sizes: every file and part is measured, has a budget and stays within it', async (t) => {
  const sizes = readSizesJson();
  const rows = await measure();
  const report = judge(rows, sizes);
  for (const line of table(report).split('\n')) t.diagnostic(line);

  // found, not listed: every widget folder is a row, and so is each catalogue chunk
  for (const w of widgetFolders()) assert.ok(rows.some((r) => r.name === `widget/${w}` && r.min > 0), `widget/${w} is measured`);
  for (const locale of ['es', 'zh-CN']) assert.ok(rows.some((r) => r.name === `chunk ${locale}` && r.gzip > 1024), `the ${locale} catalogue is a chunk of its own`);
  assert.ok(!rows.some((r) => r.name.startsWith('other/')), `every input belongs to a part: ${rows.filter((r) => r.name.startsWith('other/')).map((r) => r.name)}`);
  assert.deepEqual(report.problems, []);

  // README's table of sizes is generated from sizes.json (scripts/gen-schema.mjs, checked by schema.test.mjs):
  // every file a page downloads has a line there
  const files = rows.filter((r) => r.kind === 'file').map((r) => r.name);
  assert.deepEqual(files.filter((name) => !sizes.about?.[name]), [], 'each file needs an "about" in tests/package/sizes.json (what it is, for README)');
});

test('sizes: a widget, a library or a budget that nobody measures is named, with how to fix it', () => {
  assert.equal(partOf('web/src/widgets/newone/posenc-newone.js', ['newone']), 'widget/newone');
  assert.equal(partOf('web/src/widgets/element/styles.js', ['newone']), 'shared/widgets');
  assert.equal(partOf('node_modules/@lit/reactive-element/x.js'), 'lib/lit');
  assert.equal(partOf('node_modules/left-pad/index.js'), 'lib/left-pad');
  assert.equal(partOf('posenc-schemes:d3-scale-chromatic'), 'lib/d3');
  assert.equal(partOf('web/src/widgets/catalogues/es.js'), 'locale/es');
  assert.equal(partOf('posenc-messages:web/src/widgets/element/messages.js#es', ['newone']), 'locale/es');
  assert.equal(partOf('posenc-messages:web/src/widgets/newone/messages.js#zhCN', ['newone']), 'widget/newone zh-CN');
  assert.equal(partOf('web/src/widgets/newone/messages.js', ['newone']), 'widget/newone en');
  assert.equal(partOf('web/src/engine/gen/posenc-simd.mjs'), 'engine/glue');
  assert.equal(partOf('web/src/engine/core.js'), 'engine/facade');
  const rows = [
    { kind: 'part', name: 'widget/newone', min: 5000, file: 'posenc-widgets.js', in: { 'posenc-widgets.js': 5000 } },
    { kind: 'part', name: 'lib/newlib', min: 2000, file: 'posenc-widgets.js', in: { 'posenc-widgets.js': 2000 } },
    { kind: 'file', name: 'posenc-widgets.js', raw: 7000, gzip: 200 * 1024, ratio: 0.3, bundle: 'parts' },
  ];
  const { problems } = judge(rows, { budgets: { 'posenc-widgets.js': 199, 'widget/gone': 3 }, defaults: {}, headroom: { 'chunk gone': 1 }, baseline: {} });
  assert.match(problems[0], /widget\/newone has no size budget: add "widget\/newone": 6 .* "budgets" in tests\/package\/sizes\.json/);
  assert.match(problems[1], /lib\/newlib has no size budget: add "lib\/newlib": 3 /);
  assert.match(problems[2], /budget for posenc-widgets\.js, which is computed from its parts: remove it/);
  assert.match(problems[3], /posenc-widgets\.js has no headroom: add "posenc-widgets\.js": 1 to "headroom"/);
  assert.match(problems[4], /budget for widget\/gone, which is no longer measured/);
  assert.match(problems[5], /headroom for chunk gone, which is not a file made of parts/);
  const grown = judge([{ kind: 'part', name: 'widget/a', min: 2048, gzipShare: 600, file: 'x', in: { x: 2048 } }], { budgets: { 'widget/a': 3 }, baseline: { 'widget/a': 1024 } });
  assert.equal(grown.rows[0].change, 1024);
  assert.match(table(grown), /widget\/a\s+2\.0\s+3\s+1\.0\s+\+1\.0\s+0\.6\s+x\s+grew/);
});

// A module of two widgets (one with its own line, one on the default) and a shared part, with its English
// messages, a Spanish chunk, and a one-tag script carrying both files and a wasm build.
const part = (name, min, file) => ({ kind: 'part', name, min, file, in: { [file]: min }, gzipShare: min / 4 });
const file = (name, gzip, more) => ({ kind: 'file', name, raw: gzip * 4, gzip, ...more });
const module = (sizes) => {
  const parts = Object.entries(sizes).map(([name, min]) => part(name, min, / es$/.test(name) ? 'chunk es' : 'posenc-widgets.js'));
  const inFile = (f) => parts.filter((p) => p.file === f).reduce((s, p) => s + p.min, 0);
  return [
    file('posenc-simd.wasm', 40 * 1024),
    ...parts,
    file('posenc-widgets.js', inFile('posenc-widgets.js') / 4 + 100, { ratio: 0.25, bundle: 'parts' }),
    file('chunk es', inFile('chunk es') / 4, { ratio: 0.25, bundle: 'parts' }),
    file('posenc-widgets.iife.js', inFile('posenc-widgets.js') / 4 + inFile('chunk es') / 4 + 52 * 1024, { bundle: 'files', of: [{ name: 'posenc-widgets.js', factor: 1 }, { name: 'chunk es', factor: 1 }, { name: 'posenc-simd.wasm', factor: 1.3 }] }),
  ];
};
const policy = {
  budgets: { 'posenc-simd.wasm': 42, 'shared/widgets': 20, 'widget/big': 30 },
  defaults: { 'widget/<m>': 16, 'widget/<m> <locale>': { en: 6, es: 7 } },
  headroom: { 'posenc-widgets.js': 1, 'chunk es': 1, 'posenc-widgets.iife.js': 3 },
  baseline: {},
};
const today = { 'shared/widgets': 18000, 'widget/big': 28000, 'widget/big en': 4000, 'widget/big es': 4500 };

test('sizes: a new widget within the default budget needs no edit; the files it lands in grow their budgets by its parts', () => {
  const before = judge(module(today), policy);
  assert.deepEqual(before.problems, []);
  const after = judge(module({ ...today, 'widget/new': 15000, 'widget/new en': 3500, 'widget/new es': 4000 }), policy);
  assert.deepEqual(after.problems, []);
  const budget = (report, name) => report.rows.find((r) => r.name === name).budget;
  assert.equal(budget(after, 'widget/new'), 16);
  assert.equal(budget(after, 'posenc-widgets.js') - budget(before, 'posenc-widgets.js'), (16 + 6) * 0.25);
  assert.equal(budget(after, 'chunk es') - budget(before, 'chunk es'), 7 * 0.25);
  assert.equal(budget(after, 'posenc-widgets.iife.js') - budget(before, 'posenc-widgets.iife.js'), (16 + 6 + 7) * 0.25);
  assert.equal(budget(before, 'posenc-widgets.iife.js'), budget(before, 'posenc-widgets.js') + budget(before, 'chunk es') + 42 * 1.3 + 3);
  assert.match(table(after), /widget\/new\s+14\.6\s+16\*/);
});

test('sizes: a widget or a shared part past its budget fails by name; so do bytes outside every part', () => {
  const widget = judge(module({ ...today, 'widget/new': 17000 }), policy);
  assert.deepEqual(widget.problems.length, 1);
  assert.match(widget.problems[0], /^widget\/new: 16\.6 KiB is over its budget of 16 KiB \(the default for a widget in "defaults"/);
  const words = judge(module({ ...today, 'widget/big es': 7500 }), policy);
  assert.match(words.problems.join('\n'), /^widget\/big es: 7\.3 KiB is over its budget of 7 KiB \(the default for a widget's messages/);
  const shared = judge(module({ ...today, 'shared/widgets': 21000 }), policy);
  assert.match(shared.problems.join('\n'), /^shared\/widgets: 20\.5 KiB is over its budget of 20 KiB \(its line in/);
  const rows = module(today);
  rows.find((r) => r.name === 'posenc-widgets.js').gzip += 2048; // 2 KiB that no part accounts for
  const outside = judge(rows, policy);
  assert.match(outside.problems.join('\n'), /posenc-widgets\.js: 2\.1 KiB of it is in none of its parts, more than its headroom of 1 KiB/);
  rows.find((r) => r.name === 'posenc-widgets.iife.js').gzip += 6144; // the module's 2 KiB, and 4 KiB inlined beside the files it carries
  assert.match(judge(rows, policy).problems.join('\n'), /posenc-widgets\.iife\.js: \d+\.\d KiB of it is in none of its parts, more than its headroom of 3 KiB/);
});

test('sizes: a ceiling holds a file made of files to its size, whatever its parts sum to; only such a file has one', () => {
  const rows = module(today);
  const kib = rows.find((r) => r.name === 'posenc-widgets.iife.js').gzip / 1024;
  assert.deepEqual(judge(rows, { ...policy, ceilings: { 'posenc-widgets.iife.js': Math.ceil(kib) } }).problems, []);
  const held = judge(rows, { ...policy, ceilings: { 'posenc-widgets.iife.js': Math.floor(kib) - 1 } });
  assert.equal(held.problems.length, 1);
  assert.match(held.problems[0], /^posenc-widgets\.iife\.js: [\d.]+ KiB is over its budget of \d+ KiB \(its ceiling in tests\/package\/sizes\.json/);
  assert.equal(held.rows.find((r) => r.name === 'posenc-widgets.iife.js').budget, Math.floor(kib) - 1, 'the report shows the ceiling as its budget');
  assert.match(judge(rows, { ...policy, ceilings: { 'posenc-simd.wasm': 50 } }).problems.join('\n'), /has a ceiling for posenc-simd\.wasm, which is not a file made of parts/);
});

test("sizes: the widgets' bundles carry none of the demo pages' text (web/demo/i18n/)", async () => {
  const { build } = await import('esbuild');
  const { classic, common, esm } = await import('../../scripts/build-web.mjs');
  const entry = `${root}web/src/widgets/index.js`;
  const quiet = { write: false, logLevel: 'silent' };
  const outputs = [
    ...(await build({ ...common, ...esm, ...quiet, entryPoints: { 'posenc-widgets': entry }, outdir: `${root}dist` })).outputFiles,
    ...(await build({ ...common, ...classic, ...quiet, entryPoints: [entry], format: 'iife', globalName: 'posenc' })).outputFiles,
  ].map((f) => f.text);
  // the longest run of plain words in each Spanish text of a page (minifying leaves such a run as it is),
  // unless a widget says it too (a section's heading may be its widget's title)
  const messages = await Promise.all(widgetFolders().map((w) => import(`../../web/src/widgets/${w}/messages.js`)));
  const said = JSON.stringify(messages.map((m) => m.es));
  const { DEMO_PAGES, pageWords } = await import('../js/demo-pages.mjs');
  let checked = 0;
  for (const page of DEMO_PAGES) {
    const texts = await pageWords(page, 'es');
    for (const text of Object.values(texts)) {
      const run = (text.match(/[A-Za-z ,]{24,}/g) ?? []).sort((a, b) => b.length - a.length)[0];
      if (!run || said.includes(run)) continue;
      checked++;
      assert.ok(!outputs.some((o) => o.includes(run)), `"${run}" (${page}.html's text) is in a widget bundle`);
    }
  }
  assert.ok(checked > 20, `${checked} sentences looked for`);
});
