// Download sizes per part against the budgets in tests/package/sizes.json (scripts/sizes.mjs measures them):
// the files a page downloads in gzip, and what each widget folder, the shared code, each library and the
// English catalogue add to the widgets' ES module in minified bytes. Prints the report with what grew since
// the baseline. A part found with no budget (a new widget folder, a new library) fails with how to add one.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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

  // the README states the budgets of the files
  const readme = readFileSync(`${root}/README.md`, 'utf8');
  for (const name of ['posenc-simd.wasm', 'posenc-scalar.wasm', 'engine entry', 'posenc-widgets.js', 'posenc-widgets.iife.js']) {
    const row = readme.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${name}\``));
    assert.ok(row, `README.md has no size row for ${name}`);
    assert.match(row, new RegExp(`\\|\\s*${sizes.budgets[name]} KiB\\s*\\|\\s*$`), `README.md: the budget of ${name} should read ${sizes.budgets[name]} KiB`);
  }
});

test('sizes: a widget, a library or a budget that nobody measures is named, with how to fix it', () => {
  assert.equal(partOf('web/src/widgets/newone/posenc-newone.js', ['newone']), 'widget/newone');
  assert.equal(partOf('web/src/widgets/element/styles.js', ['newone']), 'shared/widgets');
  assert.equal(partOf('node_modules/@lit/reactive-element/x.js'), 'lib/lit');
  assert.equal(partOf('node_modules/left-pad/index.js'), 'lib/left-pad');
  assert.equal(partOf('web/src/i18n/es.js'), 'locale/es');
  assert.equal(partOf('web/src/widgets/newone/messages/es.js', ['newone']), 'locale/es');
  const rows = [
    { kind: 'part', name: 'widget/newone', min: 5000 },
    { kind: 'file', name: 'posenc-widgets.js', gzip: 200 * 1024 },
  ];
  const { problems } = judge(rows, { budgets: { 'posenc-widgets.js': 199, 'widget/gone': 3 }, baseline: {} });
  assert.match(problems[0], /widget\/newone has no size budget: add "widget\/newone": 6 .* tests\/package\/sizes\.json/);
  assert.match(problems[1], /posenc-widgets\.js: 200\.0 KiB is over its budget of 199 KiB/);
  assert.match(problems[2], /budget for widget\/gone, which is no longer measured/);
  const grown = judge([{ kind: 'part', name: 'widget/a', min: 2048, gzipShare: 600 }], { budgets: { 'widget/a': 3 }, baseline: { 'widget/a': 1024 } });
  assert.equal(grown.rows[0].change, 1024);
  assert.match(table(grown), /widget\/a\s+2\.0\s+3\s+1\.0\s+\+1\.0\s+0\.6\s+grew/);
});
